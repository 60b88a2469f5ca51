import { describe, expect, it } from 'vitest';
import {
  easterSunday,
  exchangeRateDateOf,
  invoiceTaxPoint,
  isBusinessDay,
  isPolishPublicHoliday,
  nextBusinessDay,
  offline24Deadline,
  polishPublicHolidays,
  previousBusinessDay,
} from './business-days.js';

/** Checked by hand against the published Polish calendars of each year. */
const MOVABLE_FEASTS: Record<number, { easter: string; monday: string; pentecost: string; corpusChristi: string }> = {
  2024: { easter: '2024-03-31', monday: '2024-04-01', pentecost: '2024-05-19', corpusChristi: '2024-05-30' },
  2025: { easter: '2025-04-20', monday: '2025-04-21', pentecost: '2025-06-08', corpusChristi: '2025-06-19' },
  2026: { easter: '2026-04-05', monday: '2026-04-06', pentecost: '2026-05-24', corpusChristi: '2026-06-04' },
  2027: { easter: '2027-03-28', monday: '2027-03-29', pentecost: '2027-05-16', corpusChristi: '2027-05-27' },
  2028: { easter: '2028-04-16', monday: '2028-04-17', pentecost: '2028-06-04', corpusChristi: '2028-06-15' },
  2029: { easter: '2029-04-01', monday: '2029-04-02', pentecost: '2029-05-20', corpusChristi: '2029-05-31' },
  2030: { easter: '2030-04-21', monday: '2030-04-22', pentecost: '2030-06-09', corpusChristi: '2030-06-20' },
};

