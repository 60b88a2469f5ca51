import { describe, expect, it } from 'vitest';
import { isIncompleteDate, maskDate } from './date-input';
import { clampNumber, droppedReason, parseNumberText, sanitizeNumberText } from './number-input';

describe('date input', () => {
  it('accepts only digits and inserts the dots of DD.MM.YYYY', () => {
    expect(maskDate('31122026')).toBe('31.12.2026');
    expect(maskDate('3a1.1x2')).toBe('31.12');
    expect(maskDate('311220261234')).toBe('31.12.2026');
  });

  it('calls a partly typed or impossible date incomplete, and an empty or whole one not', () => {
    expect(isIncompleteDate('01.1')).toBe(true);
    expect(isIncompleteDate('31.02.2026')).toBe(true);
    expect(isIncompleteDate('')).toBe(false);
    expect(isIncompleteDate('01.11.2026')).toBe(false);
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

describe('number input, what it drops', () => {
  it('says why typed characters were left out, and nothing when all is kept', () => {
    expect(droppedReason('12a', false, 2)).toBe('letters');
    expect(droppedReason('-5', false, 2)).toBe('minus');
    expect(droppedReason('-5', true, 2)).toBeNull();
    expect(droppedReason('1,234', false, 2)).toBe('decimals');
    expect(droppedReason('1,5', false, 0)).toBe('decimals');
    expect(droppedReason('1,2,3', false, 3)).toBe('separator');
    expect(droppedReason('24,54', false, 3)).toBeNull();
  });
});
