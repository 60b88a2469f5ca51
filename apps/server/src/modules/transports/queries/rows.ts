import { eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { pageWithCountsReader } from '../../../db/page-with-counts.js';
import { idIsAnyOf, rowsOfIdsReader } from '../../../db/rows-of-ids.js';
import {
  contractors,
  contracts,
  rawMaterialQualities,
  rawMaterials,
  transports,
  unloadings,
} from '../../../db/schema/index.js';
import { transportColumns } from './locks.js';

/**
 * One transport with both contracts, their counterparties, the carrier, the qualities and the unloading: the
 * logistics row, the details call and every write answer read this one join (no query per row).
 */
export const purchase = alias(contracts, 'purchase');
export const sale = alias(contracts, 'sale');
export const supplier = alias(contractors, 'supplier');
export const recipient = alias(contractors, 'recipient');
export const carrier = alias(contractors, 'carrier');
export const purchaseQuality = alias(rawMaterialQualities, 'purchase_quality');
export const salesQuality = alias(rawMaterialQualities, 'sales_quality');
export const realQuality = alias(rawMaterialQualities, 'real_quality');

/** "street building, post code city", skipping what is empty: the one-line form of a contract's address. */
function addressFullSql(contract: typeof purchase | typeof sale) {
  return sql<string>`concat_ws(', ',
    nullif(concat_ws(' ', ${contract.street}, ${contract.buildingNumber}), ''),
    nullif(concat_ws(' ', ${contract.postCode}, ${contract.city}), ''))`;
}

export const transportRowColumns = {
  ...transportColumns,
  carrierCode: carrier.code,
  carrierName: carrier.name,
  createdAt: transports.createdAt,
  updatedAt: transports.updatedAt,
  supplierId: supplier.id,
  supplierCode: supplier.code,
  supplierName: supplier.name,
  recipientId: recipient.id,
  recipientCode: recipient.code,
  recipientName: recipient.name,
  purchaseDocumentNumber: purchase.documentNumber,
  purchaseFreight: purchase.freight,
  purchaseIsGmp: purchase.isGmp,
  purchaseIsCert: purchase.isCert,
  purchaseStatus: purchase.status,
  purchasePrice: purchase.price,
  purchaseCurrency: purchase.currency,
  purchaseStreet: purchase.street,
  purchaseBuildingNumber: purchase.buildingNumber,
  purchasePostCode: purchase.postCode,
  purchaseCity: purchase.city,
  purchaseCountryCode: purchase.countryCode,
  purchaseAddressFull: addressFullSql(purchase),
  salesDocumentNumber: sale.documentNumber,
  salesFreight: sale.freight,
  salesIsGmp: sale.isGmp,
  salesIsCert: sale.isCert,
  salesStatus: sale.status,
  salesPrice: sale.price,
  salesCurrency: sale.currency,
  salesStreet: sale.street,
  salesBuildingNumber: sale.buildingNumber,
  salesPostCode: sale.postCode,
  salesCity: sale.city,
  salesCountryCode: sale.countryCode,
  salesAddressFull: addressFullSql(sale),
  rawMaterialId: purchase.rawMaterialId,
  rawMaterial: rawMaterials.translatePl,
  purchaseQualityId: purchaseQuality.id,
  purchaseQualityTitle: purchaseQuality.title,
  salesQualityId: salesQuality.id,
  salesQualityTitle: salesQuality.title,
  unloadingId: unloadings.id,
  unloadingDate: unloadings.unloadingDate,
  realCargoQuantityKg: unloadings.realCargoQuantityKg,
  realCargoPrice: unloadings.realCargoPrice,
  realCargoQualityId: unloadings.realCargoQualityId,
  realCargoQualityTitle: realQuality.title,
  purchaseDeductions: unloadings.purchaseDeductions,
  salesDeductions: unloadings.salesDeductions,
  transportDeductions: unloadings.transportDeductions,
  details: unloadings.details,
  labResults: unloadings.labResults,
  isToDecide: unloadings.isToDecide,
  decision: unloadings.decision,
  decisionNote: unloadings.decisionNote,
};
export type TransportRow = Awaited<ReturnType<typeof transportRowsOfIds>>[number];

/** The FROM of every transport read: the row columns (and `extra` ones) over the full join. */
function selectTransportRows(db: Db) {
  return db
    .select(transportRowColumns)
    .from(transports)
    .innerJoin(purchase, eq(purchase.id, transports.purchaseId))
    .innerJoin(sale, eq(sale.id, transports.salesId))
    .innerJoin(supplier, eq(supplier.id, purchase.counterpartyId))
    .innerJoin(recipient, eq(recipient.id, sale.counterpartyId))
    .innerJoin(carrier, eq(carrier.id, transports.carrierId))
    .innerJoin(rawMaterials, eq(rawMaterials.id, purchase.rawMaterialId))
    .innerJoin(purchaseQuality, eq(purchaseQuality.id, purchase.rawMaterialQualityId))
    .innerJoin(salesQuality, eq(salesQuality.id, sale.rawMaterialQualityId))
    .leftJoin(unloadings, eq(unloadings.transportId, transports.id))
    .leftJoin(realQuality, eq(realQuality.id, unloadings.realCargoQualityId));
}

/** The rows of `ids`, in the order of `ids`. */
export const transportRowsOfIds = rowsOfIdsReader((db) =>
  selectTransportRows(db).where(idIsAnyOf(transports.id)).prepare('transport_rows_of_ids'),
);

/**
 * One page of rows: the ids picked on the transports table alone (its indexes serve the sort and the tab), then
 * the rows of those ids. `where` and `order` may name transports' own columns only.
 */
export async function transportPageRows(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset: number,
): Promise<TransportRow[]> {
  const page = await db
    .select({ id: transports.id })
    .from(transports)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return transportRowsOfIds(
    db,
    page.map((row) => row.id),
  );
}

/** A page of rows with its counts (db/page-with-counts.ts). */
export const transportPageWithCounts = pageWithCountsReader(transports, transports.id, transportRowsOfIds);

export async function getTransportRow(db: Db, id: number) {
  const [row] = await transportRowsOfIds(db, [id]);
  return row ?? null;
}
