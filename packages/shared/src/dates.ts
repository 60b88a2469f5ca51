/** Date formats of spec/2 section 9: stored YYYY-MM-DD, shown DD.MM.YYYY. Pure string work, no time zones. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const DISPLAY_DATE = /^\d{2}\.\d{2}\.\d{4}$/;

export function isValidIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** "31.12.2026" -> "2026-12-31", or null when it is not a real calendar date. */
export function displayToIsoDate(value: string): string | null {
  if (!DISPLAY_DATE.test(value)) return null;
  const [d, m, y] = value.split('.');
  const iso = `${y}-${m}-${d}`;
  return isValidIsoDate(iso) ? iso : null;
}

export function isoToDisplayDate(value: string | null | undefined): string {
  if (!value) return '';
  const [y, m, d] = value.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
}

/** Today as YYYY-MM-DD in the local time zone of the caller: the browser's day (the server uses companyTodayIso). */
export function todayIso(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/**
 * Today on the company's calendar (Poland), whatever the time zone of the process: from 23:00 or 22:00 UTC a server
 * keeping UTC is still on the day before, while every user's browser is on the next one.
 */
export function companyTodayIso(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(now);
}

/** The calendar day `days` after (or before, when negative) an ISO date; pure calendar arithmetic in UTC. */
export function addDaysIso(isoDate: string, days: number): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** ISO dates compare as strings. */
export function isDateBefore(a: string, b: string): boolean {
  return a < b;
}
