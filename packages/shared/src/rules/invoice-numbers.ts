/**
 * RULES.md Invoices, VAT and KSeF: invoice numbers come from a series set in company settings, e.g.
 * `FV/{RRRR}/{MM}/{NR}`: {RRRR} the issue year, {MM} its month, {NR} the counter of that period (from 1, at least
 * four digits). Without {MM} the counter runs per year, without {RRRR} and {MM} for ever.
 */
export const INVOICE_SERIES_PLACEHOLDERS = ['{RRRR}', '{MM}', '{NR}'] as const;

export function isInvoiceSeries(pattern: string): boolean {
  const withoutPlaceholders = pattern.replaceAll('{RRRR}', '').replaceAll('{MM}', '').replaceAll('{NR}', '');
  return pattern.split('{NR}').length === 2 && !/[{}]/.test(withoutPlaceholders) && pattern.length <= 40;
}

/** The counter's key: the series with the period filled in (`FV/2026/03/{NR}`). */
export function invoicePeriodKey(pattern: string, issueDate: string): string {
  return pattern.replaceAll('{RRRR}', issueDate.slice(0, 4)).replaceAll('{MM}', issueDate.slice(5, 7));
}

export function formatInvoiceNumber(pattern: string, issueDate: string, counter: number): string {
  return invoicePeriodKey(pattern, issueDate).replace('{NR}', String(counter).padStart(4, '0'));
}
