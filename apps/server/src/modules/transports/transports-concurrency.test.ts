import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deliveredBody,
  figureLines,
  seedPair,
  transportApi,
  transportBody,
} from '../../../test/fixtures/transports.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { rowsOf } from '../../db/client.js';
import { transactions, transports, unloadings } from '../../db/schema/index.js';

/**
 * ARCHITECTURE.md Database: parallel requests never over-transport. Meaningful on PostgreSQL
 * (TEST_DATABASE_URL, a pool of 20 connections); on PGlite the same calls run one after another.
 */
let t: TestApp;
let token: string;
let api: ReturnType<typeof transportApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = transportApi(t, () => token);
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
});
afterAll(() => t.close());

describe('concurrency', () => {
  it('lets exactly 10 of 20 parallel 10 t creates onto a 100 t allocation through', async () => {
    const pair = await seedPair(t.db, { allocationKg: 100_000 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2
          ? api.createOnTheWay(transportBody(pair, { cargo_quantity: 10_000 }))
          : api.create(transportBody(pair, { cargo_quantity: 10_000 })),
      ),
    );
    const accepted = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(accepted).toHaveLength(10);
    expect(refused.map((response) => response.json().message_code)).toEqual(
      Array(10).fill('TRANSPORT_QUANTITY_IS_TO_BIG'),
    );
    const [planned] = rowsOf<{ kg: string }>(
      await t.db.execute(
        sql`select sum(cargo_quantity_kg) as kg from transports where status in ('NEW', 'ON_THE_WAY')`,
      ),
    );
    expect(Number(planned?.kg)).toBe(100_000);
    const onTheWay = accepted.filter((response) => response.json().status === 'ON_THE_WAY').length;
    expect(await figureLines(t.db, pair.purchaseId, pair.salesId)).toEqual({
      allocation: [100_000, onTheWay * 10_000, onTheWay, 0],
      purchase: [100_000, onTheWay * 10_000, onTheWay, 0],
      sale: [100_000, onTheWay * 10_000, onTheWay, 0],
    });
  });

  it('delivers a transport once when two deliveries race', async () => {
    const pair = await seedPair(t.db);
    const id = await api.createId(transportBody(pair), true);
    const responses = await Promise.all([api.deliver(id, deliveredBody()), api.deliver(id, deliveredBody())]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((response) => response.statusCode === 409)?.json().message_code).toBe('WRONG_STATUS');
    expect(await t.db.select().from(unloadings)).toHaveLength(1);
    expect(await t.db.select().from(transactions)).toHaveLength(3);
    expect(await figureLines(t.db, pair.purchaseId, pair.salesId)).toEqual({
      allocation: [100_000, 0, 0, 24_500],
      purchase: [100_000, 0, 0, 24_500],
      sale: [100_000, 0, 0, 24_500],
    });
  });

  it('keeps the counters exact under parallel status changes, deliveries and removals on one pair', async () => {
    const pair = await seedPair(t.db, { allocationKg: 100_000 });
    const ids: number[] = [];
    for (let index = 0; index < 9; index += 1) {
      ids.push(await api.createId(transportBody(pair, { cargo_quantity: 10_000 }), true));
    }
    const [back, delivered, removed] = [ids.slice(0, 3), ids.slice(3, 6), ids.slice(6, 9)];
    await Promise.all([
      ...back.map((id) => api.setStatus(id, 'NEW')),
      ...delivered.map((id) => api.deliver(id, deliveredBody({ real_cargo_quantity: 9_900 }))),
      ...removed.map((id) => api.remove(id)),
    ]);
    expect(await figureLines(t.db, pair.purchaseId, pair.salesId)).toEqual({
      allocation: [100_000, 0, 0, 29_700],
      purchase: [100_000, 0, 0, 29_700],
      sale: [100_000, 0, 0, 29_700],
    });
    const statuses = await t.db
      .select({ status: transports.status })
      .from(transports)
      .where(inArray(transports.id, ids));
    expect(statuses.map((row) => row.status).sort()).toEqual([...Array(3).fill('DELIVERED'), ...Array(3).fill('NEW')]);
  });
});
