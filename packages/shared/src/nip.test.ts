import { describe, expect, it } from 'vitest';
import { ContractorCreateRequestSchema } from './contractors.js';
import { isValidNip, nipFromSerial } from './nip.js';

describe('NIP checksum', () => {
  it('accepts a NIP whose last digit is the checksum and refuses one typo away', () => {
    expect(isValidNip('5260250274')).toBe(true);
    expect(isValidNip('5260250275')).toBe(false);
    expect(isValidNip('5260250247')).toBe(false);
  });

  it('refuses a checksum of 10 and anything but ten digits', () => {
    expect(isValidNip('1234567890')).toBe(false);
    expect(isValidNip('526025027')).toBe(false);
    expect(isValidNip('52602502AB')).toBe(false);
  });

  it('makes distinct valid NIPs from serials', () => {
    const nips = Array.from({ length: 500 }, (_, serial) => nipFromSerial(serial * 37));
    expect(nips.every(isValidNip)).toBe(true);
    expect(new Set(nips).size).toBe(nips.length);
  });

  it('the contractor schema refuses a wrong checksum with nipChecksum and a wrong length with nationalId', () => {
    const issuesOf = (nip: string) =>
      ContractorCreateRequestSchema.safeParse({ code: 'A', name: 'B', nip }).error?.issues.map((issue) => [
        issue.path.join('.'),
        issue.message,
      ]);
    expect(issuesOf('526-025-02-75')).toEqual([['nip', 'nipChecksum']]);
    expect(issuesOf('526025027')).toEqual([['nip', 'nationalId']]);
    expect(issuesOf('526-025-02-74')).toBeUndefined();
  });
});
