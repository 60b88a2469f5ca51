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
      deductions: null,
      details: null,
      overDeliveryNote: null,
      labResults: null,
    });
  });
});
