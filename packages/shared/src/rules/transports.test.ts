import { describe, expect, it } from 'vitest';
import { isAllocationNoteMissing } from './allocations.js';
import { lineValue, valueAfterDeductions } from './settlements.js';
import {
  areBookingsOverlapping,
  counterChange,
  countersOf,
  type DeliveryInput,
  deliveredPriceOption,
  deliveryGrowth,
  deliveryTransactions,
  fitsAllocation,
  isAllowedTransportStatusChange,
  isDoubleBookingNoteMissing,
  isEditableTransport,
  isGmpNoteMissing,
  isGmpNotSatisfied,
  isNoCounterChange,
  isReallocatableTransport,
  isRedirectNoteNeeded,
  isRemovableTransport,
  isTransportableContract,
  missingOnTheWayFields,
  NO_COUNTERS,
  type RedirectCheck,
  redirectRefusal,
  type VehicleBooking,
  vehicleClashes,
  vehicleClashOf,
} from './transports.js';
import { vehicleKey } from './vehicle-key.js';

describe('transport status rules (RULES.md Transports)', () => {
  it('allows only the transitions of the table; DELIVERED goes through set-status-delivered', () => {
    expect(isAllowedTransportStatusChange('NEW', 'ON_THE_WAY')).toBe(true);
    expect(isAllowedTransportStatusChange('ON_THE_WAY', 'NEW')).toBe(true);
    expect(isAllowedTransportStatusChange('ON_THE_WAY', 'DELIVERED')).toBe(false);
    expect(isAllowedTransportStatusChange('NEW', 'RETURN_TO_CLIENT')).toBe(false);
    expect(isAllowedTransportStatusChange('CANCELLED', 'NEW')).toBe(false);
  });

  it('edits and removes only NEW and ON_THE_WAY, redirects only ON_THE_WAY', () => {
    expect([isEditableTransport('NEW'), isEditableTransport('ON_THE_WAY'), isEditableTransport('DELIVERED')]).toEqual([
      true,
      true,
      false,
    ]);
    expect([isRemovableTransport('ON_THE_WAY'), isRemovableTransport('CANCELLED')]).toEqual([true, false]);
    expect([isReallocatableTransport('ON_THE_WAY'), isReallocatableTransport('NEW')]).toEqual([true, false]);
  });

  it('names the ON_THE_WAY fields that are missing or blank', () => {
    const filled = { registrationNumber: 'PO 1', driverName: 'Jan', phoneNumber: '600', driverDocumentId: 'A1' };
    expect(missingOnTheWayFields(filled)).toEqual([]);
    expect(missingOnTheWayFields({ ...filled, driverName: ' ', phoneNumber: null })).toEqual([
      'driverName',
      'phoneNumber',
    ]);
  });

  it('needs a 10-character note only when the sale requires GMP and the transport has none', () => {
    expect(isGmpNotSatisfied(true, false)).toBe(true);
    expect(isGmpNoteMissing(true, false, '123456789')).toBe(true);
    expect(isGmpNoteMissing(true, false, '1234567890')).toBe(false);
    expect(isGmpNoteMissing(true, true, null)).toBe(false);
    expect(isGmpNoteMissing(false, false, null)).toBe(false);
  });
});

describe('countersOf / counterChange (RULES.md Contracts, derived values)', () => {
  it('counts ON_THE_WAY as planned kg in delivery and DELIVERED as real kg delivered', () => {
    expect(countersOf('ON_THE_WAY', 25_000)).toEqual({ inDeliveryKg: 25_000, inDeliveryCount: 1, deliveredKg: 0 });
    expect(countersOf('DELIVERED', 25_000, 24_510)).toEqual({
      inDeliveryKg: 0,
      inDeliveryCount: 0,
      deliveredKg: 24_510,
    });
    for (const status of ['NEW', 'RETURN_TO_CLIENT', 'CANCELLED'] as const) {
      expect(countersOf(status, 25_000, 25_000)).toEqual(NO_COUNTERS);
    }
  });

  it('answers the difference a change makes', () => {
    const delivery = counterChange(countersOf('ON_THE_WAY', 25_000), countersOf('DELIVERED', 25_000, 24_000));
    expect(delivery).toEqual({ inDeliveryKg: -25_000, inDeliveryCount: -1, deliveredKg: 24_000 });
    expect(isNoCounterChange(counterChange(countersOf('NEW', 1), countersOf('CANCELLED', 1)))).toBe(true);
    expect(isNoCounterChange(delivery)).toBe(false);
  });
});

