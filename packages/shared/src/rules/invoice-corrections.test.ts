import { describe, expect, it } from 'vitest';
import { CorrectInvoiceRequestSchema } from '../invoices.js';
import { correctedLines, correctionTotals } from './invoice-corrections.js';

const lines = [
  { position: 1, quantity: 24_537, unitNetPrice: 100_000, netValue: 2_453_700, vatRate: 5 },
  { position: 2, quantity: 25_010, unitNetPrice: 100_000, netValue: 2_501_000, vatRate: 5 },
  { position: 3, quantity: 1, unitNetPrice: 50_000, netValue: 50_000, vatRate: 23 },
];

describe('correctedLines and correctionTotals (RULES.md Invoices, VAT and KSeF)', () => {
  it('keeps only the lines that change, with kg × price per tonne after, and totals the difference', () => {
    const changed = correctedLines(lines, [{ position: 2, quantity: 24_890 }, { position: 3 }], false);
    expect(changed).toEqual([{ before: lines[1], after: { ...lines[1], quantity: 24_890, netValue: 2_489_000 } }]);
    expect(correctionTotals(lines, changed)).toEqual({
      byRate: [{ vatRate: 5, netValue: -12_000, vatValue: -600 }],
      netTotal: -12_000,
      vatTotal: -600,
      grossTotal: -12_600,
    });
  });

  it('cancels everything to zero and takes back exactly the VAT charged on each rate', () => {
    const changed = correctedLines(lines, [], true);
    expect(changed.map((line) => line.after.netValue)).toEqual([0, 0, 0]);
    expect(correctionTotals(lines, changed)).toMatchObject({
      byRate: [
        { vatRate: 5, netValue: -4_954_700, vatValue: -247_735 },
        { vatRate: 23, netValue: -50_000, vatValue: -11_500 },
      ],
      grossTotal: -4_954_700 - 247_735 - 61_500,
    });
  });

  it('takes VAT on the whole invoice before and after, not on the changed line alone', () => {
    // 0,10 zł at 5 % rounds to 0,01 zł; alone its 0,005 zł would round the other way on the sum.
    const small = [
      { position: 1, quantity: 1_000, unitNetPrice: 10, netValue: 10, vatRate: 5 },
      { position: 2, quantity: 1_000, unitNetPrice: 20, netValue: 20, vatRate: 5 },
    ];
    const changed = correctedLines(small, [{ position: 1, quantity: 0 }], false);
    // Before: VAT of 0,30 zł = 0,02 zł; after: of 0,20 zł = 0,01 zł.
    expect(correctionTotals(small, changed).vatTotal).toBe(-1);
  });
});

describe('CorrectInvoiceRequestSchema', () => {
  const parse = (value: unknown) => CorrectInvoiceRequestSchema.safeParse(value);
  const issues = (value: unknown) =>
    parse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

  it('takes lines or a full cancellation with a reason', () => {
    expect(parse({ reason: 'Ważenie', lines: [{ position: 1, quantity: 0 }] }).success).toBe(true);
    expect(parse({ reason: 'Anulowanie', cancelAll: true, issueDate: '2026-03-20' }).success).toBe(true);
  });

  it('refuses a missing reason, no lines, both at once, a repeated line, negatives and unknown fields', () => {
    expect(issues({ lines: [{ position: 1, quantity: 1 }] })).toEqual([['reason', 'required']]);
    expect(issues({ reason: 'x'.repeat(256), lines: [{ position: 1 }] })).toEqual([['reason', 'maxLength']]);
    expect(issues({ reason: 'K' })).toEqual([['lines', 'required']]);
    expect(issues({ reason: 'K', cancelAll: true, lines: [{ position: 1 }] })).toEqual([['lines', 'oneOf']]);
    expect(issues({ reason: 'K', lines: [{ position: 1 }, { position: 1, quantity: 2 }] })).toEqual([
      ['lines.1.position', 'duplicateItem'],
    ]);
    expect(issues({ reason: 'K', lines: [{ position: 1, unitNetPrice: -5 }] })).toEqual([
      ['lines.0.unitNetPrice', 'nonNegative'],
    ]);
    expect(parse({ reason: 'K', cancelAll: true, extra: 1 }).success).toBe(false);
  });
});
