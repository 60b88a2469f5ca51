import { type InvoiceListRequest, type InvoiceSortKey, parseOrderBy } from '@grain/shared';
import { and, asc, eq, gt, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { RetryWrite, shareLockContractors } from '../../db/locks.js';
import { isAnyOf } from '../../db/rows-of-ids.js';
import {
  contractors,
  invoiceLines,
  invoiceNumberCounters,
  invoices,
  rawMaterialQualities,
  rawMaterials,
  transactions,
} from '../../db/schema/index.js';
import { searchTextCondition } from '../../db/search.js';
import { AppError } from '../../lib/errors.js';
import { orderByOf, type SortSpec } from '../../lib/list.js';

/**
 * The statement rows to invoice, locked in the order of db/locks.ts: the invoice's new row references their buyer,
 * so the buyers are read without a lock and taken FOR SHARE first (level 1), then the rows in id order (level 5);
 * a row that changed buyer meanwhile runs the transaction again. Taking the buyer only at the insert, after the
 * rows, would deadlock with a contractor edit, which holds the contractor and then locks its rows to refresh
 * their copies (db/copies.ts `refreshContractorCopies`).
 */
export async function lockTransactions(db: Db, ids: number[]) {
  const ofIds = inArray(transactions.id, ids);
  const seen = await db.selectDistinct({ contractorId: transactions.contractorId }).from(transactions).where(ofIds);
  const buyerIds = new Set(seen.map((row) => row.contractorId));
  await shareLockContractors(db, [...buyerIds]);
  const rows = await db
    .select({ id: transactions.id, contractorId: transactions.contractorId })
    .from(transactions)
    .where(ofIds)
    .orderBy(asc(transactions.id))
    .for('update');
  if (rows.some((row) => !buyerIds.has(row.contractorId))) throw new RetryWrite();
  return rows;
}

/** Rows already on an invoice issued here. */
export async function invoicedTransactionIds(db: Db, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: invoiceLines.transactionId })
    .from(invoiceLines)
    .where(isAnyOf(invoiceLines.transactionId, ids));
  return rows.map((row) => row.id);
}

export async function buyerOf(db: Db, id: number) {
  const [row] = await db.select().from(contractors).where(eq(contractors.id, id));
  return row ?? null;
}

/** Per quality: the raw material's CN code. */
export async function cnCodesOf(db: Db, qualityIds: number[]): Promise<Map<number, string | null>> {
  if (!qualityIds.length) return new Map();
  const rows = await db
    .select({ id: rawMaterialQualities.id, cnCode: rawMaterials.cnCode })
    .from(rawMaterialQualities)
    .innerJoin(rawMaterials, eq(rawMaterials.id, rawMaterialQualities.rawMaterialId))
    .where(isAnyOf(rawMaterialQualities.id, qualityIds));
  return new Map(rows.map((row) => [row.id, row.cnCode]));
}

/**
 * RULES.md Invoices, VAT and KSeF: the next number of a period, without gaps. The upsert takes the counter row's
 * lock until the issuing transaction ends: a second issue waits, and a rolled-back one gives its number back.
 */
