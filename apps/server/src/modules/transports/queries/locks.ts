import { ACTIVE_TRANSPORT_STATUSES, type DeliveredPriceOption, type QualityTerm } from '@grain/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  contractors,
  contractPriceOptions,
  contracts,
  rawMaterialQualities,
  transports,
} from '../../../db/schema/index.js';

/**
 * Row locks of the transport rules, taken in the global order of db/locks.ts (whose helpers lock the contracts and
 * allocations): the contractors a write references (FOR SHARE), the pair's contracts in ascending id order, the
 * pair's allocation, and last the transport (its
 * pair is first read without a lock: service/pair.ts lockTransportWithPair). Contract and contractor updates
 * that rewrite copies on transports go the same way down, so the two queue and never deadlock.
 */

/** A transport's own columns: what the rules read when it is locked, and the base of every transport row. */
export const transportColumns = {
  id: transports.id,
  purchaseId: transports.purchaseId,
  salesId: transports.salesId,
  status: transports.status,
  registrationNumber: transports.registrationNumber,
  trailerNumber: transports.trailerNumber,
  carrierId: transports.carrierId,
  driverName: transports.driverName,
  phoneNumber: transports.phoneNumber,
  driverDocumentId: transports.driverDocumentId,
  cargoQuantityKg: transports.cargoQuantityKg,
  pricePerTon: transports.pricePerTon,
  currency: transports.currency,
  dateLoading: transports.dateLoading,
  dateUnloading: transports.dateUnloading,
  isGmp: transports.isGmp,
  gmpNumber: transports.gmpNumber,
  comment: transports.comment,
  confirmationNote: transports.confirmationNote,
  doubleBookingNote: transports.doubleBookingNote,
};
export type LockedTransport = NonNullable<Awaited<ReturnType<typeof lockTransport>>>;

export async function lockTransport(db: Db, id: number) {
  const [row] = await db.select(transportColumns).from(transports).where(eq(transports.id, id)).for('update');
  return row ?? null;
}

export async function getTransport(db: Db, id: number) {
  const [row] = await db.select(transportColumns).from(transports).where(eq(transports.id, id));
  return row ?? null;
}

/** Planned kg of the pair's NEW and ON_THE_WAY transports, leaving out one transport (the one being changed). */
export async function plannedKgOfActiveTransports(
  db: Db,
  purchaseId: number,
  salesId: number,
  exceptTransportId: number | null,
): Promise<number> {
  const [row] = await db
    .select({ kg: sql<number>`coalesce(sum(${transports.cargoQuantityKg}), 0)::bigint`.mapWith(Number) })
    .from(transports)
    .where(
      and(
        eq(transports.purchaseId, purchaseId),
        eq(transports.salesId, salesId),
        inArray(transports.status, [...ACTIVE_TRANSPORT_STATUSES]),
        exceptTransportId === null ? undefined : ne(transports.id, exceptTransportId),
      ),
    );
  return row?.kg ?? 0;
}

/** The contracts' counterparties, read without a lock (to know which contractors to lock first). */
export async function counterpartiesOf(db: Db, ids: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: contracts.id, counterpartyId: contracts.counterpartyId })
    .from(contracts)
    .where(inArray(contracts.id, ids));
  return new Map(rows.map((row) => [row.id, row.counterpartyId]));
}

/** Contractors by id with what the delivery transactions copy (accounting method) and what a history names. */
export async function contractorsByIds(db: Db, ids: number[]) {
  const rows = await db
    .select({
      id: contractors.id,
      code: contractors.code,
      name: contractors.name,
      accountingMethod: contractors.accountingMethod,
    })
    .from(contractors)
    .where(inArray(contractors.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function qualityOf(db: Db, id: number) {
  const [row] = await db
    .select({
      id: rawMaterialQualities.id,
      rawMaterialId: rawMaterialQualities.rawMaterialId,
      title: rawMaterialQualities.title,
    })
    .from(rawMaterialQualities)
    .where(eq(rawMaterialQualities.id, id));
  return row ?? null;
}

/**
 * Each contract's price options for a delivery (RULES.md Transports, Quality): the main option's terms and the
 * additional options (quality, price, terms) in their order, of which the delivered quality's applies.
 */
export async function priceOptionsOf(db: Db, contractIds: number[]) {
  const rows = await db
    .select({
      contractId: contractPriceOptions.contractId,
      isMainOption: contractPriceOptions.isMainOption,
      rawMaterialQualityId: contractPriceOptions.rawMaterialQualityId,
      price: contractPriceOptions.price,
      qualityTerms: contractPriceOptions.qualityTerms,
    })
    .from(contractPriceOptions)
    .where(inArray(contractPriceOptions.contractId, contractIds))
    .orderBy(contractPriceOptions.id);
  const options = new Map<number, { mainTerms: QualityTerm[]; additional: DeliveredPriceOption[] }>();
  for (const { contractId, isMainOption, ...option } of rows) {
    const entry = options.get(contractId) ?? { mainTerms: [], additional: [] };
    if (isMainOption) entry.mainTerms = option.qualityTerms;
    else entry.additional.push(option);
    options.set(contractId, entry);
  }
  return options;
}
