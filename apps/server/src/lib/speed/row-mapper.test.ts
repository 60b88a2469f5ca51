import { eq, getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertContract, insertContractor } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import type { Db } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { auditLog, contractors, contracts } from '../../db/schema/index.js';
import { selectPlanned, withPlannedRowMapping } from './row-mapper.js';

let t: TestApp;
let contractId: number;
beforeAll(async () => {
  t = await createTestApp();
  const contract = await insertContract(t.db, { type: 'PURCHASE' });
  contractId = contract.id;
  // A jsonb value, a bigint id and a timestamp with a time zone, beside the contract's numerics, dates and enums.
  await t.db
    .insert(auditLog)
    .values({ entity: 'row-mapper', entityId: contractId, action: 'TEST', changes: { a: [1] } });
  await insertContractor(t.db, { name: 'Bez NIP' });
});
afterAll(() => t.close());

/** Every column of a contract and of its audit row, SQL expressions with and without a decoder, and nulls. */
function wideSelect(db: Db, id: number | SQL | Placeholder = sql.placeholder('id')) {
  return db
    .select({
      ...getTableColumns(contracts),
      auditId: auditLog.id,
      auditChanges: auditLog.changes,
      auditCreatedAt: auditLog.createdAt,
      counterpartyName: contractors.name,
      counterpartyNip: contractors.nip,
      doubledPrice: sql<number>`${contracts.price} * 2`.mapWith(Number),
      rawText: sql<string>`'ą' || ${contracts.documentNumber}`,
      noValue: sql<string | null>`null::text`,
      aliased: sql<number>`1 + 1`.mapWith(Number).as('aliased'),
    })
    .from(contracts)
    .innerJoin(contractors, eq(contractors.id, contracts.counterpartyId))
    .innerJoin(auditLog, eq(auditLog.entityId, contracts.id))
    .where(eq(contracts.id, id));
}

describe('withPlannedRowMapping', () => {
  it('maps a flat select exactly as Drizzle does', async () => {
    const byDrizzle = await wideSelect(t.db).prepare('row_mapper_drizzle').execute({ id: contractId });
    const planned = withPlannedRowMapping(wideSelect(t.db).prepare('row_mapper_planned'));
    expect((planned as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf('function');
    const byPlan = await planned.execute({ id: contractId });
    expect(byDrizzle).toHaveLength(1);
    expect(byPlan).toEqual(byDrizzle);
    // Same keys in the same order, so the answers serialise alike.
    expect(Object.keys(byPlan[0]!)).toEqual(Object.keys(byDrizzle[0]!));
    expect(byPlan[0]!.auditChanges).toEqual({ a: [1] });
    expect(byPlan[0]!.noValue).toBeNull();
    expect(byPlan[0]!.doubledPrice).toBe(Number(byDrizzle[0]!.price) * 2);
  });

  it("leaves a nested select to Drizzle's mapping (left-join nulls need it)", async () => {
    const nested = withPlannedRowMapping(
      t.db
        .select({ contract: { id: contracts.id }, audit: { id: auditLog.id } })
        .from(contracts)
        .leftJoin(auditLog, eq(auditLog.entityId, sql`-1`))
        .where(eq(contracts.id, sql.placeholder('id')))
        .prepare('row_mapper_nested'),
    );
    expect((nested as unknown as { customResultMapper?: unknown }).customResultMapper).toBeUndefined();
    expect(await nested.execute({ id: contractId })).toEqual([{ contract: { id: contractId }, audit: null }]);
  });

  it('is what every statement prepared per database maps with', async () => {
    const statement = preparedPerDatabase((db) => wideSelect(db).prepare('row_mapper_per_database'))(t.db);
    expect((statement as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf('function');
    const [row] = await statement.execute({ id: contractId });
    expect(row?.id).toBe(contractId);
  });
});

describe('selectPlanned', () => {
  const oneOff = () => wideSelect(t.db, contractId);

  it('maps a one-off select exactly as awaiting it does, and again with the cached plan of its shape', async () => {
    const byDrizzle = await oneOff();
    expect(byDrizzle).toHaveLength(1);
    for (let call = 0; call < 2; call++) {
      const byPlan = await selectPlanned(oneOff());
      expect(byPlan).toEqual(byDrizzle);
      expect(Object.keys(byPlan[0]!)).toEqual(Object.keys(byDrizzle[0]!));
    }
  });

  it('decodes by the fields of each select, also where two selects share a shape', async () => {
    // Same keys, one decoded as a number, the other as it comes: the shape's code is shared, the decoders are not.
    const asNumber = t.db
      .select({ value: sql<number>`2`.mapWith(Number) })
      .from(contracts)
      .limit(1);
    const asText = t.db
      .select({ value: sql<string>`2`.mapWith(String) })
      .from(contracts)
      .limit(1);
    expect(await selectPlanned(asNumber)).toEqual([{ value: 2 }]);
    expect(await selectPlanned(asText)).toEqual([{ value: '2' }]);
  });

  it("leaves a nested one-off select to Drizzle's mapping", async () => {
    const nested = t.db
      .select({ contract: { id: contracts.id }, audit: { id: auditLog.id } })
      .from(contracts)
      .leftJoin(auditLog, eq(auditLog.entityId, sql`-1`))
      .where(eq(contracts.id, contractId));
    expect(await selectPlanned(nested)).toEqual([{ contract: { id: contractId }, audit: null }]);
  });
});
