import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isGrowthWithinTolerance, toleranceRange, toleranceUpperLimitKg } from './tolerance.js';

const noTolerance = { isTolerance: false, toleranceQuantity: null, toleranceUnit: null } as const;

describe('tolerance (RULES.md Contracts, Tolerance)', () => {
  const base = { cargoQuantityKg: 100_000, isTolerance: true };

  it('adds the tonnes of unit T', () => {
    expect(toleranceUpperLimitKg({ ...base, toleranceUnit: 'T', toleranceQuantity: 5_000 })).toBe(105_000);
  });

  it('multiplies by 1 + percent / 100 for PERCENT (hundredths of a percent), rounded down to kg', () => {
    expect(toleranceUpperLimitKg({ ...base, toleranceUnit: 'PERCENT', toleranceQuantity: 250 })).toBe(102_500);
    expect(
      toleranceUpperLimitKg({
        cargoQuantityKg: 33_333,
        isTolerance: true,
        toleranceUnit: 'PERCENT',
        toleranceQuantity: 1_000,
      }),
    ).toBe(36_666);
  });

  it('is the quantity without tolerance, whatever the other fields say', () => {
    expect(toleranceUpperLimitKg({ ...base, isTolerance: false, toleranceUnit: 'T', toleranceQuantity: 5_000 })).toBe(
      100_000,
    );
    expect(toleranceUpperLimitKg({ ...base, toleranceUnit: null, toleranceQuantity: null })).toBe(100_000);
  });

  it('stays exact for quantities near 2^53', () => {
    const huge = 2 ** 52;
    expect(
      toleranceUpperLimitKg({
        cargoQuantityKg: huge,
        isTolerance: true,
        toleranceUnit: 'PERCENT',
        toleranceQuantity: 10,
      }),
    ).toBe(huge + Number((BigInt(huge) * 10n) / 10_000n));
  });

  it('gives the range quantity ± tolerance, never below 0, and null without tolerance', () => {
    expect(toleranceRange({ ...base, toleranceUnit: 'T', toleranceQuantity: 5_000 })).toEqual({
      minKg: 95_000,
      maxKg: 105_000,
    });
    expect(toleranceRange({ ...base, toleranceUnit: 'PERCENT', toleranceQuantity: 1_000 })).toEqual({
      minKg: 90_000,
      maxKg: 110_000,
    });
    expect(toleranceRange({ ...base, toleranceUnit: 'T', toleranceQuantity: 200_000 })).toEqual({
      minKg: 0,
      maxKg: 300_000,
    });
    expect(toleranceRange({ ...base, isTolerance: false, toleranceUnit: 'T', toleranceQuantity: 1 })).toBeNull();
  });
});

describe('toleranceUpperLimitKg, more cases', () => {
  it('is the quantity without tolerance, or when the tolerance terms are incomplete or switched off', () => {
    expect(toleranceUpperLimitKg({ cargoQuantityKg: 100_000, ...noTolerance })).toBe(100_000);
    expect(
      toleranceUpperLimitKg({
        cargoQuantityKg: 100_000,
        isTolerance: false,
        toleranceUnit: 'T',
        toleranceQuantity: 5000,
      }),
    ).toBe(100_000);
    expect(
      toleranceUpperLimitKg({
        cargoQuantityKg: 100_000,
        isTolerance: true,
        toleranceUnit: null,
        toleranceQuantity: 5000,
      }),
    ).toBe(100_000);
    expect(
      toleranceUpperLimitKg({
        cargoQuantityKg: 100_000,
        isTolerance: true,
        toleranceUnit: 'T',
        toleranceQuantity: null,
      }),
    ).toBe(100_000);
  });

  it('adds the kilograms of unit T', () => {
    expect(
      toleranceUpperLimitKg({
        cargoQuantityKg: 100_000,
        isTolerance: true,
        toleranceUnit: 'T',
        toleranceQuantity: 5000,
      }),
    ).toBe(105_000);
  });

  it('multiplies by 1 + percent / 100 for unit PERCENT (hundredths of a percent), floored to the kilogram', () => {
    const percent = (cargoQuantityKg: number, toleranceQuantity: number) =>
      toleranceUpperLimitKg({ cargoQuantityKg, isTolerance: true, toleranceUnit: 'PERCENT', toleranceQuantity });
    expect(percent(100_000, 250)).toBe(102_500);
    expect(percent(12_345, 250)).toBe(12_653);
    expect(percent(999, 1)).toBe(999);
    expect(percent(100_000, 0)).toBe(100_000);
    // Exact near 2^53, where a float product would round.
    expect(percent(9_000_000_000_000, 10_000)).toBe(18_000_000_000_000);
    expect(percent(4_503_599_627_370_495, 1)).toBe(4_503_599_627_370_495 + 450_359_962_737);
  });

  it('never goes below the quantity and grows with the percentage', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 12 }),
        fc.integer({ min: 0, max: 10_000 }),
        (quantity, hundredths) => {
          const terms = { cargoQuantityKg: quantity, isTolerance: true, toleranceUnit: 'PERCENT' as const };
          const limit = toleranceUpperLimitKg({ ...terms, toleranceQuantity: hundredths });
          expect(limit).toBeGreaterThanOrEqual(quantity);
          expect(limit).toBe(Number((BigInt(quantity) * BigInt(10_000 + hundredths)) / 10_000n));
          expect(toleranceUpperLimitKg({ ...terms, toleranceQuantity: hundredths + 1 })).toBeGreaterThanOrEqual(limit);
        },
      ),
    );
  });
});

describe('isGrowthWithinTolerance (RULES.md Allocations)', () => {
  const contract = {
    cargoQuantityKg: 100_000,
    isTolerance: true,
    toleranceUnit: 'T' as const,
    toleranceQuantity: 5_000,
  };

  it('lets the allocated sum reach the upper limit and refuses a kilogram more', () => {
    expect(isGrowthWithinTolerance({ ...contract, allocatedKg: 100_000 }, 5_000)).toBe(true);
    expect(isGrowthWithinTolerance({ ...contract, allocatedKg: 100_000 }, 5_001)).toBe(false);
  });

  it('never refuses shrinking or no change, even past the limit', () => {
    expect(isGrowthWithinTolerance({ ...contract, allocatedKg: 120_000 }, 0)).toBe(true);
    expect(isGrowthWithinTolerance({ ...contract, allocatedKg: 120_000 }, -1_000)).toBe(true);
  });
});
