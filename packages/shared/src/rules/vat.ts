/**
 * VAT on an invoice (RULES.md Invoices, VAT and KSeF): computed on the sum of the net values per rate and rounded
 * half up to the grosz. Integers only: minor units and whole percent (the Polish rates are 23, 8, 5 and 0).
 *
 * A correction's negative difference rounds like its positive counterpart (half away from zero), so correcting an
 * invoice down to nothing takes back exactly the VAT it charged.
 */
export function vatOfNet(netMinor: number, ratePercent: number): number {
  if (!Number.isSafeInteger(netMinor)) throw new RangeError(`net amount must be whole minor units: ${netMinor}`);
  if (!Number.isInteger(ratePercent) || ratePercent < 0 || ratePercent > 100) {
    throw new RangeError(`VAT rate must be a whole percent: ${ratePercent}`);
  }
  const hundredths = Math.abs(netMinor) * ratePercent;
  const rounded = Math.floor((hundredths + 50) / 100);
  return netMinor < 0 ? 0 - rounded : rounded;
}

export interface NetLine<Rate extends string | number> {
  rate: Rate;
  netMinor: number;
}

export interface RateTotal<Rate extends string | number> {
  rate: Rate;
  netMinor: number;
  vatMinor: number;
}

/**
 * The invoice's totals per rate: the lines' net values summed per rate, then VAT once on each sum. `percentOf`
 * says which percent a rate stands for (0 for the zero, exempt and out-of-scope rates). Rates keep the order they
 * first appear in.
 */
export function vatTotalsByRate<Rate extends string | number>(
  lines: readonly NetLine<Rate>[],
  percentOf: (rate: Rate) => number,
): RateTotal<Rate>[] {
  const netByRate = new Map<Rate, number>();
  for (const line of lines) netByRate.set(line.rate, (netByRate.get(line.rate) ?? 0) + line.netMinor);
  return [...netByRate].map(([rate, netMinor]) => ({ rate, netMinor, vatMinor: vatOfNet(netMinor, percentOf(rate)) }));
}

/** The VAT rates the product issues (RULES.md Invoices, VAT and KSeF: cereals 5 %, rapeseed 5 % or 8 %, services 23 %). */
export const VAT_RATE_PERCENTS = [23, 8, 5] as const;
export type VatRatePercent = (typeof VAT_RATE_PERCENTS)[number];

/** What a rate applies to: the goods of a raw material (optionally one quality) or the services (freight). */
export const VAT_RATE_SUBJECTS = ['GOODS', 'SERVICE'] as const;
export type VatRateSubject = (typeof VAT_RATE_SUBJECTS)[number];

export interface LineVat {
  netMinor: number;
  ratePercent: number;
  vatMinor: number;
  grossMinor: number;
}

/**
 * RULES.md Invoices, VAT and KSeF: a statement row shows its own line VAT for information (the invoice itself sums
 * net per rate first, `vatTotalsByRate`). Null while the row has no rate.
 */
export function lineVat(netMinor: number, ratePercent: number | null): LineVat | null {
  if (ratePercent === null) return null;
  const vatMinor = vatOfNet(netMinor, ratePercent);
  return { netMinor, ratePercent, vatMinor, grossMinor: netMinor + vatMinor };
}
