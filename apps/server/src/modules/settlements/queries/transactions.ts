import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { isAnyOf } from '../../../db/rows-of-ids.js';
import { contracts, rawMaterialQualities, transactions } from '../../../db/schema/index.js';

/** Settlement writes and the lookups they check (RULES.md Settlements). Every function takes the caller's db or tx. */

export type TransactionDbRow = typeof transactions.$inferSelect;
export type TransactionValues = Omit<typeof transactions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** The row locked until the end of the caller's transaction (SELECT ... FOR UPDATE). */
export async function lockTransaction(db: Db, id: number): Promise<TransactionDbRow | null> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).for('update');
  return row ?? null;
}

export async function getTransaction(db: Db, id: number): Promise<TransactionDbRow | null> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  return row ?? null;
}

/** A contract a new row will reference, held against a rename (db/locks.ts: contracts before statement rows). */
export async function keyShareLockContract(db: Db, id: number): Promise<void> {
  await db.select({ id: contracts.id }).from(contracts).where(eq(contracts.id, id)).for('key share');
}

/** Column values, or SQL read in the same statement (a copied contract number, db/copies.ts). */
export type TransactionChanges = { [K in keyof TransactionValues]?: TransactionValues[K] | SQL };

export async function updateTransaction(db: Db, id: number, values: TransactionChanges): Promise<void> {
  await db
    .update(transactions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(transactions.id, id));
}

/** Final figures written and the row SETTLED, stamped with the database's clock. */
export async function settleTransaction(
  db: Db,
  id: number,
  values: Pick<
    TransactionValues,
    | 'finalQualityId'
    | 'finalQuantityKg'
    | 'finalPrice'
    | 'finalValue'
    | 'deductions'
    | 'surcharges'
    | 'exchangeRate'
    | 'plnValue'
  >,
): Promise<void> {
  await db
    .update(transactions)
    .set({ ...values, status: 'SETTLED', settledAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(transactions.id, id));
}

export async function insertTransaction(db: Db, values: TransactionValues): Promise<number> {
  const [row] = await db.insert(transactions).values(values).returning({ id: transactions.id });
  return row!.id;
}

const contractColumns = {
  id: contracts.id,
  type: contracts.type,
  status: contracts.status,
  counterpartyId: contracts.counterpartyId,
  rawMaterialId: contracts.rawMaterialId,
  rawMaterialQualityId: contracts.rawMaterialQualityId,
  currency: contracts.currency,
  price: contracts.price,
};
export type SettlementContract = NonNullable<Awaited<ReturnType<typeof getContract>>>;

export async function getContract(db: Db, id: number) {
  const [row] = await db.select(contractColumns).from(contracts).where(eq(contracts.id, id));
  return row ?? null;
}

/** Raw material of each of the given qualities (those that exist). */
export async function rawMaterialsOfQualities(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: rawMaterialQualities.id, rawMaterialId: rawMaterialQualities.rawMaterialId })
    .from(rawMaterialQualities)
    .where(isAnyOf(rawMaterialQualities.id, ids));
  return new Map(rows.map((row) => [row.id, row.rawMaterialId]));
}

/** RULES.md Settlements: whether the contract still has a TO_SETTLEMENT transaction (index contract_id, status). */
export async function hasUnsettledTransactions(db: Db, contractId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.contractId, contractId), eq(transactions.status, 'TO_SETTLEMENT')))
    .limit(1);
  return Boolean(row);
}

const sumWhere = (value: SQL | AnyColumn, condition: SQL) =>
  sql<number>`coalesce(sum(${value}) filter (where ${condition}), 0)::bigint`.mapWith(Number);
const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** Settlement figures of one contract's rows, in one aggregate (ContractSettlementTotalsSchema). */
export async function contractSettlementTotals(db: Db, contractId: number) {
  const settled = sql`${transactions.status} = 'SETTLED'`;
  const toSettle = sql`${transactions.status} = 'TO_SETTLEMENT'`;
  const [row] = await db
    .select({
      settledCount: countWhere(settled),
      settledQuantity: sumWhere(transactions.finalQuantityKg, settled),
      settledValue: sumWhere(transactions.finalValue, settled),
      settledPlnValue: sumWhere(transactions.plnValue, settled),
      toSettleCount: countWhere(toSettle),
      toSettleQuantity: sumWhere(
        sql`coalesce(${transactions.realQuantityKg}, ${transactions.plannedQuantityKg})`,
        toSettle,
      ),
    })
    .from(transactions)
    .where(eq(transactions.contractId, contractId));
  return row!;
}
