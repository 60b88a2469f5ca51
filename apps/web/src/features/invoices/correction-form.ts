import {
  AMOUNT_MAX,
  CORRECTION_REASON_MAX,
  fromMinorUnits,
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
 * The "Koryguj" form of a sales invoice and of a VAT RR invoice alike (RULES.md Invoices, VAT and KSeF): per line the
 * corrected tonnes and price per tonne (net, or without the refund), prefilled with the line as it stands now, the
 * reason, the date, or "cancel everything". Each feature turns it into its own request and difference.
 */
export interface CorrectionFormValues extends Record<string, unknown> {
  reason: string;
  issueDate: string | null;
  isCancelAll: boolean;
  lines: { position: number; quantity: number | null; unitPrice: number | null }[];
}

/** A line as it stands now, in kilograms and minor units per tonne. */
export interface CorrectableLine {
  position: number;
  quantity: number;
  unitPrice: number;
}

/** Tonnes and the price per tonne in major units, as typed; AMOUNT_MAX kilograms and minor units on the wire. */
const tonnes = z.number({ error: V.required }).min(0, V.nonNegative).max(kgToTonnes(AMOUNT_MAX), V.tooBig);
const price = z.number({ error: V.required }).min(0, V.nonNegative).max(fromMinorUnits(AMOUNT_MAX), V.tooBig);

export const correctionFormSchema = z.object({
  reason: requiredString(CORRECTION_REASON_MAX),
  issueDate: isoDateField.nullable().refine((value) => value !== null, V.required),
  isCancelAll: z.boolean(),
  lines: z.array(z.object({ position: z.number(), quantity: tonnes, unitPrice: price })),
});

export function correctionDefaults(lines: readonly CorrectableLine[], today = todayIso()): CorrectionFormValues {
  return {
    reason: '',
    issueDate: today,
    isCancelAll: false,
    lines: lines.map((line) => ({
      position: line.position,
      quantity: kgToTonnes(line.quantity),
      unitPrice: fromMinorUnits(line.unitPrice),
    })),
  };
}

/** The lines as the form asks for them, in kilograms and minor units; an empty field keeps the line as it is. */
export function correctionLineChanges(
  values: CorrectionFormValues,
): { position: number; quantity?: number; unitPrice?: number }[] {
  return values.lines.map((line) => ({
    position: line.position,
    ...(line.quantity === null ? {} : { quantity: tonnesToKg(line.quantity) }),
    ...(line.unitPrice === null ? {} : { unitPrice: toMinorUnits(line.unitPrice) }),
  }));
}

/** The changes a preview may apply: a negative figure (being typed, refused on submit) is left out. */
export const previewableChanges = (values: CorrectionFormValues) =>
  correctionLineChanges(values).filter((line) => (line.quantity ?? 0) >= 0 && (line.unitPrice ?? 0) >= 0);

/** Reason, date and either everything cancelled or every line (a refusal's `lines.N` is the form's row N). */
export function correctionRequestBase(values: CorrectionFormValues) {
  return {
    reason: values.reason.trim(),
    ...(values.issueDate ? { issueDate: values.issueDate } : {}),
    ...(values.isCancelAll ? { cancelAll: true as const } : {}),
  };
}

/** A change in the shared correction rule's terms (correctedLines: `unitNetPrice`, the price per tonne it corrects). */
export const asNetPrice = ({ unitPrice, ...line }: { position: number; quantity?: number; unitPrice?: number }) => ({
  ...line,
  ...(unitPrice === undefined ? {} : { unitNetPrice: unitPrice }),
});