describe('fitsAllocation (RULES.md Transports)', () => {
  it('accepts up to the allocation and refuses one kilogram more', () => {
    expect(fitsAllocation({ allocationKg: 100_000, committedKg: 75_000, transportKg: 25_000 })).toBe(true);
    expect(fitsAllocation({ allocationKg: 100_000, committedKg: 75_000, transportKg: 25_001 })).toBe(false);
  });
});

describe('contract rules of a transport', () => {
  it('takes transports on every contract status but CANCELLED and CLOSED', () => {
    expect(['NEW', 'NEXT_SEASON', 'ACTIVE', 'TO_SETTLEMENT'].every((s) => isTransportableContract(s as 'NEW'))).toBe(
      true,
    );
    expect(isTransportableContract('CANCELLED') || isTransportableContract('CLOSED')).toBe(false);
  });

  it('asks for a 10-character note when the sale needs GMP or a certificate the purchase lacks', () => {
    const plain = { isGmp: false, isCert: false };
    expect(isAllocationNoteMissing({ isGmp: false, isCert: true }, plain, null)).toBe(true);
    expect(isAllocationNoteMissing({ isGmp: true, isCert: false }, plain, ' 123456789 ')).toBe(true);
    expect(isAllocationNoteMissing({ isGmp: true, isCert: false }, plain, '1234567890')).toBe(false);
    expect(isAllocationNoteMissing({ isGmp: true, isCert: true }, { isGmp: true, isCert: true }, null)).toBe(false);
  });
});

