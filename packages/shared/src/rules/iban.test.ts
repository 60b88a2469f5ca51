import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPolishAccount, isPolishIban, isSameAccount, normalizePolishAccount } from './iban.js';

const VALID = ['PL61 1090 1014 0000 0712 1981 2874', '27114020040000300201355387', 'pl10105000997603123456789123'];

describe('isPolishIban', () => {
  it('accepts well-known valid accounts, with or without PL and spaces', () => {
    for (const account of VALID) expect(isPolishIban(account), account).toBe(true);
    expect(isPolishIban('61109010140000071219812874')).toBe(true);
    expect(isPolishIban('PL61-1090-1014-0000-0712-1981-2874')).toBe(true);
  });

  it('refuses any single changed digit and any swap of two different neighbours', () => {
    const digits = '61109010140000071219812874';
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 25 }), fc.integer({ min: 1, max: 9 }), (at, delta) => {
        const changed = (Number(digits[at]) + delta) % 10;
        const mutated = `${digits.slice(0, at)}${changed}${digits.slice(at + 1)}`;
        expect(isPolishIban(mutated)).toBe(false);
      }),
    );
    expect(isPolishIban('61109010140000071219812847')).toBe(false);
  });

  it('refuses wrong lengths, letters and another country', () => {
    expect(isPolishIban('6110901014000007121981287')).toBe(false);
    expect(isPolishIban('611090101400000712198128740')).toBe(false);
    expect(isPolishIban('DE89370400440532013000')).toBe(false);
    expect(isPolishIban('PL6110901014000007121981287A')).toBe(false);
    expect(isPolishIban('')).toBe(false);
  });
});

describe('account spelling', () => {
  it('normalises, formats and compares', () => {
    expect(normalizePolishAccount(' pl61 1090 1014 0000 0712 1981 2874 ')).toBe('61109010140000071219812874');
    expect(normalizePolishAccount('123')).toBeNull();
    expect(formatPolishAccount('61109010140000071219812874')).toBe('PL61 1090 1014 0000 0712 1981 2874');
    expect(isSameAccount('PL61 1090 1014 0000 0712 1981 2874', '61109010140000071219812874')).toBe(true);
    expect(isSameAccount('61109010140000071219812874', '27114020040000300201355387')).toBe(false);
  });
});
