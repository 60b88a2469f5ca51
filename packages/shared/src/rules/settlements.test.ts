import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currentPlnValue,
  effectiveQuantityKg,
  finalValueOf,
  lineValue,
  moveRefusal,
  proportionalShare,
  type SplitFigures,
  settlementExchangeRate,
  splitFigures,
  toPln,
} from './settlements.js';

describe('finalValueOf', () => {
  it('is kg × price per tonne / 1000 rounded to minor units, minus deductions, plus surcharges', () => {
    expect(finalValueOf({ quantityKg: 24_537, price: 123_456, deductions: 0, surcharges: 0 })).toBe(3_029_240);
    expect(finalValueOf({ quantityKg: 24_537, price: 123_456, deductions: 240, surcharges: 5 })).toBe(3_029_005);
    expect(finalValueOf({ quantityKg: 1, price: 500, deductions: 0, surcharges: 0 })).toBe(1);
    expect(finalValueOf({ quantityKg: 1, price: 499, deductions: 0, surcharges: 0 })).toBe(0);
  });
});

describe('settlementExchangeRate', () => {
  it('uses 10 000 for PLN and refuses another rate', () => {
    expect(settlementExchangeRate('PLN', undefined, null)).toEqual({ rate: 10_000 });
    expect(settlementExchangeRate('PLN', 10_000, 10_000)).toEqual({ rate: 10_000 });
    expect(settlementExchangeRate('PLN', 42_000, null)).toEqual({ refusal: 'VALUE_IS_WRONG' });
  });

  it('needs a rate for EUR and USD: the given one, else the stored one, else VALUE_IS_MISSING', () => {
    expect(settlementExchangeRate('EUR', 42_512, null)).toEqual({ rate: 42_512 });
    expect(settlementExchangeRate('USD', null, 39_001)).toEqual({ rate: 39_001 });
    expect(settlementExchangeRate('EUR', 42_512, 39_001)).toEqual({ rate: 42_512 });
    expect(settlementExchangeRate('USD', undefined, null)).toEqual({ refusal: 'VALUE_IS_MISSING' });
  });
});

describe('currentPlnValue', () => {
  const row = {
    currency: 'EUR' as const,
    exchangeRate: null,
    plannedValue: 1_000,
    realValue: null,
    finalValue: null,
    deductions: 0,
    surcharges: 0,
  };

  it('is empty for EUR and USD until the rate is known', () => {
    expect(currentPlnValue(row)).toBeNull();
  });

  it('converts the final, else real, else planned value', () => {
    expect(currentPlnValue({ ...row, exchangeRate: 42_512 })).toBe(4_251);
    expect(currentPlnValue({ ...row, exchangeRate: 42_512, realValue: 2_000 })).toBe(8_502);
    expect(currentPlnValue({ ...row, exchangeRate: 42_512, realValue: 2_000, finalValue: 3 })).toBe(13);
    expect(currentPlnValue({ ...row, currency: 'PLN', realValue: 2_001 })).toBe(2_001);
  });

  it('takes an unsettled row at what settling would write: less deductions, plus surcharges', () => {
    expect(currentPlnValue({ ...row, currency: 'PLN', realValue: 2_000, deductions: 300, surcharges: 50 })).toBe(1_750);
    expect(currentPlnValue({ ...row, currency: 'PLN', realValue: 2_000, finalValue: 1_900, deductions: 300 })).toBe(
      1_900,
    );
  });
});

describe('proportionalShare', () => {
  it('rounds half away from zero, exactly beyond 2^53 intermediate products', () => {
    expect(proportionalShare(3, 1, 2)).toBe(2);
    expect(proportionalShare(5, 1, 4)).toBe(1);
    expect(proportionalShare(-3, 1, 2)).toBe(-2);
    expect(proportionalShare(9_007_199_254_740_991, 2, 3)).toBe(6_004_799_503_160_661);
  });
});

