import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contractorBody } from '../../../test/fixtures/contractors.js';
import { invoiceableNip, invoiceableRows, saveInvoiceSettings } from '../../../test/fixtures/invoices.js';
import { ADMIN_EMAIL, createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { inLockOrder, lockedTables, recordingDb } from '../../../test/lock-order.js';
import { contractors, transactions, users } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { createInvoice } from './service.js';

/**
 * An invoice issue in the global lock order (db/locks.ts): the buyer FOR SHARE, the statement rows in id order,
 * then the series' counter row, held to commit. On PostgreSQL (TEST_DATABASE_URL, a pool of 20) the calls below
 * really overlap; taking the buyer only at the invoice's insert deadlocked with a rename of the buyer.
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

const call = (method: 'POST' | 'PUT', url: string, payload: object) => t.call({ method, url, token, payload });
const codeOf = (response: LightMyRequestResponse) =>
  response.statusCode === 200 ? 'OK' : response.json().message_code;

describe('invoice issue and the global lock order', () => {
  it('locks the buyer, then the rows in id order, then the number counter', async () => {
    const { ids } = await invoiceableRows(t.db, 5);
    const { db, statements } = recordingDb(t.db);
    const [admin] = await t.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    const ctx = { db, user: admin, config: t.config, log: t.app.log } as unknown as Ctx;

    const invoice = await createInvoice(ctx, { transactionIds: [...ids].reverse(), issueDate: '2026-03-09' });

    expect(invoice.number).toBe('FV/2026/03/0001');
    const tables = lockedTables(statements);
    expect(tables).toEqual(['contractors', 'transactions', 'invoice_number_counters']);
    expect(tables).toEqual(inLockOrder(tables));
  });

  it('answers no 5xx and no CONFLICT when issues race bulk settles of their rows and renames of their buyer', async () => {
    const rounds = await Promise.all(Array.from({ length: 6 }, () => invoiceableRows(t.db, 5)));
    // One buyer for every round: each rename locks every round's rows to refresh their copies (db/copies.ts).
    const buyer = rounds[0]!.buyerId;
    const nip = invoiceableNip();
    await t.db
      .update(transactions)
      .set({ contractorId: buyer })
      .where(
        inArray(
          transactions.id,
          rounds.flatMap((round) => round.ids),
        ),
      );
    await t.db.update(contractors).set({ nip }).where(eq(contractors.id, buyer));

    const calls: (() => Promise<LightMyRequestResponse>)[] = [];
    rounds.forEach(({ ids }, round) => {
      calls.push(() => call('POST', '/api/invoice/create', { transaction_ids: ids, issue_date: '2026-03-09' }));
      // The rows in the other order: the bulk call sorts them by id itself (settlements/service/bulk.ts).
      calls.push(() =>
        call('POST', '/api/contract/settlement-bulk-settle', {
          items: [...ids].reverse().map((id) => ({ transaction_id: id })),
        }),
      );
      calls.push(() =>
        call(
          'PUT',
          `/api/dictionary/contractor/update/${buyer}`,
          contractorBody({ code: `ODB${round}`, name: `Odbiorca ${round}`, nip }),
        ),
      );
    });
    const responses = await Promise.all(calls.map((run) => run()));

    const codes = responses.map(codeOf);
    const issues = codes.filter((_, index) => index % 3 === 0);
    const settles = codes.filter((_, index) => index % 3 === 1);
    const renames = codes.filter((_, index) => index % 3 === 2);
    expect(issues).toEqual(Array(6).fill('OK'));
    expect(renames).toEqual(Array(6).fill('OK'));
    // A settle that came first finds no invoice number yet (RULES.md Settlements), never a deadlock or a 5xx.
    expect(settles.filter((code) => code !== 'OK' && code !== 'INVOICE_DATA_INCOMPLETE')).toEqual([]);
    const numbers = responses.filter((_, index) => index % 3 === 0).map((response) => response.json().number);
    expect(numbers.sort()).toEqual(Array.from({ length: 6 }, (_, i) => `FV/2026/03/000${i + 1}`));
  });
});
