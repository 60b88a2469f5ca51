import { describe, expect, it } from 'vitest';
import {
  actionBlocker,
  currentLine,
  hasInvoiceData,
  plnValueOf,
  priceLines,
  qualityLines,
  quantityLines,
  valueLines,
} from './row-figures';
import { transactionRow } from './test-row';

describe('three-line cells', () => {
  it('take final, real and planned from the row, null where not known yet', () => {
    const row = transactionRow();
    expect(quantityLines(row)).toEqual({ final: null, real: 24_540, planned: 25_000 });
    expect(priceLines(row)).toEqual({ final: null, real: 85_000, planned: 85_000 });
    expect(valueLines(row)).toEqual({ final: null, real: 2_085_900, planned: 2_125_000 });
    expect(qualityLines(row)).toEqual({ final: null, real: 'Pszenica paszowa', planned: 'Pszenica konsumpcyjna' });
  });

  it('mark the final line once settled, else the real one, else the planned one', () => {
    expect(currentLine({ final: 1, real: 2, planned: 3 })).toBe('final');
    expect(currentLine({ final: null, real: 0, planned: 3 })).toBe('real');
    expect(currentLine({ final: null, real: null, planned: 3 })).toBe('planned');
    expect(currentLine({ final: null, real: null, planned: null })).toBeNull();
  });
});

describe('PLN value', () => {
  it('is the server figure when it has one', () => {
    expect(plnValueOf(transactionRow({ plnValue: 123 }))).toBe(123);
  });

  it('falls back to final, else real, else planned through the rate', () => {
    expect(plnValueOf(transactionRow({ plnValue: null }))).toBe(2_085_900);
    expect(plnValueOf(transactionRow({ plnValue: null, finalValue: 2_000_000 }))).toBe(2_000_000);
    expect(plnValueOf(transactionRow({ plnValue: null, realValue: null }))).toBe(2_125_000);
    const euro = transactionRow({ currency: 'EUR', exchangeRate: 42_512, plnValue: null, realValue: 100_001 });
    // 1000.01 EUR × 4.2512 = 4251.24 PLN (rounded half away from zero)
    expect(plnValueOf(euro)).toBe(425_124);
  });

  it('stays empty for EUR and USD until the rate is entered; PLN always has the rate 1', () => {
    expect(plnValueOf(transactionRow({ currency: 'USD', exchangeRate: null, plnValue: null }))).toBeNull();
    expect(plnValueOf(transactionRow({ currency: 'PLN', exchangeRate: null, plnValue: null }))).toBe(2_085_900);
  });
});

describe('row actions', () => {
  it('allows every action on an unsettled purchase or sales row', () => {
    for (const type of ['PURCHASE', 'SALES'] as const) {
      const row = transactionRow({ type });
      expect(['invoice', 'settle', 'split', 'move'].map((action) => actionBlocker(row, action as never))).toEqual([
        null,
        null,
        null,
        null,
      ]);
    }
  });

  it('blocks everything on a settled row', () => {
    const row = transactionRow({ status: 'SETTLED' });
    expect(actionBlocker(row, 'invoice')).toBe('settled');
    expect(actionBlocker(row, 'settle')).toBe('settled');
    expect(actionBlocker(row, 'split')).toBe('settled');
    expect(actionBlocker(row, 'move')).toBe('settled');
  });

  it('has no contract to move a TRANSPORT row to, and cannot split 1 kg', () => {
    expect(actionBlocker(transactionRow({ type: 'TRANSPORT', contractId: null }), 'move')).toBe('transportMove');
    expect(actionBlocker(transactionRow({ realQuantity: 1 }), 'split')).toBe('tooSmall');
    expect(actionBlocker(transactionRow({ realQuantity: 2 }), 'split')).toBeNull();
  });

  it('knows whether the invoice needed to settle is there', () => {
    expect(hasInvoiceData(transactionRow())).toBe(false);
    expect(hasInvoiceData(transactionRow({ invoiceNumber: 'FV/1', invoiceDate: null }))).toBe(false);
    expect(hasInvoiceData(transactionRow({ invoiceNumber: 'FV/1', invoiceDate: '2026-03-05' }))).toBe(true);
  });
});
