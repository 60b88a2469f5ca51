/**
 * The Polish business-day calendar behind KSeF offline deadlines (RULES.md Invoices, VAT and KSeF; KSeF docs
 * `tryby-offline.md`: an offline24 invoice goes to KSeF "by the next business day after its issue date").
 *
 * A business day is Monday to Friday and not a public holiday of the Act on public holidays (ustawa o dniach wolnych
 * od pracy): 1 January, 6 January, Easter Sunday and Monday, 1 May, 3 May, Pentecost Sunday, Corpus Christi,
 * 15 August, 1 November, 11 November, 24 December (from 2025), 25 and 26 December. Saturdays are not business days
 * (a tax deadline falling on one moves to the next day, Ordynacja podatkowa art. 12 § 5).
 *
 * Dates are `YYYY-MM-DD` strings in the Polish calendar; the arithmetic runs on UTC midnights, so no time zone or
 * daylight-saving change can shift a day.
 */

import { addDaysIso } from '../dates.js';

function toUtc(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm of Meeus, Jones and Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Christmas Eve became a public holiday by the amendment of 2024, from 2025 on. */
const CHRISTMAS_EVE_FROM_YEAR = 2025;

/** The public holidays of a year, sorted, as `YYYY-MM-DD`. */
export function polishPublicHolidays(year: number): string[] {
  const fixed = ['01-01', '01-06', '05-01', '05-03', '08-15', '11-01', '11-11', '12-25', '12-26'];
  if (year >= CHRISTMAS_EVE_FROM_YEAR) fixed.push('12-24');
  const easter = easterSunday(year);
  const movable = [easter, addDaysIso(easter, 1), addDaysIso(easter, 49), addDaysIso(easter, 60)];
  return [...fixed.map((monthDay) => `${year}-${monthDay}`), ...movable].sort();
}

const holidaysByYear = new Map<number, ReadonlySet<string>>();

export function isPolishPublicHoliday(isoDate: string): boolean {
  const year = Number(isoDate.slice(0, 4));
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    holidays = new Set(polishPublicHolidays(year));
    holidaysByYear.set(year, holidays);
  }
  return holidays.has(isoDate);
}

export function isBusinessDay(isoDate: string): boolean {
  const weekday = toUtc(isoDate).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isPolishPublicHoliday(isoDate);
}

/** The first business day strictly after `isoDate`. */
export function nextBusinessDay(isoDate: string): string {
  let day = addDaysIso(isoDate, 1);
  while (!isBusinessDay(day)) day = addDaysIso(day, 1);
  return day;
}

/** The last business day strictly before `isoDate`. */
export function previousBusinessDay(isoDate: string): string {
  let day = addDaysIso(isoDate, -1);
  while (!isBusinessDay(day)) day = addDaysIso(day, -1);
  return day;
}

/**
 * The day whose NBP mid rate converts a foreign-currency invoice's VAT (RULES.md Invoices, VAT and KSeF: "the NBP
 * mid rate of the last business day before the tax point"; art. 31a of the VAT Act). NBP publishes table A on every
 * Polish business day, so that day always has a table.
 */
export function exchangeRateDateOf(taxPoint: string): string {
  return previousBusinessDay(taxPoint);
}

/**
 * The tax point of an invoice for goods is their delivery (art. 19a of the VAT Act): the sale date, a period's last
 * day, else the issue date. The server converts with it and the issuing dialog names the rate's day with it.
 */
export function invoiceTaxPoint(sale: { saleDate: string | null; saleDateTo: string | null }, issueDate: string) {
  return sale.saleDate ?? sale.saleDateTo ?? issueDate;
}

/**
 * The last day an offline24 invoice may reach KSeF (KSeF `tryby-offline.md`, art. 106nda of the VAT Act): the next
 * business day after its issue date (P_1), to the end of that day.
 */
export function offline24Deadline(issueDate: string): string {
  return nextBusinessDay(issueDate);
}
