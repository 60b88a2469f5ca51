import type { TransactionRow } from '@grain/shared';
import { describe, expect, it } from 'vitest';
import { rrInvoiceBlocker } from './rules';

const row = (overrides: Partial<TransactionRow>) =>
  ({
    id: 1,
    type: 'PURCHASE',
    contractorId: 7,
    accountingMethod: 'RR',
    invoiceNumber: null,
    ...overrides,
  }) as TransactionRow;

describe('issuing one VAT RR invoice from purchase rows', () => {
  it('takes rows of one flat-rate farmer not invoiced yet', () => {
    expect(rrInvoiceBlocker([row({ id: 1 }), row({ id: 2 })])).toBeNull();
  });

  it('names what the server would refuse: two farmers, a VAT supplier, a row already invoiced, no row', () => {
    expect(rrInvoiceBlocker([row({ id: 1 }), row({ id: 2, contractorId: 8 })])).toBe('INVOICE_ROWS_NOT_COMPATIBLE');
    expect(rrInvoiceBlocker([row({ accountingMethod: 'VAT' })])).toBe('RR_INVOICE_SUPPLIER_NOT_RR');
    expect(rrInvoiceBlocker([row({ invoiceNumber: 'RR/2026/0001' })])).toBe('INVOICE_ROW_ALREADY_INVOICED');
    expect(rrInvoiceBlocker([])).toBe('VALUE_IS_MISSING');
  });
});
