import { describe, expect, it } from 'vitest';
import {
  addDaysIso,
  companyTodayIso,
  displayToIsoDate,
  isDateBefore,
  isoToDisplayDate,
  isValidIsoDate,
  todayIso,
} from './dates.js';

describe('isValidIsoDate', () => {
  it.each(['2026-01-31', '2024-02-29', '2026-12-31', '2000-02-29'])('accepts %s', (value) => {
    expect(isValidIsoDate(value)).toBe(true);
  });

  it.each([
    '2026-02-29',
    '2026-02-31',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '1900-02-29',
    '2026-1-31',
    '31.01.2026',
    '2026-01-31T00:00:00Z',
    '',
  ])('refuses %s', (value) => {
    expect(isValidIsoDate(value)).toBe(false);
  });
});

describe('displayToIsoDate', () => {
  it('turns DD.MM.YYYY into YYYY-MM-DD', () => {
    expect(displayToIsoDate('31.12.2026')).toBe('2026-12-31');
    expect(displayToIsoDate('01.02.2026')).toBe('2026-02-01');
  });

  it('answers null for dates that do not exist instead of rolling them over', () => {
    expect(displayToIsoDate('31.02.2026')).toBeNull();
    expect(displayToIsoDate('29.02.2026')).toBeNull();
    expect(displayToIsoDate('31.04.2026')).toBeNull();
    expect(displayToIsoDate('00.01.2026')).toBeNull();
    expect(displayToIsoDate('29.02.2028')).toBe('2028-02-29');
  });

  it('answers null for anything not in the DD.MM.YYYY pattern', () => {
    for (const value of ['1.2.2026', '2026-02-01', '01/02/2026', '01.02.26', '', 'dzisiaj']) {
      expect(displayToIsoDate(value), value).toBeNull();
    }
  });
});

describe('isoToDisplayDate', () => {
  it('shows YYYY-MM-DD and ISO timestamps as DD.MM.YYYY', () => {
    expect(isoToDisplayDate('2026-12-31')).toBe('31.12.2026');
    expect(isoToDisplayDate('2026-03-05T10:20:30.000Z')).toBe('05.03.2026');
  });

  it('shows nothing for an empty value', () => {
    expect(isoToDisplayDate(null)).toBe('');
    expect(isoToDisplayDate(undefined)).toBe('');
    expect(isoToDisplayDate('')).toBe('');
  });

  it('round-trips with displayToIsoDate', () => {
    expect(displayToIsoDate(isoToDisplayDate('2024-02-29'))).toBe('2024-02-29');
  });
});

describe('todayIso and isDateBefore', () => {
  it('formats the local date with leading zeros', () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(todayIso(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });

  it('compares ISO dates', () => {
    expect(isDateBefore('2026-01-31', '2026-02-01')).toBe(true);
    expect(isDateBefore('2026-02-01', '2026-02-01')).toBe(false);
    expect(isDateBefore('2026-10-01', '2026-09-30')).toBe(false);
  });
});

describe('companyTodayIso', () => {
  it('is the date in Poland, winter (UTC+1) and summer (UTC+2), whatever the process keeps', () => {
    expect(companyTodayIso(new Date('2026-11-28T22:59:59Z'))).toBe('2026-11-28');
    expect(companyTodayIso(new Date('2026-11-28T23:00:00Z'))).toBe('2026-11-29');
    expect(companyTodayIso(new Date('2026-07-01T21:59:59Z'))).toBe('2026-07-01');
    expect(companyTodayIso(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
    expect(companyTodayIso(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});

describe('addDaysIso', () => {
  it('crosses month and year ends both ways, and leap days', () => {
    expect(addDaysIso('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysIso('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDaysIso('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysIso('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDaysIso('2026-03-01', 30)).toBe('2026-03-31');
    expect(addDaysIso('2026-05-05', 0)).toBe('2026-05-05');
  });

  it('is one calendar day per day across the daylight-saving changes (the arithmetic keeps no time zone)', () => {
    expect(addDaysIso('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDaysIso('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDaysIso('2026-10-24', 2)).toBe('2026-10-26');
  });
});
