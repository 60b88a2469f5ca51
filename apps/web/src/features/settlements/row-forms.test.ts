import type { PurchaseListItem, SalesListItem } from '@grain/shared';
import { describe, expect, it } from 'vitest';
import { zodErrors } from '../../components/form/use-zod-form';
import {
  invoiceDefaults,
  invoiceFormSchema,
  moveCandidates,
  moveFormSchema,
  rawMaterialOfRow,
  splitFormSchema,
  splitQuantities,
} from './row-forms';
import { transactionRow } from './test-row';

describe('invoice form', () => {
  it('starts from the row invoice and sends the form shape as it is', () => {
    const row = transactionRow({ invoiceNumber: 'FV/1', invoiceDate: '2026-03-05' });
    expect(invoiceDefaults(row)).toEqual({
      transactionId: 7,
      invoiceNumber: 'FV/1',
      invoiceDate: '2026-03-05',
      paymentDate: null,
    });
    expect(invoiceFormSchema.parse({ ...invoiceDefaults(row), invoiceNumber: ' FV/2 ' })).toEqual({
      transactionId: 7,
      invoiceNumber: 'FV/2',
      invoiceDate: '2026-03-05',
      paymentDate: null,
    });
  });

  it('dates a row without an invoice today', () => {
    expect(invoiceDefaults(transactionRow(), '2026-11-28').invoiceDate).toBe('2026-11-28');
  });

  it('requires number and date; the payment date may not be before the invoice date', () => {
    const empty = { ...invoiceDefaults(transactionRow()), invoiceDate: null };
    expect(zodErrors(invoiceFormSchema, empty)).toEqual({
      invoiceNumber: 'Pole jest wymagane',
      invoiceDate: 'Pole jest wymagane',
    });
    expect(
      zodErrors(invoiceFormSchema, {
        ...empty,
        invoiceNumber: 'FV/1',
        invoiceDate: '2026-03-05',
        paymentDate: '2026-03-04',
      }),
    ).toEqual({ paymentDate: 'Data „do” nie może być wcześniejsza niż data „od”' });
  });
});

describe('split form', () => {
  const row = transactionRow({ realQuantity: 24_540 });

  it('sends the tonnes typed as kilograms', () => {
    expect(splitFormSchema(row).parse({ quantity: 10.5 })).toEqual({ transactionId: 7, quantity: 10_500 });
  });

  it('refuses 0, nothing, and the whole quantity or more', () => {
    expect(zodErrors(splitFormSchema(row), { quantity: null })).toEqual({ quantity: 'Pole jest wymagane' });
    expect(zodErrors(splitFormSchema(row), { quantity: 0 })).toEqual({ quantity: 'Wartość musi być większa od 0' });
    expect(zodErrors(splitFormSchema(row), { quantity: 24.54 })).toEqual({ quantity: 'Wartość jest za duża' });
    expect(zodErrors(splitFormSchema(row), { quantity: 24.539 })).toEqual({});
  });

  it('shows the two resulting quantities, adding up to the row', () => {
    expect(splitQuantities(row, 4.54)).toEqual({ remainingKg: 20_000, createdKg: 4_540 });
    expect(splitQuantities(transactionRow({ realQuantity: null }), 5)).toEqual({
      remainingKg: 20_000,
      createdKg: 5_000,
    });
    expect(splitQuantities(row, 24.54)).toBeNull();
    expect(splitQuantities(row, null)).toBeNull();
  });
});

describe('move form', () => {
  it('sends purchaseId for a PURCHASE row and salesId for a SALES row', () => {
    expect(moveFormSchema(transactionRow()).parse({ contractId: 21 })).toEqual({
      kind: 'PURCHASE',
      body: { transactionId: 7, purchaseId: 21 },
    });
    expect(moveFormSchema(transactionRow({ type: 'SALES' })).parse({ contractId: 22 })).toEqual({
      kind: 'SALES',
      body: { transactionId: 7, salesId: 22 },
    });
  });

  it('asks to choose a contract', () => {
    expect(zodErrors(moveFormSchema(transactionRow()), { contractId: null })).toEqual({
      contractId: 'Wybierz pozycję z listy',
    });
  });

  it('keeps open contracts of the same counterparty and currency, without the current one', () => {
    const purchase = (id: number, overrides: Partial<PurchaseListItem> = {}) =>
      ({ id, supplierId: 3, currency: 'PLN', status: 'ACTIVE', ...overrides }) as PurchaseListItem;
    const list = [
      purchase(11),
      purchase(21),
      purchase(22, { supplierId: 4 }),
      purchase(23, { currency: 'EUR' }),
      purchase(24, { status: 'CLOSED' }),
      purchase(25, { status: 'TO_SETTLEMENT' }),
    ];
    expect(moveCandidates(transactionRow(), list).map((item) => item.id)).toEqual([21, 25]);
    const sale = { id: 31, recipientId: 3, currency: 'PLN', status: 'NEW' } as SalesListItem;
    expect(moveCandidates(transactionRow({ type: 'SALES', contractId: 12 }), [sale])).toEqual([sale]);
  });
});

describe('raw material of a row', () => {
  const rawMaterials = [
    {
      id: 1,
      qualities: [
        { id: 1, title: 'Pszenica konsumpcyjna' },
        { id: 2, title: 'Pszenica paszowa' },
      ],
    },
    { id: 2, qualities: [{ id: 5, title: 'Kukurydza paszowa' }] },
  ];

  it('is the one holding the real (else planned) quality', () => {
    expect(rawMaterialOfRow(rawMaterials, transactionRow())?.id).toBe(1);
    expect(rawMaterialOfRow(rawMaterials, transactionRow({ realQualityId: null, plannedQualityId: 5 }))?.id).toBe(2);
  });

  it('is unknown for a row without quality or before the list loads', () => {
    const transport = transactionRow({ type: 'TRANSPORT', realQualityId: null, plannedQualityId: null });
    expect(rawMaterialOfRow(rawMaterials, transport)).toBeNull();
    expect(rawMaterialOfRow(undefined, transactionRow())).toBeNull();
  });
});
