import type { TransportResponse } from '@grain/shared';
import { describe, expect, it } from 'vitest';
import { zodErrors } from '../../components/form/use-zod-form';
import {
  defaultTransportValues,
  doubleBookingNoteIssue,
  isLoadingDateLongPast,
  type TransportFormValues,
  toTransportRequest,
  toTransportUpdateRequest,
  transportFormSchema,
  transportValuesOf,
  vehicleClashQuery,
  withGmpToggled,
} from './transport-form';

const pair = { purchaseId: 3, salesId: 7, saleRequiresGmp: false };
const gmpPair = { ...pair, saleRequiresGmp: true };

function filled(overrides: Partial<TransportFormValues> = {}): TransportFormValues {
  return {
    ...defaultTransportValues('2026-04-02'),
    carrierId: 11,
    cargoQuantity: 24.5,
    pricePerTon: 152.35,
    dateUnloading: '2026-04-04',
    ...overrides,
  };
}

describe('transport form values -> request', () => {
  it('starts at 25 t, price 0, PLN, loading today and no GMP', () => {
    const values = defaultTransportValues('2026-04-02');
    expect(values).toMatchObject({ cargoQuantity: 25, pricePerTon: 0, currency: 'PLN', dateLoading: '2026-04-02' });
    expect(values.isGmp).toBe(false);
  });

  it('sends kilograms and minor units, trimmed text and nulls for empty fields', () => {
    const body = toTransportRequest(filled({ registrationNumber: ' WE 123 ', trailerNumber: '' }), pair);
    expect(body).toMatchObject({
      purchaseId: 3,
      salesId: 7,
      carrierId: 11,
      cargoQuantity: 24_500,
      pricePerTon: 15_235,
      registrationNumber: 'WE 123',
      trailerNumber: null,
      dateLoading: '2026-04-02',
      dateUnloading: '2026-04-04',
    });
  });

  it('sends the GMP number only with GMP and the note only when the sale requires GMP', () => {
    const values = filled({ gmpNumber: 'GMP-1', confirmationNote: 'Odbiorca się zgodził' });
    expect(toTransportRequest(values, gmpPair)).toMatchObject({
      gmpNumber: null,
      confirmationNote: 'Odbiorca się zgodził',
    });
    // With GMP on, a note typed for the carrier's expired certificate still goes.
    expect(toTransportRequest({ ...values, isGmp: true }, gmpPair)).toMatchObject({
      gmpNumber: 'GMP-1',
      confirmationNote: 'Odbiorca się zgodził',
    });
    expect(toTransportRequest({ ...values, isGmp: true, confirmationNote: ' ' }, gmpPair).confirmationNote).toBeNull();
    expect(toTransportRequest(values, pair).confirmationNote).toBeNull();
  });

  it('reads a transport back in tonnes and major units, and keeps ON_THE_WAY fields required', () => {
    const transport = {
      carrierId: 11,
      cargoQuantity: 24_540,
      pricePerTon: 15_000,
      currency: 'EUR',
      status: 'ON_THE_WAY',
      registrationNumber: 'WE 1',
      trailerNumber: null,
      driverName: 'Jan',
      phoneNumber: '600',
      driverDocumentId: 'A1',
      dateLoading: '2026-04-02',
      dateUnloading: '2026-04-04',
      isGmp: false,
      gmpNumber: null,
      comment: null,
      confirmationNote: null,
    } as unknown as TransportResponse;
    const values = transportValuesOf(transport);
    expect(values).toMatchObject({ cargoQuantity: 24.54, pricePerTon: 150, currency: 'EUR', trailerNumber: '' });
    expect(values.isOnTheWay).toBe(true);
    expect(toTransportUpdateRequest(values, pair, 5)).toMatchObject({ transportId: 5, cargoQuantity: 24_540 });
  });

  it('clears what no longer applies when GMP is toggled', () => {
    expect(withGmpToggled(true)).toEqual({ isGmp: true, confirmationNote: '' });
    expect(withGmpToggled(false)).toEqual({ isGmp: false, gmpNumber: '' });
  });
});

