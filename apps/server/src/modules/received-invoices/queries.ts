import { currentNetValue, currentQuantityKg } from '@grain/shared';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { currentQuantityKgSql } from '../../db/money-sql.js';
import { isAnyOf } from '../../db/rows-of-ids.js';
import {
  contractors,
  ksefReceivedSync,
  receivedInvoiceRows,
  receivedInvoices,
  rrInvoices,
  transactions,
} from '../../db/schema/index.js';

export type ReceivedInvoiceDbRow = typeof receivedInvoices.$inferSelect;
export type NewReceivedInvoice = typeof receivedInvoices.$inferInsert;

/**
 * The KSeF numbers among `ksefNumbers` of VAT RR invoices we issued ourselves: KSeF lists them among the buyer's
 * (Subject2) invoices, but they are ours, already linked to their rows (RULES.md Invoices, VAT and KSeF, VAT RR).
 */
export async function ownRrKsefNumbers(db: Db, ksefNumbers: string[]): Promise<Set<string>> {
  if (ksefNumbers.length === 0) return new Set();
  const rows = await db
    .select({ ksefNumber: rrInvoices.ksefNumber })
    .from(rrInvoices)
    .where(inArray(rrInvoices.ksefNumber, ksefNumbers));
  return new Set(rows.map((row) => row.ksefNumber!));
}

/** Stores one received invoice unless its KSeF number is already here (windows touch: the same one comes twice). */
export async function insertReceivedInvoice(db: Db, values: NewReceivedInvoice): Promise<ReceivedInvoiceDbRow | null> {
  const [row] = await db
    .insert(receivedInvoices)
    .values(values)
    .onConflictDoNothing({ target: receivedInvoices.ksefNumber })
    .returning();
  return row ?? null;
}

export interface SellerLookup {
  /** The contractor with the seller's NIP, null when none (an unknown seller) or the XML named no NIP. */
  contractorId: number | null;
  /** The KSeF number is here already: windows touch, the same invoice comes twice. */
  known: boolean;
  /** The seller has corrections waiting for their original (`waitingCorrectionsOf`). */
  waitingCorrections: boolean;
}

/** What storing one invoice needs to know first, in one statement (the worker stores thousands a pass). */
export async function lookupSeller(db: Db, ksefNumber: string, sellerNip: string | null): Promise<SellerLookup> {
  const result = await db.execute(sql`select
    (select ${contractors.id} from ${contractors} where ${contractors.nip} = ${sellerNip}) as contractor_id,
    exists (select 1 from ${receivedInvoices} where ${receivedInvoices.ksefNumber} = ${ksefNumber}) as known,
    exists (select 1 from ${receivedInvoices} where ${receivedInvoices.sellerNip} = ${sellerNip}
      and ${receivedInvoices.correctedRefs} is not null and ${receivedInvoices.correctedReceivedInvoiceId} is null
    ) as waiting`);
  const [row] = rowsOf<{ contractor_id: number | null; known: boolean; waiting: boolean }>(result);
  return { contractorId: row?.contractor_id ?? null, known: row?.known ?? false, waitingCorrections: !!row?.waiting };
}

const rowColumns = {
  id: transactions.id,
  kind: transactions.kind,
  contractorId: transactions.contractorId,
  contractorCode: transactions.contractorCode,
  registrationNumber: transactions.registrationNumber,
  dateUnloading: transactions.dateUnloading,
  currency: transactions.currency,
  plannedQuantityKg: transactions.plannedQuantityKg,
  realQuantityKg: transactions.realQuantityKg,
  finalQuantityKg: transactions.finalQuantityKg,
  plannedValue: transactions.plannedValue,
  realValue: transactions.realValue,
  finalValue: transactions.finalValue,
  deductions: transactions.deductions,
  surcharges: transactions.surcharges,
  invoiceNumber: transactions.invoiceNumber,
  invoiceDate: transactions.invoiceDate,
};
type RawRow = { [K in keyof typeof rowColumns]: (typeof rowColumns)[K]['_']['data'] | null } & {
  id: number;
  kind: string;
  contractorId: number;
  contractorCode: string;
  currency: string;
  plannedQuantityKg: number;
  plannedValue: number;
  deductions: number;
  surcharges: number;
};

/** A statement row with the figures matching compares: its current net value and kilograms. */
export interface StatementFigures extends RawRow {
  netMinor: number;
  quantityKg: number;
}

function withFigures(row: RawRow): StatementFigures {
  return { ...row, netMinor: currentNetValue(row), quantityKg: currentQuantityKg(row) };
}

const billedKinds = inArray(transactions.kind, ['PURCHASE', 'TRANSPORT']);
const notLinked = notExists(
  sql`(select 1 from ${receivedInvoiceRows} where ${receivedInvoiceRows.transactionId} = ${transactions.id})`,
);

/**
 * The contractor's PURCHASE and TRANSPORT rows in the currency still without an invoice (none typed, none linked);
 * with `quantitiesKg`, only those of these quantities.
 */
