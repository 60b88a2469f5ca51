import { describe, expect, it } from 'vitest';
import { CONTRACT_STATUSES } from '../enums.js';
import {
  type AllocationCheck,
  type AllocationContract,
  allocationFloorKg,
  allocationRefusal,
  gmpCertGaps,
  isAllocatableStatus,
  isConfirmationNoteSufficient,
} from './allocations.js';

const noTolerance = { isTolerance: false, toleranceQuantity: null, toleranceUnit: null } as const;

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
  floorKg: 0,
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
    const pair = { currentPairKg: 40_000, floorKg: 25_000 };
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

describe('allocatable statuses, notes and GMP/cert gaps (RULES.md Allocations)', () => {
  it('allocates only on NEW, NEXT_SEASON and ACTIVE contracts', () => {
    expect(CONTRACT_STATUSES.filter(isAllocatableStatus)).toEqual(['NEW', 'NEXT_SEASON', 'ACTIVE']);
  });

  it('takes a note of 10 characters after trimming', () => {
    expect(isConfirmationNoteSufficient('  123456789  ')).toBe(false);
    expect(isConfirmationNoteSufficient('1234567890')).toBe(true);
    expect(isConfirmationNoteSufficient(null)).toBe(false);
  });

  it("names which of the sale's requirements the purchase lacks", () => {
    const none = { isGmp: false, isCert: false };
    const both = { isGmp: true, isCert: true };
    expect(gmpCertGaps(both, none)).toEqual({ missingGmp: true, missingCert: true, hasMismatch: true });
    expect(gmpCertGaps({ isGmp: false, isCert: true }, none)).toEqual({
      missingGmp: false,
      missingCert: true,
      hasMismatch: true,
    });
    expect(gmpCertGaps(none, both)).toEqual({ missingGmp: false, missingCert: false, hasMismatch: false });
  });
});

describe('allocationFloorKg (RULES.md Allocations)', () => {
  it('counts planned NEW transports as well as in delivery and delivered', () => {
    expect(allocationFloorKg({ plannedNewKg: 25_000, inDeliveryKg: 10_000, deliveredKg: 5_000 })).toBe(40_000);
    expect(allocationFloorKg({ plannedNewKg: 0, inDeliveryKg: 0, deliveredKg: 0 })).toBe(0);
  });
});