describe('transport form validation', () => {
  it('accepts a complete form', () => {
    expect(zodErrors(transportFormSchema(pair), filled())).toEqual({});
  });

  it('requires the carrier, a positive quantity and both dates; unloading not before loading', () => {
    const errors = zodErrors(
      transportFormSchema(pair),
      filled({ carrierId: null, cargoQuantity: 0, dateUnloading: '2026-04-01' }),
    );
    expect(errors.carrierId).toBeTruthy();
    expect(errors.cargoQuantity).toBe('Wartość musi być większa od 0');
    expect(errors.dateUnloading).toBe('Data rozładunku nie może być wcześniejsza niż data załadunku');
    expect(zodErrors(transportFormSchema(pair), filled({ dateUnloading: null })).dateUnloading).toBe(
      'Pole jest wymagane',
    );
  });

  it('requires the GMP number when GMP is on', () => {
    expect(zodErrors(transportFormSchema(pair), filled({ isGmp: true })).gmpNumber).toBe('Numer GMP jest wymagany');
  });

  it('requires a note of 10+ characters when the sale requires GMP and the transport has none', () => {
    const schema = transportFormSchema(gmpPair);
    expect(zodErrors(schema, filled()).confirmationNote).toBe('Pole jest wymagane');
    expect(zodErrors(schema, filled({ confirmationNote: 'krótko' })).confirmationNote).toBe(
      'Uzasadnienie musi mieć co najmniej 10 znaków',
    );
    expect(zodErrors(schema, filled({ confirmationNote: 'Odbiorca się zgodził' }))).toEqual({});
    expect(zodErrors(schema, filled({ isGmp: true, gmpNumber: 'GMP-1' }))).toEqual({});
  });

  it("makes registration, driver, phone and document required in 'start on the way' mode", () => {
    const errors = zodErrors(transportFormSchema(pair), filled({ isOnTheWay: true }));
    expect(Object.keys(errors).sort()).toEqual(['driverDocumentId', 'driverName', 'phoneNumber', 'registrationNumber']);
    const complete = filled({
      isOnTheWay: true,
      registrationNumber: 'WE 1',
      driverName: 'Jan',
      phoneNumber: '600',
      driverDocumentId: 'A1',
    });
    expect(zodErrors(transportFormSchema(pair), complete)).toEqual({});
  });
});

describe('no truck in two places', () => {
  it('asks the clash query about the typed truck, driver and dates, leaving the edited transport out', () => {
    const values = {
      ...defaultTransportValues('2026-04-02'),
      registrationNumber: ' WE 1 ',
      dateUnloading: '2026-04-04',
    };
    expect(vehicleClashQuery(values, 5)).toEqual({
      transportId: 5,
      registrationNumber: 'WE 1',
      dateLoading: '2026-04-02',
      dateUnloading: '2026-04-04',
    });
    expect(vehicleClashQuery(defaultTransportValues('2026-04-02'), null)).toBeNull();
  });

  it('marks the double booking note while a clash is shown and the note is under 10 characters', () => {
    expect(doubleBookingNoteIssue(1, '')).toEqual({ path: 'doubleBookingNote', message: 'required' });
    expect(doubleBookingNoteIssue(1, 'krótko')).toEqual({ path: 'doubleBookingNote', message: 'noteTooShort' });
    expect(doubleBookingNoteIssue(1, 'Dwa kursy jednego dnia')).toBeNull();
    expect(doubleBookingNoteIssue(0, '')).toBeNull();
  });
});

describe('a loading date long past', () => {
  it('asks when the typed date is more than 30 days before today, not for a saved date left as it was', () => {
    expect(isLoadingDateLongPast('2026-10-28', null, '2026-11-28')).toBe(true);
    expect(isLoadingDateLongPast('2026-10-29', null, '2026-11-28')).toBe(false);
    expect(isLoadingDateLongPast('2026-12-05', null, '2026-11-28')).toBe(false);
    expect(isLoadingDateLongPast('2026-01-02', '2026-01-02', '2026-11-28')).toBe(false);
    expect(isLoadingDateLongPast(null, null, '2026-11-28')).toBe(false);
  });
});
