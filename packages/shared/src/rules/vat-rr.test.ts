import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vatOfNet } from './vat.js';
import {
  isQualifyingRrPayment,
  type RrInvoiceForPayment,
  type RrPayment,
  rrDeduction,
  rrLineRefunds,
  rrRefundOfNet,
  rrTotals,
  titleNamesRrInvoice,
} from './vat-rr.js';

describe('rrRefundOfNet', () => {
  it('is 7 % of the net value, half up to the grosz', () => {
    expect(rrRefundOfNet(100_000, 7)).toBe(7_000);
    expect(rrRefundOfNet(50, 7)).toBe(4); // 3.5 -> 4
    expect(rrRefundOfNet(49, 7)).toBe(3); // 3.43 -> 3
    expect(rrRefundOfNet(12_345_678, 7)).toBe(864_197); // 864 197.46
    expect(rrRefundOfNet(1_071_428_50, 7)).toBe(7_500_000); // 7 499 999.5 -> 7 500 000
  });

  it('rounds exactly as the VAT rule over generated amounts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (net) => {
        expect(rrRefundOfNet(net, 7)).toBe(Number((BigInt(net) * 7n + 50n) / 100n));
        expect(rrRefundOfNet(net, 7)).toBe(vatOfNet(net, 7));
      }),
    );
  });

  it('gives each line its refund, the rounding difference on the largest line, adding up to the total', () => {
    expect(rrLineRefunds([50, 50, 60], 7)).toEqual([4, 4, 3]); // 3.5 + 3.5 + 4.2 = 11.2 -> 11
    expect(rrLineRefunds([2_453_700, 2_501_000], 7)).toEqual([171_759, 175_070]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1e9 }), { minLength: 1, maxLength: 20 }), (values) => {
        const refunds = rrLineRefunds(values, 7);
        expect(refunds.reduce((a, b) => a + b, 0)).toBe(rrTotals(values, 7).refundMinor);
      }),
    );
  });

  it('rounds once on the sum of lines, not per line', () => {
    expect(rrTotals([50, 50, 50], 7)).toEqual({ netMinor: 150, refundMinor: 11, totalMinor: 161 }); // 10.5 -> 11, not 12
  });
});

const invoice: RrInvoiceForPayment = {
  number: 'RR/2026/0007',
  issueDate: '2026-03-09',
  totalMinor: 107_000,
  farmerAccount: 'PL61 1090 1014 0000 0712 1981 2874',
};
const transfer = (paidAt: string, amountMinor: number, over: Partial<RrPayment> = {}): RrPayment => ({
  paidAt,
  amountMinor,
  method: 'TRANSFER',
  account: '61109010140000071219812874',
  title: 'Zapłata za fakturę VAT RR/2026/0007 z dnia 09.03.2026',
  ...over,
});

describe('rrDeduction', () => {
  it('is unpaid with no payments', () => {
    expect(rrDeduction(invoice, [])).toEqual({ status: 'UNPAID', paidMinor: 0, deductibleMonth: null });
  });

  it('deducts in the month of a qualifying transfer of the whole amount', () => {
    expect(rrDeduction(invoice, [transfer('2026-04-02', 107_000)])).toEqual({
      status: 'DEDUCTIBLE',
      paidMinor: 107_000,
      deductibleMonth: '2026-04',
    });
  });

  it('waits while paid in part, then deducts in the month of the payment that completed it', () => {
    const first = transfer('2026-03-30', 50_000);
    expect(rrDeduction(invoice, [first])).toEqual({ status: 'PARTIAL', paidMinor: 50_000, deductibleMonth: null });
    const second = transfer('2026-04-03', 57_000);
    expect(rrDeduction(invoice, [second, first])).toMatchObject({ status: 'DEDUCTIBLE', deductibleMonth: '2026-04' });
  });

  it('does not deduct what was paid in cash, wholly or in part', () => {
    const cash = { method: 'CASH' as const, account: null, title: null };
    expect(rrDeduction(invoice, [transfer('2026-03-10', 107_000, cash)]).status).toBe('CASH');
    expect(rrDeduction(invoice, [transfer('2026-03-10', 7_000, cash), transfer('2026-03-11', 100_000)]).status).toBe(
      'CASH',
    );
  });

  it('does not deduct a transfer to another account or without the number and date in the title', () => {
    const other = transfer('2026-03-10', 107_000, { account: '27114020040000300201355387' });
    expect(rrDeduction(invoice, [other]).status).toBe('NOT_QUALIFYING');
    const noNumber = transfer('2026-03-10', 107_000, { title: 'Zapłata za pszenicę 09.03.2026' });
    expect(rrDeduction(invoice, [noNumber]).status).toBe('NOT_QUALIFYING');
    const noDate = transfer('2026-03-10', 107_000, { title: 'RR/2026/0007' });
    expect(isQualifyingRrPayment(noDate, invoice)).toBe(false);
  });
});

describe('titleNamesRrInvoice', () => {
  it('reads the number and the date in either spelling, case and spacing aside', () => {
    expect(titleNamesRrInvoice('rr/2026/0007  2026-03-09', 'RR/2026/0007', '2026-03-09')).toBe(true);
    expect(titleNamesRrInvoice('RR/2026/0007 z 09.03.2026', 'RR/2026/0007', '2026-03-09')).toBe(true);
    expect(titleNamesRrInvoice('RR/2026/0008 z 09.03.2026', 'RR/2026/0007', '2026-03-09')).toBe(false);
    expect(titleNamesRrInvoice(null, 'RR/2026/0007', '2026-03-09')).toBe(false);
  });
});
