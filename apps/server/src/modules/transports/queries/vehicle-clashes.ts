import { vehicleKey } from '@grain/shared';
import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { contractors, contracts, transports } from '../../../db/schema/index.js';
import { activeTransportSql } from '../../../db/status-sql.js';

/** RULES.md Transports: enough other transports of one truck or driver for any real fleet; the web lists a few. */
const CLASH_CANDIDATES_MAX = 50;

const purchases = alias(contracts, 'purchase');
const sales = alias(contracts, 'sale');
const supplier = alias(contractors, 'supplier');
const recipient = alias(contractors, 'recipient');

/**
 * The other NEW / ON_THE_WAY transports with the same normalised registration number or driver document whose
 * dates may overlap (read through the partial key indexes, migrations 0012 and 0016_rules_vehicle_key); the shared rule `vehicleClashes`
 * decides which collide.
 */
export async function activeTransportsOfVehicle(
  db: Db,
  vehicle: {
    transportId: number | null;
    registrationNumber: string | null;
    driverDocumentId: string | null;
    dateLoading: string | null;
    dateUnloading: string | null;
  },
) {
  const registrationKey = vehicleKey(vehicle.registrationNumber);
  const driverDocumentKey = vehicleKey(vehicle.driverDocumentId);
  const sameVehicle = or(
    registrationKey ? eq(transports.registrationKey, registrationKey) : undefined,
    driverDocumentKey ? eq(transports.driverDocumentKey, driverDocumentKey) : undefined,
  );
  if (!sameVehicle) return [];
  const conditions: (SQL | undefined)[] = [
    sameVehicle,
    // Literal, as the partial indexes say it, so that even a generic plan reads them.
    activeTransportSql('transports.status'),
    vehicle.transportId === null ? undefined : ne(transports.id, vehicle.transportId),
    vehicle.dateUnloading === null ? undefined : sql`${transports.dateLoading} <= ${vehicle.dateUnloading}`,
    vehicle.dateLoading === null ? undefined : sql`${transports.dateUnloading} >= ${vehicle.dateLoading}`,
  ];
  return db
    .select({
      id: transports.id,
      status: transports.status,
      registrationNumber: transports.registrationNumber,
      driverDocumentId: transports.driverDocumentId,
      dateLoading: transports.dateLoading,
      dateUnloading: transports.dateUnloading,
      purchaseDocumentNumber: transports.purchaseDocumentNumber,
      supplierCode: transports.supplierCode,
      supplierName: supplier.name,
      salesDocumentNumber: transports.salesDocumentNumber,
      recipientCode: transports.recipientCode,
      recipientName: recipient.name,
      loadingCity: purchases.city,
      unloadingCity: sales.city,
    })
    .from(transports)
    .innerJoin(purchases, eq(purchases.id, transports.purchaseId))
    .innerJoin(sales, eq(sales.id, transports.salesId))
    .innerJoin(supplier, eq(supplier.id, purchases.counterpartyId))
    .innerJoin(recipient, eq(recipient.id, sales.counterpartyId))
    .where(and(...conditions))
    .orderBy(transports.dateLoading, transports.id)
    .limit(CLASH_CANDIDATES_MAX);
}
