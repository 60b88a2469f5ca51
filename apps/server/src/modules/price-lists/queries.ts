import type { PriceListSource, PriceListSupplierKind } from '@grain/shared';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  companySettings,
  contractors,
  priceListDeviations,
  priceListEntries,
  rawMaterialQualities,
  rawMaterials,
  users,
} from '../../db/schema/index.js';

export const priceListEntryColumns = {
  id: priceListEntries.id,
  rawMaterialId: rawMaterials.id,
  rawMaterialName: rawMaterials.translatePl,
  rawMaterialQualityId: priceListEntries.rawMaterialQualityId,
  qualityTitle: rawMaterialQualities.title,
  supplierKind: priceListEntries.supplierKind,
  paymentTermDays: priceListEntries.paymentTermDays,
  price: priceListEntries.price,
  validFrom: priceListEntries.validFrom,
  validTo: priceListEntries.validTo,
  source: priceListEntries.source,
  createdByName: sql<
    string | null
  >`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${priceListEntries.createdBy})`,
  createdAt: priceListEntries.createdAt,
};

function selectEntries(db: Db) {
  return db
    .select(priceListEntryColumns)
    .from(priceListEntries)
    .innerJoin(rawMaterialQualities, eq(rawMaterialQualities.id, priceListEntries.rawMaterialQualityId))
    .innerJoin(rawMaterials, eq(rawMaterials.id, rawMaterialQualities.rawMaterialId));
}

/** Every entry valid on the day, by raw material, quality, supplier kind and payment term. */
export function entriesOfDay(db: Db, day: string) {
  return selectEntries(db)
    .where(and(lte(priceListEntries.validFrom, day), gte(priceListEntries.validTo, day)))
    .orderBy(
      asc(rawMaterials.id),
      asc(rawMaterialQualities.title),
      asc(priceListEntries.supplierKind),
      asc(priceListEntries.paymentTermDays),
    );
}

export async function entryById(db: Db, id: number) {
  const [row] = await selectEntries(db).where(eq(priceListEntries.id, id));
  return row ?? null;
}

export interface EntryKey {
  rawMaterialQualityId: number;
  supplierKind: PriceListSupplierKind;
  paymentTermDays: number;
}

export interface EntryValues extends EntryKey {
  price: number;
  validFrom: string;
  validTo: string;
}

/** The stored entry of the same key whose days meet validFrom..validTo, if any. */
export async function overlappingEntry(db: Db, entry: EntryValues) {
  const [row] = await db
    .select({ id: priceListEntries.id, validFrom: priceListEntries.validFrom, validTo: priceListEntries.validTo })
    .from(priceListEntries)
    .where(
      and(
        eq(priceListEntries.rawMaterialQualityId, entry.rawMaterialQualityId),
        eq(priceListEntries.supplierKind, entry.supplierKind),
        eq(priceListEntries.paymentTermDays, entry.paymentTermDays),
        lte(priceListEntries.validFrom, entry.validTo),
        gte(priceListEntries.validTo, entry.validFrom),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** CONTRIBUTING.md Price lists: one key's entries are checked for overlaps by one transaction at a time. */
export async function lockEntryKey(db: Db, key: EntryKey) {
  const name = `price-list:${key.rawMaterialQualityId}:${key.supplierKind}:${key.paymentTermDays}`;
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}

export async function insertEntry(db: Db, entry: EntryValues, source: PriceListSource, createdBy: number) {
  const [row] = await db
    .insert(priceListEntries)
    .values({ ...entry, source, createdBy })
    .returning({ id: priceListEntries.id });
  return row!.id;
}

/** Qualities by id with their raw material (the CSV names them; the form sends ids). */
export function qualitiesWithMaterials(db: Db, ids?: number[]) {
  return db
    .select({
      id: rawMaterialQualities.id,
      title: rawMaterialQualities.title,
      rawMaterialName: rawMaterials.name,
      rawMaterialTranslatePl: rawMaterials.translatePl,
    })
    .from(rawMaterialQualities)
    .innerJoin(rawMaterials, eq(rawMaterials.id, rawMaterialQualities.rawMaterialId))
    .where(ids ? inArray(rawMaterialQualities.id, ids) : undefined);
}

/** The company's limit (hundredths of a percent) and payment term; null before the company is set up. */
export async function companyPricing(db: Db) {
  const [row] = await db
    .select({ limit: companySettings.priceDeviationLimit, paymentTermDays: companySettings.paymentTermDays })
    .from(companySettings);
  return row ?? null;
}

export async function insertDeviation(
  db: Db,
  values: { contractId: number; priceListEntryId: number; listPrice: number; price: number; note: string },
  createdBy: number,
) {
  await db.insert(priceListDeviations).values({ ...values, createdBy });
}

/**
 * The supplier's kind and payment term as a price list sees them: its accounting method, and its own invoice payment
 * term or else the company's (RULES.md Invoices, VAT and KSeF), 14 days before the company is set up.
 */
export async function supplierTermsOf(db: Db, contractorId: number) {
  const [row] = await db
    .select({ accountingMethod: contractors.accountingMethod, ownTerm: contractors.invoicePaymentTermDays })
    .from(contractors)
    .where(eq(contractors.id, contractorId));
  const [company] = await db.select({ term: companySettings.paymentTermDays }).from(companySettings);
  return { accountingMethod: row?.accountingMethod ?? null, paymentTermDays: row?.ownTerm ?? company?.term ?? 14 };
}
