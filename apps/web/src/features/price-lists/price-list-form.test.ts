import { describe, expect, it } from 'vitest';
import { zodErrors } from '../../components/form/use-zod-form';
import { priceListDefaults, priceListFormSchema, toCreatePriceListRequest } from './price-list-form';

describe('the price-list entry form', () => {
  it('sends the price in grosze and the quality as a number', () => {
    const values = { ...priceListDefaults('2026-11-28'), rawMaterialQualityId: '2', price: 1050.5 };
    expect(toCreatePriceListRequest(values)).toEqual({
      rawMaterialQualityId: 2,
      supplierKind: 'VAT',
      paymentTermDays: 14,
      price: 105_050,
      validFrom: '2026-11-28',
      validTo: '2026-11-28',
    });
  });

  it('marks an end day before the first day on the end day', () => {
    const values = {
      ...priceListDefaults('2026-11-28'),
      rawMaterialQualityId: '2',
      price: 1000,
      validTo: '2026-11-27',
    };
    expect(zodErrors(priceListFormSchema, values)).toEqual({ validTo: expect.any(String) });
  });
});
