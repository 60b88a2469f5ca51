import { describe, expect, it } from 'vitest';
import { toInvoiceFilter } from './api';

describe('the invoice list filter', () => {
  it('sends the chosen statuses, a single one from the URL too, and nothing for all', () => {
    expect(toInvoiceFilter({ status: ['ISSUED', 'ACCEPTED'] })).toEqual({ status: ['ISSUED', 'ACCEPTED'] });
    expect(toInvoiceFilter({ status: 'OFFLINE' })).toEqual({ status: ['OFFLINE'] });
    expect(toInvoiceFilter({})).toEqual({});
    expect(toInvoiceFilter({ status: [] })).toEqual({});
  });

  it('drops a status the server does not know (an edited URL)', () => {
    expect(toInvoiceFilter({ status: ['ISSUED', 'PAID'] })).toEqual({ status: ['ISSUED'] });
  });
});
