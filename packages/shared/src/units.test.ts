import { describe, expect, it } from 'vitest';
import {
  fromMinorUnits,
  kgToTonnes,
  RATE_SCALE,
  rateFromScaled,
  rateToScaled,
  toMinorUnits,
  tonnesToKg,
} from './units.js';

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

describe('exchange rates', () => {
  it('keeps a typed rate × 10 000 as a whole number and reads it back', () => {
    expect(RATE_SCALE).toBe(10_000);
    expect(rateToScaled(4.2512)).toBe(42_512);
    expect(rateToScaled(4.35)).toBe(43_500);
    expect(rateFromScaled(42_512)).toBe(4.2512);
    expect(rateFromScaled(rateToScaled(0.0001))).toBe(0.0001);
  });
});
