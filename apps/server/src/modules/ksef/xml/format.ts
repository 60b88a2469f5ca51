import { MONEY_DECIMALS, RATE_DECIMALS, TONNE_DECIMALS } from '@grain/shared';

/**
 * How numbers and dates are written into KSeF XML: always from integers, never through floating point (RULES.md
 * Invoices, VAT and KSeF; ARCHITECTURE.md Database). The XSD types they must fit:
 * - TKwotowy (amounts, 2 decimals) and TKwotowy2 (unit prices, up to 8): from minor units, e.g. 123456 → "1234.56";
 * - TIlosci (quantities and exchange rates, up to 6 decimals): kilograms → tonnes with up to 3 decimals, rates kept
 *   × 10 000 → 4 decimals;
 * - TDataT (dates) as `YYYY-MM-DD`, TDataCzas (timestamps) as `YYYY-MM-DDTHH:MM:SSZ`.
 * These are machine numbers (a dot, no grouping), not the pl-PL display of @grain/shared's format.ts; the decimals of
 * each storage unit come from units.ts, so the XML and the conversions cannot disagree.
 */

function wholeNumber(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number: ${value}`);
  return value;
}

function decimal(scaled: number, scaleDigits: number, what: string, trimZeros: boolean): string {
  const value = wholeNumber(scaled, what);
  const digits = String(Math.abs(value)).padStart(scaleDigits + 1, '0');
  const integerPart = digits.slice(0, digits.length - scaleDigits);
  let fraction = digits.slice(digits.length - scaleDigits);
  if (trimZeros) fraction = fraction.replace(/0+$/, '');
  const text = fraction ? `${integerPart}.${fraction}` : integerPart;
  return value < 0 ? `-${text}` : text;
}

/** Minor units → `"1234.56"` (TKwotowy, TKwotowy2). */
export function formatAmount(minor: number): string {
  return decimal(minor, MONEY_DECIMALS, 'amount in minor units', false);
}

/** Kilograms → tonnes, e.g. 25340 → `"25.34"`, 25000 → `"25"` (TIlosci). */
export function formatTonnesOfKg(kg: number): string {
  return decimal(kg, TONNE_DECIMALS, 'quantity in kilograms', true);
}

/** A whole count of units (TIlosci). */
export function formatCount(count: number): string {
  return String(wholeNumber(count, 'count'));
}

/** An exchange rate kept × 10 000 → `"4.2512"` (TIlosci). */
export function formatExchangeRate(rateScaled: number): string {
  if (rateScaled <= 0) throw new RangeError(`exchange rate must be positive: ${rateScaled}`);
  return decimal(rateScaled, RATE_DECIMALS, 'exchange rate × 10 000', false);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` date, checked (TDataT). */
export function formatDate(isoDate: string): string {
  if (!ISO_DATE.test(isoDate) || Number.isNaN(Date.parse(`${isoDate}T00:00:00Z`))) {
    throw new RangeError(`date must be YYYY-MM-DD: ${isoDate}`);
  }
  return isoDate;
}

/** A timestamp in UTC without fractions, e.g. `2026-11-20T09:15:00Z` (TDataCzas). */
export function formatTimestamp(at: Date): string {
  if (Number.isNaN(at.getTime())) throw new RangeError('invalid timestamp');
  return `${at.toISOString().slice(0, 19)}Z`;
}

/** A bank account number as the XSD's TNrRB wants it: the characters without spaces. */
export function formatAccountNumber(account: string): string {
  return account.replace(/\s+/g, '');
}
