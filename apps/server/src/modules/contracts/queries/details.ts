import type { ContractType } from '@grain/shared';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../../db/client.js';
import {
  allocations,
  contractContacts,
  contractors,
  contractPriceOptions,
  contracts,
  rawMaterialQualities,
  rawMaterials,
  transactions,
  transports,
  users,
} from '../../../db/schema/index.js';
import { activeTransportSql } from '../../../db/status-sql.js';

/** Contract columns every read needs, with the counterparty, quality, raw material and owner joined once. */
export const contractRowColumns = {
  id: contracts.id,
  type: contracts.type,
  documentNumber: contracts.documentNumber,
  status: contracts.status,
  agreementStatus: contracts.agreementStatus,
  userId: contracts.userId,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  counterpartyId: contracts.counterpartyId,
  counterpartyCode: contractors.code,
  counterpartyName: contractors.name,
  currency: contracts.currency,
  freight: contracts.freight,
  isFor: contracts.isFor,
  isCert: contracts.isCert,
  isGmp: contracts.isGmp,
  countyCode: contracts.countyCode,
  dateOfReceiptFrom: contracts.dateOfReceiptFrom,
  dateOfReceiptTo: contracts.dateOfReceiptTo,
  street: contracts.street,
  buildingNumber: contracts.buildingNumber,
  postCode: contracts.postCode,
  city: contracts.city,
  countryCode: contracts.countryCode,
  rawMaterialId: contracts.rawMaterialId,
  rawMaterialQualityId: contracts.rawMaterialQualityId,
  rawMaterialQualityTitle: rawMaterialQualities.title,
  price: contracts.price,
  cargoQuantityKg: contracts.cargoQuantityKg,
  minPrice: contracts.minPrice,
  isTolerance: contracts.isTolerance,
  toleranceType: contracts.toleranceType,
  toleranceQuantity: contracts.toleranceQuantity,
  toleranceUnit: contracts.toleranceUnit,
  comments: contracts.comments,
  allocatedKg: contracts.allocatedKg,
  inDeliveryKg: contracts.inDeliveryKg,
  inDeliveryCount: contracts.inDeliveryCount,
  deliveredKg: contracts.deliveredKg,
  createdAt: contracts.createdAt,
  updatedAt: contracts.updatedAt,
};

/** Whether an allocation or a transport names the contract on its side (correlated, one index probe each). */
export function usageColumns(type: ContractType) {
  const allocationSide = type === 'PURCHASE' ? allocations.purchaseId : allocations.salesId;
  const transportSide = type === 'PURCHASE' ? transports.purchaseId : transports.salesId;
  return {
    hasAllocation:
      sql<boolean>`exists (select 1 from ${allocations} where ${allocationSide} = ${contracts.id})`.mapWith(Boolean),
    hasTransport: sql<boolean>`exists (select 1 from ${transports} where ${transportSide} = ${contracts.id})`.mapWith(
      Boolean,
    ),
  };
}

/** The contract of one kind with everything its dashboard shows on the contract row itself. */
export async function getContractDetails(db: Db, type: ContractType, id: number) {
  const [row] = await db
    .select({
      ...contractRowColumns,
      ...usageColumns(type),
      emailNotificationList: contracts.emailNotificationList,
      rawMaterialName: rawMaterials.translatePl,
      counterpartyStreet: contractors.street,
      counterpartyBuildingNumber: contractors.buildingNumber,
      counterpartyPostCode: contractors.postCode,
      counterpartyCity: contractors.city,
      counterpartyCountryCode: contractors.countryCode,
    })
    .from(contracts)
    .innerJoin(contractors, eq(contractors.id, contracts.counterpartyId))
    .innerJoin(rawMaterialQualities, eq(rawMaterialQualities.id, contracts.rawMaterialQualityId))
    .innerJoin(rawMaterials, eq(rawMaterials.id, contracts.rawMaterialId))
    .innerJoin(users, eq(users.id, contracts.userId))
    .where(and(eq(contracts.id, id), eq(contracts.type, type)));
  return row ?? null;
}
export type ContractDetailsRow = NonNullable<Awaited<ReturnType<typeof getContractDetails>>>;

/** Price options of a contract, the main one first, with their quality titles. */
export function priceOptionsOf(db: Db, contractId: number) {
  return db
    .select({
      id: contractPriceOptions.id,
      price: contractPriceOptions.price,
      rawMaterialQualityId: contractPriceOptions.rawMaterialQualityId,
      rawMaterialQualityTitle: rawMaterialQualities.title,
      isContractualQuality: contractPriceOptions.isContractualQuality,
      contractualQuality: contractPriceOptions.contractualQuality,
      isMainOption: contractPriceOptions.isMainOption,
      attachToContract: contractPriceOptions.attachToContract,
      qualityTerms: contractPriceOptions.qualityTerms,
    })
    .from(contractPriceOptions)
    .innerJoin(rawMaterialQualities, eq(rawMaterialQualities.id, contractPriceOptions.rawMaterialQualityId))
    .where(eq(contractPriceOptions.contractId, contractId))
    .orderBy(desc(contractPriceOptions.isMainOption), asc(contractPriceOptions.id));
}
export type PriceOptionRow = Awaited<ReturnType<typeof priceOptionsOf>>[number];

