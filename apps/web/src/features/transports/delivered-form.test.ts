import { defaultQualityTerms, type TransportResponse } from '@grain/shared';
import { describe, expect, it } from 'vitest';
import { zodErrors } from '../../components/form/use-zod-form';
import {
  contractualValues,
  defaultDeliveredValues,
  deliveredFormSchema,
  deliveredQuantityWarning,
  isOverDeliveryNoteRequest,
  labResultRows,
  toDeliveredRequest,
} from './delivered-form';

describe('delivered form', () => {
  it('defaults the unloading date to today and leaves the real values empty (required)', () => {
    const values = defaultDeliveredValues('2026-04-04');
    expect(values.unloadingDate).toBe('2026-04-04');
    const errors = zodErrors(deliveredFormSchema, values);
    expect(errors.realCargoQuantity).toBe('Pole jest wymagane');
    expect(errors.realCargoPrice).toBe('Pole jest wymagane');
    expect(errors.realCargoQualityId).toBeUndefined();
  });

  it('sends kilograms and minor units; empty deductions and details as null', () => {
    const body = toDeliveredRequest({
      ...defaultDeliveredValues('2026-04-04'),
      realCargoQualityId: 2,
      realCargoQuantity: 24.54,
      realCargoPrice: 850.5,
      details: '  ',
    });
    expect(body).toEqual({
      unloadingDate: '2026-04-04',
      realCargoQualityId: 2,
      realCargoQuantity: 24_540,
      realCargoPrice: 85_050,
      deductions: null,
      details: null,
      overDeliveryNote: null,
      labResults: [],
    });
    expect(toDeliveredRequest({ ...defaultDeliveredValues(), deductions: 120 }).deductions).toBe(12_000);
  });

  it('copies the contractual quality, the planned quantity and the purchase price', () => {
    const transport = { purchaseQualityId: 4, cargoQuantity: 25_000, purchasePrice: 85_000 } as TransportResponse;
    expect(contractualValues(transport)).toEqual({ realCargoQualityId: 4, realCargoQuantity: 25, realCargoPrice: 850 });
  });
});

describe('deliveredQuantityWarning', () => {
  it('warns when the real quantity differs from the planned by more than 10 %', () => {
    expect(deliveredQuantityWarning(null, 25_000)).toBeNull();
    expect(deliveredQuantityWarning(24_540, 25_000)).toBeNull();
    expect(deliveredQuantityWarning(27_500, 25_000)).toBeNull();
    expect(deliveredQuantityWarning(22_500, 25_000)).toBeNull();
    expect(deliveredQuantityWarning(27_501, 25_000)).toBe('tooBig');
    expect(deliveredQuantityWarning(22_499, 25_000)).toBe('tooSmall');
    expect(deliveredQuantityWarning(0, 25_000)).toBe('tooSmall');
  });

  it('sends the over-delivery note trimmed once it is asked for (RULES.md Transports, Delivered)', () => {
    const values = { ...defaultDeliveredValues('2026-04-04'), overDeliveryNote: '  Waga 52 t na rampie  ' };
    expect(toDeliveredRequest(values).overDeliveryNote).toBe('Waga 52 t na rampie');
  });

  it('asks for the note exactly when the server refuses the delivery for a missing over-delivery note', () => {
    const refusal = (messageCode: string, field: string) => ({ messageCode, errors: [{ field, code: 'required' }] });
    expect(isOverDeliveryNoteRequest(refusal('TRANSPORT_QUANTITY_IS_TO_BIG', 'over_delivery_note'))).toBe(true);
    expect(isOverDeliveryNoteRequest(refusal('TRANSPORT_QUANTITY_IS_TO_BIG', 'real_cargo_quantity'))).toBe(false);
    expect(isOverDeliveryNoteRequest(refusal('WRONG_STATUS', 'over_delivery_note'))).toBe(false);
    expect(isOverDeliveryNoteRequest(new Error('network'))).toBe(false);
  });
});

describe('lab results (issue 16)', () => {
  const purchaseTerms = defaultQualityTerms([
    { name: 'Wilgotność', type: 'number', unit: '%', value: 14.5 },
    { name: 'Białko', type: 'number', unit: '%', value: 12.5 },
  ]);
  const salesTerms = defaultQualityTerms([
    { name: 'wilgotność', type: 'number', unit: '%', value: 15 },
    { name: 'Zanieczyszczenia', type: 'number', unit: '%', value: 2 },
  ]);

  it('asks for each parameter of either contract once, purchase first', () => {
    expect(labResultRows(purchaseTerms, salesTerms).map((row) => row.parameter)).toEqual([
      'Wilgotność',
      'Białko',
      'Zanieczyszczenia',
    ]);
  });

  it('sends the typed values in hundredths of their unit and leaves empty rows out', () => {
    const rows = labResultRows(purchaseTerms, salesTerms).map((row, index) => ({
      ...row,
      value: index === 0 ? 16.5 : null,
    }));
    expect(toDeliveredRequest({ ...defaultDeliveredValues(), labResults: rows }).labResults).toEqual([
      { parameter: 'Wilgotność', value: 1650 },
    ]);
  });

  it('marks a lab result outside its physical range on its own field', () => {
    const rows = labResultRows(purchaseTerms, []).map((row) => ({
      ...row,
      value: row.parameter === 'Białko' ? 101 : null,
    }));
    const errors = zodErrors(deliveredFormSchema, { ...defaultDeliveredValues(), labResults: rows });
    expect(Object.keys(errors)).toContain('labResults.1.value');
  });
});
