import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invoiceableRows, saveInvoiceSettings } from '../../../test/fixtures/invoices.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { contractors, invoiceNumberCounters, transactions } from '../../db/schema/index.js';

/**
 * Invoice numbers without gaps (RULES.md Invoices, VAT and KSeF): handed out under the series counter's row lock in
 * the issuing transaction, so a refused issue gives its number back. On PostgreSQL (TEST_DATABASE_URL, a pool of 20)
 * the issues below really run at once and wait for each other on the counter.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
  await saveInvoiceSettings(t, token);
});
afterAll(() => t.close());

const issue = (ids: number[]) =>
  t.call({
    method: 'POST',
    url: '/api/invoice/create',
    token,
    payload: { transaction_ids: ids, issue_date: '2026-03-09' },
  });

describe('invoice numbers', () => {
  it('gives 20 issues at once 1 to 20, unique and without a gap, while refused issues among them use no number', async () => {
    const issues = [];
    for (let i = 0; i < 20; i += 1) issues.push((await invoiceableRows(t.db, 1)).ids);
    // Refused after its number was taken: a buyer without a name fails the XSD (FA(3) Podmiot2 Nazwa, 1 character
    // at least), which is checked once the number is in the document.
    const nameless = await invoiceableRows(t.db, 1);
    await t.db.update(contractors).set({ name: '', code: ' ' }).where(eq(contractors.id, nameless.buyerId));
    // Refused before: rows of two buyers.
    const mixed = [issues[0]![0]!, nameless.ids[0]!];
    const calls = [...issues.slice(0, 10), nameless.ids, mixed, ...issues.slice(10)];

    const answers = await Promise.all(calls.map(issue));

    const refused = answers.slice(10, 12);
    expect(refused.map((answer) => [answer.statusCode, answer.json().message_code])).toEqual([
      [409, 'INVOICE_XML_INVALID'],
      [409, 'INVOICE_ROWS_NOT_COMPATIBLE'],
    ]);
    expect(refused[0]!.json().errors[0].field).toMatch(/Podmiot2/);
    const issued = [...answers.slice(0, 10), ...answers.slice(12)];
    expect(issued.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const numbers = issued.map((answer) => answer.json().number as string);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `FV/2026/03/${String(i + 1).padStart(4, '0')}`),
    );
    expect(await t.db.select().from(invoiceNumberCounters)).toEqual([{ periodKey: 'FV/2026/03/{NR}', lastNumber: 20 }]);
    const namelessRows = await t.db.select().from(transactions).where(inArray(transactions.id, nameless.ids));
    expect(namelessRows.map((row) => row.invoiceNumber)).toEqual([null]);
    // Twenty-three deliveries seeded and twenty-two issues at once: a bound for a loaded two-core machine.
  }, 120_000);
});