export async function openRowsOf(
  db: Db,
  contractorId: number,
  currency: string | null,
  quantitiesKg?: number[],
): Promise<StatementFigures[]> {
  const rows = await db
    .select(rowColumns)
    .from(transactions)
    .where(
      and(
        eq(transactions.contractorId, contractorId),
        billedKinds,
        isNull(transactions.invoiceNumber),
        notLinked,
        currency ? sql`${transactions.currency} = ${currency}` : undefined,
        quantitiesKg ? inArray(currentQuantityKgSql, quantitiesKg) : undefined,
      ),
    )
    .orderBy(asc(transactions.id))
    .limit(500);
  return (rows as RawRow[]).map(withFigures);
}

export async function rowsByIds(db: Db, ids: number[]): Promise<StatementFigures[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(rowColumns)
    .from(transactions)
    .where(inArray(transactions.id, ids))
    .orderBy(asc(transactions.id));
  return (rows as RawRow[]).map(withFigures);
}

/**
 * The rows a match chose, locked FOR UPDATE in id order (level 5 of db/locks.ts; the caller holds their contractor
 * FOR SHARE), with whether each is on a received invoice already: what the match must see still open to link them.
 */
export async function lockRowsWithLinks(db: Db, ids: number[]): Promise<(StatementFigures & { linked: boolean })[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      ...rowColumns,
      // Written out qualified: in a select list Drizzle names a one-table query's columns without their table.
      linked: sql<boolean>`exists (select 1 from received_invoice_rows l where l.transaction_id = transactions.id)`,
    })
    .from(transactions)
    .where(inArray(transactions.id, ids))
    .orderBy(asc(transactions.id))
    .for('update', { of: transactions });
  return rows.map((row) => ({ ...withFigures(row as RawRow), linked: row.linked }));
}

/** Which of the rows are linked to a received invoice already (any). */
export async function linkedRowIds(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ transactionId: receivedInvoiceRows.transactionId, invoiceId: receivedInvoiceRows.receivedInvoiceId })
    .from(receivedInvoiceRows)
    .where(isAnyOf(receivedInvoiceRows.transactionId, ids));
  return new Map(rows.map((row) => [row.transactionId, row.invoiceId]));
}

/**
 * Links rows (locked by the caller) to the invoice and fills their invoice number and date where no person typed
 * one (RULES.md Invoices, VAT and KSeF: nothing a person typed is overwritten).
 */
export async function linkRows(
  db: Db,
  invoiceId: number,
  rows: { id: number; invoiceNumber: string | null }[],
  number: string | null,
  issueDate: string | null,
): Promise<void> {
  if (!rows.length) return;
  await db.insert(receivedInvoiceRows).values(
    rows.map((row) => ({
      receivedInvoiceId: invoiceId,
      transactionId: row.id,
      filledInvoiceNumber: row.invoiceNumber === null && number !== null,
    })),
  );
  if (number === null) return;
  await db
    .update(transactions)
    .set({ invoiceNumber: number, invoiceDate: issueDate, updatedAt: sql`now()` })
    .where(
      and(
        inArray(
          transactions.id,
          rows.map((row) => row.id),
        ),
        isNull(transactions.invoiceNumber),
      ),
    );
}

export async function rowIdsOfInvoices(db: Db, invoiceIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!invoiceIds.length) return out;
  const rows = await db
    .select({ invoiceId: receivedInvoiceRows.receivedInvoiceId, transactionId: receivedInvoiceRows.transactionId })
    .from(receivedInvoiceRows)
    .where(isAnyOf(receivedInvoiceRows.receivedInvoiceId, invoiceIds))
    .orderBy(asc(receivedInvoiceRows.transactionId));
  for (const row of rows) out.set(row.invoiceId, [...(out.get(row.invoiceId) ?? []), row.transactionId]);
  return out;
}

export async function receivedInvoiceById(db: Db, id: number): Promise<ReceivedInvoiceDbRow | null> {
  const [row] = await db.select().from(receivedInvoices).where(eq(receivedInvoices.id, id));
  return row ?? null;
}

/** Level 6 of db/locks.ts, taken after the statement rows it links. */
export async function lockReceivedInvoice(db: Db, id: number): Promise<ReceivedInvoiceDbRow | null> {
  const [row] = await db.select().from(receivedInvoices).where(eq(receivedInvoices.id, id)).for('update');
  return row ?? null;
}

export async function updateReceivedInvoice(db: Db, id: number, values: Partial<NewReceivedInvoice>): Promise<void> {
  await db.update(receivedInvoices).set(values).where(eq(receivedInvoices.id, id));
}

/** A received invoice as its list shows it: everything but the XML bytes, which only the details read. */
export type ReceivedInvoiceListRow = Omit<ReceivedInvoiceDbRow, 'xml'>;
const { xml: _xml, ...listColumns } = getTableColumns(receivedInvoices);