export async function nextInvoiceCounter(db: Db, periodKey: string): Promise<number> {
  const [row] = await db
    .insert(invoiceNumberCounters)
    .values({ periodKey, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceNumberCounters.periodKey,
      set: { lastNumber: sql`${invoiceNumberCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceNumberCounters.lastNumber });
  return row!.lastNumber;
}

export async function insertInvoice(db: Db, values: typeof invoices.$inferInsert) {
  const [row] = await db.insert(invoices).values(values).returning({ id: invoices.id });
  return row!.id;
}

export async function insertInvoiceLines(db: Db, values: (typeof invoiceLines.$inferInsert)[]) {
  await db.insert(invoiceLines).values(values);
}

/** The rows take the invoice's number and date (the manual entry stays for invoices issued elsewhere). */
export async function markTransactionsInvoiced(db: Db, ids: number[], number: string, issueDate: string) {
  await db
    .update(transactions)
    .set({ invoiceNumber: number, invoiceDate: issueDate, updatedAt: sql`now()` })
    .where(inArray(transactions.id, ids));
}

export const invoiceColumns = {
  id: invoices.id,
  number: invoices.number,
  kind: invoices.kind,
  status: invoices.status,
  issueDate: invoices.issueDate,
  saleDate: invoices.saleDate,
  saleDateFrom: invoices.saleDateFrom,
  saleDateTo: invoices.saleDateTo,
  dueDate: invoices.dueDate,
  buyerId: invoices.buyerId,
  buyerName: invoices.buyerName,
  buyerNip: invoices.buyerNip,
  currency: invoices.currency,
  exchangeRate: invoices.exchangeRate,
  exchangeRateDate: invoices.exchangeRateDate,
  exchangeRateTable: invoices.exchangeRateTable,
  netTotal: invoices.netTotal,
  vatTotal: invoices.vatTotal,
  grossTotal: invoices.grossTotal,
  bankAccount: invoices.bankAccount,
  ksefNumber: invoices.ksefNumber,
  ksefError: invoices.ksefError,
  correctedInvoiceId: invoices.correctedInvoiceId,
  offlineDeadline: invoices.offlineDeadline,
  // offline24 (KSeF docs `tryby-offline.md`): still OFFLINE after the last day it could reach KSeF, by the Polish
  // calendar day whatever the database's time zone.
  isOfflineOverdue: sql<boolean>`(${invoices.status} = 'OFFLINE'
    and ${invoices.offlineDeadline} < (now() at time zone 'Europe/Warsaw')::date)`.mapWith(Boolean),
  createdAt: invoices.createdAt,
};

/** The details' columns: the seller as issued and a correction's reason besides the list's. */
const invoiceDetailColumns = {
  ...invoiceColumns,
  sellerName: invoices.sellerName,
  sellerNip: invoices.sellerNip,
  sellerStreet: invoices.sellerStreet,
  sellerPostCode: invoices.sellerPostCode,
  sellerCity: invoices.sellerCity,
  correctionReason: invoices.correctionReason,
};

export async function getInvoiceDetails(db: Db, id: number) {
  const [row] = await db.select(invoiceDetailColumns).from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

/** The invoice a correction is issued against, locked: corrections of one invoice are issued one after another. */
export async function lockInvoiceForCorrection(db: Db, id: number) {
  const [row] = await db
    .select({ ...invoiceDetailColumns, ksefNumber: invoices.ksefNumber })
    .from(invoices)
    .where(eq(invoices.id, id))
    .for('update');
  return row ?? null;
}

export async function correctedInvoiceIdOf(db: Db, id: number) {
  const [row] = await db
    .select({ id: invoices.id, correctedInvoiceId: invoices.correctedInvoiceId })
    .from(invoices)
    .where(eq(invoices.id, id));
  return row ?? null;
}

const referenceColumns = {
  id: invoices.id,
  number: invoices.number,
  issueDate: invoices.issueDate,
  ksefNumber: invoices.ksefNumber,
  grossTotal: invoices.grossTotal,
  status: invoices.status,
};

export async function invoiceReference(db: Db, id: number) {
  const [row] = await db.select(referenceColumns).from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

/** An invoice's corrections, oldest first. */
export async function correctionsOf(db: Db, id: number) {
  return db
    .select(referenceColumns)
    .from(invoices)
    .where(eq(invoices.correctedInvoiceId, id))
    .orderBy(asc(invoices.id));
}

/** The lines of an invoice and of all its corrections (as they stand after each), oldest document first. */
export async function chainLines(db: Db, originalId: number) {
  return db
    .select({
      invoiceId: invoiceLines.invoiceId,
      position: invoiceLines.position,
      transactionId: invoiceLines.transactionId,
      name: invoiceLines.name,
      cnCode: invoiceLines.cnCode,
      quantity: invoiceLines.quantityKg,
      unitNetPrice: invoiceLines.unitNetPrice,
      netValue: invoiceLines.netValue,
      vatRate: invoiceLines.ratePercent,
    })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(or(eq(invoices.id, originalId), eq(invoices.correctedInvoiceId, originalId)))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
}

export async function linesOf(db: Db, invoiceId: number) {
  return db
    .select({
      position: invoiceLines.position,
      transactionId: invoiceLines.transactionId,
      name: invoiceLines.name,
      cnCode: invoiceLines.cnCode,
      quantity: invoiceLines.quantityKg,
      unitNetPrice: invoiceLines.unitNetPrice,
      netValue: invoiceLines.netValue,
      vatRate: invoiceLines.ratePercent,
      quantityBefore: invoiceLines.quantityKgBefore,
      unitNetPriceBefore: invoiceLines.unitNetPriceBefore,
      netValueBefore: invoiceLines.netValueBefore,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position));
}

export async function invoiceXml(db: Db, id: number) {
  const [row] = await db.select({ xml: invoices.xml }).from(invoices).where(eq(invoices.id, id));
  return row?.xml ?? null;
}

/** What the PDF's verification link is built from: the seller's NIP as issued and the stored XML's SHA-256. */
export async function invoiceHashOf(db: Db, id: number) {
  const [row] = await db
    .select({ sellerNip: invoices.sellerNip, xmlSha256: invoices.xmlSha256 })
    .from(invoices)
    .where(eq(invoices.id, id));
  return row ?? null;
}

/** The UPO KSeF gave for the invoice, with the KSeF number it names; null when the invoice does not exist. */
export async function invoiceUpo(db: Db, id: number) {
  const [row] = await db
    .select({ ksefNumber: invoices.ksefNumber, upo: invoices.ksefUpo })
    .from(invoices)
    .where(eq(invoices.id, id));
  return row ?? null;
}

/** The Faktury list's sorts, each served by an index ending in the id (migration invoice_terms_search). */
export const INVOICE_SORT: SortSpec<InvoiceSortKey> = {
  keys: { id: invoices.id, number: invoices.number, issue_date: invoices.issueDate, buyer_name: invoices.buyerName },
  defaultKey: 'id',
  defaultDirection: 'desc',
  tiebreaker: invoices.id,
};

/** Search by number, KSeF number, buyer or NIP (one LIKE on the row's search text); filter by status. */
export function invoiceListWhere(request: Pick<InvoiceListRequest, 'search' | 'filter'>): SQL | undefined {
  return and(
    searchTextCondition(invoices.searchText, request.search),
    request.filter?.status?.length ? inArray(invoices.status, request.filter.status) : undefined,
  );
}

/** The list's sort for the export's keyset (an unknown key is INVALID_SORT_PARAMS). */
export function invoiceExportSort(orderBy: string | undefined) {
  const parsed = parseOrderBy(orderBy) ?? { key: INVOICE_SORT.defaultKey, direction: INVOICE_SORT.defaultDirection! };
  if (!Object.hasOwn(INVOICE_SORT.keys, parsed.key)) throw new AppError('INVALID_SORT_PARAMS');
  return { key: parsed.key as InvoiceSortKey, direction: parsed.direction };
}

export interface InvoiceExportCursor {
  sortValue: string;
  id: number;
}

/**
 * One batch of the export in the list's order after the cursor (keyset paging: each batch one short query on an
 * index). Every sort column is NOT NULL; sort values travel as text and are cast back to the column's type.
 */
export async function invoiceExportBatch(
  db: Db,
  where: SQL | undefined,
  sort: ReturnType<typeof invoiceExportSort>,
  cursor: InvoiceExportCursor | null,
  size: number,
) {
  const column = INVOICE_SORT.keys[sort.key] as PgColumn;
  const type = column.getSQLType() === 'serial' ? 'integer' : column.getSQLType();
  const value = cursor ? sql`cast(${cursor.sortValue} as ${sql.raw(type)})` : null;
  const isDesc = sort.direction === 'desc';
  const after =
    cursor && value
      ? or(
          isDesc ? sql`${column} < ${value}` : sql`${column} > ${value}`,
          and(sql`${column} = ${value}`, isDesc ? lt(invoices.id, cursor.id) : gt(invoices.id, cursor.id)),
        )
      : undefined;
  const rows = await db
    .select({ ...invoiceColumns, sortValue: sql<string>`cast(${column} as text)` })
    .from(invoices)
    .where(and(where, after))
    .orderBy(...orderByOf(`${sort.key}:${sort.direction}`, INVOICE_SORT))
    .limit(size);
  const last = rows.at(-1);
  return {
    rows: rows.map(({ sortValue: _sortValue, ...row }) => row),
    next: rows.length < size || !last ? null : { sortValue: last.sortValue, id: last.id },
  };
}
