import { describe, expect, it } from 'vitest';
import { crc8, isValidKsefNumber, ksefNumberParts, makeKsefNumber } from './ksef-number.js';

const OFFICIAL_EXAMPLE = '5265877635-20250826-0100001AF629-AF'; // faktury/numer-ksef.md

describe('KSeF number CRC-8', () => {
  it('is CRC-8/SMBUS (poly 0x07, init 0): the standard check value of "123456789" is 0xF4', () => {
    expect(crc8('123456789')).toBe(0xf4);
    expect(crc8('')).toBe(0);
  });

  it('accepts the official example and recomputes its checksum AF', () => {
    expect(isValidKsefNumber(OFFICIAL_EXAMPLE)).toBe(true);
    expect(makeKsefNumber('5265877635', '2025-08-26', '0100001AF629')).toBe(OFFICIAL_EXAMPLE);
  });

  it('accepts the KSeF numbers of the official UPO samples', () => {
    expect(isValidKsefNumber('5265877635-20250916-0200A0D6723E-C2')).toBe(true);
    expect(isValidKsefNumber('5265877635-20250916-010040741B3E-46')).toBe(true);
  });

  it('refuses a changed digit, a wrong checksum, lower case and a wrong length', () => {
    expect(isValidKsefNumber('5265877636-20250826-0100001AF629-AF')).toBe(false);
    expect(isValidKsefNumber('5265877635-20250826-0100001AF629-AE')).toBe(false);
    expect(isValidKsefNumber('5265877635-20250826-0100001af629-AF')).toBe(false);
    expect(isValidKsefNumber('5265877635-20250826-0100001AF629')).toBe(false);
    expect(isValidKsefNumber(`${OFFICIAL_EXAMPLE}0`)).toBe(false);
  });

  it('catches every single-character change of a generated number', () => {
    const number = makeKsefNumber('7010000009', '2026-11-20', 'ABCDEF012345');
    expect(number).toHaveLength(35);
    for (let index = 0; index < number.length; index++) {
      if (number[index] === '-') continue;
      const changed = number.slice(0, index) + (number[index] === '1' ? '2' : '1') + number.slice(index + 1);
      expect(isValidKsefNumber(changed), changed).toBe(false);
    }
  });

  it('reads the seller NIP and the acceptance date back', () => {
    expect(ksefNumberParts(OFFICIAL_EXAMPLE)).toEqual({ nip: '5265877635', date: '2025-08-26' });
    expect(ksefNumberParts('nonsense')).toBeNull();
  });
});
