import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTransport } from '../../test/fixtures/contracts.js';
import { insertAllocation, insertContract } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { transportRowsOfIds } from '../modules/transports/queries/rows.js';
import { rowsOf } from './client.js';
import { GENERIC_PLAN_IDS, idsForGenericPlan } from './rows-of-ids.js';

/**
 * PostgreSQL only (a prepared statement's plan choice is seen in pg_prepared_statements of the session that ran it;
 * vitest.config.ts runs *.postgres.test.ts in the PostgreSQL pass).
 */
let t: TestApp;
let transportId: number;
beforeAll(async () => {
  t = await createTestApp();
  const purchase = await insertContract(t.db, { type: 'PURCHASE' });
  const sale = await insertContract(t.db, { type: 'SALES' });
  await insertAllocation(t.db, purchase.id, sale.id, 50_000);
  transportId = (await insertTransport(t.db, purchase.id, sale.id, 'NEW')).id;
});
afterAll(() => t.close());

describe('the rows of ids on a generic plan', () => {
  it('pads fewer ids than a generic plan expects with an id of no row, and leaves more as they are', () => {
    expect(idsForGenericPlan([7])).toEqual([7, ...new Array(GENERIC_PLAN_IDS - 1).fill(0)]);
    const many = Array.from({ length: GENERIC_PLAN_IDS + 3 }, (_, index) => index + 1);
    expect(idsForGenericPlan(many)).toBe(many);
  });

  it('reads one row again and again on the generic plan, not planning the wide join on every call', async () => {
    // One transaction: one session, whose prepared statements pg_prepared_statements shows.
    const [plans, rows] = await t.db.transaction(async (tx) => {
      const read = [];
      for (let run = 0; run < 8; run++) read.push(...(await transportRowsOfIds(tx, [transportId])));
      const statements = await tx.execute(sql`select generic_plans, custom_plans from pg_prepared_statements
        where name = 'transport_rows_of_ids'`);
      return [rowsOf<{ generic_plans: string; custom_plans: string }>(statements)[0], read];
    });
    expect(rows.map((row) => row.id)).toEqual(new Array(8).fill(transportId));
    // PostgreSQL plans the first five runs as custom plans; the runs after them reuse the generic plan.
    expect(Number(plans?.custom_plans)).toBeLessThanOrEqual(5);
    expect(Number(plans?.generic_plans)).toBeGreaterThanOrEqual(3);
  });
});