export function contactsOf(db: Db, contractId: number) {
  return db
    .select({
      id: contractContacts.id,
      firstName: contractContacts.firstName,
      lastName: contractContacts.lastName,
      name: contractContacts.name,
      phoneNumber: contractContacts.phoneNumber,
      email: contractContacts.email,
    })
    .from(contractContacts)
    .where(eq(contractContacts.contractId, contractId))
    .orderBy(asc(contractContacts.id));
}

/** Notes given when sales needing GMP or a certificate were allocated from this purchase. */
export async function confirmationNotesOf(db: Db, purchaseId: number): Promise<string[]> {
  const rows = await db
    .select({ note: allocations.confirmationNote })
    .from(allocations)
    .where(and(eq(allocations.purchaseId, purchaseId), isNotNull(allocations.confirmationNote)))
    .orderBy(asc(allocations.id));
  return rows.flatMap((row) => (row.note ? [row.note] : []));
}

/**
 * RULES.md Transports, Delivered: the kilograms by which deliveries passed this contract's upper tolerance limit
 * and their notes, oldest first.
 */
export async function overDeliveriesOf(db: Db, type: ContractType, id: number) {
  const side = type === 'PURCHASE' ? sql`t.purchase_id` : sql`t.sales_id`;
  const overKg = type === 'PURCHASE' ? sql`u.purchase_over_delivered_kg` : sql`u.sales_over_delivered_kg`;
  const rows = rowsOf<{ kg: string | number; note: string | null }>(
    await db.execute(sql`select ${overKg} as kg, u.over_delivery_note as note
      from unloadings u join transports t on t.id = u.transport_id
      where ${side} = ${id} and ${overKg} > 0 order by u.id`),
  );
  return {
    overDelivered: rows.reduce((sum, row) => sum + Number(row.kg), 0),
    overDeliveryNotes: rows.flatMap((row) => (row.note ? [row.note] : [])),
  };
}

/**
 * RULES.md Allocations, speculative tonnes of a sale: its allocations from purchases whose agreement is not
 * SIGNED, and its NEW and ON_THE_WAY transport kilograms on those pairs.
 */
export async function speculativeOf(db: Db, salesId: number) {
  const [row] = rowsOf<{ allocated: string | number; in_delivery: string | number }>(
    await db.execute(sql`select
        (select coalesce(sum(a.quantity_kg), 0) from allocations a join contracts p on p.id = a.purchase_id
          where a.sales_id = ${salesId} and p.agreement_status <> 'SIGNED') as allocated,
        (select coalesce(sum(t.cargo_quantity_kg), 0) from transports t join contracts p on p.id = t.purchase_id
          where t.sales_id = ${salesId} and ${activeTransportSql('t.status')} and p.agreement_status <> 'SIGNED')
          as in_delivery`),
  );
  return { allocatedSpeculative: Number(row?.allocated ?? 0), inDeliverySpeculative: Number(row?.in_delivery ?? 0) };
}

/** Counterparty id of a contract of the given kind, or null when there is no such contract. */
export async function counterpartyIdOf(db: Db, type: ContractType, id: number): Promise<number | null> {
  const [row] = await db
    .select({ counterpartyId: contracts.counterpartyId })
    .from(contracts)
    .where(and(eq(contracts.id, id), eq(contracts.type, type)));
  return row?.counterpartyId ?? null;
}

export async function rawMaterialIdOf(db: Db, type: ContractType, id: number): Promise<number | null> {
  const [row] = await db
    .select({ rawMaterialId: contracts.rawMaterialId })
    .from(contracts)
    .where(and(eq(contracts.id, id), eq(contracts.type, type)));
  return row?.rawMaterialId ?? null;
}

/** Which of the given quality ids belong to the raw material. */
export async function qualityIdsOfRawMaterial(db: Db, rawMaterialId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: rawMaterialQualities.id })
    .from(rawMaterialQualities)
    .where(and(eq(rawMaterialQualities.rawMaterialId, rawMaterialId), inArray(rawMaterialQualities.id, ids)));
  return new Set(rows.map((row) => row.id));
}

/**
 * The quality settlements stored on this contract's statement rows, one per delivery (split parts of a
 * row share theirs), for the dashboard's quality summary.
 */
export async function qualitySettlementsOf(db: Db, contractId: number) {
  const rows = await db
    .selectDistinctOn([transactions.unloadingId], { settlement: transactions.qualitySettlement })
    .from(transactions)
    .where(and(eq(transactions.contractId, contractId), isNotNull(transactions.qualitySettlement)))
    .orderBy(transactions.unloadingId);
  return rows.flatMap((row) => (row.settlement ? [row.settlement] : []));
}
