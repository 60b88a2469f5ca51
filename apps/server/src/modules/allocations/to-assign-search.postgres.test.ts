import { type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { rowsOf } from '../../db/client.js';
import { toAssignPageIdsStatement } from './queries/to-assign.js';

/**
 * PostgreSQL only (vitest.config.ts: *.postgres.test.ts run in the PostgreSQL pass): PGlite has no pg_trgm, and
 * migration 0018 then creates no trigram index, so the plan is PostgreSQL's to check.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await resetDatabase(t.db);
});
afterAll(() => t.close());

/**
 * The plan of a statement with sequential and plain index scans priced out: whether PostgreSQL can serve its
 * conditions from an index at all (on these few rows it would rightly scan). With a filter it may pick that
 * filter's index instead, which is its choice to make.
 */
async function planOf(statement: SQLWrapper): Promise<string> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    const rows = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain (costs off) ${statement}`));
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('allocations page search plan (PostgreSQL with pg_trgm)', () => {
  // With a closed contract asked for, the page reads the whole history (the open book's indexes, below, do not hold
  // it): there the search is served by the trigram index of every allocation.
  it('can pick the page from the trigram index of the search text, by its own and by a joined sort key', async () => {
    const filter = { purchaseContractStatus: ['CLOSED' as const] };
    const requests = [
      { limit: 50, offset: 0, search: 'nowak', filter },
      { limit: 50, offset: 0, search: 'zk/2025', orderBy: 'raw_material_quality_title:desc', filter },
    ];
    for (const request of requests) {
      const plan = await planOf(toAssignPageIdsStatement(t.db, request));
      expect(plan, JSON.stringify(request)).toMatch(/Bitmap Index Scan on allocations_search_idx/);
      expect(plan, JSON.stringify(request)).not.toMatch(/allocations_open_/);
    }
  });

  // Migration 0044: the page shows the open book (both contracts in TO_ASSIGN_DEFAULT_STATUSES, or some of them),
  // and its partial indexes hold those pairs alone, so the page and its searches do not grow with the history.
  it('reads the open book from its partial indexes, for the default statuses and for some of them', async () => {
    const requests = [
      { limit: 50, offset: 0 },
      { limit: 50, offset: 0, search: 'a' },
      { limit: 50, offset: 0, filter: { purchaseContractStatus: ['ACTIVE' as const] } },
    ];
    for (const request of requests) {
      const plan = await planOf(toAssignPageIdsStatement(t.db, request));
      expect(plan, JSON.stringify(request)).toMatch(/Scan on allocations_open_created_idx/);
    }
  });

  // Every filter on a side's contract at once: each semi-join names its side's type and statuses (so PostgreSQL can
  // prove the open contracts' partial index holds its rows) and only columns that index holds, so it can read the
  // open book from the index alone rather than every contract of the history. Checked on the statement and the
  // index's definition: which index the planner picks on a test database's few rows is its cost estimate's to make.
  const everySideFilter = {
    purchaseSupplierId: [1],
    salesRecipientId: [2],
    rawMaterialId: 1,
    rawMaterialQualityId: [1],
    purchaseIsGmp: true,
    salesIsGmp: false,
    purchaseIsCert: true,
    salesIsCert: false,
    purchaseFreight: ['FCA' as const],
    salesFreight: ['CPT' as const],
    dateOfLoading: { from: '2026-01-01', to: '2026-12-31' },
    dateOfUnloading: { from: '2026-01-01', to: '2026-12-31' },
  };

  it("filters a side's contract by its type, its statuses and columns the open contracts' covering index holds", async () => {
    const statement = toAssignPageIdsStatement(t.db, { limit: 50, offset: 0, filter: everySideFilter });
    const [index] = rowsOf<{ definition: string }>(
      await t.db.execute(sql`select pg_get_indexdef('contracts_open_book_idx'::regclass) as definition`),
    );
    const [, keys = '', included = ''] = /USING btree \(([^)]*)\) INCLUDE \(([^)]*)\)/.exec(index!.definition) ?? [];
    const held = [...keys.split(', '), ...included.split(', ')].map((name) => name.replaceAll('"', ''));
    const text = new PgDialect().sqlToQuery(statement.getSQL()).sql;
    const named = [...new Set([...text.matchAll(/"contracts"\."([a-z_]+)"/g)].map((match) => match[1]!))].filter(
      (name) => name !== 'status', // the index's predicate
    );
    expect(named.length).toBeGreaterThan(8);
    expect(held).toEqual(expect.arrayContaining(named));
    expect(text.match(/"contracts"\."type" = \$\d+ and "contracts"\."status" in \(/g)).toHaveLength(2);
  });
});
