import { describe, expect, it } from 'vitest';
import { zodErrors } from '../../components/form/use-zod-form';
import {
  defaultReallocateValues,
  isOverSaleTolerance,
  needsReallocateNote,
  type RedirectTarget,
  reallocateFormSchema,
  redirectClashQuery,
  redirectWarning,
  toReallocateRequest,
} from './reallocate-form';

const transport = {
  id: 5,
  cargoQuantity: 25_000,
  dateLoading: '2026-04-02',
  dateUnloading: '2026-04-04',
  pricePerTon: 15_000,
  comment: null,
  isGmp: false,
  registrationNumber: 'WE 1234',
  driverDocumentId: null,
  doubleBookingNote: null,
  purchaseSupplier: { isGmp: false, isCert: false },
};
const openSale = { status: 'ACTIVE' as const, isGmp: false, isCert: false, allocated: 0, toleranceUpperLimit: 100_000 };
const target = (sale: Partial<typeof openSale> = {}, hasPairAllocation = false): RedirectTarget => ({
  sale: { ...openSale, ...sale },
  hasPairAllocation,
});
const NOTE = 'Odbiorca się zgodził';

describe('reallocate form', () => {
  it('starts from the transport: its unloading date and price, no sale chosen', () => {
    expect(defaultReallocateValues(transport)).toEqual({
      newSalesId: null,
      dateUnloading: '2026-04-04',
      pricePerTon: 150,
      comment: '',
      confirmationNote: '',
      doubleBookingNote: '',
    });
    expect(defaultReallocateValues({ ...transport, pricePerTon: 0 }).pricePerTon).toBeNull();
  });

  it("sends the transport's quantity, minor units, and the note only when the sale asks for one", () => {
    const values = { ...defaultReallocateValues(transport), newSalesId: 9, confirmationNote: NOTE };
    expect(toReallocateRequest(values, transport, target())).toEqual({
      transportId: 5,
      newSalesId: 9,
      dateUnloading: '2026-04-04',
      cargoQuantity: 25_000,
      pricePerTon: 15_000,
      comment: null,
      confirmationNote: null,
      doubleBookingNote: null,
    });
    expect(toReallocateRequest(values, transport, target({ isGmp: true })).confirmationNote).toBe(NOTE);
    expect(toReallocateRequest(values, transport, target({ isCert: true })).confirmationNote).toBe(NOTE);
  });

  it('requires a sale, a price above 0, unloading not before loading, and the note for a GMP sale', () => {
    let chosen = target({ isGmp: true });
    const schema = reallocateFormSchema(transport, () => chosen);
    const errors = zodErrors(schema, {
      ...defaultReallocateValues(transport),
      newSalesId: null,
      pricePerTon: 0,
      dateUnloading: '2026-04-01',
    });
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['dateUnloading', 'newSalesId', 'pricePerTon']));
    const values = { ...defaultReallocateValues(transport), newSalesId: 9 };
    expect(zodErrors(schema, values).confirmationNote).toBe('Pole jest wymagane');
    expect(zodErrors(schema, { ...values, confirmationNote: NOTE })).toEqual({});
    chosen = target();
    expect(zodErrors(schema, values)).toEqual({});
  });
});

describe('redirect warnings (the shared rule the server refuses with)', () => {
  it('warns where the server refuses GMP_CERT_NOT_SATISFIED: a new pair whose sale needs a certificate the purchase lacks', () => {
    const certSale = target({ isCert: true });
    expect(redirectWarning(transport, certSale, null)).toBe('GMP_CERT_NOT_SATISFIED');
    expect(needsReallocateNote(transport, certSale)).toBe(true);
    expect(redirectWarning(transport, certSale, NOTE)).toBeNull();
    const schema = reallocateFormSchema(transport, () => certSale);
    const values = { ...defaultReallocateValues(transport), newSalesId: 9 };
    expect(zodErrors(schema, { ...values, confirmationNote: 'krótka' }).confirmationNote).toBe(
      'Uzasadnienie musi mieć co najmniej 10 znaków',
    );
  });

  it('asks no GMP/cert note when the purchase already has an allocation to the sale', () => {
    const existingPair = target({ isCert: true, isGmp: false }, true);
    expect(needsReallocateNote(transport, existingPair)).toBe(false);
    expect(redirectWarning(transport, existingPair, null)).toBeNull();
  });

  it('warns where the server refuses ALLOCATE_QUANTITY_IS_TO_BIG: the sale would pass its upper tolerance limit', () => {
    const full = target({ allocated: 80_000, toleranceUpperLimit: 104_999 });
    expect(redirectWarning(transport, full, null)).toBe('ALLOCATE_QUANTITY_IS_TO_BIG');
    expect(isOverSaleTolerance(transport, full.sale!)).toBe(true);
    expect(isOverSaleTolerance(transport, { ...full.sale!, isCert: true, toleranceUpperLimit: 105_000 })).toBe(false);
    expect(redirectWarning(transport, target({ allocated: 80_000, toleranceUpperLimit: 105_000 }), null)).toBeNull();
    const schema = reallocateFormSchema(transport, () => full);
    expect(zodErrors(schema, { ...defaultReallocateValues(transport), newSalesId: 9 }).newSalesId).toBe(
      'Ten kontrakt sprzedaży nie przyjmie całego transportu: przekroczyłby górny limit tolerancji',
    );
  });
});

describe('no truck in two places on a redirect', () => {
  it("asks about the transport's truck and driver from its loading date to the dialog's unloading date, itself left out", () => {
    const values = { ...defaultReallocateValues(transport), dateUnloading: '2026-04-07' };
    expect(redirectClashQuery(transport, values)).toEqual({
      transportId: 5,
      registrationNumber: 'WE 1234',
      dateLoading: '2026-04-02',
      dateUnloading: '2026-04-07',
    });
    const withDriver = { ...transport, driverDocumentId: 'DOC 9' };
    expect(redirectClashQuery(withDriver, values)).toMatchObject({
      registrationNumber: 'WE 1234',
      driverDocumentId: 'DOC 9',
    });
    expect(redirectClashQuery({ ...transport, registrationNumber: null }, values)).toBeNull();
  });

  it('offers the stored double booking note again and sends the note as typed', () => {
    const stored = { ...transport, doubleBookingNote: 'Dwa krótkie kursy' };
    const values = { ...defaultReallocateValues(stored), newSalesId: 9 };
    expect(values.doubleBookingNote).toBe('Dwa krótkie kursy');
    expect(
      toReallocateRequest({ ...values, doubleBookingNote: '  Kurs po południu  ' }, stored, target()).doubleBookingNote,
    ).toBe('Kurs po południu');
    expect(toReallocateRequest({ ...values, doubleBookingNote: ' ' }, stored, target()).doubleBookingNote).toBeNull();
  });
});
