import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { firstQualityOf, insertContract } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { rowsOf } from '../../db/client.js';
import { contracts, rawMaterialQualities } from '../../db/schema/index.js';
import { positionsStatement } from './queries.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
});
afterAll(() => t.close());

const positions = (body: object = {}, auth = token) =>
  t.call({ method: 'POST', url: '/api/dashboard/position', payload: body, token: auth });

async function secondQualityOf(rawMaterialId: number) {
  const rows = await t.db
    .select({ id: rawMaterialQualities.id })
    .from(rawMaterialQualities)
    .where(eq(rawMaterialQualities.rawMaterialId, rawMaterialId))
    .orderBy(rawMaterialQualities.id);
  return rows[1]!.id;
}

describe('POST /api/dashboard/position', () => {
  it('sums NEW and ACTIVE contracts per raw material and quality, purchase and sales apart', async () => {
    const q1 = await firstQualityOf(t.db, 1);
    const q2 = await secondQualityOf(1);
    await insertContract(t.db, { type: 'PURCHASE', status: 'NEW', rawMaterialQualityId: q1, cargoQuantityKg: 100_000 });
    await insertContract(t.db, {
      type: 'PURCHASE',
      status: 'ACTIVE',
      rawMaterialQualityId: q2,
      cargoQuantityKg: 50_500,
    });
    await insertContract(t.db, { type: 'SALES', status: 'ACTIVE', rawMaterialQualityId: q1, cargoQuantityKg: 30_250 });
    const response = await positions();
    expect(response.statusCode).toBe(200);
    const wheat = response.json().find((position: { id: number }) => position.id === 1);
    expect(wheat).toMatchObject({ id: 1, name: 'wheat', translate_pl: 'Pszenica', purchase: 150_500, sales: 30_250 });
    expect(wheat.details.find((d: { id: number }) => d.id === q1)).toMatchObject({ purchase: 100_000, sales: 30_250 });
    expect(wheat.details.find((d: { id: number }) => d.id === q2)).toMatchObject({ purchase: 50_500, sales: 0 });
  });

  it('leaves out contracts in other statuses', async () => {
    for (const status of ['NEXT_SEASON', 'TO_SETTLEMENT', 'CLOSED', 'CANCELLED'] as const) {
      await insertContract(t.db, { type: 'PURCHASE', status, cargoQuantityKg: 10_000 });
    }
    const wheat = (await positions()).json().find((position: { id: number }) => position.id === 1);
    expect(wheat.purchase).toBe(0);
  });

  it('counts a contract whose receipt period overlaps the range, and not one outside it', async () => {
    await insertContract(t.db, {
      type: 'PURCHASE',
      dateOfReceiptFrom: '2026-03-01',
      dateOfReceiptTo: '2026-03-31',
      cargoQuantityKg: 1_000,
    });
    await insertContract(t.db, {
      type: 'PURCHASE',
      dateOfReceiptFrom: '2026-05-01',
      dateOfReceiptTo: '2026-06-30',
      cargoQuantityKg: 2_000,
    });
    const wheatOf = async (body: object) =>
      (await positions(body)).json().find((position: { id: number }) => position.id === 1).purchase;
    expect(await wheatOf({ date_from: '2026-03-31', date_to: '2026-04-30' })).toBe(1_000);
    expect(await wheatOf({ date_from: '2026-04-01', date_to: '2026-04-30' })).toBe(0);
    expect(await wheatOf({ date_from: '2026-06-30' })).toBe(2_000);
    expect(await wheatOf({ date_to: '2026-03-01' })).toBe(1_000);
    expect(await wheatOf({})).toBe(3_000);
  });

  it('lists every raw material, also those without contracts', async () => {
    const list = (await positions()).json();
    expect(list.map((position: { id: number }) => position.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(list.every((position: { details: unknown[] }) => position.details.length > 0)).toBe(true);
  });

  it('refuses date_from after date_to with DATE_FROM_CANNOT_BE_AFTER_TO', async () => {
    const response = await positions({ date_from: '2026-05-02', date_to: '2026-05-01' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message_code).toBe('DATE_FROM_CANNOT_BE_AFTER_TO');
  });

  it('refuses a date that is not a date with VALIDATION_ERROR', async () => {
    const response = await positions({ date_from: '2026-02-30' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'date_from', code: 'date' }]);
  });
});

describe('POST /api/dashboard/position-timeline', () => {
  it('spreads a contract evenly over the days of its receipt period, month by month', async () => {
    // 61 days: March has 31, April 30.
    await insertContract(t.db, {
      type: 'PURCHASE',
      dateOfReceiptFrom: '2026-03-01',
      dateOfReceiptTo: '2026-04-30',
      cargoQuantityKg: 61_000,
    });
    await insertContract(t.db, {
      type: 'SALES',
      dateOfReceiptFrom: '2026-04-10',
      dateOfReceiptTo: '2026-04-19',
      cargoQuantityKg: 5_000,
    });
    const response = await t.call({
      method: 'POST',
      url: '/api/dashboard/position-timeline',
      payload: { from: '2026-03-15', months: 3 },
      token,
    });
    expect(response.statusCode).toBe(200);
    const wheat = response.json().find((row: { raw_material_id: number }) => row.raw_material_id === 1);
    expect(wheat.months).toEqual([
      { month: '2026-03', purchase: 31_000, sales: 0 },
      { month: '2026-04', purchase: 30_000, sales: 5_000 },
      { month: '2026-05', purchase: 0, sales: 0 },
    ]);
  });
});

describe('roles', () => {
  it('refuses a guest with 401 and lets a USER in', async () => {
    expect((await t.call({ method: 'POST', url: '/api/dashboard/position', payload: {} })).statusCode).toBe(401);
    const user = await t.userWithRole('USER');
    expect((await positions({}, user.token)).statusCode).toBe(200);
  });

  it('keeps the contracts table untouched (read only)', async () => {
    await insertContract(t.db, { type: 'PURCHASE' });
    const before = await t.db.select().from(contracts);
    await positions();
    expect(await t.db.select().from(contracts)).toEqual(before);
  });
});

describe('positions plan', () => {
  // RULES.md Positions: only NEW and ACTIVE contracts count. The statement's status condition must imply the
  // predicate of the partial index contracts_open_position_idx (migrations 0019, 0043), or every contract of the
  // history is read again. Sequential and plain index scans priced out: on these few rows the planner would scan.
  it('reads the contracts through the partial index of the open ones, with and without a period', async () => {
    for (const [from, to, isPaidWeight] of [
      [null, null, false],
      ['2025-01-01', '2025-12-31', false],
      [null, '2025-06-30', true],
    ] as const) {
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        const statement = positionsStatement(from, to, isPaidWeight);
        return rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain (costs off) ${statement}`))
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      });
      expect(plan, `${from} ${to} ${isPaidWeight}`).toMatch(/Scan on contracts_open_position_idx/);
    }
  });

  // The index holds every column the statement reads of a contract, the id of the paid-weight deductions included,
  // so PostgreSQL can answer from the index alone (an index-only scan); without one it reads a heap page per open
  // contract or the whole table, and the positions grow with the history (docs/performance.md, Sixth pass).
  it('holds in that index every column of a contract the statement reads', async () => {
    const [index] = rowsOf<{ definition: string }>(
      await t.db.execute(sql`select pg_get_indexdef('contracts_open_position_idx'::regclass) as definition`),
    );
    const [, keys = '', included = ''] = /USING btree \(([^)]*)\) INCLUDE \(([^)]*)\)/.exec(index!.definition) ?? [];
    const held = [...keys.split(', '), ...included.split(', ')].map((name) => name.replaceAll('"', ''));
    const statement = positionsStatement(null, null, true);
    const text = new PgDialect().sqlToQuery(statement).sql;
    const read = [...new Set([...text.matchAll(/\bc\.([a-z_]+)/g)].map((match) => match[1]!))].filter(
      (name) => name !== 'status', // the index's predicate
    );
    expect(read.length).toBeGreaterThan(4);
    expect(held).toEqual(expect.arrayContaining(read));
  });
});
