import { isoToDisplayDate } from './dates.js';
import { fromMinorUnits, kgToTonnes, MONEY_DECIMALS, RATE_DECIMALS, rateFromScaled, TONNE_DECIMALS } from './units.js';

/**
 * pl-PL display of numbers, units, currencies and dates (spec/2 section 9): the one place that writes them for people,
 * on the web, in PDFs, e-mails and spreadsheet texts alike. Tonnes have 3 decimals and "t", money 2 decimals and the
 * currency after the amount; thousands are always grouped, also for 4-digit numbers, so columns align. Machine
 * formats (KSeF XML, spreadsheet cell values) are not written here.
 *
 * Numbers are written by hand, exactly as Intl.NumberFormat('pl-PL', { useGrouping: 'always' }) writes them (the tests
 * compare the two): a page's first Intl.NumberFormat loads ICU's number data, 35-100 ms of the main thread on the
 * first screen of a cold load. So nothing here builds an Intl object at import time, and only the rare values below
 * (exponent forms, NaN, Infinity, unknown currencies) ever build one.
 */
const GROUP_SEPARATOR = '\u00a0';
const DECIMAL_SEPARATOR = ',';
/** What stands for a missing figure or date. */
export const NO_VALUE = '—';
/** The symbol Intl's pl-PL currency format puts after the amount. */
const CURRENCY_SYMBOLS: Record<string, string> = { PLN: 'zł', EUR: '€', USD: 'USD' };

/**
 * Intl rounds the shortest decimal form of a double half away from zero (1.0005 → 1,001, where toFixed gives 1.000);
 * so do we. Values Number.toString writes with an exponent, and NaN and Infinity, are left to Intl itself.
 */
export function formatDecimal(value: number, minFractionDigits: number, maxFractionDigits: number): string {
  const magnitude = Math.abs(value);
  if (!Number.isFinite(value) || (magnitude !== 0 && magnitude < 1e-6) || magnitude >= 1e21) {
    return new Intl.NumberFormat('pl-PL', {
      minimumFractionDigits: minFractionDigits,
      maximumFractionDigits: maxFractionDigits,
      useGrouping: 'always',
    } as Intl.NumberFormatOptions).format(value);
  }
  const [integerDigits = '0', allFraction = ''] = String(magnitude).split('.');
  let digits = integerDigits + allFraction.slice(0, maxFractionDigits).padEnd(maxFractionDigits, '0');
  if (allFraction.length > maxFractionDigits && allFraction[maxFractionDigits]! >= '5') {
    digits = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  }
  const integer = digits.slice(0, digits.length - maxFractionDigits) || '0';
  let fraction = digits.slice(digits.length - maxFractionDigits);
  while (fraction.length > minFractionDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const grouped = integer.replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR);
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${grouped}${fraction ? DECIMAL_SEPARATOR + fraction : ''}`;
}

function formatCurrencyAmount(amount: number, currency: string): string {
  const symbol = CURRENCY_SYMBOLS[currency];
  if (!symbol) {
    return new Intl.NumberFormat('pl-PL', {
      style: 'currency',
      currency,
      minimumFractionDigits: MONEY_DECIMALS,
      maximumFractionDigits: MONEY_DECIMALS,
      useGrouping: 'always',
    } as Intl.NumberFormatOptions).format(amount);
  }
  return `${formatDecimal(amount, MONEY_DECIMALS, MONEY_DECIMALS)}${GROUP_SEPARATOR}${symbol}`;
}

/** Kilograms as tonnes: "1 234,500 t". */
export function formatTonnes(kg: number | null | undefined): string {
  if (kg === null || kg === undefined) return NO_VALUE;
  return `${formatDecimal(kgToTonnes(kg), TONNE_DECIMALS, TONNE_DECIMALS)} t`;
}

/** Minor units with two decimals and the currency after them: "2 918,40 zł", "1 000,00 €", "1,50 USD". */
export function formatMoney(minor: number | null | undefined, currency = 'PLN'): string {
  if (minor === null || minor === undefined) return NO_VALUE;
  return formatCurrencyAmount(fromMinorUnits(minor), currency);
}

/** A price per tonne: two decimals, the currency and "/t" ("850,50 zł/t"). */
export function formatPricePerTonne(minor: number | null | undefined, currency = 'PLN'): string {
  if (minor === null || minor === undefined) return NO_VALUE;
  return `${formatMoney(minor, currency)}/t`;
}

/** A plain figure with up to 3 decimals ("16,5"). */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined) return NO_VALUE;
  return formatDecimal(value, 0, 3);
}

/** An exchange rate kept × RATE_SCALE, with its four decimals (42 512 → "4,2512"). */
export function formatExchangeRate(scaled: number): string {
  return formatDecimal(rateFromScaled(scaled), RATE_DECIMALS, RATE_DECIMALS);
}

/** YYYY-MM-DD (or an ISO timestamp) as DD.MM.YYYY. */
export function formatDate(value: string | null | undefined): string {
  return value ? isoToDisplayDate(value) : NO_VALUE;
}

function pad(value: number) {
  return String(value).padStart(2, '0');
}

/** A timestamp as DD.MM.YYYY, HH:mm in the runtime's local time (the browser's). */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return NO_VALUE;
  const date = typeof value === 'string' ? new Date(value) : value;
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** DD/MM/YY. */
export function formatShortDate(value: string | null | undefined): string {
  if (!value) return NO_VALUE;
  const [y, m, d] = value.slice(0, 10).split('-');
  return `${d}/${m}/${y?.slice(2)}`;
}

/** HH:mm:ss in the runtime's local time. */
export function formatTime(value: Date): string {
  return `${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}`;
}

/** Whole kilograms as a weighbridge ticket prints them: "24 860 kg". */
export function formatKg(kg: number | null | undefined): string {
  if (kg === null || kg === undefined) return NO_VALUE;
  return `${formatDecimal(kg, 0, 0)}${GROUP_SEPARATOR}kg`;
}

/** Basis points (hundredths of a percent) as a percentage with two decimals: 40 → "0,40 %". */
export function formatBasisPoints(bp: number | null | undefined): string {
  if (bp === null || bp === undefined) return NO_VALUE;
  return `${formatDecimal(bp / 100, 2, 2)}${GROUP_SEPARATOR}%`;
}