describe('deliveryTransactions (RULES.md Transports, Delivered)', () => {
  const input: DeliveryInput = {
    transport: {
      id: 7,
      carrierId: 3,
      cargoQuantityKg: 25_000,
      pricePerTon: 15_033,
      currency: 'PLN',
      dateLoading: '2026-03-02',
    },
    purchase: { id: 1, counterpartyId: 11, price: 100_000, currency: 'PLN', rawMaterialQualityId: 5 },
    sale: { id: 2, counterpartyId: 12, price: 23_500, currency: 'EUR', rawMaterialQualityId: 6 },
    unloading: {
      id: 9,
      unloadingDate: '2026-03-05',
      realCargoQuantityKg: 24_510,
      realCargoPrice: 101_050,
      realCargoQualityId: null,
      purchaseDeductions: null,
      salesDeductions: null,
      transportDeductions: null,
      details: null,
    },
    accountingMethodOf: (id) => (id === 11 ? 'RR' : 'VAT'),
  };

  it('prices each row from its own side and rounds half a grosz away from zero', () => {
    const [purchase, sales, transport] = deliveryTransactions(input);
    expect(purchase).toMatchObject({
      kind: 'PURCHASE',
      contractorId: 11,
      plannedValue: 2_500_000,
      realValue: 2_476_736,
    });
    expect(sales).toMatchObject({ kind: 'SALES', contractorId: 12, plannedValue: 587_500, realValue: 575_985 });
    expect(transport).toMatchObject({ kind: 'TRANSPORT', contractId: null, plannedValue: 375_825, realValue: 368_459 });
  });

  it('sets the PLN rate and value only for PLN rows and takes the planned quality when none is given', () => {
    const [purchase, sales, transport] = deliveryTransactions(input);
    expect([purchase!.exchangeRate, sales!.exchangeRate, transport!.exchangeRate]).toEqual([10_000, null, 10_000]);
    expect([purchase!.plnValue, sales!.plnValue]).toEqual([2_476_736, null]);
    expect([purchase!.realQualityId, sales!.realQualityId, transport!.realQualityId]).toEqual([5, 6, null]);
    expect([purchase!.deductions, sales!.deductions, transport!.deductions]).toEqual([0, 0, 0]);
    expect([purchase!.accountingMethod, sales!.accountingMethod]).toEqual(['RR', 'VAT']);
  });

  it('puts the real quality on both goods rows', () => {
    const rows = deliveryTransactions({ ...input, unloading: { ...input.unloading, realCargoQualityId: 8 } });
    expect(rows.map((row) => row.realQualityId)).toEqual([8, 8, null]);
  });

  describe('free deductions, each on its own side (RULES.md Invoices, VAT and KSeF)', () => {
    const deductionsOf = (unloading: Partial<DeliveryInput['unloading']>, sale = input.sale) =>
      deliveryTransactions({ ...input, sale, unloading: { ...input.unloading, ...unloading } }).map((row) => [
        row.currency,
        row.deductions,
      ]);

    it('leaves the EUR sale untouched by a PLN purchase deduction, and the PLN purchase by an EUR sale deduction', () => {
      // 500,00 typed on a PLN purchase once became 500,00 EUR on the sales row.
      expect(deductionsOf({ purchaseDeductions: 50_000 })).toEqual([
        ['PLN', 50_000],
        ['EUR', 0],
        ['PLN', 0],
      ]);
      expect(deductionsOf({ salesDeductions: 4_000 })).toEqual([
        ['PLN', 0],
        ['EUR', 4_000],
        ['PLN', 0],
      ]);
      expect(deductionsOf({ purchaseDeductions: 50_000, salesDeductions: 4_000, transportDeductions: 700 })).toEqual([
        ['PLN', 50_000],
        ['EUR', 4_000],
        ['PLN', 700],
      ]);
    });

    it('never copies a deduction to another side of the same currency either', () => {
      const plnSale = { ...input.sale, currency: 'PLN' as const };
      expect(deductionsOf({ purchaseDeductions: 990 }, plnSale)).toEqual([
        ['PLN', 990],
        ['PLN', 0],
        ['PLN', 0],
      ]);
      expect(deductionsOf({ transportDeductions: 300 }, plnSale)).toEqual([
        ['PLN', 0],
        ['PLN', 0],
        ['PLN', 300],
      ]);
    });

    it("takes a row's deduction off its value in its own currency: the value the statement shows", () => {
      const [purchase, sales] = deliveryTransactions({
        ...input,
        unloading: { ...input.unloading, purchaseDeductions: 50_000, salesDeductions: 4_000 },
      });
      expect(valueAfterDeductions({ ...purchase!, value: purchase!.realValue })).toBe(2_476_736 - 50_000);
      expect(valueAfterDeductions({ ...sales!, value: sales!.realValue })).toBe(575_985 - 4_000);
    });
  });

  it('settles each goods row by its own contract terms when lab results are given', () => {
    const moisture = {
      parameter: 'Wilgotność',
      unit: '%',
      rule: 'MOISTURE_SHRINK',
      direction: 'MAX',
      basis: 1450,
      rejectionLimit: 2000,
      handlingPercent: 0,
      step: null,
      discountPerStep: null,
      premiumPerStep: null,
      isStepped: false,
      isPercentOfPrice: false,
      dryingFeePerPoint: null,
    } as const;
    const protein = {
      ...moisture,
      parameter: 'Białko',
      rule: 'PRICE',
      direction: 'MIN',
      basis: 1250,
      rejectionLimit: null,
      step: 10,
      discountPerStep: 200,
      premiumPerStep: 150,
      isStepped: true,
    } as const;
    const rows = deliveryTransactions({
      ...input,
      purchase: { ...input.purchase, qualityTerms: [moisture, protein] },
      sale: { ...input.sale, qualityTerms: [{ ...moisture, basis: 1500 }] },
      unloading: {
        ...input.unloading,
        realCargoQuantityKg: 25_000,
        purchaseDeductions: 100,
        salesDeductions: 40,
        labResults: [
          { parameter: 'Wilgotność', value: 1650 },
          { parameter: 'Białko', value: 1300 },
        ],
      },
    });
    const [purchase, sales, transport] = rows;
    // Purchase: 25 000 − 585 = 24 415 kg at 1 010,50 zł/t; protein 0,5 point above: 5 × 1,50 zł/t premium.
    expect(purchase).toMatchObject({
      realQuantityKg: 24_415,
      realPrice: 101_050,
      realValue: lineValue(24_415, 101_050),
      deductions: 100,
      surcharges: lineValue(24_415, 750),
    });
    expect(purchase!.qualitySettlement?.lines.map((line) => line.parameter)).toEqual(['Wilgotność', 'Białko']);
    // Sales: its own basis 15 %: 25 000 × 1,5 / 85 = 441,18 → 441 kg.
    // Each side's free deduction next to its own lines.
    expect(sales).toMatchObject({ realQuantityKg: 24_559, deductions: 40, surcharges: 0 });
    expect(sales!.qualitySettlement?.terms).toEqual([{ ...moisture, basis: 1500 }]);
    expect(transport).toMatchObject({ realQuantityKg: 25_000, qualitySettlement: null, surcharges: 0 });
    for (const [row, free] of [
      [purchase!, 100],
      [sales!, 40],
    ] as const) {
      expect(
        valueAfterDeductions({ value: row.realValue, deductions: row.deductions - free, surcharges: row.surcharges }),
      ).toBe(row.qualitySettlement!.value);
    }
  });

  describe("the delivered quality's price option (RULES.md Transports, Quality)", () => {
    const moisture = {
      parameter: 'Wilgotność',
      unit: '%',
      rule: 'MOISTURE_SHRINK',
      direction: 'MAX',
      basis: 1450,
      rejectionLimit: null,
      handlingPercent: 0,
      step: null,
      discountPerStep: null,
      premiumPerStep: null,
      isStepped: false,
      isPercentOfPrice: false,
      dryingFeePerPoint: null,
    } as const;
    // Quality 8 is an additional option of both contracts: a 13 % basis with drying at 10,00 zł/t per point.
    const wet = { ...moisture, basis: 1300, dryingFeePerPoint: 1000 };
    const withOptions: DeliveryInput = {
      ...input,
      purchase: {
        ...input.purchase,
        qualityTerms: [moisture],
        additionalOptions: [{ rawMaterialQualityId: 8, price: 90_000, qualityTerms: [wet] }],
      },
      sale: {
        ...input.sale,
        qualityTerms: [moisture],
        additionalOptions: [{ rawMaterialQualityId: 8, price: 22_000, qualityTerms: [] }],
      },
      unloading: {
        ...input.unloading,
        realCargoQuantityKg: 25_000,
        realCargoQualityId: 8,
        labResults: [{ parameter: 'Wilgotność', value: 1650 }],
      },
    };

    it("settles each side by the additional option of the real quality: its terms, and the sale's its price", () => {
      const [purchase, sales] = deliveryTransactions(withOptions);
      // Purchase by the option's 13 %: 25 000 × 3,5 / 87 = 1 005,75 → 1 006 kg, paid 23 994 kg; drying
      // 3,5 points × 10,00 = 35,00 zł/t off. The typed real price stays (the form starts it from the option).
      expect(purchase!.qualitySettlement?.terms).toEqual([wet]);
      expect(purchase!.qualitySettlement?.lines).toMatchObject([{ weightKg: 1006, pricePerTonne: -3500 }]);
      expect(purchase).toMatchObject({
        realQuantityKg: 23_994,
        realPrice: 101_050,
        plannedPrice: 100_000,
        deductions: lineValue(23_994, 3500),
      });
      // Sales: the option's price 220,00 €/t and its terms (none): the unloaded 25 t, no lines.
      expect(sales).toMatchObject({ realPrice: 22_000, plannedPrice: 23_500, realQuantityKg: 25_000 });
      expect(sales!.realValue).toBe(lineValue(25_000, 22_000));
      expect(sales!.qualitySettlement?.lines).toEqual([]);
    });

    it('keeps the main option for the planned quality, no real quality or a quality no option names', () => {
      for (const realCargoQualityId of [null, 5, 77]) {
        const [purchase, sales] = deliveryTransactions({
          ...withOptions,
          unloading: { ...withOptions.unloading, realCargoQualityId },
        });
        expect(purchase!.qualitySettlement?.terms).toEqual([moisture]);
        expect(sales!.qualitySettlement?.terms).toEqual([moisture]);
        expect(sales!.realPrice).toBe(23_500);
      }
      expect(deliveredPriceOption(withOptions.sale, 8)).toMatchObject({ price: 22_000 });
      expect(deliveredPriceOption(withOptions.sale, 6)).toMatchObject({ price: 23_500, qualityTerms: [moisture] });
    });
  });

  it('keeps the free deductions figure alone without lab results, whatever the terms', () => {
    const rows = deliveryTransactions({
      ...input,
      purchase: { ...input.purchase, qualityTerms: [] },
      unloading: { ...input.unloading, purchaseDeductions: 990, salesDeductions: 120, labResults: [] },
    });
    expect(rows.map((row) => [row.realQuantityKg, row.deductions, row.surcharges, row.qualitySettlement])).toEqual([
      [24_510, 990, 0, null],
      [24_510, 120, 0, null],
      [24_510, 0, 0, null],
    ]);
  });
});

