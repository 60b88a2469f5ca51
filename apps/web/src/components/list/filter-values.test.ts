import { describe, expect, it } from 'vitest';
import {
  decimalOf,
  flagOf,
  idsOf,
  isReversed,
  kgOf,
  listOf,
  minorOf,
  oneOf,
  positiveIntOf,
  rangeOf,
  textOf,
} from './filter-values';

describe('filter values kept in the URL', () => {
  it('reads text, lists, ids and flags, leaving out what is blank or unreadable', () => {
    expect(textOf('  PO 1 ')).toBe('PO 1');
    expect(textOf(['a'])).toBe('');
    expect(listOf(['NEW', ' ', 'ACTIVE'])).toEqual(['NEW', 'ACTIVE']);
    expect(listOf('NEW')).toEqual(['NEW']);
    expect(idsOf(['3', 'x', '0', '7'])).toEqual([3, 7]);
    expect(idsOf([])).toBeUndefined();
    expect(positiveIntOf('12')).toBe(12);
    expect(positiveIntOf('1.5')).toBeUndefined();
    expect(positiveIntOf('')).toBeUndefined();
    expect([flagOf('true'), flagOf('false'), flagOf('yes')]).toEqual([true, false, undefined]);
    expect(oneOf(['FCA', 'CPT'] as const, ['CPT', 'DAP'])).toEqual(['CPT']);
  });

  it('reads tonnes and major units as typed (decimal comma too) into kilograms and minor units', () => {
    expect(decimalOf('24,5')).toBe(24.5);
    expect(decimalOf('-1')).toBeUndefined();
    expect(kgOf('24,5')).toBe(24_500);
    expect(minorOf('12.34')).toBe(1234);
  });

  it('builds ranges with null for an open side and tells a reversed one', () => {
    expect(rangeOf(undefined, undefined)).toBeUndefined();
    expect(rangeOf(1, undefined)).toEqual({ from: 1, to: null });
    expect(isReversed({ from: 5, to: 4 })).toBe(true);
    expect(isReversed({ from: '2026-01-02', to: '2026-01-03' })).toBe(false);
    expect(isReversed({ from: 5, to: null })).toBe(false);
  });
});
