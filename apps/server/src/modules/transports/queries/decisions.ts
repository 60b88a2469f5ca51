import type { StoredQualitySettlement, TransportDecision } from '@grain/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { transactions, unloadings } from '../../../db/schema/index.js';

/** The transport's unloading as a decision reads it (written under the transport's lock, db/locks.ts level 4). */
export async function unloadingToDecide(db: Db, transportId: number) {
  const [row] = await db
    .select({
      id: unloadings.id,
      isToDecide: unloadings.isToDecide,
      decision: unloadings.decision,
      realCargoQuantityKg: unloadings.realCargoQuantityKg,
      labResults: unloadings.labResults,
    })
    .from(unloadings)
    .where(eq(unloadings.transportId, transportId));
  return row ?? null;
}

/** The unloading's statement rows, FOR UPDATE in ascending id (db/locks.ts level 5). */
export function lockUnloadingTransactions(db: Db, unloadingId: number) {
  return db
    .select({
      id: transactions.id,
      kind: transactions.kind,
      status: transactions.status,
      invoiceNumber: transactions.invoiceNumber,
      realQuantityKg: transactions.realQuantityKg,
      deductions: transactions.deductions,
      qualitySettlement: transactions.qualitySettlement,
    })
    .from(transactions)
    .where(eq(transactions.unloadingId, unloadingId))
    .orderBy(asc(transactions.id))
    .for('update');
}
export type DecisionTransaction = Awaited<ReturnType<typeof lockUnloadingTransactions>>[number];

export const isFlaggedRow = (row: { qualitySettlement: StoredQualitySettlement | null }) =>
  row.qualitySettlement?.isToDecide === true;

export async function addTransactionDeduction(db: Db, id: number, amount: number) {
  await db
    .update(transactions)
    .set({ deductions: sql`${transactions.deductions} + ${amount}`, updatedAt: sql`now()` })
    .where(eq(transactions.id, id));
}

export async function deleteTransactions(db: Db, ids: number[]) {
  if (ids.length) await db.delete(transactions).where(inArray(transactions.id, ids));
}

export async function recordDecision(
  db: Db,
  unloadingId: number,
  values: { decision: TransportDecision; note: string | null; discountPerTon: number | null; userId: number },
) {
  await db
    .update(unloadings)
    .set({
      isToDecide: false,
      decision: values.decision,
      decisionNote: values.note,
      decisionDiscountPerTon: values.discountPerTon,
      decidedBy: values.userId,
      decidedAt: sql`now()`,
    })
    .where(eq(unloadings.id, unloadingId));
}

/**
 * How many unloadings wait for a decision: the partial index unloadings_to_decide_idx alone. A scalar subquery, read
 * with the logistics totals in their statement (queries/list.ts transportFiguresSql).
 */
export const toDecideCount = sql<number>`(select count(*)::int from ${unloadings} where ${unloadings.isToDecide})`;
