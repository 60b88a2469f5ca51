import { describe, expect, it } from 'vitest';
import {
  isAllowedTransportStatusChange,
  isEditableTransport,
  isGmpNoteMissing,
  isGmpNotSatisfied,
  isReallocatableTransport,
  isRemovableTransport,
  missingOnTheWayFields,
  TransportCreateRequestSchema,
  TransportDeliveredRequestSchema,
  TransportListFilterSchema,
} from './transports.js';

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
    });
  });
});
