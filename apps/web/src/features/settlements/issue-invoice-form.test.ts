import { describe, expect, it } from 'vitest';
import {
  issueInvoiceBlocker,
  issueInvoiceDefaults,
  neededExchangeRate,
  selectionBlocker,
  toCreateInvoiceRequest,
} from './issue-invoice-form';
import { transactionRow } from './test-row';

const sales = (overrides: Parameters<typeof transactionRow>[0] = {}) =>
  transactionRow({ type: 'SALES', invoiceNumber: null, ...overrides });

describe('issuing one invoice from statement rows', () => {
  it('takes sales rows of one buyer in one currency', () => {
    expect(issueInvoiceBlocker([sales({ id: 1 }), sales({ id: 2 })])).toBeNull();
  });

  it('refuses rows of two buyers or two currencies, and rows already invoiced, with the server codes', () => {
    expect(issueInvoiceBlocker([sales({ id: 1 }), sales({ id: 2, contractorId: 99 })])).toBe(
      'INVOICE_ROWS_NOT_COMPATIBLE',
    );
    expect(issueInvoiceBlocker([sales({ id: 1 }), sales({ id: 2, currency: 'EUR' })])).toBe(
      'INVOICE_ROWS_NOT_COMPATIBLE',
    );
    expect(issueInvoiceBlocker([sales({ invoiceNumber: 'FV/1' })])).toBe('INVOICE_ROW_ALREADY_INVOICED');
    expect(issueInvoiceBlocker([])).toBe('VALUE_IS_MISSING');
  });

  it('sends the row ids, the issue date, and the sale date only when one is given', () => {
    const rows = [sales({ id: 4 }), sales({ id: 9 })];
    expect(toCreateInvoiceRequest(rows, issueInvoiceDefaults('2026-03-05'))).toEqual({
      transactionIds: [4, 9],
      issueDate: '2026-03-05',
    });
    expect(toCreateInvoiceRequest(rows, { issueDate: '2026-03-05', saleDate: '2026-03-01' })).toEqual({
      transactionIds: [4, 9],
      issueDate: '2026-03-05',
      saleDate: '2026-03-01',
    });
  });
});

describe('the NBP rate a EUR or USD invoice needs', () => {
  it('is the business day before the last unloading, or before the typed sale date; none for PLN', () => {
    const rows = [
      sales({ id: 1, currency: 'EUR', dateUnloading: '2026-04-02' }),
      sales({ id: 2, currency: 'EUR', dateUnloading: '2026-04-07' }),
    ];
    const values = { issueDate: '2026-04-09', saleDate: null };
    // The day after Easter Monday 2026 takes Good Friday's table.
    expect(neededExchangeRate(rows, values)).toEqual({ currency: 'EUR', date: '2026-04-03' });
    expect(neededExchangeRate(rows, { ...values, saleDate: '2026-11-12' })).toEqual({
      currency: 'EUR',
      date: '2026-11-10',
    });
    expect(neededExchangeRate([sales({ currency: 'PLN' })], values)).toBeNull();
  });
});

describe('selectionBlocker', () => {
  it('on the sales tab lets settled and open rows without an invoice be chosen, not rows already invoiced', () => {
    expect(selectionBlocker(sales({ status: 'TO_SETTLEMENT' }), true)).toBeNull();
    expect(selectionBlocker(sales({ status: 'SETTLED' }), true)).toBeNull();
    expect(selectionBlocker(sales({ invoiceId: 4, invoiceNumber: 'FV/2026/03/0001' }), true)).toBe(
      'statement.bulk.alreadyInvoiced',
    );
    expect(selectionBlocker(sales({ status: 'SETTLED', invoiceNumber: 'FV/OBCA/1' }), true)).toBe(
      'statement.bulk.alreadyInvoiced',
    );
    // An open row with an invoice typed in stays selectable there, to be settled in bulk.
    expect(selectionBlocker(sales({ invoiceNumber: 'FV/OBCA/1' }), true)).toBeNull();
  });

  it('elsewhere lets only open rows be chosen (to settle)', () => {
    expect(selectionBlocker(sales({ status: 'TO_SETTLEMENT' }), false)).toBeNull();
    expect(selectionBlocker(sales({ status: 'SETTLED' }), false)).toBe('statement.bulk.alreadySettled');
  });
});
