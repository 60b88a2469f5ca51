import type { DeliveryCounters, DeliveryTransaction, TransportStatus } from '@grain/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  contractorNameOf,
  pairCopies,
  pairStatusCopies,
  salesSideCopies,
  transactionCopies,
  transportCopies,
} from '../../../db/copies.js';
import { allocations, contracts, transactions, transports, unloadings } from '../../../db/schema/index.js';

export type TransportValues = Pick<
  typeof transports.$inferInsert,
  | 'registrationNumber'
  | 'trailerNumber'
  | 'carrierId'
  | 'driverName'
  | 'phoneNumber'
  | 'driverDocumentId'
  | 'cargoQuantityKg'
  | 'pricePerTon'
  | 'currency'
  | 'dateLoading'
  | 'dateUnloading'
  | 'isGmp'
  | 'gmpNumber'
  | 'comment'
  | 'confirmationNote'
  | 'doubleBookingNote'
>;

export async function insertTransport(
  db: Db,
  values: TransportValues & { purchaseId: number; salesId: number; status: TransportStatus; createdBy: number },
): Promise<number> {
  const [row] = await db
    .insert(transports)
    .values({ ...values, ...transportCopies(values) })
    .returning({ id: transports.id });
  return row!.id;
}

/** The unloading's figures the logistics table sorts and filters by, copied onto the delivered transport. */
export type DeliveredCopies = Pick<typeof transports.$inferInsert, 'unloadingDate' | 'realCargoQuantityKg'>;

/** A changed carrier or sale rewrites its copies in the same statement (db/copies.ts). */
export async function updateTransport(
  db: Db,
  id: number,
  values: Partial<TransportValues> & DeliveredCopies & { salesId?: number; status?: TransportStatus },
) {
  await db
    .update(transports)
    .set({
      ...values,
      ...(values.carrierId === undefined ? {} : { carrierName: contractorNameOf(values.carrierId) }),
      ...(values.salesId === undefined ? {} : salesSideCopies(values.salesId)),
      updatedAt: sql`now()`,
    })
    .where(eq(transports.id, id));
}

export async function deleteTransport(db: Db, id: number) {
  await db.delete(transports).where(eq(transports.id, id));
}

/**
 * RULES.md Contracts, derived values: the transport's counter change added to its pair's allocation and to both
 * contracts, in two statements (the contracts' rows are already locked).
 */
export async function addToDeliveryCounters(
  db: Db,
  target: { allocationId: number; contractIds: number[] },
  change: DeliveryCounters,
) {
  const set = {
    inDeliveryKg: sql`in_delivery_kg + ${change.inDeliveryKg}`,
    inDeliveryCount: sql`in_delivery_count + ${change.inDeliveryCount}`,
    deliveredKg: sql`delivered_kg + ${change.deliveredKg}`,
  };
  await db.update(allocations).set(set).where(eq(allocations.id, target.allocationId));
  await db.update(contracts).set(set).where(inArray(contracts.id, target.contractIds));
}

/** A pair allocation's quantity and counters moved together in one statement (its CHECK holds at the end). */
export async function addToAllocation(db: Db, id: number, quantityKg: number, change: DeliveryCounters) {
  await db
    .update(allocations)
    .set({
      quantityKg: sql`quantity_kg + ${quantityKg}`,
      inDeliveryKg: sql`in_delivery_kg + ${change.inDeliveryKg}`,
      inDeliveryCount: sql`in_delivery_count + ${change.inDeliveryCount}`,
      deliveredKg: sql`delivered_kg + ${change.deliveredKg}`,
      updatedAt: sql`now()`,
    })
    .where(eq(allocations.id, id));
}

export async function insertAllocation(
  db: Db,
  values: {
    purchaseId: number;
    salesId: number;
    quantityKg: number;
    confirmationNote: string | null;
    createdBy: number;
  },
  counters: DeliveryCounters,
): Promise<number> {
  const [row] = await db
    .insert(allocations)
    .values({
      ...values,
      ...counters,
      ...pairCopies(values.purchaseId, values.salesId),
      ...pairStatusCopies(values.purchaseId, values.salesId),
    })
    .returning({ id: allocations.id });
  return row!.id;
}

export async function deleteAllocation(db: Db, id: number) {
  await db.delete(allocations).where(eq(allocations.id, id));
}

/**
 * A contract's allocated total and delivery counters moved by the redirect or a delivery (RULES.md Contracts, derived
 * values). Over-delivered kilograms move in the same statement as the allocation they allow (the row's CHECK).
 */
export async function addToContract(
  db: Db,
  id: number,
  allocatedKg: number,
  change: DeliveryCounters,
  overDeliveredKg = 0,
) {
  await db
    .update(contracts)
    .set({
      allocatedKg: sql`allocated_kg + ${allocatedKg}`,
      overDeliveredKg: sql`over_delivered_kg + ${overDeliveredKg}`,
      inDeliveryKg: sql`in_delivery_kg + ${change.inDeliveryKg}`,
      inDeliveryCount: sql`in_delivery_count + ${change.inDeliveryCount}`,
      deliveredKg: sql`delivered_kg + ${change.deliveredKg}`,
    })
    .where(eq(contracts.id, id));
}

export async function insertUnloading(
  db: Db,
  values: Omit<typeof unloadings.$inferInsert, 'id' | 'createdAt'>,
): Promise<number> {
  const [row] = await db.insert(unloadings).values(values).returning({ id: unloadings.id });
  return row!.id;
}

/** RULES.md Transports, Quality: a lab result passed a rejection limit of either side's terms ("do decyzji"). */
export async function markUnloadingToDecide(db: Db, id: number) {
  await db.update(unloadings).set({ isToDecide: true }).where(eq(unloadings.id, id));
}

export async function insertTransactions(db: Db, rows: DeliveryTransaction[]) {
  await db.insert(transactions).values(rows.map((row) => ({ ...row, ...transactionCopies(row) })));
}
