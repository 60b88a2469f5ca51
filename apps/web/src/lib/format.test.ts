import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatShortDate, formatTonnes } from './format';

const nbsp = /[\u00a0\u202f]/g;
const plain = (text: string) => text.replace(nbsp, ' ');

describe('pl-PL formatting', () => {
  it('shows kilograms as tonnes with 3 decimals and grouped thousands', () => {
    expect(plain(formatTonnes(25_000))).toBe('25,000 t');
    expect(plain(formatTonnes(1_234_567))).toBe('1 234,567 t');
  });

  it('shows minor units as money with always two decimals and the currency (issue 13)', () => {
    expect(plain(formatMoney(123_456_78, 'PLN'))).toBe('123 456,78 zł');
    expect(plain(formatMoney(100_000, 'EUR'))).toBe('1 000,00 €');
    expect(plain(formatMoney(150, 'USD'))).toBe('1,50 USD');
    expect(plain(formatMoney(291_840, 'PLN'))).toBe('2 918,40 zł');
  });

  it('shows dates as DD.MM.YYYY, date-times with HH:mm and the short form', () => {
    expect(formatDate('2026-03-09')).toBe('09.03.2026');
    expect(formatShortDate('2026-03-09')).toBe('09/03/26');
    expect(formatDateTime(new Date(2026, 2, 9, 7, 5))).toBe('09.03.2026, 07:05');
    expect(formatDate(null)).toBe('—');
  });
});
