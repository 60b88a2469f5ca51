import { defaultQualityTerms, type QualityTerm, type TransportResponse } from '@grain/shared';
import { describe, expect, it } from 'vitest';
import { zodErrors } from '../../components/form/use-zod-form';
import { deductionLines, deductionsText } from './deductions';
import {
  contractualValues,
  defaultDeliveredValues,
  deliveredDefaults,
  deliveredFormSchema,
  deliveredOptionPrice,
  deliveredQuantityWarning,
  isOverDeliveryNoteRequest,
  labResultRows,
  previewRows,
  toDeliveredRequest,
} from './delivered-form';

/** One contract's terms: the main option's, no additional options. */
const side = (main: readonly QualityTerm[]) => ({ main, additional: [] });

describe('delivered form', () => {
  it('defaults the unloading date to today and leaves the real values empty (required)', () => {
    const values = defaultDeliveredValues('2026-04-04');
    expect(values.unloadingDate).toBe('2026-04-04');
    const errors = zodErrors(deliveredFormSchema, values);
    expect(errors.realCargoQuantity).toBe('Pole jest wymagane');
    expect(errors.realCargoPrice).toBe('Pole jest wymagane');
    expect(errors.realCargoQualityId).toBeUndefined();
  });

  it('opens with the contract price and the planned quantity of the transport', () => {
    const transport = { cargoQuantity: 25_000, purchasePrice: 85_000, purchaseQualityId: 4 } as TransportResponse;
    expect(deliveredDefaults(transport, '2026-04-04')).toMatchObject({
      unloadingDate: '2026-04-04',
      realCargoQuantity: 25,
      realCargoPrice: 850,
      realCargoQualityId: null,
    });
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
      purchaseDeductions: null,
      salesDeductions: null,
      transportDeductions: null,
      details: null,
      overDeliveryNote: null,
      labResults: [],
    });
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

describe('lab results', () => {
  const purchaseTerms = defaultQualityTerms([
    { name: 'Wilgotność', type: 'number', unit: '%', value: 14.5 },
    { name: 'Białko', type: 'number', unit: '%', value: 12.5 },
  ]);
  const salesTerms = defaultQualityTerms([
    { name: 'wilgotność', type: 'number', unit: '%', value: 15 },
    { name: 'Zanieczyszczenia', type: 'number', unit: '%', value: 2 },
  ]);

  it('asks for each parameter of either contract once, purchase first', () => {
    expect(labResultRows(side(purchaseTerms), side(salesTerms)).map((row) => row.parameter)).toEqual([
      'Wilgotność',
      'Białko',
      'Zanieczyszczenia',
    ]);
  });

  it('sends the typed values in hundredths of their unit and leaves empty rows out', () => {
    const rows = labResultRows(side(purchaseTerms), side(salesTerms)).map((row, index) => ({
      ...row,
      value: index === 0 ? 16.5 : null,
    }));
    expect(toDeliveredRequest({ ...defaultDeliveredValues(), labResults: rows }).labResults).toEqual([
      { parameter: 'Wilgotność', value: 1650 },
    ]);
  });

  it('marks a lab result outside its physical range on its own field', () => {
    const rows = labResultRows(side(purchaseTerms), side([])).map((row) => ({
      ...row,
      value: row.parameter === 'Białko' ? 101 : null,
    }));
    const errors = zodErrors(deliveredFormSchema, { ...defaultDeliveredValues(), labResults: rows });
    expect(Object.keys(errors)).toContain('labResults.1.value');
  });
});

describe('deductions per side (RULES.md Invoices, VAT and KSeF: never copied to another side)', () => {
  /** A PLN purchase at 850,00 zł/t, an EUR sale at 235,00 €/t, PLN freight at 150,00 zł/t, 25 t planned. */
  const transport = {
    id: 7,
    purchaseId: 1,
    salesId: 2,
    carrierId: 3,
    cargoQuantity: 25_000,
    pricePerTon: 15_000,
    currency: 'PLN',
    dateLoading: '2026-04-02',
    purchaseSupplier: { contractorId: 11 },
    salesRecipient: { contractorId: 12 },
    purchasePrice: 85_000,
    purchaseCurrency: 'PLN',
    purchaseQualityId: 5,
    salesPrice: 23_500,
    salesCurrency: 'EUR',
    salesQualityId: 5,
  } as TransportResponse;
  const typed = (values: Partial<ReturnType<typeof defaultDeliveredValues>>) => ({
    ...defaultDeliveredValues('2026-04-04'),
    realCargoQuantity: 24.46,
    realCargoPrice: 850,
    ...values,
  });
  const previewOf = (values: Partial<ReturnType<typeof defaultDeliveredValues>>, of = transport) => {
    const rows = previewRows(of, typed(values), { purchase: side([]), sales: side([]) })!;
    return [rows.purchase, rows.sales, rows.transport].map((row) => [row.currency, row.deductions]);
  };

  it("sends each side's amount in minor units of its own currency, and never the spec's one deductions field", () => {
    const body = toDeliveredRequest(typed({ purchaseDeductions: 95, salesDeductions: 40.5, transportDeductions: 12 }));
    expect(body).toMatchObject({ purchaseDeductions: 9_500, salesDeductions: 4_050, transportDeductions: 1_200 });
    expect(body).not.toHaveProperty('deductions');
    expect(toDeliveredRequest(typed({ salesDeductions: 40 }))).toMatchObject({
      purchaseDeductions: null,
      salesDeductions: 4_000,
      transportDeductions: null,
    });
  });

  it("previews and prices the delivered quality's additional option: its terms, the sale's price, the purchase price to type", () => {
    const [moisture] = defaultQualityTerms([{ name: 'Wilgotność', type: 'number', unit: '%', value: 14.5 }]);
    const wet = { ...moisture!, basis: 1300, dryingFeePerPoint: 1000 };
    const purchase = {
      main: [moisture!],
      additional: [{ rawMaterialQualityId: 8, price: 80_000, qualityTerms: [wet] }],
    };
    const sales = { main: [moisture!], additional: [{ rawMaterialQualityId: 8, price: 21_000, qualityTerms: [] }] };
    const values = typed({ realCargoQualityId: 8, labResults: [{ parameter: 'Wilgotność', unit: '%', value: 16.5 }] });
    const rows = previewRows(transport, values, { purchase, sales })!;
    expect(rows.purchase.qualitySettlement?.terms).toEqual([wet]);
    expect(rows.sales).toMatchObject({ realPrice: 21_000 });
    expect(deliveredOptionPrice(transport, purchase, 8)).toBe(800);
    expect(deliveredOptionPrice(transport, purchase, 5)).toBe(850);
    expect(deliveredOptionPrice(transport, purchase, null)).toBe(850);
    // A contract's every option's parameters are asked for, each once.
    expect(labResultRows(purchase, sales).map((row) => row.parameter)).toEqual(['Wilgotność']);
  });

  it('previews a PLN purchase deduction on the purchase row only, the EUR sale untouched, and the other way round', () => {
    expect(previewOf({ purchaseDeductions: 500 })).toEqual([
      ['PLN', 50_000],
      ['EUR', 0],
      ['PLN', 0],
    ]);
    expect(previewOf({ salesDeductions: 40 })).toEqual([
      ['PLN', 0],
      ['EUR', 4_000],
      ['PLN', 0],
    ]);
    expect(previewOf({ transportDeductions: 25 })).toEqual([
      ['PLN', 0],
      ['EUR', 0],
      ['PLN', 2_500],
    ]);
  });

  it('never copies a deduction to the other goods row of the same currency either', () => {
    const plnSale = { ...transport, salesCurrency: 'PLN', salesPrice: 97_500 } as TransportResponse;
    expect(previewOf({ purchaseDeductions: 95 }, plnSale)).toEqual([
      ['PLN', 9_500],
      ['PLN', 0],
      ['PLN', 0],
    ]);
  });

  it('marks a negative amount on its own side', () => {
    const errors = zodErrors(deliveredFormSchema, typed({ salesDeductions: -1 }));
    expect(errors.salesDeductions).toBe('Wartość nie może być ujemna');
    expect(errors.purchaseDeductions).toBeUndefined();
  });

  it('labels each side with its currency and shows the entered ones on one line', () => {
    const t = (key: string) =>
      ({ purchase: 'zakup', sales: 'sprzedaż', transport: 'transport' })[key.split('.').pop()!]!;
    const delivered = { ...transport, purchaseDeductions: 9_500, salesDeductions: 4_000, transportDeductions: null };
    expect(deductionLines(delivered, t).map((line) => [line.label, line.value])).toEqual([
      ['zakup', '95,00\u00a0zł'],
      ['sprzedaż', '40,00\u00a0€'],
      ['transport', '—'],
    ]);
    expect(deductionsText(delivered, t)).toBe('zakup 95,00\u00a0zł · sprzedaż 40,00\u00a0€');
    expect(deductionsText({ ...delivered, purchaseDeductions: null, salesDeductions: null }, t)).toBe('—');
  });
});