describe('deliveryGrowth (RULES.md Transports, Delivered)', () => {
  const terms = { cargoQuantityKg: 50_000, isTolerance: true, toleranceQuantity: 1_000, toleranceUnit: 'T' as const };
  const pair = (realKg: number, allocatedKg = 50_000) => ({
    allocationKg: 50_000,
    committedKg: 0,
    realKg,
    purchase: { ...terms, allocatedKg },
    sale: { ...terms, cargoQuantityKg: 100_000, allocatedKg },
  });

  it('needs no growth while the pair has room', () => {
    expect(deliveryGrowth(pair(49_000))).toEqual({ growthKg: 0, purchaseOverKg: 0, salesOverKg: 0 });
  });

  it('grows the allocation within the tolerance without an over-delivery', () => {
    expect(deliveryGrowth(pair(51_000))).toEqual({ growthKg: 1_000, purchaseOverKg: 0, salesOverKg: 0 });
  });

  it("counts the kilograms beyond each contract's upper limit, at most the growth", () => {
    expect(deliveryGrowth(pair(52_000))).toEqual({ growthKg: 2_000, purchaseOverKg: 1_000, salesOverKg: 0 });
    expect(deliveryGrowth(pair(52_000, 60_000))).toEqual({ growthKg: 2_000, purchaseOverKg: 2_000, salesOverKg: 0 });
  });
});

