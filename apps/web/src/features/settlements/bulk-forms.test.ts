import { describe, expect, it } from 'vitest';
import { zodErrors } from '../../components/form/use-zod-form';
import {
  bulkInvoiceDefaults,
  bulkInvoiceFieldOf,
  bulkInvoiceFormSchema,
  bulkSettleDefaults,
  bulkSettleFormSchema,
  bulkSettleValue,
  bulkTotals,
  toBulkInvoiceRequest,
  toBulkSettleRequest,
} from './bulk-forms';
import { settleDefaults, settlePreview } from './settle-form';
import { transactionRow } from './test-row';

const purchase = transactionRow({ id: 7, realValue: 2_085_900, deductions: 9_500 });
const sales = transactionRow({ id: 8, type: 'SALES', invoiceNumber: 'FV/S/1', invoiceDate: '2026-03-05' });
const transport = transactionRow({ id: 9, type: 'TRANSPORT', currency: 'EUR', exchangeRate: null });

describe('bulk invoice form', () => {
  it('starts with each row’s own number and one date for all, and sends one item per row', () => {
    const values = bulkInvoiceDefaults([purchase, sales], '2026-03-10');
    expect(values).toEqual({
      items: [
        { transactionId: 7, invoiceNumber: '' },
        { transactionId: 8, invoiceNumber: 'FV/S/1' },
      ],
      invoiceDate: '2026-03-05',
      paymentDate: null,
    });
    expect(zodErrors(bulkInvoiceFormSchema, values)).toEqual({ 'items.0.invoiceNumber': expect.any(String) });
    const filled = { ...values, items: [{ transactionId: 7, invoiceNumber: ' FV/Z/1 ' }, values.items[1]!] };
    expect(toBulkInvoiceRequest(filled).items[0]).toEqual({
      transactionId: 7,
      invoiceNumber: 'FV/Z/1',
      invoiceDate: '2026-03-05',
      paymentDate: null,
    });
  });

  it('keeps a payment date before the invoice date as typed and says why', () => {
    const values = { ...bulkInvoiceDefaults([sales]), paymentDate: '2026-03-01' };
    expect(zodErrors(bulkInvoiceFormSchema, values)).toEqual({ paymentDate: expect.any(String) });
    expect(values.paymentDate).toBe('2026-03-01');
  });

  it('puts a row’s refused date under the one date field', () => {
    expect(bulkInvoiceFieldOf('items.2.invoiceDate')).toBe('invoiceDate');
    expect(bulkInvoiceFieldOf('items.2.invoiceNumber')).toBe('items.2.invoiceNumber');
  });
});

describe('bulk settle form', () => {
  it('names each row without an invoice and each EUR/USD row without a rate', () => {
    const rows = [purchase, sales, transport];
    const errors = zodErrors(bulkSettleFormSchema(rows), bulkSettleDefaults(rows));
    expect(Object.keys(errors).sort()).toEqual([
      'items.0.transactionId',
      'items.2.exchangeRate',
      'items.2.transactionId',
    ]);
  });

  it('sends the rate × 10 000 only for foreign rows, the rest default to the real figures on the server', () => {
    const rows = [sales, transport];
    const values = {
      items: [
        { transactionId: 8, exchangeRate: null },
        { transactionId: 9, exchangeRate: 4.2512 },
      ],
    };
    expect(toBulkSettleRequest(rows, values)).toEqual({
      items: [{ transactionId: 8 }, { transactionId: 9, exchangeRate: 42_512 }],
    });
  });

  it('shows the value the settle form would settle at by default (one value function)', () => {
    const row = transactionRow({ realQuantity: 24_540, realPrice: 85_000, realValue: 2_085_900, deductions: 9_500 });
    expect(bulkSettleValue(row)).toBe(2_085_900 - 9_500);
    expect(settlePreview(row, settleDefaults(row)).finalValue).toBe(bulkSettleValue(row));
  });
});

describe('bulk totals', () => {
  it('adds the tonnes of every row and net and gross per currency', () => {
    const settled = transactionRow({ id: 10, finalQuantity: 24_000, netValue: 1_000_000, grossValue: 1_050_000 });
    const eur = transactionRow({ id: 11, currency: 'EUR', netValue: 50_000, grossValue: null });
    expect(bulkTotals([purchase, settled, eur])).toEqual({
      quantityKg: 24_540 + 24_000 + 24_540,
      values: [
        { currency: 'PLN', net: 2_085_900 + 1_000_000, gross: 2_190_195 + 1_050_000 },
        { currency: 'EUR', net: 50_000, gross: null },
      ],
    });
  });
});
