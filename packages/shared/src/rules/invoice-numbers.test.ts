import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber, invoicePeriodKey, isInvoiceSeries } from './invoice-numbers.js';

describe('invoice series', () => {
  it('fills the year, the month and the counter', () => {
    expect(formatInvoiceNumber('FV/{RRRR}/{MM}/{NR}', '2026-03-09', 7)).toBe('FV/2026/03/0007');
    expect(formatInvoiceNumber('{NR}/S/{RRRR}', '2026-12-31', 12_345)).toBe('12345/S/2026');
  });

  it('counts per month, per year or for ever, as the series says', () => {
    expect(invoicePeriodKey('FV/{RRRR}/{MM}/{NR}', '2026-03-09')).toBe('FV/2026/03/{NR}');
    expect(invoicePeriodKey('FV/{RRRR}/{NR}', '2026-03-09')).toBe('FV/2026/{NR}');
    expect(invoicePeriodKey('FV/{NR}', '2026-03-09')).toBe('FV/{NR}');
  });

  it('takes a series with exactly one {NR} and no unknown placeholder', () => {
    expect(isInvoiceSeries('FV/{RRRR}/{MM}/{NR}')).toBe(true);
    expect(isInvoiceSeries('FV/{RRRR}/{MM}')).toBe(false);
    expect(isInvoiceSeries('FV/{NR}/{NR}')).toBe(false);
    expect(isInvoiceSeries('FV/{YYYY}/{NR}')).toBe(false);
  });
});
