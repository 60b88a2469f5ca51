import { fromMinorUnits, isoToDisplayDate, kgToTonnes } from '@grain/shared';

/** pl-PL display helpers (spec/2 section 9). Thousands are always grouped, also for 4-digit numbers, so columns align. */
const tonnesFormat = new Intl.NumberFormat('pl-PL', {
  minimumFractionDigits: 3,
  maximumFractionDigits: 3,
  useGrouping: 'always',
} as Intl.NumberFormatOptions);

const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(currency: string) {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('pl-PL', {
      style: 'currency',
      currency,
      // issue 13: money always shows two decimals and its unit ("2 918,40 zł").
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: 'always',
    } as Intl.NumberFormatOptions);
    moneyFormats.set(currency, format);
  }
  return format;
}

const plainFormat = new Intl.NumberFormat('pl-PL', {
  maximumFractionDigits: 3,
  useGrouping: 'always',
} as Intl.NumberFormatOptions);

export function formatTonnes(kg: number | null | undefined): string {
  if (kg === null || kg === undefined) return '—';
  return `${tonnesFormat.format(kgToTonnes(kg))} t`;
}

export function formatMoney(minor: number | null | undefined, currency = 'PLN'): string {
  if (minor === null || minor === undefined) return '—';
  return moneyFormat(currency).format(fromMinorUnits(minor));
}

export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return plainFormat.format(value);
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
