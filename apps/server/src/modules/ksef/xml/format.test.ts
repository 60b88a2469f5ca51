import { describe, expect, it } from 'vitest';
import {
  formatAccountNumber,
  formatAmount,
  formatDate,
  formatExchangeRate,
  formatTimestamp,
  formatTonnesOfKg,
} from './format.js';

describe('XML number and date formats', () => {
  it('writes minor units with two decimals, negatives for corrections', () => {
    expect(formatAmount(123_456)).toBe('1234.56');
    expect(formatAmount(5)).toBe('0.05');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(-50)).toBe('-0.50');
    expect(formatAmount(-11_664)).toBe('-116.64');
    expect(formatAmount(900_719_925_474_099)).toBe('9007199254740.99');
  });

  it('writes kilograms as tonnes with at most three decimals', () => {
    expect(formatTonnesOfKg(25_340)).toBe('25.34');
    expect(formatTonnesOfKg(25_000)).toBe('25');
    expect(formatTonnesOfKg(1)).toBe('0.001');
    expect(formatTonnesOfKg(24_987)).toBe('24.987');
  });

  it('writes exchange rates kept × 10 000 with four decimals', () => {
    expect(formatExchangeRate(42_512)).toBe('4.2512');
    expect(formatExchangeRate(40_000)).toBe('4.0000');
    expect(() => formatExchangeRate(0)).toThrow(RangeError);
  });

  it('never takes a fraction: amounts and kilograms are integers', () => {
    expect(() => formatAmount(12.5)).toThrow(RangeError);
    expect(() => formatTonnesOfKg(0.1 + 0.2)).toThrow(RangeError);
  });

  it('checks dates and writes timestamps in UTC without fractions', () => {
    expect(formatDate('2026-11-20')).toBe('2026-11-20');
    expect(() => formatDate('20.11.2026')).toThrow(RangeError);
    expect(() => formatDate('2026-13-01')).toThrow(RangeError);
    expect(formatTimestamp(new Date('2026-11-20T10:15:30.456+01:00'))).toBe('2026-11-20T09:15:30Z');
  });

  it('writes account numbers without spaces', () => {
    expect(formatAccountNumber('PL61 1090 1014 0000 0712 1981 2874')).toBe('PL61109010140000071219812874');
  });
});
