import { describe, expect, it } from 'vitest';
import { fromMinorUnits, kgToTonnes, lineValue, toMinorUnits, tonnesToKg, toPln } from './units.js';

describe('tonnes and kilograms', () => {
  it('converts tonnes with up to 3 decimals to whole kilograms', () => {
    expect(tonnesToKg(25)).toBe(25_000);
    expect(tonnesToKg(24.5)).toBe(24_500);
    expect(tonnesToKg(0.001)).toBe(1);
    expect(tonnesToKg(1.234)).toBe(1234);
  });

  it('rounds away the floating-point noise of typed decimals', () => {
    expect(tonnesToKg(0.1 + 0.2)).toBe(300);
    expect(tonnesToKg(1.005)).toBe(1005);
    expect(tonnesToKg(4.35)).toBe(4350);
  });

  it('converts kilograms back to tonnes', () => {
    expect(kgToTonnes(24_500)).toBe(24.5);
    expect(kgToTonnes(1)).toBe(0.001);
    expect(kgToTonnes(tonnesToKg(12.345))).toBe(12.345);
  });
});

describe('minor units', () => {
  it('converts money with 2 decimals to whole minor units and back', () => {
    expect(toMinorUnits(850)).toBe(85_000);
    expect(toMinorUnits(1.15)).toBe(115);
    expect(toMinorUnits(0.29)).toBe(29);
    expect(toMinorUnits(19.99)).toBe(1999);
    expect(fromMinorUnits(1999)).toBe(19.99);
  });
});

describe('lineValue', () => {
  it('is quantity (kg) x price per tonne / 1000 in minor units', () => {
    // 25 t at 850.00 PLN/t = 21 250.00 PLN
    expect(lineValue(25_000, 85_000)).toBe(2_125_000);
    expect(lineValue(1, 100_000)).toBe(100);
    expect(lineValue(0, 85_000)).toBe(0);
  });

  it('rounds half away from zero', () => {
    expect(lineValue(1, 1500)).toBe(2); // 1.5
    expect(lineValue(1, 1499)).toBe(1); // 1.499
    expect(lineValue(1, 2500)).toBe(3); // 2.5, not banker's 2
    expect(lineValue(-1, 1500)).toBe(-2);
    expect(lineValue(1, -2500)).toBe(-3);
  });

  it('stays exact for large contracts', () => {
    // 100 000 t at 9 999.99 PLN/t
    expect(lineValue(100_000_000, 999_999)).toBe(99_999_900_000);
  });
});

describe('toPln', () => {
  it('applies a rate kept as rate x 10 000 and rounds half away from zero', () => {
    expect(toPln(10_000, 43_000)).toBe(43_000); // 100.00 EUR at 4.3000
    expect(toPln(1, 5_000)).toBe(1); // 0.5 grosz
    expect(toPln(-1, 5_000)).toBe(-1);
    expect(toPln(12_345, 10_000)).toBe(12_345);
  });
});