describe('splitFigures', () => {
  const row: SplitFigures = {
    plannedQuantityKg: 25_003,
    realQuantityKg: 24_537,
    plannedValue: 3_086_795,
    realValue: 3_029_264,
    deductions: 1_001,
    surcharges: 0,
    plnValue: null,
  };

  it('splits off the quantity of the real figures, the rest proportionally, remainder on the original', () => {
    const split = splitFigures(row, 7_777)!;
    expect(split.created).toMatchObject({ realQuantityKg: 7_777, plannedQuantityKg: 7_925, deductions: 317 });
    expect(split.original).toMatchObject({ realQuantityKg: 16_760, plannedQuantityKg: 17_078, deductions: 684 });
    expect(split.created.plnValue).toBeNull();
  });

  it('uses the planned quantity when there is no real one', () => {
    const split = splitFigures({ ...row, realQuantityKg: null, realValue: null }, 3)!;
    expect(split.created).toMatchObject({ plannedQuantityKg: 3, realQuantityKg: null, realValue: null });
  });

  it('refuses 0, the whole quantity and more, and a split that would leave a planned quantity of 0', () => {
    expect(effectiveQuantityKg(row)).toBe(24_537);
    for (const quantity of [0, -1, 24_537, 24_538]) expect(splitFigures(row, quantity)).toBeNull();
    expect(splitFigures({ ...row, plannedQuantityKg: 1 }, 100)).toBeNull();
  });

  it('always adds up to the original exactly', () => {
    const figure = fc.integer({ min: 0, max: 1_000_000_000_000 });
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        figure,
        figure,
        figure,
        fc.option(figure, { nil: null }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (realKg, plannedKg, plannedValue, realValue, deductions, plnValue, at) => {
          const quantity = Math.min(realKg - 1, Math.max(1, Math.floor(at * realKg)));
          const original = { ...row, realQuantityKg: realKg, plannedQuantityKg: plannedKg, plannedValue, realValue };
          const split = splitFigures({ ...original, deductions, plnValue }, quantity);
          if (!split) return;
          expect(split.created.realQuantityKg).toBe(quantity);
          for (const key of [
            'plannedQuantityKg',
            'realQuantityKg',
            'plannedValue',
            'realValue',
            'deductions',
          ] as const) {
            expect(split.original[key]! + split.created[key]!).toBe({ ...original, deductions }[key]);
          }
          if (plnValue !== null) expect(split.original.plnValue! + split.created.plnValue!).toBe(plnValue);
          expect(split.original.plannedQuantityKg).toBeGreaterThan(0);
          expect(split.created.plannedQuantityKg).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('moveRefusal', () => {
  const row = { contractorId: 7, currency: 'PLN' as const };
  const target = { status: 'ACTIVE', counterpartyId: 7, rawMaterialId: 1, currency: 'PLN' as const };

  it('allows a contract of the same counterparty, raw material and currency that is not closed or cancelled', () => {
    for (const status of ['NEW', 'NEXT_SEASON', 'ACTIVE', 'TO_SETTLEMENT']) {
      expect(moveRefusal(row, 1, { ...target, status })).toBeNull();
    }
  });

  it('refuses another counterparty, raw material or currency, then closed and cancelled contracts', () => {
    expect(moveRefusal(row, 1, { ...target, counterpartyId: 8 })).toBe('CONTRACT_IS_NOT_COMPATIBLE');
    expect(moveRefusal(row, 2, target)).toBe('CONTRACT_IS_NOT_COMPATIBLE');
    expect(moveRefusal(row, 1, { ...target, currency: 'EUR' })).toBe('CONTRACT_IS_NOT_COMPATIBLE');
    expect(moveRefusal(row, 1, { ...target, status: 'CLOSED' })).toBe('WRONG_STATUS');
    expect(moveRefusal(row, 1, { ...target, status: 'CANCELLED' })).toBe('WRONG_STATUS');
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
