import { type AnyColumn, and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { allocations, contractors, contracts, rawMaterialQualities, rawMaterials } from '../../../db/schema/index.js';

const purchase = alias(contracts, 'purchase');
const sale = alias(contracts, 'sale');
const supplier = alias(contractors, 'supplier');
const recipient = alias(contractors, 'recipient');
const quality = rawMaterialQualities;

/** Some allocation has this contract on its purchase (or sales) side: one probe of allocations_pair_key / _sales_idx. */
const hasAllocationOn = (side: 'purchase' | 'sales', contractId: AnyColumn) => {
  const sideId = side === 'purchase' ? allocations.purchaseId : allocations.salesId;
  return sql`exists (select 1 from ${allocations} where ${sideId} = ${contractId})`;
};
const allocatedPurchase = and(eq(purchase.type, 'PURCHASE'), hasAllocationOn('purchase', purchase.id));

/**
 * GET /transport/get-to-assign-filter-option: what exists among the allocation pairs, ordered for a select. Read
 * from the contracts with an index probe into allocations each, never by scanning the allocations.
 */
export async function toAssignFilterOptions(db: Db) {
  const [suppliers, recipients, materials, qualities] = await Promise.all([
    db
      .selectDistinct({ id: supplier.id, code: supplier.code, name: supplier.name })
      .from(purchase)
      .innerJoin(supplier, eq(supplier.id, purchase.counterpartyId))
      .where(allocatedPurchase)
      .orderBy(asc(supplier.code), asc(supplier.id)),
    db
      .selectDistinct({ id: recipient.id, code: recipient.code, name: recipient.name })
      .from(sale)
      .innerJoin(recipient, eq(recipient.id, sale.counterpartyId))
      .where(and(eq(sale.type, 'SALES'), hasAllocationOn('sales', sale.id)))
      .orderBy(asc(recipient.code), asc(recipient.id)),
    db
      .selectDistinct({ id: rawMaterials.id, label: rawMaterials.translatePl })
      .from(purchase)
      .innerJoin(rawMaterials, eq(rawMaterials.id, purchase.rawMaterialId))
      .where(allocatedPurchase)
      .orderBy(asc(rawMaterials.id)),
    db
      .selectDistinct({ id: quality.id, label: quality.title, rawMaterialId: quality.rawMaterialId })
      .from(purchase)
      .innerJoin(quality, eq(quality.id, purchase.rawMaterialQualityId))
      .where(allocatedPurchase)
      .orderBy(asc(quality.rawMaterialId), asc(quality.id)),
  ]);
  return { suppliers, recipients, materials, qualities };
}
