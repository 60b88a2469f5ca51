import { FILTERED_COUNT_CAP } from '@grain/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { purchaseOf, saleOf } from '../../../test/fixtures/allocations.js';
import { insertContractor } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { rowsOf } from '../../db/client.js';

/**
 * The allocations page counts a search or a filter up to FILTERED_COUNT_CAP, as the other long lists do
 * (lib/list.ts): past the cap `filtered` says only that there are more, the totals bar is null (not summed), and a
 * page past the capped count is refused. The contracts' statuses alone are counted exactly by the kept totals.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PURCHASES = 101;
const SALES = 100;
const PAIRS = PURCHASES * SALES;

/**
 * 101 purchases ZK/0001 … ZK/0101 of ALFA and 100 sales SP/0001 … SP/0100 of MLYN, every purchase allocated 1 t onto
 * every sale (10 100 pairs, past the cap); the pairs of purchase ZK/0007 have 300 kg in delivery on 1 truck and
 * 200 kg delivered.
 */
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
  const alfa = await insertContractor(t.db, { code: 'ALFA', name: 'Alfa Zboża' });
  const mlyn = await insertContractor(t.db, { code: 'MLYN', name: 'Młyn Wielki' });
  const purchase = await purchaseOf(t.db, { documentNumber: 'ZK/0001', counterpartyId: alfa.id });
  const sale = await saleOf(t.db, { documentNumber: 'SP/0001', counterpartyId: mlyn.id });
  await copyContract(purchase.id, 'ZK', PURCHASES);
  await copyContract(sale.id, 'SP', SALES);
  await t.db.execute(sql`insert into allocations (purchase_id, sales_id, quantity_kg, purchase_document_number,
      sales_document_number, supplier_code, recipient_code, purchase_status, sales_status)
    select p.id, s.id, 1000, p.document_number, s.document_number, 'ALFA', 'MLYN', p.status, s.status
    from contracts p, contracts s where p.type = 'PURCHASE' and s.type = 'SALES'`);
  await t.db.execute(sql`update allocations set in_delivery_kg = 300, in_delivery_count = 1, delivered_kg = 200
    where purchase_document_number = 'ZK/0007'`);
});

/** The contract copied as numbers 2 … count of its prefix (zero-padded, so no number contains another). */
async function copyContract(id: number, prefix: string, count: number) {
  const columns = await t.db.execute(sql`select string_agg(quote_ident(column_name), ', ') as cols
    from information_schema.columns
    where table_schema = current_schema() and table_name = 'contracts'
      and column_name not in ('id', 'document_number') and is_generated = 'NEVER'`);
  const list = sql.raw(rowsOf<{ cols: string }>(columns)[0]!.cols);
  await t.db.execute(sql`insert into contracts (document_number, ${list})
    select ${prefix} || '/' || lpad(g::text, 4, '0'), ${list} from contracts, generate_series(2, ${count}) g
    where id = ${id}`);
}

const list = (query: Record<string, string | number>) =>
  t.call({
    method: 'GET',
    url: `/api/transport/get-to-assign-list?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]))}`,
    token,
  });

describe('GET /api/transport/get-to-assign-list past the capped count', () => {
  it('counts a broad search up to the cap, answers no totals and refuses a page past it', async () => {
    const broad = { search: 'zk/0', limit: 50 };
    const last = await list({ ...broad, offset: FILTERED_COUNT_CAP - 50 });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({
      filtered: FILTERED_COUNT_CAP,
      filtered_capped: true,
      total: PAIRS,
      total_data: null,
    });
    expect(last.json().list).toHaveLength(50);
    for (const offset of [FILTERED_COUNT_CAP, 20_000 * 50]) {
      const past = await list({ ...broad, offset });
      expect(past.statusCode, past.body).toBe(400);
      expect(past.json()).toMatchObject({
        message_code: 'VALIDATION_ERROR',
        errors: [{ field: 'offset', code: 'pastCappedCount' }],
      });
    }
    // A filter beyond the statuses is capped the same way.
    const filtered = await list({ filter: JSON.stringify({ has_to_deliver: true }), limit: 10 });
    expect(filtered.json()).toMatchObject({ filtered: FILTERED_COUNT_CAP, filtered_capped: true, total_data: null });
  });

  it('counts the statuses alone exactly, sums them all and pages on to the end', async () => {
    const end = await list({ limit: 50, offset: PAIRS - 30 });
    expect(end.statusCode, end.body).toBe(200);
    expect(end.json()).toMatchObject({
      filtered: PAIRS,
      total: PAIRS,
      total_data: {
        sum_delivered: 100 * 200,
        sum_in_delivery: 100 * 300,
        sum_in_delivery_transport_count: 100,
        sum_to_deliver: PAIRS * 1000 - 100 * 500,
      },
    });
    expect(end.json().filtered_capped).toBeUndefined();
    expect(end.json().list).toHaveLength(30);
  });

  it('sums a narrowed search exactly, as its rows add up, and answers zeros when nothing matches', async () => {
    const narrow = await list({ search: 'zk/0007', limit: 100 });
    expect(narrow.statusCode, narrow.body).toBe(200);
    const rows = narrow.json().list as { delivered: number; in_delivery: number; to_deliver: number }[];
    expect(rows).toHaveLength(SALES);
    expect(narrow.json()).toMatchObject({
      filtered: SALES,
      total_data: {
        sum_delivered: rows.reduce((sum, row) => sum + row.delivered, 0),
        sum_in_delivery: rows.reduce((sum, row) => sum + row.in_delivery, 0),
        sum_in_delivery_transport_count: SALES,
        sum_to_deliver: rows.reduce((sum, row) => sum + row.to_deliver, 0),
      },
    });
    expect(narrow.json().total_data.sum_to_deliver).toBe(SALES * 500);
    expect((await list({ search: 'nothing-like-this' })).json()).toMatchObject({
      filtered: 0,
      total_data: { sum_delivered: 0, sum_in_delivery: 0, sum_in_delivery_transport_count: 0, sum_to_deliver: 0 },
    });
  });
});
