import { describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDecimal,
  formatExchangeRate,
  formatMoney,
  formatNumber,
  formatPricePerTonne,
  formatShortDate,
  formatTonnes,
} from './format.js';

const nbsp = /[\u00a0\u202f]/g;
const plain = (text: string) => text.replace(nbsp, ' ');

describe('pl-PL formatting', () => {
  it('shows kilograms as tonnes with 3 decimals and grouped thousands', () => {
    expect(plain(formatTonnes(25_000))).toBe('25,000 t');
    expect(plain(formatTonnes(1_234_567))).toBe('1 234,567 t');
  });

  it('shows minor units as money with always two decimals and the currency', () => {
    expect(plain(formatMoney(123_456_78, 'PLN'))).toBe('123 456,78 zł');
    expect(plain(formatMoney(291_840, 'PLN'))).toBe('2 918,40 zł');
    expect(plain(formatMoney(100_000, 'EUR'))).toBe('1 000,00 €');
    expect(plain(formatMoney(150, 'USD'))).toBe('1,50 USD');
  });

  it('shows a price per tonne with two decimals, the currency and /t', () => {
    expect(plain(formatPricePerTonne(85_050, 'PLN'))).toBe('850,50 zł/t');
    expect(plain(formatPricePerTonne(90_000, 'EUR'))).toBe('900,00 €/t');
    expect(formatPricePerTonne(null)).toBe('—');
  });

  it('writes the edge cases as Intl does: -0, half away from zero on the shortest form, 4-digit grouping', () => {
    expect(formatDecimal(-0, 3, 3)).toBe('-0,000');
    expect(formatNumber(-0)).toBe('-0');
    expect(formatDecimal(1.0005, 3, 3)).toBe('1,001');
    expect(formatDecimal(-1.0005, 3, 3)).toBe('-1,001');
    expect(formatDecimal(8.0445, 3, 3)).toBe('8,045');
    expect(formatDecimal(9999.9995, 3, 3)).toBe('10\u00a0000,000');
    expect(formatTonnes(1_234_500)).toBe('1\u00a0234,500 t');
    expect(formatTonnes(-1_000)).toBe('-1,000 t');
    expect(formatMoney(123_456)).toBe('1\u00a0234,56\u00a0zł');
  });

  it('writes the currency as the screens do: PLN as zł, EUR as €, USD as USD, after the amount', () => {
    expect(formatMoney(100, 'PLN')).toBe('1,00\u00a0zł');
    expect(formatMoney(100, 'EUR')).toBe('1,00\u00a0€');
    expect(formatMoney(100, 'USD')).toBe('1,00\u00a0USD');
    expect(formatMoney(100)).toBe('1,00\u00a0zł');
    expect(formatMoney(null)).toBe('—');
    expect(formatTonnes(undefined)).toBe('—');
  });

  it('writes an exchange rate kept × 10 000 with its four decimals', () => {
    expect(formatExchangeRate(42_512)).toBe('4,2512');
    expect(formatExchangeRate(10_000)).toBe('1,0000');
    expect(formatExchangeRate(123_456_789)).toBe('12\u00a0345,6789');
  });

  it('shows dates as DD.MM.YYYY, date-times with HH:mm and the short form', () => {
    expect(formatDate('2026-03-09')).toBe('09.03.2026');
    expect(formatShortDate('2026-03-09')).toBe('09/03/26');
    expect(formatDateTime(new Date(2026, 2, 9, 7, 5))).toBe('09.03.2026, 07:05');
    expect(formatDate(null)).toBe('—');
  });
});

/** The formatter is written by hand (no Intl on the first screen); Intl.NumberFormat stays the reference it must equal. */
describe('numbers written by hand, exactly as Intl writes them', () => {
  const intl = (min: number, max: number, options: Intl.NumberFormatOptions = {}) =>
    new Intl.NumberFormat('pl-PL', {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      useGrouping: 'always',
      ...options,
    } as Intl.NumberFormatOptions);

  // A fixed-seed generator: the same cases on every run, many shapes of number.
  let seed = 15;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const values: number[] = [
    0, -0, 1, -1, 999, 1000, 9999.9995, 1.0005, 2.0005, 8.0445, 0.0005, -0.0004, 1e-6, 5e-7, 1e21,
  ];
  values.push(Number.NaN, Number.POSITIVE_INFINITY, 123_456_789_012.345, -987_654.3215, 4.32155);
  for (let i = 0; i < 3000; i++) {
    const scale = 10 ** Math.floor(random() * 13);
    const decimals = Math.floor(random() * 7);
    const value = Math.round(random() * scale * 10 ** decimals) / 10 ** decimals;
    values.push(random() < 0.2 ? -value : value);
  }

  it.each([
    [3, 3],
    [0, 3],
    [2, 2],
    [4, 4],
  ])('with %i to %i decimals', (min, max) => {
    const reference = intl(min, max);
    const mismatches = values.filter((value) => formatDecimal(value, min, max) !== reference.format(value));
    expect(mismatches.map((value) => [value, formatDecimal(value, min, max), reference.format(value)])).toEqual([]);
  });

  it('tonnes, plain numbers, money and exchange rates through the hand-written form', () => {
    for (const kg of [0, 1, 999, 1_000, 25_000, 1_234_567, -40_500, 987_654_321_001]) {
      expect(formatTonnes(kg)).toBe(`${intl(3, 3).format(kg / 1000)} t`);
    }
    for (const value of [0, 12.5, 1234.5678, -3]) expect(formatNumber(value)).toBe(intl(0, 3).format(value));
    for (const currency of ['PLN', 'EUR', 'USD', 'GBP']) {
      const reference = intl(2, 2, { style: 'currency', currency });
      for (const minor of [0, 1, 150, 291_840, -12_345_678, 100_000_000_000]) {
        expect(formatMoney(minor, currency)).toBe(reference.format(minor / 100));
      }
    }
    for (const scaled of [1, 10_000, 42_512, 432_155, 123_456_789]) {
      expect(formatExchangeRate(scaled)).toBe(intl(4, 4).format(scaled / 10_000));
    }
  });
});

/** The web's first screen formats figures before anything else needs ICU's number data: no Intl object on the way. */
describe('no Intl.NumberFormat for the usual figures', () => {
  it('builds none on import nor for tonnes, money in PLN, EUR and USD, rates and plain numbers', async () => {
    const original = Intl.NumberFormat;
    let built = 0;
    const counting = function (this: unknown, ...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      built += 1;
      return new original(...args);
    } as unknown as typeof Intl.NumberFormat;
    Intl.NumberFormat = counting;
    try {
      vi.resetModules();
      const format = await import('./format.js');
      format.formatTonnes(1_234_567);
      for (const currency of ['PLN', 'EUR', 'USD']) format.formatPricePerTonne(-12_345, currency);
      format.formatExchangeRate(42_512);
      format.formatNumber(16.5);
      expect(built).toBe(0);
      format.formatMoney(100, 'GBP');
      expect(built).toBe(1);
    } finally {
      Intl.NumberFormat = original;
    }
  });
});
