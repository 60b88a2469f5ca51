import { describe, expect, it } from 'vitest';
import {
  type AllocationPurchase,
  type AllocationSale,
  allocationAction,
  allocationContext,
  allocationFormSchema,
  allocationWarning,
  blockingRefusal,
  initialAllocationValues,
  isBelowTransported,
  isOverToleranceLimit,
  needsMismatchStep,
  quantityWarning,
  toAllocateRequest,
} from './allocation-form';

const sale = (overrides: Partial<AllocationSale> = {}): AllocationSale => ({
  rawMaterialId: 1,
  status: 'ACTIVE',
  isGmp: false,
  isCert: false,
  toAllocate: 50_000,
  allocated: 50_000,
  toleranceUpperLimit: 110_000,
  ...overrides,
});

const purchase = (overrides: Partial<AllocationPurchase> = {}): AllocationPurchase => ({
  id: 7,
  rawMaterialId: 1,
  status: 'ACTIVE',
  isGmp: false,
  isCert: false,
  cargoQuantity: 80_000,
  allocated: 50_000,
  toleranceUpperLimit: 80_000,
  allocationId: null,
  allocatedOnPurchase: 0,
  plannedOnPurchase: 0,
  inDeliveryOnPurchase: 0,
  deliveredOnPurchase: 0,
  confirmationNote: null,
  ...overrides,
});

/** An existing pair of 20 t between the two. */
const pair = (overrides: Partial<AllocationPurchase> = {}) =>
  purchase({ allocationId: 3, allocatedOnPurchase: 20_000, ...overrides });

