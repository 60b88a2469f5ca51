import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { pairCopies, pairStatusCopies } from '../../../db/copies.js';
import { allocations, contracts, transports } from '../../../db/schema/index.js';

/** Planned kg of the pair's NEW transports: not yet counted in in_delivery_kg, yet already bound to the pair. */
export async function plannedKgOfNewTransports(db: Db, purchaseId: number, salesId: number): Promise<number> {
  const [row] = await db
    .select({ kg: sql<number>`coalesce(sum(${transports.cargoQuantityKg}), 0)::bigint`.mapWith(Number) })
    .from(transports)
    .where(and(eq(transports.purchaseId, purchaseId), eq(transports.salesId, salesId), eq(transports.status, 'NEW')));
  return row?.kg ?? 0;
}

export async function insertAllocation(
  db: Db,
  values: { purchaseId: number; salesId: number; quantityKg: number; confirmationNote: string | null; userId: number },
) {
  const [row] = await db
    .insert(allocations)
    .values({
      purchaseId: values.purchaseId,
      salesId: values.salesId,
      quantityKg: values.quantityKg,
      confirmationNote: values.confirmationNote,
      createdBy: values.userId,
      ...pairCopies(values.purchaseId, values.salesId),
      ...pairStatusCopies(values.purchaseId, values.salesId),
    })
    .returning();
  return row!;
}

export async function updateAllocation(db: Db, id: number, quantityKg: number, confirmationNote: string | null) {
  const [row] = await db
    .update(allocations)
    .set({ quantityKg, confirmationNote, updatedAt: sql`now()` })
    .where(eq(allocations.id, id))
    .returning();
  return row!;
}

export async function deleteAllocation(db: Db, id: number) {
  await db.delete(allocations).where(eq(allocations.id, id));
}

/** RULES.md Contracts, derived values: allocated = sum of allocations, moved by the change's delta. */
export async function addToAllocatedKg(db: Db, contractId: number, deltaKg: number): Promise<number> {
  const [row] = await db
    .update(contracts)
    .set({ allocatedKg: sql`${contracts.allocatedKg} + ${deltaKg}` })
    .where(eq(contracts.id, contractId))
    .returning({ allocatedKg: contracts.allocatedKg });
  return row!.allocatedKg;
}

export async function allocatedKgOfPair(db: Db, purchaseId: number, salesId: number): Promise<number | null> {
  const [row] = await db
    .select({ quantityKg: allocations.quantityKg })
    .from(allocations)
    .where(and(eq(allocations.purchaseId, purchaseId), eq(allocations.salesId, salesId)));
  return row?.quantityKg ?? null;
}

/** The contract's type and raw material, for the lists that start from one contract. */
export async function contractHeader(db: Db, id: number) {
  const [row] = await db
    .select({ id: contracts.id, type: contracts.type, rawMaterialId: contracts.rawMaterialId })
    .from(contracts)
    .where(eq(contracts.id, id));
  return row ?? null;
}