describe('no truck in two places', () => {
  const booking = (overrides: Partial<VehicleBooking> = {}): VehicleBooking => ({
    id: 1,
    status: 'NEW',
    registrationNumber: 'PO 12345',
    driverDocumentId: 'ABC123456',
    dateLoading: '2026-03-02',
    dateUnloading: '2026-03-04',
    ...overrides,
  });

  it('normalises plates and documents: upper case, no spaces or hyphens, empty is none', () => {
    expect(vehicleKey(' po 123-45 ')).toBe('PO12345');
    expect(vehicleKey('abc-123 456')).toBe('ABC123456');
    expect(vehicleKey('  - ')).toBeNull();
    expect(vehicleKey(null)).toBeNull();
  });

  it('drops every white space and dash a pasted registration brings, upper-cases Polish and Cyrillic letters', () => {
    expect(vehicleKey('po\u00a0123\u2013\u202f45\u200b')).toBe('PO12345');
    expect(vehicleKey('wą 1ł')).toBe('WĄ1Ł');
    expect(vehicleKey('аа 1234 вв')).toBe('АА1234ВВ');
  });

  it('keeps a letter without a one-letter upper case as typed, as the database does (ß, ŉ, ligatures)', () => {
    expect(vehicleKey('straße')).toBe('STRAßE');
    expect(vehicleKey('\ufb01 1')).toBe('\ufb011');
  });

  it('counts periods sharing a day as overlapping, both days included', () => {
    const march = (from: string | null, to: string | null) => ({ dateLoading: from, dateUnloading: to });
    expect(areBookingsOverlapping(march('2026-03-02', '2026-03-04'), march('2026-03-04', '2026-03-06'))).toBe(true);
    expect(areBookingsOverlapping(march('2026-03-02', '2026-03-04'), march('2026-03-05', '2026-03-06'))).toBe(false);
    expect(areBookingsOverlapping(march('2026-03-05', '2026-03-06'), march('2026-03-02', '2026-03-04'))).toBe(false);
    expect(areBookingsOverlapping(march('2026-03-01', '2026-03-10'), march('2026-03-03', '2026-03-03'))).toBe(true);
  });

  it('lets a missing unloading date occupy from loading on, a missing loading date up to unloading', () => {
    const open = { dateLoading: '2026-03-05', dateUnloading: null };
    expect(areBookingsOverlapping(open, { dateLoading: '2026-09-01', dateUnloading: '2026-09-02' })).toBe(true);
    expect(areBookingsOverlapping(open, { dateLoading: '2026-03-01', dateUnloading: '2026-03-04' })).toBe(false);
    const untilFifth = { dateLoading: null, dateUnloading: '2026-03-05' };
    expect(areBookingsOverlapping(untilFifth, { dateLoading: '2026-01-01', dateUnloading: '2026-01-02' })).toBe(true);
    expect(areBookingsOverlapping(untilFifth, { dateLoading: '2026-03-06', dateUnloading: '2026-03-07' })).toBe(false);
    expect(areBookingsOverlapping({ dateLoading: null, dateUnloading: null }, open)).toBe(true);
  });

  it('names the matching fields of another active, overlapping transport', () => {
    const mine = booking({ id: null, registrationNumber: 'po-12345', driverDocumentId: 'XYZ1' });
    expect(vehicleClashOf(mine, booking({ id: 2 }))).toEqual(['registrationNumber']);
    expect(vehicleClashOf(booking({ id: null, registrationNumber: 'WA 1' }), booking({ id: 2 }))).toEqual([
      'driverDocumentId',
    ]);
    expect(vehicleClashOf(booking({ id: null }), booking({ id: 2, status: 'ON_THE_WAY' }))).toEqual([
      'registrationNumber',
      'driverDocumentId',
    ]);
  });

  it('ignores itself, final statuses, other dates and empty values', () => {
    expect(vehicleClashOf(booking(), booking())).toEqual([]);
    for (const status of ['DELIVERED', 'CANCELLED', 'RETURN_TO_CLIENT'] as const) {
      expect(vehicleClashOf(booking({ id: null }), booking({ id: 2, status }))).toEqual([]);
    }
    const later = booking({ id: 2, dateLoading: '2026-03-05', dateUnloading: '2026-03-06' });
    expect(vehicleClashOf(booking({ id: null }), later)).toEqual([]);
    const empty = booking({ id: null, registrationNumber: null, driverDocumentId: ' ' });
    expect(vehicleClashOf(empty, booking({ id: 2, registrationNumber: null, driverDocumentId: '' }))).toEqual([]);
  });

  it('asks for a 10+ character note only when something collides', () => {
    const clashes = vehicleClashes(booking({ id: null }), [
      booking({ id: 2 }),
      booking({ id: 3, status: 'CANCELLED' }),
    ]);
    expect(clashes.map((clash) => clash.other.id)).toEqual([2]);
    expect(isDoubleBookingNoteMissing(clashes.length, null)).toBe(true);
    expect(isDoubleBookingNoteMissing(clashes.length, 'za krótko')).toBe(true);
    expect(isDoubleBookingNoteMissing(clashes.length, 'Dwa kursy jednego dnia')).toBe(false);
    expect(isDoubleBookingNoteMissing(0, null)).toBe(false);
  });
});

