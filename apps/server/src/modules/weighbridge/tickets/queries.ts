import { and, desc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { contracts, rawMaterials, transports, weighbridgeTickets } from '../../../db/schema/index.js';

export type TicketRow = typeof weighbridgeTickets.$inferSelect;
export type TicketInsert = typeof weighbridgeTickets.$inferInsert;

/** The transport a ticket is weighed for, locked so its status cannot change under the ticket (level 2). */
export async function lockTransport(db: Db, id: number) {
  const [row] = await db
    .select({
      id: transports.id,
      status: transports.status,
      registrationNumber: transports.registrationNumber,
      driverName: transports.driverName,
    })
    .from(transports)
    .where(eq(transports.id, id))
    .for('update');
  return row ?? null;
}

export async function transportExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: transports.id }).from(transports).where(eq(transports.id, id));
  return row !== undefined;
}

export async function lockTicket(db: Db, id: number): Promise<TicketRow | null> {
  const [row] = await db.select().from(weighbridgeTickets).where(eq(weighbridgeTickets.id, id)).for('update');
  return row ?? null;
}

export async function getTicket(db: Db, id: number): Promise<TicketRow | null> {
  const [row] = await db.select().from(weighbridgeTickets).where(eq(weighbridgeTickets.id, id));
  return row ?? null;
}

/** The transport's ticket in force on one side (OPEN or CLOSED), if any. */
export async function ticketInForce(db: Db, transportId: number, side: TicketRow['side']) {
  const [row] = await db
    .select({ id: weighbridgeTickets.id })
    .from(weighbridgeTickets)
    .where(
      and(
        eq(weighbridgeTickets.transportId, transportId),
        eq(weighbridgeTickets.side, side),
        ne(weighbridgeTickets.status, 'CANCELLED'),
      ),
    );
  return row ?? null;
}

export async function insertTicket(db: Db, values: TicketInsert): Promise<number> {
  const [row] = await db.insert(weighbridgeTickets).values(values).returning({ id: weighbridgeTickets.id });
  return row!.id;
}

export async function updateTicket(db: Db, id: number, values: Partial<TicketInsert>): Promise<void> {
  await db.update(weighbridgeTickets).set(values).where(eq(weighbridgeTickets.id, id));
}

const corrected = alias(weighbridgeTickets, 'corrected');

/** One ticket or a transport's tickets, newest first, with the number of the ticket each one corrects. */
export async function ticketsWhere(db: Db, by: { id: number } | { transportId: number }) {
  return db
    .select({ ticket: weighbridgeTickets, correctsTicketNumber: corrected.number })
    .from(weighbridgeTickets)
    .leftJoin(corrected, eq(corrected.id, weighbridgeTickets.correctsTicketId))
    .where('id' in by ? eq(weighbridgeTickets.id, by.id) : eq(weighbridgeTickets.transportId, by.transportId))
    .orderBy(desc(weighbridgeTickets.id));
}

/** The transit tolerance of the raw material the transport carries (its purchase contract's). */
export async function toleranceOfTransport(db: Db, transportId: number): Promise<number | null> {
  const [row] = await db
    .select({ toleranceBp: rawMaterials.transitToleranceBp })
    .from(transports)
    .innerJoin(contracts, eq(contracts.id, transports.purchaseId))
    .innerJoin(rawMaterials, eq(rawMaterials.id, contracts.rawMaterialId))
    .where(eq(transports.id, transportId));
  return row?.toleranceBp ?? null;
}

/** What a printed ticket names besides the weighing: the goods, the parties, the carrier. */
export async function printContextOf(db: Db, transportId: number) {
  const [row] = await db
    .select({
      rawMaterial: rawMaterials.translatePl,
      supplierCode: transports.supplierCode,
      recipientCode: transports.recipientCode,
      carrierName: transports.carrierName,
      trailerNumber: transports.trailerNumber,
      purchaseDocumentNumber: transports.purchaseDocumentNumber,
      salesDocumentNumber: transports.salesDocumentNumber,
    })
    .from(transports)
    .innerJoin(contracts, eq(contracts.id, transports.purchaseId))
    .innerJoin(rawMaterials, eq(rawMaterials.id, contracts.rawMaterialId))
    .where(eq(transports.id, transportId));
  return row ?? null;
}
