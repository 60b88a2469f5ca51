import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pairCopies } from '../../db/copies.js';
import { allocations, contracts, transports } from '../../db/schema.js';

/** What the allocation rules read of a contract (RULES.md Allocations). */
const lockedContractColumns = {
  id: contracts.id,
  type: contracts.type,
  status: contracts.status,
  rawMaterialId: contracts.rawMaterialId,
  cargoQuantityKg: contracts.cargoQuantityKg,
  isTolerance: contracts.isTolerance,
  toleranceQuantity: contracts.toleranceQuantity,
  toleranceUnit: contracts.toleranceUnit,
  isGmp: contracts.isGmp,
  isCert: contracts.isCert,
  allocatedKg: contracts.allocatedKg,
  counterpartyId: contracts.counterpartyId,
  dateOfReceiptFrom: contracts.dateOfReceiptFrom,
  dateOfReceiptTo: contracts.dateOfReceiptTo,
};
export type LockedContract = Awaited<ReturnType<typeof lockContract>>;

const allocationColumns = {
  id: allocations.id,
  purchaseId: allocations.purchaseId,
  salesId: allocations.salesId,
  quantityKg: allocations.quantityKg,
  confirmationNote: allocations.confirmationNote,
  inDeliveryKg: allocations.inDeliveryKg,
  deliveredKg: allocations.deliveredKg,
};
export type PairAllocation = NonNullable<Awaited<ReturnType<typeof lockAllocation>>>;

async function lockContract(db: Db, id: number) {
  const [row] = await db.select(lockedContractColumns).from(contracts).where(eq(contracts.id, id)).for('update');
  return row ?? null;
}

/**
 * Locks the contract rows one by one in ascending id order, so two requests touching the same pair of
 * contracts always queue in the same order and never deadlock (ARCHITECTURE.md Database).
 */
export async function lockContractsInIdOrder(db: Db, ids: number[]): Promise<Map<number, LockedContract>> {
  const locked = new Map<number, LockedContract>();
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) locked.set(id, await lockContract(db, id));
  return locked;
}

/** The pair's allocation, locked; null when the pair has none. Call with both contracts already locked. */
export async function lockAllocation(db: Db, purchaseId: number, salesId: number) {
  const [row] = await db
    .select(allocationColumns)
    .from(allocations)
    .where(and(eq(allocations.purchaseId, purchaseId), eq(allocations.salesId, salesId)))
    .for('update');
  return row ?? null;
}

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
    })
    .returning(allocationColumns);
  return row!;
}

export async function updateAllocation(db: Db, id: number, quantityKg: number, confirmationNote: string | null) {
  const [row] = await db
    .update(allocations)
    .set({ quantityKg, confirmationNote, updatedAt: sql`now()` })
    .where(eq(allocations.id, id))
    .returning(allocationColumns);
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
