import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/client.js';
import { transportCopies } from '../../db/copies.js';
import { allocations, contracts, rawMaterialQualities, transports } from '../../db/schema.js';
import { insertContract, insertContractor } from '../../test/fixtures.js';
import type { TestApp } from '../../test/harness.js';

/** Helpers shared by the allocation tests: calls in wire format and what the database holds afterwards. */

export type Body = Record<string, unknown>;

export const purchaseOf = (db: Db, values: Partial<typeof contracts.$inferInsert> = {}) =>
  insertContract(db, { type: 'PURCHASE', ...values });
export const saleOf = (db: Db, values: Partial<typeof contracts.$inferInsert> = {}) =>
  insertContract(db, { type: 'SALES', ...values });

export function allocate(
  t: TestApp,
  token: string,
  salesId: number | string,
  purchaseId: number,
  cargoQuantity: number,
  confirmationNote: string | null = null,
) {
  return t.call({
    method: 'POST',
    url: `/api/contract/allocate-contract/${salesId}`,
    token,
    payload: { purchase_id: purchaseId, cargo_quantity: cargoQuantity, confirmation_note: confirmationNote },
  });
}

export async function allocatedKgOf(db: Db, contractId: number): Promise<number> {
  const [row] = await db
    .select({ allocatedKg: contracts.allocatedKg })
    .from(contracts)
    .where(eq(contracts.id, contractId));
  return row!.allocatedKg;
}

/** The derived allocated total must always equal the sum of the contract's allocation rows. */
export async function sumOfPairsOf(db: Db, contractId: number): Promise<number> {
  const result = await db.execute(
    sql`select coalesce(sum(quantity_kg), 0)::bigint as kg from allocations
        where purchase_id = ${contractId} or sales_id = ${contractId}`,
  );
  return Number(rowsOf<{ kg: string | number }>(result)[0]!.kg);
}

export function pairsOf(db: Db) {
  return db.select().from(allocations).orderBy(allocations.id);
}

/** Sets what the transport service would have recorded on the pair. */
export async function setPairInTransport(
  db: Db,
  pair: { purchaseId: number; salesId: number },
  values: { inDeliveryKg?: number; inDeliveryCount?: number; deliveredKg?: number },
) {
  await db
    .update(allocations)
    .set(values)
    .where(sql`${allocations.purchaseId} = ${pair.purchaseId} and ${allocations.salesId} = ${pair.salesId}`);
}

export async function insertTransport(
  db: Db,
  pair: { purchaseId: number; salesId: number },
  cargoQuantityKg: number,
  status: (typeof transports.$inferInsert)['status'] = 'NEW',
) {
  const carrier = await insertContractor(db);
  const [row] = await db
    .insert(transports)
    .values({
      purchaseId: pair.purchaseId,
      salesId: pair.salesId,
      status,
      carrierId: carrier.id,
      cargoQuantityKg,
      dateLoading: '2026-03-01',
      dateUnloading: '2026-03-02',
      ...transportCopies({ ...pair, carrierId: carrier.id }),
    })
    .returning();
  return row!;
}

export function messageCode(response: { json: () => { message_code?: string } }): string | undefined {
  return response.json().message_code;
}

export async function qualityIdsOf(db: Db, rawMaterialId: number): Promise<number[]> {
  const rows = await db
    .select({ id: rawMaterialQualities.id })
    .from(rawMaterialQualities)
    .where(eq(rawMaterialQualities.rawMaterialId, rawMaterialId))
    .orderBy(rawMaterialQualities.id);
  return rows.map((row) => row.id);
}

/** `?filter=...` as the web sends it on GET: the filter object as JSON text. */
export function filterQuery(filter: Body, extra = ''): string {
  return `?filter=${encodeURIComponent(JSON.stringify(filter))}${extra ? `&${extra}` : ''}`;
}