const errorsOf = (context: ReturnType<typeof allocationContext>, values: object) => {
  const result = allocationFormSchema(context).safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe('allocationContext', () => {
  it('counts what is left on each side, with the pair itself counted back in on edit', () => {
    const add = allocationContext(sale(), purchase());
    expect(add).toMatchObject({ isEdit: false, currentKg: 0, purchaseLeftKg: 30_000, saleLeftKg: 50_000 });
    const edit = allocationContext(sale(), pair());
    expect(edit).toMatchObject({ isEdit: true, currentKg: 20_000, purchaseLeftKg: 50_000, saleLeftKg: 70_000 });
    expect(edit.sale).toMatchObject({ cargoQuantityKg: 110_000, isTolerance: false, allocatedKg: 50_000 });
  });
});

describe('quantityWarning', () => {
  const context = allocationContext(sale(), purchase());

  it('warns about the purchase, the sale or both when the plain quantity is passed', () => {
    expect(quantityWarning(30_000, context)).toBeNull();
    expect(quantityWarning(30_001, context)).toBe('purchase');
    expect(quantityWarning(50_001, context)).toBe('both');
    const roomyPurchase = allocationContext(sale(), purchase({ cargoQuantity: 200_000, toleranceUpperLimit: 200_000 }));
    expect(quantityWarning(50_001, roomyPurchase)).toBe('sale');
  });

  it('says nothing without a quantity', () => {
    expect(quantityWarning(null, context)).toBeNull();
  });

  it('tells whether the tolerance limit is passed too (the server refuses then)', () => {
    const saleWithTolerance = allocationContext(
      sale(),
      purchase({ cargoQuantity: 200_000, toleranceUpperLimit: 200_000 }),
    );
    expect(quantityWarning(55_000, saleWithTolerance)).toBe('sale');
    expect(isOverToleranceLimit(55_000, saleWithTolerance)).toBe(false);
    expect(isOverToleranceLimit(60_001, saleWithTolerance)).toBe(true);
    // Shrinking an existing pair never passes a limit.
    expect(isOverToleranceLimit(10_000, allocationContext(sale({ allocated: 200_000 }), pair()))).toBe(false);
  });

  it('warns when an edit goes below what the pair has in delivery or delivered', () => {
    const context = allocationContext(sale(), pair({ inDeliveryOnPurchase: 5_000, deliveredOnPurchase: 2_000 }));
    expect(isBelowTransported(6_999, context)).toBe(true);
    expect(isBelowTransported(7_000, context)).toBe(false);
  });

  it('counts the planned NEW transports of the pair as the server does (allocationFloorKg)', () => {
    const context = allocationContext(
      sale(),
      pair({ plannedOnPurchase: 10_000, inDeliveryOnPurchase: 5_000, deliveredOnPurchase: 2_000 }),
    );
    expect(context.transportedKg).toBe(17_000);
    expect(isBelowTransported(16_999, context)).toBe(true);
    expect(isBelowTransported(17_000, context)).toBe(false);
  });
});

describe('mismatch step', () => {
  it('is needed when the sale requires GMP or a certificate the purchase lacks', () => {
    const gmp = allocationContext(sale({ isGmp: true }), purchase());
    expect(gmp).toMatchObject({ missingGmp: true, missingCert: false, hasMismatch: true });
    expect(needsMismatchStep(1_000, gmp)).toBe(true);
    const cert = allocationContext(sale({ isCert: true }), purchase({ isGmp: true }));
    expect(cert).toMatchObject({ missingGmp: false, missingCert: true });
    expect(needsMismatchStep(1_000, cert)).toBe(true);
  });

  it('is not needed when the purchase meets the requirements, nor when the pair is removed', () => {
    const met = allocationContext(sale({ isGmp: true, isCert: true }), purchase({ isGmp: true, isCert: true }));
    expect(needsMismatchStep(1_000, met)).toBe(false);
    const gmp = allocationContext(sale({ isGmp: true }), pair());
    expect(needsMismatchStep(0, gmp)).toBe(false);
    expect(needsMismatchStep(null, gmp)).toBe(false);
  });

  it('requires a note of at least 10 characters, trimmed', () => {
    const context = allocationContext(sale({ isGmp: true }), purchase());
    expect(errorsOf(context, { cargoQuantity: 5, confirmationNote: '  short   ' })).toEqual({
      confirmationNote: 'noteTooShort',
    });
    expect(errorsOf(context, { cargoQuantity: 5, confirmationNote: 'Klient się zgodził' })).toEqual({});
  });
});

describe('add vs edit validation', () => {
  it('on add needs a quantity greater than 0', () => {
    const context = allocationContext(sale(), purchase());
    expect(errorsOf(context, { cargoQuantity: null, confirmationNote: '' })).toEqual({ cargoQuantity: 'required' });
    expect(errorsOf(context, { cargoQuantity: 0, confirmationNote: '' })).toEqual({ cargoQuantity: 'positive' });
    expect(errorsOf(context, { cargoQuantity: 0.0001, confirmationNote: '' })).toEqual({ cargoQuantity: 'positive' });
    expect(errorsOf(context, { cargoQuantity: 0.001, confirmationNote: '' })).toEqual({});
  });

  it('on edit accepts 0 (removal) but not less', () => {
    const context = allocationContext(sale(), pair());
    expect(errorsOf(context, { cargoQuantity: 0, confirmationNote: '' })).toEqual({});
    expect(errorsOf(context, { cargoQuantity: -1, confirmationNote: '' })).toEqual({ cargoQuantity: 'nonNegative' });
  });

  it('starts an edit from the pair allocation and its note', () => {
    expect(initialAllocationValues(pair())).toEqual({ cargoQuantity: 20, confirmationNote: '' });
  });

  it('names the action: create, update or remove', () => {
    expect(allocationAction({ cargoQuantity: 5, confirmationNote: '' }, allocationContext(sale(), purchase()))).toBe(
      'create',
    );
    const edit = allocationContext(sale(), pair());
    expect(allocationAction({ cargoQuantity: 5, confirmationNote: '' }, edit)).toBe('update');
    expect(allocationAction({ cargoQuantity: 0, confirmationNote: '' }, edit)).toBe('remove');
  });
});

describe('toAllocateRequest', () => {
  it('sends kilograms, and the note only with a mismatch', () => {
    const plain = allocationContext(sale(), purchase());
    expect(toAllocateRequest({ cargoQuantity: 12.345, confirmationNote: 'ignored note' }, 7, plain)).toEqual({
      purchaseId: 7,
      cargoQuantity: 12_345,
      confirmationNote: null,
    });
    const gmp = allocationContext(sale({ isGmp: true }), pair({ confirmationNote: 'Stara notatka' }));
    expect(initialAllocationValues(pair({ confirmationNote: 'Stara notatka' })).confirmationNote).toBe('Stara notatka');
    expect(toAllocateRequest({ cargoQuantity: 3, confirmationNote: ' Klient akceptuje brak GMP ' }, 7, gmp)).toEqual({
      purchaseId: 7,
      cargoQuantity: 3_000,
      confirmationNote: 'Klient akceptuje brak GMP',
    });
  });

  it('sends no note with a removal (spec/2: null when the quantity is 0 on edit)', () => {
    const gmp = allocationContext(sale({ isGmp: true }), pair());
    expect(
      toAllocateRequest({ cargoQuantity: 0, confirmationNote: 'Cokolwiek długiego' }, 7, gmp).confirmationNote,
    ).toBe(null);
  });
});

describe('allocationWarning (the shared allocationRefusal, RULES.md Allocations)', () => {
  it('answers what the server would: the tolerance limit, the floor, the note, nothing when it fits', () => {
    const context = allocationContext(sale(), purchase());
    expect(allocationWarning(null, null, context)).toBeNull();
    expect(allocationWarning(30_000, null, context)).toBeNull();
    // The purchase's upper limit is 80 t with 50 t allocated: 30 t fits, one kilogram more does not.
    expect(allocationWarning(30_001, null, context)).toBe('ALLOCATE_QUANTITY_IS_TO_BIG');
    const floor = allocationContext(sale(), pair({ deliveredOnPurchase: 7_000 }));
    expect(allocationWarning(6_999, null, floor)).toBe('ALLOCATE_QUANTITY_IS_TO_BIG');
    expect(isBelowTransported(6_999, floor)).toBe(true);
    expect(isOverToleranceLimit(6_999, floor)).toBe(false);
    const gmp = allocationContext(sale({ isGmp: true }), purchase());
    expect(allocationWarning(5_000, 'krótka', gmp)).toBe('GMP_CERT_NOT_SATISFIED');
    expect(allocationWarning(5_000, 'Klient się zgodził', gmp)).toBeNull();
  });

  it('refuses another raw material and a closed contract, which no quantity fixes', () => {
    expect(blockingRefusal(allocationContext(sale(), purchase()))).toBeNull();
    expect(blockingRefusal(allocationContext(sale({ rawMaterialId: 2 }), purchase()))).toBe(
      'CONTRACT_IS_NOT_COMPATIBLE',
    );
    expect(blockingRefusal(allocationContext(sale({ status: 'CLOSED' }), purchase()))).toBe('WRONG_STATUS');
  });

  it('asks for the note even when the quantity is refused too, as the mismatch step shows it', () => {
    const gmp = allocationContext(sale({ isGmp: true }), purchase());
    expect(errorsOf(gmp, { cargoQuantity: 500, confirmationNote: 'krótka' })).toEqual({
      confirmationNote: 'noteTooShort',
    });
  });
});
