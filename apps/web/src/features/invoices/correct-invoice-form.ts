import {
  AMOUNT_MAX,
  CORRECTION_REASON_MAX,
  type CorrectInvoiceRequest,
  type CorrectionTotals,
  correctedLines,
  correctionTotals,
  fromMinorUnits,
  type InvoiceDetails,
  isoDateField,
  kgToTonnes,
  requiredString,
  todayIso,
  toMinorUnits,
  tonnesToKg,
  V,
} from '@grain/shared';
import { z } from 'zod';

/**
 * The correction dialog (RULES.md Invoices, VAT and KSeF): per line the corrected tonnes and net price per tonne in
 * the invoice's currency, prefilled with the line as it stands now, the reason, the date, or "cancel everything".
 */
export interface CorrectInvoiceFormValues extends Record<string, unknown> {
  reason: string;
  issueDate: string | null;
  isCancelAll: boolean;
  lines: { position: number; quantity: number | null; unitNetPrice: number | null }[];
}

type CurrentLine = InvoiceDetails['currentLines'][number];

/** Tonnes and the price per tonne in major units, as typed; AMOUNT_MAX kilograms and minor units on the wire. */
const tonnes = z.number({ error: V.required }).min(0, V.nonNegative).max(kgToTonnes(AMOUNT_MAX), V.tooBig);
const price = z.number({ error: V.required }).min(0, V.nonNegative).max(fromMinorUnits(AMOUNT_MAX), V.tooBig);

export const correctInvoiceFormSchema = z.object({
  reason: requiredString(CORRECTION_REASON_MAX),
  issueDate: isoDateField.nullable().refine((value) => value !== null, V.required),
  isCancelAll: z.boolean(),
  lines: z.array(
    z.object({
      position: z.number(),
      quantity: tonnes,
      unitNetPrice: price,
    }),
  ),
});

export function correctInvoiceDefaults(lines: CurrentLine[], today = todayIso()): CorrectInvoiceFormValues {
  return {
    reason: '',
    issueDate: today,
    isCancelAll: false,
    lines: lines.map((line) => ({
      position: line.position,
      quantity: kgToTonnes(line.quantity),
      unitNetPrice: fromMinorUnits(line.unitNetPrice),
    })),
  };
}

/** The lines as the form asks for them, in kilograms and minor units; an empty field keeps the line as it is. */
function lineChanges(values: CorrectInvoiceFormValues) {
  return values.lines.map((line) => ({
    position: line.position,
    ...(line.quantity === null ? {} : { quantity: tonnesToKg(line.quantity) }),
    ...(line.unitNetPrice === null ? {} : { unitNetPrice: toMinorUnits(line.unitNetPrice) }),
  }));
}

/** Every line is sent (the server leaves out what does not change), so a refusal's `lines.N` is the form's row N. */
export function toCorrectInvoiceRequest(values: CorrectInvoiceFormValues): CorrectInvoiceRequest {
  return {
    reason: values.reason.trim(),
    ...(values.issueDate ? { issueDate: values.issueDate } : {}),
    ...(values.isCancelAll ? { cancelAll: true } : { lines: lineChanges(values) }),
  };
}

/** The difference the correction will state, computed as the server does (shared correctionTotals). */
export function correctionPreview(current: CurrentLine[], values: CorrectInvoiceFormValues): CorrectionTotals {
  const changes = lineChanges(values).filter((line) => (line.quantity ?? 0) >= 0 && (line.unitNetPrice ?? 0) >= 0);
  return correctionTotals(current, correctedLines(current, changes, values.isCancelAll));
}