describe('redirectRefusal (RULES.md Transports, redirect)', () => {
  const check = (change: Partial<RedirectCheck> = {}, sale: Partial<RedirectCheck['sale']> = {}): RedirectCheck => ({
    sale: {
      status: 'ACTIVE',
      isGmp: false,
      isCert: false,
      allocatedKg: 10_000,
      toleranceUpperLimitKg: 30_000,
      ...sale,
    },
    purchase: { isGmp: false, isCert: false },
    transport: { isGmp: false, cargoQuantityKg: 20_000 },
    hasPairAllocation: false,
    confirmationNote: null,
    ...change,
  });
  const NOTE = 'Klient zgodził się';

  it('takes a sale whose allocations still fit the transport up to the tolerance limit', () => {
    expect(redirectRefusal(check())).toBeNull();
  });

  it('refuses a sale that is not NEW, NEXT_SEASON or ACTIVE with WRONG_STATUS', () => {
    expect(redirectRefusal(check({}, { status: 'TO_SETTLEMENT' }))).toBe('WRONG_STATUS');
  });

  it('refuses a sale whose upper tolerance limit the transport would pass with ALLOCATE_QUANTITY_IS_TO_BIG', () => {
    expect(redirectRefusal(check({}, { allocatedKg: 10_001 }))).toBe('ALLOCATE_QUANTITY_IS_TO_BIG');
  });

  it('refuses a new pair whose sale needs a certificate the purchase lacks without a note: GMP_CERT_NOT_SATISFIED', () => {
    const certSale = check({}, { isCert: true });
    expect(redirectRefusal(certSale)).toBe('GMP_CERT_NOT_SATISFIED');
    expect(redirectRefusal({ ...certSale, confirmationNote: 'za krótka' })).toBe('GMP_CERT_NOT_SATISFIED');
    expect(redirectRefusal({ ...certSale, confirmationNote: NOTE })).toBeNull();
    expect(isRedirectNoteNeeded(certSale)).toBe(true);
  });

  it('takes an existing pair without the GMP/cert note: it was given with the allocation', () => {
    const existingPair = check({ hasPairAllocation: true }, { isCert: true });
    expect(redirectRefusal(existingPair)).toBeNull();
    expect(isRedirectNoteNeeded(existingPair)).toBe(false);
  });

  it('asks a GMP sale for the note when the transport has no GMP, pair or not: GMP_NOT_SATISFIED', () => {
    const gmpSale = check({ hasPairAllocation: true, purchase: { isGmp: true, isCert: false } }, { isGmp: true });
    expect(redirectRefusal(gmpSale)).toBe('GMP_NOT_SATISFIED');
    expect(isRedirectNoteNeeded(gmpSale)).toBe(true);
    expect(redirectRefusal({ ...gmpSale, transport: { isGmp: true, cargoQuantityKg: 20_000 } })).toBeNull();
  });
});
