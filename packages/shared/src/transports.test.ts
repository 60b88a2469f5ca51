import { describe, expect, it } from 'vitest';
import {
  TransportCreateRequestSchema,
  TransportDeliveredRequestSchema,
  TransportListFilterSchema,
} from './transports.js';

describe('transport schemas', () => {
  const form = {
    purchaseId: 1,
    salesId: 2,
    carrierId: 3,
    cargoQuantity: 25_000,
    dateLoading: '2026-03-02',
    dateUnloading: '2026-03-02',
  };

  it('fills the defaults and turns empty optional text into null', () => {
    expect(TransportCreateRequestSchema.parse({ ...form, driverName: '' })).toMatchObject({
      pricePerTon: 0,
      currency: 'PLN',
      isGmp: false,
      driverName: null,
    });
  });

  it('refuses an unloading before loading and GMP without its number', () => {
    const result = TransportCreateRequestSchema.safeParse({ ...form, dateUnloading: '2026-03-01', isGmp: true });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['dateUnloading', 'dateUnloadingIsBefore'],
      ['gmpNumber', 'gmpNumberIsRequired'],
    ]);
  });

  it('takes the real quantity filter as one number or a range', () => {
    expect(TransportListFilterSchema.parse({ realCargoQuantity: 25_000 }).realCargoQuantity).toEqual({
      from: 25_000,
      to: 25_000,
    });
    expect(TransportListFilterSchema.safeParse({ realCargoQuantity: { from: 2, to: 1 } }).success).toBe(false);
  });

  it('accepts a delivered form with zero real figures and no optional fields', () => {
    expect(
      TransportDeliveredRequestSchema.parse({ unloadingDate: '2026-03-05', realCargoPrice: 0, realCargoQuantity: 0 }),
    ).toEqual({
      unloadingDate: '2026-03-05',
      realCargoPrice: 0,
      realCargoQuantity: 0,
      realCargoQualityId: null,
      purchaseDeductions: null,
      salesDeductions: null,
      transportDeductions: null,
      details: null,
      overDeliveryNote: null,
      labResults: null,
    });
  });

  describe('deductions per side (RULES.md Invoices, VAT and KSeF: never copied to another side)', () => {
    const base = { unloadingDate: '2026-03-05', realCargoPrice: 0, realCargoQuantity: 0 };
    const sides = (body: object) => {
      const { purchaseDeductions, salesDeductions, transportDeductions } = TransportDeliveredRequestSchema.parse({
        ...base,
        ...body,
      });
      return [purchaseDeductions, salesDeductions, transportDeductions];
    };

    it('takes each side on its own', () => {
      expect(sides({ purchaseDeductions: 50_000, salesDeductions: 4_000, transportDeductions: 700 })).toEqual([
        50_000, 4_000, 700,
      ]);
      expect(sides({ salesDeductions: 4_000 })).toEqual([null, 4_000, null]);
    });

    it("reads the spec's one deductions field as the purchase side's, never as the sale's", () => {
      expect(sides({ deductions: 50_000 })).toEqual([50_000, null, null]);
      expect(sides({ deductions: 50_000, salesDeductions: 4_000 })).toEqual([50_000, 4_000, null]);
      expect(sides({ deductions: 50_000, purchaseDeductions: 50_000 })).toEqual([50_000, null, null]);
      expect(sides({ deductions: null, purchaseDeductions: 50_000 })).toEqual([50_000, null, null]);
    });

    it('refuses deductions that contradict purchase_deductions, on the deductions field', () => {
      const result = TransportDeliveredRequestSchema.safeParse({ ...base, deductions: 1, purchaseDeductions: 2 });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['deductions', 'deductionsTwice'],
      ]);
    });

    it('refuses a negative or fractional deduction on its own side', () => {
      const result = TransportDeliveredRequestSchema.safeParse({
        ...base,
        salesDeductions: -1,
        transportDeductions: 1.5,
      });
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
        'salesDeductions',
        'transportDeductions',
      ]);
    });
  });
});
