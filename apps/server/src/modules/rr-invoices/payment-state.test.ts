import { type RrPayment, rrDeduction } from '@grain/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertContractor } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { rrInvoicePayments, rrInvoices } from '../../db/schema/index.js';
import { paymentStatesOf } from './list-queries.js';

/** The list's SQL payment state (list-queries.ts) against the shared rule rrDeduction, over generated payments. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await resetDatabase(t.db);
});
afterAll(() => t.close());

const ACCOUNT = '61109010140000071219812874';
const OTHER = '27102055581111123456789012';
const INVOICE = { issueDate: '2026-03-09', totalMinor: 100_000, farmerAccount: ACCOUNT };
/** Titles of a payment to invoice number `n`: with its date both ways, lower case, without the date, none. */
const TITLES: ((n: string) => string | null)[] = [
  (n) => `${n} z dnia 2026-03-09`,
  (n) => `zapłata ${n.toLowerCase()}   09.03.2026`,
  (n) => n,
  (n) => `${n}\tz 2026-03-10`,
  () => 'pszenica 09.03.2026',
  () => null,
];

const numberOf = (index: number) => `RR/2026/${String(index + 1).padStart(4, '0')}`;

const payment = fc.record({
  paidAt: fc.constantFrom('2026-03-10', '2026-03-31', '2026-04-01', '2026-05-15'),
  amountMinor: fc.constantFrom(1, 40_000, 60_000, 99_999, 100_000, 150_000),
  method: fc.constantFrom('TRANSFER' as const, 'CASH' as const),
  account: fc.constantFrom(ACCOUNT, OTHER, null),
  title: fc.integer({ min: 0, max: TITLES.length - 1 }),
});

describe('the RR list payment state in SQL (twin of rrDeduction)', () => {
  it('gives the state and the deductible month the shared rule gives, for generated payments', async () => {
    const farmer = await insertContractor(t.db, { code: 'RRTWIN' });
    const transfer = { method: 'TRANSFER' as const, account: ACCOUNT };
    // Deductible needs every payment to qualify, which random payments rarely do: these reach it on purpose.
    const deductible = [
      [{ ...transfer, paidAt: '2026-03-10', amountMinor: 100_000, title: 0 }],
      [
        { ...transfer, paidAt: '2026-04-01', amountMinor: 60_000, title: 1 },
        { ...transfer, paidAt: '2026-03-31', amountMinor: 40_000, title: 0 },
      ],
      [{ ...transfer, paidAt: '2026-05-15', amountMinor: 150_000, title: 1 }],
    ];
    const samples = [
      ...deductible,
      ...fc.sample(fc.array(payment, { maxLength: 4 }), { numRuns: 60, seed: 20_261_128 }),
    ];
    const ids: number[] = [];
    const writtenPayments: RrPayment[][] = [];
    for (const [index, payments] of samples.entries()) {
      const [row] = await t.db
        .insert(rrInvoices)
        .values({
          number: numberOf(index),
          issueDate: INVOICE.issueDate,
          farmerId: farmer.id,
          farmerName: 'Jan Kowalski',
          farmerNip: '7740001454',
          farmerAccount: ACCOUNT,
          buyerNip: '5260250274',
          refundRatePercent: 7,
          netTotal: 93_458,
          refundTotal: 6_542,
          grossTotal: INVOICE.totalMinor,
          totalInWords: 'jeden tysiąc złotych 00/100',
        })
        .returning({ id: rrInvoices.id });
      ids.push(row!.id);
      const number = numberOf(index);
      const written: RrPayment[] = payments.map((p) => ({ ...p, title: TITLES[p.title]!(number) }));
      if (written.length) {
        await t.db.insert(rrInvoicePayments).values(
          written.map((p) => ({
            rrInvoiceId: row!.id,
            paidAt: p.paidAt,
            amount: p.amountMinor,
            method: p.method,
            account: p.account,
            title: p.title,
          })),
        );
      }
      writtenPayments.push(written);
    }
    const seen = new Set(
      writtenPayments.map((payments, index) => rrDeduction({ ...INVOICE, number: numberOf(index) }, payments).status),
    );
    expect([...seen].sort(), 'the samples reach every state').toEqual([
      'CASH',
      'DEDUCTIBLE',
      'NOT_QUALIFYING',
      'PARTIAL',
      'UNPAID',
    ]);
    const inSql = new Map((await paymentStatesOf(t.db, ids)).map((row) => [row.id, row]));
    for (const [index, payments] of writtenPayments.entries()) {
      const rule = rrDeduction({ ...INVOICE, number: numberOf(index) }, payments);
      const twin = inSql.get(ids[index]!);
      expect({ status: twin?.status, month: twin?.deductibleMonth }, JSON.stringify(payments)).toEqual({
        status: rule.status,
        month: rule.deductibleMonth,
      });
    }

    // The list filters and pages by the same state: deductible in April 2026, newest first, two per page.
    const token = await t.login();
    const april = writtenPayments
      .map((payments, index) => ({
        id: ids[index]!,
        rule: rrDeduction({ ...INVOICE, number: numberOf(index) }, payments),
      }))
      .filter(({ rule }) => rule.deductibleMonth === '2026-04')
      .map(({ id }) => id)
      .sort((a, b) => b - a);
    expect(april.length).toBeGreaterThan(0);
    const filter = encodeURIComponent(JSON.stringify({ payment_status: ['DEDUCTIBLE'], deductible_month: '2026-04' }));
    const page = await t.call({ method: 'GET', url: `/api/rr-invoice/list?filter=${filter}&limit=2&offset=0`, token });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ filtered: april.length, total: ids.length });
    expect(page.json().list.map((row: { id: number }) => row.id)).toEqual(april.slice(0, 2));
  });
});
