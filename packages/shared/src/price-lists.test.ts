import { describe, expect, it } from 'vitest';
import { isPriceNoteRequired, listEntryFor, priceDeviation, supplierKindOf } from './price-lists.js';

describe('isPriceNoteRequired (CONTRIBUTING.md Price lists)', () => {
  it('needs no note at exactly the limit, either way (1 000,00 zł/t list, 5 %: 950,00 and 1 050,00)', () => {
    expect(isPriceNoteRequired(100_000, 105_000, 500)).toBe(false);
    expect(isPriceNoteRequired(100_000, 95_000, 500)).toBe(false);
  });

  it('needs a note one grosz past the limit, either way', () => {
    expect(isPriceNoteRequired(100_000, 105_001, 500)).toBe(true);
    expect(isPriceNoteRequired(100_000, 94_999, 500)).toBe(true);
  });

  it('holds on odd prices without rounding (987,65 zł/t at 2,5 %: 24,69125 zł allowed)', () => {
    expect(isPriceNoteRequired(98_765, 98_765 + 2_469, 250)).toBe(false);
    expect(isPriceNoteRequired(98_765, 98_765 + 2_470, 250)).toBe(true);
  });

  it('needs a note for any change at a limit of 0', () => {
    expect(isPriceNoteRequired(100_000, 100_000, 0)).toBe(false);
    expect(isPriceNoteRequired(100_000, 100_001, 0)).toBe(true);
  });

  it('matches the 5 % band around 1 000,00 zł/t, and the deviation shown next to the field', () => {
    for (const price of [90_000, 94_999, 95_000, 100_000, 105_000, 105_001, 120_000]) {
      expect(isPriceNoteRequired(100_000, price, 500)).toBe(Math.abs(price - 100_000) > 5_000);
    }
    expect(priceDeviation(100_000, 110_000)).toBe(1_000);
    expect(priceDeviation(100_000, 95_000)).toBe(-500);
  });
});

describe('listEntryFor', () => {
  const entry = (id: number, supplierKind: 'VAT' | 'RR', paymentTermDays: number) => ({
    id,
    rawMaterialQualityId: 1,
    supplierKind,
    paymentTermDays,
  });
  const list = [entry(1, 'VAT', 0), entry(2, 'VAT', 14), entry(3, 'VAT', 30), entry(4, 'RR', 14)];

  it('takes the longest listed term not longer than the supplier’s', () => {
    expect(listEntryFor(list, { rawMaterialQualityId: 1, supplierKind: 'VAT', paymentTermDays: 21 })?.id).toBe(2);
    expect(listEntryFor(list, { rawMaterialQualityId: 1, supplierKind: 'VAT', paymentTermDays: 30 })?.id).toBe(3);
  });

  it('takes the shortest listed term when every one is longer, and none of another kind or quality', () => {
    expect(listEntryFor(list, { rawMaterialQualityId: 1, supplierKind: 'RR', paymentTermDays: 7 })?.id).toBe(4);
    expect(listEntryFor(list, { rawMaterialQualityId: 2, supplierKind: 'VAT', paymentTermDays: 14 })).toBeNull();
  });

  it('prices a supplier without an accounting method as a VAT payer', () => {
    expect(supplierKindOf(null)).toBe('VAT');
    expect(supplierKindOf('RR')).toBe('RR');
  });
});