describe('polishPublicHolidays', () => {
  it('puts Easter, Easter Monday, Pentecost and Corpus Christi on their dates, 2024-2030', () => {
    for (const [year, feasts] of Object.entries(MOVABLE_FEASTS)) {
      expect(easterSunday(Number(year))).toBe(feasts.easter);
      const holidays = polishPublicHolidays(Number(year));
      for (const day of Object.values(feasts)) expect(holidays).toContain(day);
    }
  });

  it('has the thirteen statutory days, and Christmas Eve from 2025 on', () => {
    expect(polishPublicHolidays(2024)).toHaveLength(13);
    expect(polishPublicHolidays(2024)).not.toContain('2024-12-24');
    expect(polishPublicHolidays(2025)).toHaveLength(14);
    expect(polishPublicHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-01-06',
      '2026-04-05',
      '2026-04-06',
      '2026-05-01',
      '2026-05-03',
      '2026-05-24',
      '2026-06-04',
      '2026-08-15',
      '2026-11-01',
      '2026-11-11',
      '2026-12-24',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('knows a weekday holiday from an ordinary day', () => {
    expect(isPolishPublicHoliday('2027-11-11')).toBe(true);
    expect(isPolishPublicHoliday('2027-11-12')).toBe(false);
    expect(isBusinessDay('2027-11-11')).toBe(false);
    expect(isBusinessDay('2027-11-12')).toBe(true);
    expect(isBusinessDay('2027-11-13')).toBe(false); // Saturday
  });
});

describe('offline24Deadline (next business day after the issue date)', () => {
  const cases: [issueDate: string, deadline: string, why: string][] = [
    ['2025-07-08', '2025-07-09', 'the example of tryby-offline.md: an ordinary weekday'],
    ['2025-07-04', '2025-07-07', 'Friday: over the weekend to Monday'],
    ['2025-07-05', '2025-07-07', 'issued on a Saturday'],
    ['2025-12-23', '2025-12-29', 'Christmas Eve, both Christmas days and the weekend'],
    ['2024-12-23', '2024-12-24', 'Christmas Eve 2024 was still a business day'],
    ['2026-04-03', '2026-04-07', 'Good Friday is a business day, Easter Monday is not'],
    ['2026-04-30', '2026-05-04', '1 May, the weekend with 3 May'],
    ['2026-06-03', '2026-06-05', 'Corpus Christi on Thursday'],
    ['2026-12-31', '2027-01-04', 'New Year then the weekend'],
    ['2027-01-05', '2027-01-07', 'Epiphany'],
    ['2027-03-26', '2027-03-30', 'Easter Monday 2027'],
    ['2027-08-13', '2027-08-16', 'Assumption on a Sunday moves nothing'],
    ['2028-06-14', '2028-06-16', 'Corpus Christi 2028'],
    ['2028-11-10', '2028-11-13', 'Independence Day on a Saturday'],
    ['2029-05-02', '2029-05-04', '3 May on Thursday'],
    ['2029-12-21', '2029-12-27', 'Christmas 2029: Saturday, Sunday, 24-26 December'],
    ['2030-04-19', '2030-04-23', 'Easter 2030'],
    ['2030-06-19', '2030-06-21', 'Corpus Christi 2030'],
    ['2030-10-31', '2030-11-04', 'All Saints on Friday'],
  ];
  for (const [issueDate, deadline, why] of cases) {
    it(`${issueDate} -> ${deadline} (${why})`, () => {
      expect(offline24Deadline(issueDate)).toBe(deadline);
      expect(nextBusinessDay(issueDate)).toBe(deadline);
    });
  }

  it('is always a later business day, at most a week away, for every day of 2025-2030', () => {
    for (let day = '2025-01-01'; day < '2031-01-01'; day = nextDay(day)) {
      const deadline = offline24Deadline(day);
      expect(deadline > day).toBe(true);
      expect(isBusinessDay(deadline)).toBe(true);
      for (let between = nextDay(day); between < deadline; between = nextDay(between)) {
        expect(isBusinessDay(between)).toBe(false);
      }
    }
  });
});

function nextDay(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

describe('previousBusinessDay and exchangeRateDateOf', () => {
  it('takes the day before on an ordinary weekday', () => {
    expect(previousBusinessDay('2026-11-26')).toBe('2026-11-25');
    expect(exchangeRateDateOf('2026-11-26')).toBe('2026-11-25');
  });

  it('skips the weekend back to Friday', () => {
    expect(previousBusinessDay('2026-11-30')).toBe('2026-11-27'); // Monday -> Friday
    expect(previousBusinessDay('2026-11-29')).toBe('2026-11-27'); // Sunday -> Friday
  });

  it('skips Easter Monday and the Easter weekend', () => {
    // 2026-04-06 is Easter Monday: the day after it looks back past Monday, Sunday and Saturday.
    expect(previousBusinessDay('2026-04-07')).toBe('2026-04-03');
  });

  it('skips 1 and 3 May and the weekend between', () => {
    // 2026: 1 May Friday, 2 May Saturday, 3 May Sunday.
    expect(previousBusinessDay('2026-05-04')).toBe('2026-04-30');
    // 2 May 2025 is a Friday business day; 1 May a holiday: a tax point on 2 May takes 30 April.
    expect(previousBusinessDay('2025-05-02')).toBe('2025-04-30');
    expect(previousBusinessDay('2025-05-05')).toBe('2025-05-02');
  });

  it('skips 11 November', () => {
    // 2026-11-11 is a Wednesday: a tax point on 12 November takes 10 November.
    expect(previousBusinessDay('2026-11-12')).toBe('2026-11-10');
  });

  it('crosses Christmas and the year end', () => {
    // 24, 25, 26 December 2025 are holidays (Wednesday to Friday): 29 December takes 23 December.
    expect(previousBusinessDay('2025-12-29')).toBe('2025-12-23');
    // 1 January 2027 is a Friday: 4 January 2027 takes 31 December 2026.
    expect(previousBusinessDay('2027-01-04')).toBe('2026-12-31');
  });

  it('is always a business day strictly before, and nothing in between is one', () => {
    for (let day = '2024-01-02'; day < '2028-01-01'; day = nextBusinessDay(day)) {
      const previous = previousBusinessDay(day);
      expect(previous < day).toBe(true);
      expect(isBusinessDay(previous)).toBe(true);
      expect(nextBusinessDay(previous)).toBe(day);
    }
  });
});

describe('invoiceTaxPoint', () => {
  it('is the sale date, else the period end, else the issue date', () => {
    expect(invoiceTaxPoint({ saleDate: '2026-04-07', saleDateTo: null }, '2026-04-09')).toBe('2026-04-07');
    expect(invoiceTaxPoint({ saleDate: null, saleDateTo: '2026-04-08' }, '2026-04-09')).toBe('2026-04-08');
    expect(invoiceTaxPoint({ saleDate: null, saleDateTo: null }, '2026-04-09')).toBe('2026-04-09');
  });
});