/** One page of received invoices, newest first, by status and search, and how many match. */
export async function listReceivedInvoices(
  db: Db,
  request: { statuses: string[] | undefined; search: string | undefined; offset: number; limit: number },
): Promise<{ page: { invoice: ReceivedInvoiceListRow; contractorCode: string | null }[]; filtered: number }> {
  const term = request.search?.trim().toLowerCase();
  const where = and(
    request.statuses?.length ? inArray(receivedInvoices.status, request.statuses) : undefined,
    term
      ? sql`lower(coalesce(${receivedInvoices.number}, '') || ' ' || coalesce(${receivedInvoices.sellerName}, '') || ' ' || coalesce(${receivedInvoices.sellerNip}, '') || ' ' || ${receivedInvoices.ksefNumber}) like ${`%${term}%`}`
      : undefined,
  );
  const page = await db
    .select({ invoice: listColumns, contractorCode: contractors.code })
    .from(receivedInvoices)
    .leftJoin(contractors, eq(contractors.id, receivedInvoices.contractorId))
    .where(where)
    .orderBy(desc(receivedInvoices.id))
    .limit(request.limit)
    .offset(request.offset);
  const [count] = await db.select({ count: sql<number>`count(*)::int` }).from(receivedInvoices).where(where);
  return { page, filtered: count?.count ?? 0 };
}

/**
 * The received invoice a correction names (DaneFaKorygowanej): by its KSeF number, else by the seller's NIP and the
 * invoice number; a correction itself is never the one corrected (FA (3) names the original).
 */
export async function correctedReceivedInvoiceOf(
  db: Db,
  sellerNip: string,
  named: { number: string; ksefNumber: string | null }[],
): Promise<{ id: number } | null> {
  const ksefNumbers = named.map((one) => one.ksefNumber).filter((number): number is string => number !== null);
  const numbers = named.map((one) => one.number);
  if (!numbers.length) return null;
  const [row] = await db
    .select({ id: receivedInvoices.id })
    .from(receivedInvoices)
    .where(
      and(
        isNull(receivedInvoices.correctedReceivedInvoiceId),
        or(
          ksefNumbers.length ? inArray(receivedInvoices.ksefNumber, ksefNumbers) : undefined,
          and(eq(receivedInvoices.sellerNip, sellerNip), inArray(receivedInvoices.number, numbers)),
        ),
      ),
    )
    .orderBy(asc(receivedInvoices.id))
    .limit(1);
  return row ?? null;
}

/** The seller's corrections waiting for their original (`corrected_refs` kept, none linked): the partial index. */
export async function waitingCorrectionsOf(db: Db, sellerNip: string) {
  return db
    .select({ id: receivedInvoices.id, status: receivedInvoices.status, correctedRefs: receivedInvoices.correctedRefs })
    .from(receivedInvoices)
    .where(
      and(
        eq(receivedInvoices.sellerNip, sellerNip),
        sql`${receivedInvoices.correctedRefs} is not null`,
        isNull(receivedInvoices.correctedReceivedInvoiceId),
      ),
    )
    .orderBy(asc(receivedInvoices.id));
}

const invoiceRefColumns = {
  id: receivedInvoices.id,
  number: receivedInvoices.number,
  issueDate: receivedInvoices.issueDate,
  netTotal: receivedInvoices.netTotal,
  grossTotal: receivedInvoices.grossTotal,
};

/** The received invoices by id, as a correction's or an original's reference shows them. */
export async function receivedInvoiceRefs(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.select(invoiceRefColumns).from(receivedInvoices).where(isAnyOf(receivedInvoices.id, ids));
}

/** The corrections received for an invoice, oldest first. */
export async function correctionsOf(db: Db, id: number) {
  return db
    .select(invoiceRefColumns)
    .from(receivedInvoices)
    .where(eq(receivedInvoices.correctedReceivedInvoiceId, id))
    .orderBy(asc(receivedInvoices.id));
}

export async function countReceivedInvoices(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(receivedInvoices);
  return row?.count ?? 0;
}

export async function contractorCodeOf(db: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db.select({ code: contractors.code }).from(contractors).where(eq(contractors.id, id));
  return row?.code ?? null;
}

// --- The export's state: one row ---

export async function readSync(db: Db) {
  const [row] = await db.select().from(ksefReceivedSync).where(eq(ksefReceivedSync.id, 1));
  return row ?? null;
}

/** Claims the export for this pass when the last one ran at least `seconds` ago (one process at a time). */
export async function claimSync(db: Db, now: Date, seconds: number): Promise<{ nextFrom: string | null } | null> {
  await db.insert(ksefReceivedSync).values({ id: 1 }).onConflictDoNothing();
  const result = await db
    .update(ksefReceivedSync)
    .set({ lastRunAt: now.toISOString() })
    .where(
      and(
        eq(ksefReceivedSync.id, 1),
        sql`(${ksefReceivedSync.lastRunAt} is null or ${ksefReceivedSync.lastRunAt} <= ${now.toISOString()}::timestamptz - make_interval(secs => ${seconds}))`,
      ),
    )
    .returning({ nextFrom: ksefReceivedSync.nextFrom });
  return result[0] ?? null;
}

export async function saveSync(db: Db, values: { nextFrom?: string | null; lastError: string | null }) {
  await db.update(ksefReceivedSync).set(values).where(eq(ksefReceivedSync.id, 1));
}
