import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isAnyOf } from '../../db/rows-of-ids.js';
import {
  contractors,
  rawMaterialQualities,
  rawMaterials,
  rrInvoiceLines,
  rrInvoicePayments,
  rrInvoices,
  rrRefundRates,
} from '../../db/schema/index.js';

/** Rows already on an RR invoice issued here. */
export async function rrInvoicedTransactionIds(db: Db, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: rrInvoiceLines.transactionId })
    .from(rrInvoiceLines)
    .where(isAnyOf(rrInvoiceLines.transactionId, ids));
  return rows.map((row) => row.id);
}

export async function farmerOf(db: Db, id: number) {
  const [row] = await db.select().from(contractors).where(eq(contractors.id, id));
  return row ?? null;
}
export type Farmer = NonNullable<Awaited<ReturnType<typeof farmerOf>>>;

/** Per quality: the commodity's Polish name, its CN code and the quality's title (FA_RR P_5, CN, P_6C). */
export async function productsOf(db: Db, qualityIds: number[]) {
  if (!qualityIds.length) return new Map<number, { name: string; cn: string | null; quality: string }>();
  const rows = await db
    .select({
      id: rawMaterialQualities.id,
      name: rawMaterials.translatePl,
      cn: rawMaterials.cnCode,
      quality: rawMaterialQualities.title,
    })
    .from(rawMaterialQualities)
    .innerJoin(rawMaterials, eq(rawMaterials.id, rawMaterialQualities.rawMaterialId))
    .where(inArray(rawMaterialQualities.id, qualityIds));
  return new Map(rows.map(({ id, ...product }) => [id, product]));
}

/** RULES.md Invoices, VAT and KSeF: the refund percent valid on a date (the newest not after it), or null. */
export async function refundRateOn(db: Db, date: string): Promise<number | null> {
  const [row] = await db
    .select({ ratePercent: rrRefundRates.ratePercent })
    .from(rrRefundRates)
    .where(lte(rrRefundRates.validFrom, date))
    .orderBy(desc(rrRefundRates.validFrom))
    .limit(1);
  return row?.ratePercent ?? null;
}

export async function insertRrInvoice(db: Db, values: typeof rrInvoices.$inferInsert) {
  const [row] = await db.insert(rrInvoices).values(values).returning({ id: rrInvoices.id });
  return row!.id;
}

export async function insertRrInvoiceLines(db: Db, values: (typeof rrInvoiceLines.$inferInsert)[]) {
  await db.insert(rrInvoiceLines).values(values);
}

export async function insertRrPayment(db: Db, values: typeof rrInvoicePayments.$inferInsert) {
  await db.insert(rrInvoicePayments).values(values);
}

/** The invoice, locked while a payment is recorded (payments of one invoice are written one at a time). */
export async function lockRrInvoice(db: Db, id: number) {
  const [row] = await db.select({ id: rrInvoices.id }).from(rrInvoices).where(eq(rrInvoices.id, id)).for('update');
  return row ?? null;
}

export const rrInvoiceColumns = {
  id: rrInvoices.id,
  number: rrInvoices.number,
  kind: rrInvoices.kind,
  correctedRrInvoiceId: rrInvoices.correctedRrInvoiceId,
  correctionReason: rrInvoices.correctionReason,
  issueDate: rrInvoices.issueDate,
  purchaseDateFrom: rrInvoices.purchaseDateFrom,
  purchaseDateTo: rrInvoices.purchaseDateTo,
  farmerId: rrInvoices.farmerId,
  farmerName: rrInvoices.farmerName,
  farmerNip: rrInvoices.farmerNip,
  farmerPesel: rrInvoices.farmerPesel,
  farmerAccount: rrInvoices.farmerAccount,
  buyerNip: rrInvoices.buyerNip,
  refundRatePercent: rrInvoices.refundRatePercent,
  netTotal: rrInvoices.netTotal,
  refundTotal: rrInvoices.refundTotal,
  grossTotal: rrInvoices.grossTotal,
  totalInWords: rrInvoices.totalInWords,
  xmlSha256: rrInvoices.xmlSha256,
  status: rrInvoices.status,
  ksefNumber: rrInvoices.ksefNumber,
  ksefError: rrInvoices.ksefError,
  offlineDeadline: rrInvoices.offlineDeadline,
  createdAt: rrInvoices.createdAt,
};

export async function getRrInvoice(db: Db, id: number) {
  const [row] = await db.select(rrInvoiceColumns).from(rrInvoices).where(eq(rrInvoices.id, id));
  return row ?? null;
}

export async function linesOf(db: Db, invoiceIds: number[]) {
  if (!invoiceIds.length) return [];
  return db
    .select({
      rrInvoiceId: rrInvoiceLines.rrInvoiceId,
      position: rrInvoiceLines.position,
      transactionId: rrInvoiceLines.transactionId,
      purchaseDate: rrInvoiceLines.purchaseDate,
      name: rrInvoiceLines.name,
      quality: rrInvoiceLines.quality,
      unit: rrInvoiceLines.unit,
      quantity: rrInvoiceLines.quantityKg,
      unitPrice: rrInvoiceLines.unitPrice,
      value: rrInvoiceLines.value,
      refund: rrInvoiceLines.refund,
      quantityBefore: rrInvoiceLines.quantityKgBefore,
      unitPriceBefore: rrInvoiceLines.unitPriceBefore,
      valueBefore: rrInvoiceLines.valueBefore,
      refundBefore: rrInvoiceLines.refundBefore,
    })
    .from(rrInvoiceLines)
    .where(isAnyOf(rrInvoiceLines.rrInvoiceId, invoiceIds))
    .orderBy(asc(rrInvoiceLines.rrInvoiceId), asc(rrInvoiceLines.position));
}

