import { fromMinorUnits, isoToDisplayDate, kgToTonnes } from '@grain/shared';

/**
 * pl-PL display helpers (spec/2 section 9): the one place that formats money (two decimals and the unit) and tonnes.
 * Thousands are always grouped, also for 4-digit numbers, so columns align.
 *
 * Numbers are written by hand, exactly as Intl.NumberFormat('pl-PL', { useGrouping: 'always' }) writes them (the tests
 * compare the two): a page's first Intl.NumberFormat loads ICU's number data, 35-100 ms of the main thread on the
 * first screen of a cold load (issue 15).
 */
const GROUP_SEPARATOR = '\u00a0';
const DECIMAL_SEPARATOR = ',';
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
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: 'always',
    } as Intl.NumberFormatOptions).format(amount);
  }
  return `${formatDecimal(amount, 2, 2)}${GROUP_SEPARATOR}${symbol}`;
}

export function formatTonnes(kg: number | null | undefined): string {
  if (kg === null || kg === undefined) return '—';
  return `${formatDecimal(kgToTonnes(kg), 3, 3)} t`;
}

export function formatMoney(minor: number | null | undefined, currency = 'PLN'): string {
  if (minor === null || minor === undefined) return '—';
  return formatCurrencyAmount(fromMinorUnits(minor), currency);
}

/** A price per tonne: two decimals, the currency and "/t" ("850,50 zł/t"). */
export function formatPricePerTonne(minor: number | null | undefined, currency = 'PLN'): string {
  if (minor === null || minor === undefined) return '—';
  return `${formatMoney(minor, currency)}/t`;
}

export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return formatDecimal(value, 0, 3);
}

/** An exchange rate, four decimals ("4,3215"). */
export function formatExchangeRate(rate: number): string {
  return formatDecimal(rate, 4, 4);
}

/** YYYY-MM-DD (or an ISO timestamp) as DD.MM.YYYY. */
export function formatDate(value: string | null | undefined): string {
  return value ? isoToDisplayDate(value) : '—';
}

function pad(value: number) {
  return String(value).padStart(2, '0');
}

/** ISO timestamp as DD.MM.YYYY, HH:mm in local time. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '—';
  const date = typeof value === 'string' ? new Date(value) : value;
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** DD/MM/YY. */
export function formatShortDate(value: string | null | undefined): string {
  if (!value) return '—';
  const [y, m, d] = value.slice(0, 10).split('-');
  return `${d}/${m}/${y?.slice(2)}`;
}

export function formatTime(value: Date): string {
  return `${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}`;
}
