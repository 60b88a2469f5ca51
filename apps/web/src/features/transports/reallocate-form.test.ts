import { describe, expect, it } from 'vitest';
import { zodErrors } from '../../components/form/use-zod-form';
import { defaultReallocateValues, reallocateFormSchema, toReallocateRequest } from './reallocate-form';

const transport = {
  id: 5,
  cargoQuantity: 25_000,
  dateLoading: '2026-04-02',
  dateUnloading: '2026-04-04',
  pricePerTon: 15_000,
  comment: null,
  isGmp: false,
};

describe('reallocate form', () => {
  it('starts from the transport: its unloading date and price, no sale chosen', () => {
    expect(defaultReallocateValues(transport)).toEqual({
      newSalesId: null,
      dateUnloading: '2026-04-04',
      pricePerTon: 150,
      comment: '',
      confirmationNote: '',
    });
    expect(defaultReallocateValues({ ...transport, pricePerTon: 0 }).pricePerTon).toBeNull();
  });

  it("sends the transport's quantity, minor units, and the note only for a sale requiring GMP", () => {
    const values = { ...defaultReallocateValues(transport), newSalesId: 9, confirmationNote: 'Odbiorca się zgodził' };
    expect(toReallocateRequest(values, transport, { isGmp: false })).toEqual({
      transportId: 5,
      newSalesId: 9,
      dateUnloading: '2026-04-04',
      cargoQuantity: 25_000,
      pricePerTon: 15_000,
      comment: null,
      confirmationNote: null,
    });
    expect(toReallocateRequest(values, transport, { isGmp: true }).confirmationNote).toBe('Odbiorca się zgodził');
  });

  it('requires a sale, a price above 0, unloading not before loading, and the note for a GMP sale', () => {
    const sale = { isGmp: true };
    const schema = reallocateFormSchema(transport, (id) => (id ? sale : null));
    const errors = zodErrors(schema, {
      ...defaultReallocateValues(transport),
      newSalesId: null,
      pricePerTon: 0,
      dateUnloading: '2026-04-01',
    });
    expect(Object.keys(errors).sort()).toEqual(['dateUnloading', 'newSalesId', 'pricePerTon']);
    const chosen = { ...defaultReallocateValues(transport), newSalesId: 9 };
    expect(zodErrors(schema, chosen).confirmationNote).toBe('Pole jest wymagane');
    expect(zodErrors(schema, { ...chosen, confirmationNote: 'Odbiorca się zgodził' })).toEqual({});
  });
});
