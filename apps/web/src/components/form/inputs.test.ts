import { describe, expect, it } from 'vitest';
import { clampIsoDate, maskDate } from './date-input';
import { clampNumber, parseNumberText, sanitizeNumberText } from './number-input';

describe('date input', () => {
  it('accepts only digits and inserts the dots of DD.MM.YYYY', () => {
    expect(maskDate('31122026')).toBe('31.12.2026');
    expect(maskDate('3a1.1x2')).toBe('31.12');
    expect(maskDate('311220261234')).toBe('31.12.2026');
  });

  it('clamps to min and max', () => {
    expect(clampIsoDate('2026-01-01', '2026-02-01')).toBe('2026-02-01');
    expect(clampIsoDate('2027-01-01', undefined, '2026-12-31')).toBe('2026-12-31');
    expect(clampIsoDate('2026-06-01', '2026-01-01', '2026-12-31')).toBe('2026-06-01');
  });
});

describe('number input', () => {
  it('reads a comma as the decimal dot and limits decimals', () => {
    expect(sanitizeNumberText('12,3456', false, 3)).toBe('12.345');
    expect(parseNumberText('12.345')).toBe(12.345);
  });

  it('drops the minus unless negatives are allowed, and the plus always', () => {
    expect(sanitizeNumberText('-5', false, 0)).toBe('5');
    expect(sanitizeNumberText('-5', true, 0)).toBe('-5');
    expect(sanitizeNumberText('+5', true, 0)).toBe('5');
  });

  it('drops decimals when they are not enabled, keeps exponent notation', () => {
    expect(sanitizeNumberText('1.5', false, 0)).toBe('15');
    expect(parseNumberText(sanitizeNumberText('1e3', false, 0))).toBe(1000);
  });

  it('treats empty or lone signs as no value and clamps to bounds', () => {
    expect(parseNumberText('')).toBeNull();
    expect(parseNumberText('-')).toBeNull();
    expect(clampNumber(150, 0, 100)).toBe(100);
    expect(clampNumber(-1, 0)).toBe(0);
  });
});
