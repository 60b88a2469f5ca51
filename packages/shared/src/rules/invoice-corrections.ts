import { lineValue } from './settlements.js';
import { vatTotalsByRate } from './vat.js';

/**
 * RULES.md Invoices, VAT and KSeF: an issued invoice is never edited; a correction (KOR) states, per line it changes,
 * the line as it stood before and as it stands after, and its totals are the difference. The one place that turns a
 * correction request into those lines and totals: the server issues with it, the web dialog shows it live.
 */

/** An invoice line as it stands now (the original, or the last correction that changed it). */
export interface InvoiceLineState {
  position: number;
  quantity: number;
  unitNetPrice: number;
  netValue: number;
  vatRate: number;
}

/** Per original line position: the corrected kilograms and/or net price per tonne (omitted: as it was). */
export interface CorrectionLineChange {
  position: number;
  quantity?: number | undefined;
  unitNetPrice?: number | undefined;
}

export interface CorrectedLine<Line extends InvoiceLineState> {
  before: Line;
  after: Line;
}

export interface CorrectionTotals {
  /** Per rate: the difference of net and of VAT, VAT taken on the whole invoice's sum per rate before and after. */
  byRate: { vatRate: number; netValue: number; vatValue: number }[];
  netTotal: number;
  vatTotal: number;
  grossTotal: number;
}

/**
 * The lines a correction changes, before and after, in position order. A full cancellation brings every line to
 * zero kilograms (its price stays, so the before/after lines read as a cancellation). A line whose quantity and price
 * stay as they were is left out; a changed line's net value is kg × price per tonne (RULES.md Settlements).
 */
export function correctedLines<Line extends InvoiceLineState>(
  current: readonly Line[],
  changes: readonly CorrectionLineChange[],
  isCancelAll: boolean,
): CorrectedLine<Line>[] {
  const byPosition = new Map(changes.map((change) => [change.position, change]));
  const result: CorrectedLine<Line>[] = [];
  for (const before of current) {
    const change = isCancelAll ? { position: before.position, quantity: 0 } : byPosition.get(before.position);
    if (!change) continue;
    const quantity = change.quantity ?? before.quantity;
    const unitNetPrice = change.unitNetPrice ?? before.unitNetPrice;
    if (quantity === before.quantity && unitNetPrice === before.unitNetPrice) continue;
    const netValue = quantity === 0 ? 0 : lineValue(quantity, unitNetPrice);
    result.push({ before, after: { ...before, quantity, unitNetPrice, netValue } });
  }
  return result;
}

/** The correction's totals: per rate the whole invoice after minus before (VAT on each sum, `vatTotalsByRate`). */
export function correctionTotals(
  current: readonly InvoiceLineState[],
  changed: readonly CorrectedLine<InvoiceLineState>[],
): CorrectionTotals {
  const afterOf = new Map(changed.map((line) => [line.before.position, line.after]));
  const totalsOf = (lines: readonly InvoiceLineState[]) =>
    new Map(
      vatTotalsByRate(
        lines.map((line) => ({ rate: line.vatRate, netMinor: line.netValue })),
        (rate) => rate,
      ).map((total) => [total.rate, total]),
    );
  const before = totalsOf(current);
  const after = totalsOf(current.map((line) => afterOf.get(line.position) ?? line));
  const rates = [...new Set(changed.map((line) => line.before.vatRate))];
  const byRate = rates.map((vatRate) => ({
    vatRate,
    netValue: (after.get(vatRate)?.netMinor ?? 0) - (before.get(vatRate)?.netMinor ?? 0),
    vatValue: (after.get(vatRate)?.vatMinor ?? 0) - (before.get(vatRate)?.vatMinor ?? 0),
  }));
  const netTotal = byRate.reduce((sum, total) => sum + total.netValue, 0);
  const vatTotal = byRate.reduce((sum, total) => sum + total.vatValue, 0);
  return { byRate, netTotal, vatTotal, grossTotal: netTotal + vatTotal };
}