export async function paymentsOf(db: Db, invoiceIds: number[]) {
  if (!invoiceIds.length) return [];
  return db
    .select({
      rrInvoiceId: rrInvoicePayments.rrInvoiceId,
      id: rrInvoicePayments.id,
      paidAt: rrInvoicePayments.paidAt,
      amount: rrInvoicePayments.amount,
      method: rrInvoicePayments.method,
      account: rrInvoicePayments.account,
      title: rrInvoicePayments.title,
    })
    .from(rrInvoicePayments)
    .where(isAnyOf(rrInvoicePayments.rrInvoiceId, invoiceIds))
    .orderBy(asc(rrInvoicePayments.paidAt), asc(rrInvoicePayments.id));
}

export async function rrInvoiceXml(db: Db, id: number) {
  const [row] = await db.select({ xml: rrInvoices.xml }).from(rrInvoices).where(eq(rrInvoices.id, id));
  return row ? { xml: row.xml } : null;
}

export async function countRrInvoices(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(rrInvoices);
  return row?.n ?? 0;
}

/** KSeF's UPO as the sender stored it (invoices/ksef-sender.ts), with the KSeF number it names. */
export async function rrInvoiceUpo(db: Db, id: number) {
  const [row] = await db
    .select({ ksefNumber: rrInvoices.ksefNumber, upo: rrInvoices.ksefUpo })
    .from(rrInvoices)
    .where(eq(rrInvoices.id, id));
  return row ?? null;
}

/** The invoice an id names, and the invoice it corrects when it is a correction. */
export async function correctedRrInvoiceIdOf(db: Db, id: number) {
  const [row] = await db
    .select({ id: rrInvoices.id, correctedRrInvoiceId: rrInvoices.correctedRrInvoiceId })
    .from(rrInvoices)
    .where(eq(rrInvoices.id, id));
  return row ?? null;
}

/** The RR invoice being corrected, locked: corrections of one invoice are numbered and written one at a time. */
export async function lockRrInvoiceForCorrection(db: Db, id: number) {
  const [row] = await db
    .select({
      id: rrInvoices.id,
      number: rrInvoices.number,
      status: rrInvoices.status,
      issueDate: rrInvoices.issueDate,
      purchaseDateFrom: rrInvoices.purchaseDateFrom,
      purchaseDateTo: rrInvoices.purchaseDateTo,
      farmerId: rrInvoices.farmerId,
      farmerName: rrInvoices.farmerName,
      farmerNip: rrInvoices.farmerNip,
      farmerPesel: rrInvoices.farmerPesel,
      farmerAccount: rrInvoices.farmerAccount,
      buyerNip: rrInvoices.buyerNip,
      refundRatePercent: rrInvoices.refundRatePercent,
      ksefNumber: rrInvoices.ksefNumber,
      hasXml: sql<boolean>`${rrInvoices.xml} is not null`,
    })
    .from(rrInvoices)
    .where(and(eq(rrInvoices.id, id), isNull(rrInvoices.correctedRrInvoiceId)))
    .for('update');
  return row ?? null;
}

/**
 * The RR invoice's lines as they stand: its own, each replaced by the line of the latest correction that changed it
 * (corrections in id order, numbered in that order under the invoice's lock).
 */
export async function rrLinesAsTheyStand(db: Db, originalId: number) {
  return (await rrLinesAsTheyStandOf(db, [originalId])).get(originalId) ?? [];
}

/** Per original RR invoice: its lines as its last correction of each left them (one query for a page of invoices). */
export async function rrLinesAsTheyStandOf(db: Db, originalIds: number[]) {
  const originalId = sql<number>`coalesce(${rrInvoices.correctedRrInvoiceId}, ${rrInvoices.id})`.mapWith(Number);
  const rows = await db
    .select({
      originalId,
      position: rrInvoiceLines.position,
      transactionId: rrInvoiceLines.transactionId,
      purchaseDate: rrInvoiceLines.purchaseDate,
      name: rrInvoiceLines.name,
      quality: rrInvoiceLines.quality,
      unit: rrInvoiceLines.unit,
      quantity: rrInvoiceLines.quantityKg,
      unitPrice: rrInvoiceLines.unitPrice,
      value: rrInvoiceLines.value,
      refund: rrInvoiceLines.refund,
    })
    .from(rrInvoiceLines)
    .innerJoin(rrInvoices, eq(rrInvoices.id, rrInvoiceLines.rrInvoiceId))
    .where(
      originalIds.length
        ? or(inArray(rrInvoices.id, originalIds), inArray(rrInvoices.correctedRrInvoiceId, originalIds))
        : sql`false`,
    )
    .orderBy(asc(rrInvoices.id), asc(rrInvoiceLines.position));
  type Line = Omit<(typeof rows)[number], 'originalId'>;
  const byOriginal = new Map<number, Map<number, Line>>();
  for (const { originalId: id, ...line } of rows) {
    const lines = byOriginal.get(id) ?? new Map<number, Line>();
    lines.set(line.position, line);
    byOriginal.set(id, lines);
  }
  return new Map(
    [...byOriginal].map(([id, lines]) => [id, [...lines.values()].sort((a, b) => a.position - b.position)]),
  );
}
export type RrLineAsItStands = Awaited<ReturnType<typeof rrLinesAsTheyStand>>[number];
