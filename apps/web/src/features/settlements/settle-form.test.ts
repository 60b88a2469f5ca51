import { describe, expect, it } from 'vitest';
import { zodErrors } from '../../components/form/use-zod-form';
import { settleDefaults, settleFormSchema, settlePreview, settleRequestOf } from './settle-form';
import { transactionRow } from './test-row';

describe('settle form defaults', () => {
  it('start from the real figures in tonnes and major units', () => {
    const row = transactionRow({ deductions: 1_050, surcharges: 200 });
    expect(settleDefaults(row)).toEqual({
      finalQuantity: 24.54,
      finalPrice: 850,
      finalQualityId: 2,
      deductions: 10.5,
      surcharges: 2,
      exchangeRate: null,
    });
  });

  it('fall back to the planned figures, and to the row rate for EUR/USD', () => {
    const row = transactionRow({
      realQuantity: null,
      realPrice: null,
      realQualityId: null,
      currency: 'EUR',
      exchangeRate: 42_512,
    });
    expect(settleDefaults(row)).toMatchObject({
      finalQuantity: 25,
      finalPrice: 850,
      finalQualityId: 1,
      exchangeRate: 4.2512,
    });
  });
});

describe('settle request', () => {
  it('converts tonnes to kg and major to minor units; a PLN row sends no rate', () => {
    const row = transactionRow();
    const values = { ...settleDefaults(row), finalQuantity: 24.537, finalPrice: 851.5, deductions: 12.34 };
    expect(settleRequestOf(row, values)).toEqual({
      transactionId: 7,
      finalQuantity: 24_537,
      finalPrice: 85_150,
      finalQualityId: 2,
      deductions: 1_234,
      surcharges: 0,
    });
  });

  it('sends the EUR/USD rate × 10 000 and empty deductions as 0', () => {
    const row = transactionRow({ currency: 'USD', exchangeRate: null });
    const values = { ...settleDefaults(row), exchangeRate: 3.98765, deductions: null, surcharges: null };
    expect(settleRequestOf(row, values)).toMatchObject({ exchangeRate: 39_877, deductions: 0, surcharges: 0 });
  });

  it('is what the form schema outputs once valid', () => {
    const row = transactionRow({ currency: 'EUR', exchangeRate: null });
    const values = { ...settleDefaults(row), exchangeRate: 4.3 };
    expect(settleFormSchema(row).parse(values)).toEqual(settleRequestOf(row, values));
  });
});

describe('settle preview', () => {
  it('is kg × price / 1000 rounded, minus deductions, plus surcharges', () => {
    const row = transactionRow();
    // 24 537 kg × 851,55 PLN/t = 20 894,48 PLN (20 894,48235 rounded) − 100 + 12,30 = 20 806,78
    const values = {
      ...settleDefaults(row),
      finalQuantity: 24.537,
      finalPrice: 851.55,
      deductions: 100,
      surcharges: 12.3,
    };
    expect(settlePreview(row, values)).toEqual({ finalValue: 2_080_678, plnValue: 2_080_678 });
  });

  it('converts to PLN only once an EUR/USD rate is typed', () => {
    const row = transactionRow({ currency: 'EUR', exchangeRate: null });
    const values = { ...settleDefaults(row), finalQuantity: 10, finalPrice: 200 };
    expect(settlePreview(row, values)).toEqual({ finalValue: 200_000, plnValue: null });
    expect(settlePreview(row, { ...values, exchangeRate: 4.25 })).toEqual({ finalValue: 200_000, plnValue: 850_000 });
  });

  it('is empty while quantity or price is missing', () => {
    const row = transactionRow();
    expect(settlePreview(row, { ...settleDefaults(row), finalPrice: null })).toEqual({
      finalValue: null,
      plnValue: null,
    });
  });
});

describe('settle form validation (Polish messages)', () => {
  it('requires quantity and price, and the rate for EUR/USD only', () => {
    const pln = transactionRow();
    expect(zodErrors(settleFormSchema(pln), settleDefaults(pln))).toEqual({});
    expect(zodErrors(settleFormSchema(pln), { ...settleDefaults(pln), finalQuantity: null })).toEqual({
      finalQuantity: 'Pole jest wymagane',
    });
    const euro = transactionRow({ currency: 'EUR', exchangeRate: null });
    expect(zodErrors(settleFormSchema(euro), settleDefaults(euro))).toEqual({ exchangeRate: 'Pole jest wymagane' });
  });

  it('refuses a zero quantity and deductions above the value', () => {
    const row = transactionRow();
    expect(zodErrors(settleFormSchema(row), { ...settleDefaults(row), finalQuantity: 0 })).toEqual({
      finalQuantity: 'Wartość musi być większa od 0',
    });
    expect(zodErrors(settleFormSchema(row), { ...settleDefaults(row), deductions: 1_000_000 })).toEqual({
      deductions: 'Wartość jest za duża',
    });
  });
});
