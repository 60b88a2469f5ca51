import {
  correctedLines,
  type RrCorrectionRequest,
  type RrInvoice,
  type RrTotals,
  rrCorrectionRefunds,
} from '@grain/shared';
import {
  asNetPrice,
  type CorrectionFormValues,
  correctionLineChanges,
  correctionRequestBase,
  previewableChanges,
} from '../invoices';

/**
 * "Faktura VAT RR KOREKTA" (RULES.md Invoices, VAT and KSeF): the sales correction's form, in prices per tonne
 * without the refund, on the lines as they stand now; the difference as the server states it (value, refund, total).
 */
type CurrentLine = RrInvoice['currentLines'][number];

/** Every line is sent (the server leaves out what does not change), so a refusal's `lines.N` is the form's row N. */
export function toRrCorrectionRequest(values: CorrectionFormValues): RrCorrectionRequest {
  const base = correctionRequestBase(values);
  return values.isCancelAll ? base : { ...base, lines: correctionLineChanges(values) };
}

/** The correction's totals, with the shared rules the server issues it by (correctedLines, rrCorrectionRefunds). */
export function rrCorrectionPreview(
  current: CurrentLine[],
  values: CorrectionFormValues,
  refundPercent: number,
): RrTotals {
  const asLines = current.map((line) => ({ ...line, unitNetPrice: line.unitPrice, netValue: line.value, vatRate: 0 }));
  const changed = correctedLines(asLines, previewableChanges(values).map(asNetPrice), values.isCancelAll);
  return rrCorrectionRefunds(
    current,
    changed.map((line) => ({ position: line.after.position, valueAfter: line.after.netValue })),
    refundPercent,
  ).totals;
}
