import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../lib/errors.js';
import type { Db } from './client.js';
import { allocations, contracts } from './schema/index.js';

/**
 * The one lock order of every write transaction (ARCHITECTURE.md Database). A transaction takes the row
 * locks it needs level by level, never going back to an earlier level, and within a level in ascending id order:
 *
 *   1. contractors   FOR UPDATE when edited; FOR SHARE when a row about to be written references or copies one
 *                    (a transport's carrier, a delivery's supplier/recipient/carrier, a contract's counterparty)
 *   2. contracts     FOR UPDATE (FOR KEY SHARE when a new row only references one), ascending id
 *   3. allocations   FOR UPDATE, ascending id
 *   4. transports    FOR UPDATE, ascending id (a transport's unloading is written under its transport's lock)
 *   5. transactions  FOR UPDATE, ascending id (the statement rows)
 *   6. invoices      FOR UPDATE, ascending id (an invoice queued for KSeF or sent by the KSeF sender; a correction
 *                    locks the invoice it corrects, one at a time per invoice)
 *   6. received_invoices FOR UPDATE, after the statement rows a match or an assignment links to it (a new received
 *                    invoice is inserted first: a row no other transaction sees yet)
 *   7. invoice_number_counters  the counter row of an invoice series' period (sales or corrections), taken last by the
 *                    upsert that hands out the next number (invoices/queries.ts `nextInvoiceCounter`) and held to
 *                    commit, so numbers have no gaps (RULES.md Invoices, VAT and KSeF); an invoice issue takes its
 *                    buyer FOR SHARE (level 1) before the statement rows it invoices (level 5), as its new row
 *                    references the buyer
 *
 * Two stand apart from the levels: a transport create, edit or redirect takes, after its row
 * locks, a transaction-scoped advisory lock per truck and driver key (sorted; transports/service/vehicle-clashes.ts);
 * a saved view write takes an advisory lock of its user and list, then locks that user's views of the list (ascending
 * id), and touches nothing else (saved-views/queries.ts `lockUserListViews`).
 *
 * A write that learns which rows to lock only by reading a later level (a transport's pair, a transaction's
 * contract) reads it first without a lock, locks the earlier levels, then locks the row and checks that what it
 * read still holds; when it does not (the row moved meanwhile) it throws `RetryWrite` and the transaction starts
 * again. Copies of contractor and contract values (db/copies.ts) are refreshed under the same order.
 */

/** Thrown inside a write transaction when a row moved between its unlocked read and its lock: run it again. */
export class RetryWrite extends Error {
  constructor() {
    super('retry write');
  }
}

const SERIALIZATION_FAILURE = '40001';
const DEADLOCK_DETECTED = '40P01';
const ATTEMPTS = 5;

function pgCodeOf(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export function isRetryableWriteError(error: unknown): boolean {
  if (error instanceof RetryWrite) return true;
  const code = pgCodeOf(error);
  return code === SERIALIZATION_FAILURE || code === DEADLOCK_DETECTED;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every write transaction of the services. A serialization failure or a deadlock (SQLSTATE 40001, 40P01; the
 * lock order above makes them rare, PostgreSQL may still pick a victim) runs the transaction again after a short
 * jittered pause, up to 5 times; then the call answers 409 CONFLICT (spec/2 has no dedicated "busy" code; CONFLICT
 * is its request-validity code for "the data changed under you").
 */
export async function withWriteTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  // Inside another write transaction (a savepoint): the outer one retries as a whole.
  if ('rollback' in db) return db.transaction((tx) => work(tx as unknown as Db));
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => work(tx as unknown as Db));
    } catch (error) {
      if (!isRetryableWriteError(error)) throw error;
      if (attempt >= ATTEMPTS) throw new AppError('CONFLICT', 'The data changed concurrently, try again');
      await pause(5 * 2 ** attempt * (0.5 + Math.random()));
    }
  }
}

/** Contractors referenced or copied by the rows a write is about to write, FOR SHARE in ascending id (level 1). */
export async function shareLockContractors(tx: Db, ids: (number | null | undefined)[]): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))].sort((a, b) => a - b);
  if (!wanted.length) return;
  await tx.execute(sql`select id from contractors where id in (${sql.join(wanted, sql`, `)}) order by id for share`);
}

/**
 * Rows of one level matching `where`, in ascending id order, locked as an UPDATE of non-key columns locks them
 * (FOR NO KEY UPDATE: a foreign key check of a parallel insert, FOR KEY SHARE, still passes); answers their ids.
 */
export async function lockRowsInIdOrder(
  tx: Db,
  table: 'contracts' | 'allocations' | 'transports' | 'transactions',
  where: SQL,
): Promise<number[]> {
  const result = await tx.execute(sql`select id from ${sql.identifier(table)} where ${where} order by id for update`);
  return (result as unknown as { rows: { id: number | string }[] }).rows.map((row) => Number(row.id));
}

export type LockedContract = typeof contracts.$inferSelect;
export type LockedAllocation = typeof allocations.$inferSelect;

/** Level 2: the contracts, locked in ascending id order (one statement); a missing id is absent from the map. */
export async function lockContractsInIdOrder(tx: Db, ids: number[]): Promise<Map<number, LockedContract>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await tx
    .select()
    .from(contracts)
    .where(inArray(contracts.id, wanted))
    .orderBy(contracts.id)
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/** Level 2: one contract, locked; null when there is none. */
export async function lockContract(tx: Db, id: number): Promise<LockedContract | null> {
  return (await lockContractsInIdOrder(tx, [id])).get(id) ?? null;
}

/**
 * Level 3: the allocations of one purchase with each of the sales, locked in ascending id order and keyed by sale
 * id; a pair without an allocation is absent. Call with the contracts already locked.
 */
export async function lockAllocationsOfPurchase(
  tx: Db,
  purchaseId: number,
  salesIds: number[],
): Promise<Map<number, LockedAllocation>> {
  const rows = await tx
    .select()
    .from(allocations)
    .where(and(eq(allocations.purchaseId, purchaseId), inArray(allocations.salesId, [...new Set(salesIds)])))
    .orderBy(allocations.id)
    .for('update');
  return new Map(rows.map((row) => [row.salesId, row]));
}

/** Level 3: the pair's allocation, locked; null when the pair has none. */
export async function lockAllocation(tx: Db, purchaseId: number, salesId: number): Promise<LockedAllocation | null> {
  return (await lockAllocationsOfPurchase(tx, purchaseId, [salesId])).get(salesId) ?? null;
}
