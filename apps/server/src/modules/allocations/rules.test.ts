import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AllocationCheck, type AllocationContract, allocationRefusal, upperToleranceLimitKg } from './rules.js';

const noTolerance = { isTolerance: false, toleranceQuantity: null, toleranceUnit: null } as const;

describe('upperToleranceLimitKg (RULES.md Contracts, Tolerance)', () => {
  it('is the quantity without tolerance, or when the tolerance terms are incomplete or switched off', () => {
    expect(upperToleranceLimitKg({ cargoQuantityKg: 100_000, ...noTolerance })).toBe(100_000);
    expect(
      upperToleranceLimitKg({
        cargoQuantityKg: 100_000,
        isTolerance: false,
        toleranceUnit: 'T',
        toleranceQuantity: 5000,
      }),
    ).toBe(100_000);
    expect(
      upperToleranceLimitKg({
        cargoQuantityKg: 100_000,
        isTolerance: true,
        toleranceUnit: null,
        toleranceQuantity: 5000,
      }),
    ).toBe(100_000);
    expect(
      upperToleranceLimitKg({
        cargoQuantityKg: 100_000,
        isTolerance: true,
        toleranceUnit: 'T',
        toleranceQuantity: null,
      }),
    ).toBe(100_000);
  });

  it('adds the kilograms of unit T', () => {
    expect(
      upperToleranceLimitKg({
        cargoQuantityKg: 100_000,
        isTolerance: true,
        toleranceUnit: 'T',
        toleranceQuantity: 5000,
      }),
    ).toBe(105_000);
  });

  it('multiplies by 1 + percent / 100 for unit PERCENT (hundredths of a percent), floored to the kilogram', () => {
    const percent = (cargoQuantityKg: number, toleranceQuantity: number) =>
      upperToleranceLimitKg({ cargoQuantityKg, isTolerance: true, toleranceUnit: 'PERCENT', toleranceQuantity });
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
          const limit = upperToleranceLimitKg({ ...terms, toleranceQuantity: hundredths });
          expect(limit).toBeGreaterThanOrEqual(quantity);
          expect(limit).toBe(Number((BigInt(quantity) * BigInt(10_000 + hundredths)) / 10_000n));
          expect(upperToleranceLimitKg({ ...terms, toleranceQuantity: hundredths + 1 })).toBeGreaterThanOrEqual(limit);
        },
      ),
    );
  });
});

const contract = (values: Partial<AllocationContract> = {}): AllocationContract => ({
  cargoQuantityKg: 100_000,
  ...noTolerance,
  rawMaterialId: 1,
  status: 'ACTIVE',
  isGmp: false,
  isCert: false,
  allocatedKg: 0,
  ...values,
});

const check = (values: Partial<AllocationCheck> = {}): AllocationCheck => ({
  purchase: contract(),
  sale: contract(),
  currentPairKg: 0,
  requestedKg: 10_000,
  pairInTransportOrDeliveredKg: 0,
  confirmationNote: null,
  ...values,
});

describe('allocationRefusal (RULES.md Allocations)', () => {
  it('accepts a plain allocation within both limits', () => {
    expect(allocationRefusal(check())).toBeNull();
    expect(allocationRefusal(check({ requestedKg: 100_000 }))).toBeNull();
  });

  it('refuses different raw materials first', () => {
    const refusal = allocationRefusal(check({ sale: contract({ rawMaterialId: 2, status: 'CLOSED' }) }));
    expect(refusal).toBe('CONTRACT_IS_NOT_COMPATIBLE');
  });

  it.each(['TO_SETTLEMENT', 'CLOSED', 'CANCELLED'] as const)('refuses a %s contract on either side', (status) => {
    expect(allocationRefusal(check({ purchase: contract({ status }) }))).toBe('WRONG_STATUS');
    expect(allocationRefusal(check({ sale: contract({ status }) }))).toBe('WRONG_STATUS');
  });

  it('refuses passing either limit by a kilogram, counting what the contracts already have', () => {
    const purchase = contract({ allocatedKg: 90_000 });
    expect(allocationRefusal(check({ purchase, requestedKg: 10_000 }))).toBeNull();
    expect(allocationRefusal(check({ purchase, requestedKg: 10_001 }))).toBe('ALLOCATE_QUANTITY_IS_TO_BIG');
    const sale = contract({ allocatedKg: 95_000 });
    expect(allocationRefusal(check({ sale, requestedKg: 5_001 }))).toBe('ALLOCATE_QUANTITY_IS_TO_BIG');
  });

  it('checks only the growth of an edited pair, and never refuses shrinking on the limits', () => {
    const full = contract({ allocatedKg: 100_000 });
    expect(allocationRefusal(check({ purchase: full, currentPairKg: 40_000, requestedKg: 40_000 }))).toBeNull();
    expect(allocationRefusal(check({ purchase: full, currentPairKg: 40_000, requestedKg: 40_001 }))).toBe(
      'ALLOCATE_QUANTITY_IS_TO_BIG',
    );
    const over = contract({ allocatedKg: 120_000 });
    expect(allocationRefusal(check({ purchase: over, currentPairKg: 40_000, requestedKg: 30_000 }))).toBeNull();
  });

  it('refuses going below what the pair has in transport or delivered, removal included', () => {
    const pair = { currentPairKg: 40_000, pairInTransportOrDeliveredKg: 25_000 };
    expect(allocationRefusal(check({ ...pair, requestedKg: 25_000 }))).toBeNull();
    expect(allocationRefusal(check({ ...pair, requestedKg: 24_999 }))).toBe('ALLOCATE_QUANTITY_IS_TO_BIG');
    expect(allocationRefusal(check({ ...pair, requestedKg: 0 }))).toBe('ALLOCATE_QUANTITY_IS_TO_BIG');
    expect(allocationRefusal(check({ currentPairKg: 40_000, requestedKg: 0 }))).toBeNull();
  });

  it('needs a note of 10+ characters when the sale needs GMP or a certificate the purchase lacks', () => {
    for (const sale of [contract({ isGmp: true }), contract({ isCert: true })]) {
      expect(allocationRefusal(check({ sale }))).toBe('GMP_CERT_NOT_SATISFIED');
      expect(allocationRefusal(check({ sale, confirmationNote: '  9 chars  ' }))).toBe('GMP_CERT_NOT_SATISFIED');
      expect(allocationRefusal(check({ sale, confirmationNote: '10 chars!!' }))).toBeNull();
      expect(allocationRefusal(check({ sale, currentPairKg: 10_000, requestedKg: 0 }))).toBeNull();
    }
    const certified = contract({ isGmp: true, isCert: true });
    expect(allocationRefusal(check({ sale: certified, purchase: certified }))).toBeNull();
    expect(allocationRefusal(check({ purchase: certified }))).toBeNull();
  });
});
