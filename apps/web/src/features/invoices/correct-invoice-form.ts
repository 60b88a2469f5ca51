import {
  type CorrectInvoiceRequest,
  type CorrectionTotals,
  correctedLines,
  correctionTotals,
  type InvoiceDetails,
} from '@grain/shared';
import {
  asNetPrice,
  type CorrectionFormValues,
  correctionDefaults,
  correctionLineChanges,
  correctionRequestBase,
  previewableChanges,
} from './correction-form';

/** The sales invoice's correction (RULES.md Invoices, VAT and KSeF): the shared form, in net prices per tonne. */
type CurrentLine = InvoiceDetails['currentLines'][number];

export function correctInvoiceDefaults(lines: CurrentLine[], today?: string): CorrectionFormValues {
  return correctionDefaults(
    lines.map((line) => ({ ...line, unitPrice: line.unitNetPrice })),
    today,
  );
}

/** Every line is sent (the server leaves out what does not change), so a refusal's `lines.N` is the form's row N. */
export function toCorrectInvoiceRequest(values: CorrectionFormValues): CorrectInvoiceRequest {
  const base = correctionRequestBase(values);
  return values.isCancelAll ? base : { ...base, lines: correctionLineChanges(values).map(asNetPrice) };
}

/** The difference the correction will state, computed as the server does (shared correctionTotals). */
export function correctionPreview(current: CurrentLine[], values: CorrectionFormValues): CorrectionTotals {
  const changes = previewableChanges(values).map(asNetPrice);
  return correctionTotals(current, correctedLines(current, changes, values.isCancelAll));
}
