import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  contractors,
  invoiceLines,
  invoiceNumberCounters,
  invoices,
  rawMaterialQualities,
  rawMaterials,
  transactions,
} from '../../db/schema/index.js';

/** The statement rows to invoice, locked in id order (db/locks.ts: transactions, ascending id). */
export async function lockTransactions(db: Db, ids: number[]) {
  return db
    .select({ id: transactions.id, invoiceNumber: transactions.invoiceNumber })
    .from(transactions)
    .where(inArray(transactions.id, ids))
    .orderBy(asc(transactions.id))
    .for('update');
}

/** Rows already on an invoice issued here. */
export async function invoicedTransactionIds(db: Db, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: invoiceLines.transactionId })
    .from(invoiceLines)
    .where(inArray(invoiceLines.transactionId, ids));
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
    .where(inArray(rawMaterialQualities.id, qualityIds));
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
  netTotal: invoices.netTotal,
  vatTotal: invoices.vatTotal,
  grossTotal: invoices.grossTotal,
  bankAccount: invoices.bankAccount,
  ksefNumber: invoices.ksefNumber,
  ksefError: invoices.ksefError,
  offlineDeadline: invoices.offlineDeadline,
  // offline24 (KSeF docs `tryby-offline.md`): still OFFLINE after the last day it could reach KSeF, by the Polish
  // calendar day whatever the database's time zone.
  isOfflineOverdue: sql<boolean>`(${invoices.status} = 'OFFLINE'
    and ${invoices.offlineDeadline} < (now() at time zone 'Europe/Warsaw')::date)`.mapWith(Boolean),
  createdAt: invoices.createdAt,
};

export async function getInvoice(db: Db, id: number) {
  const [row] = await db.select(invoiceColumns).from(invoices).where(eq(invoices.id, id));
  return row ?? null;
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
