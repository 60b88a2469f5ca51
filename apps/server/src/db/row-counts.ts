import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { rowCounts } from './schema/index.js';

/**
 * Readers of the row counters (schema rowCounts, kept by the triggers of migration row_counts). The groups each
 * table is counted by, as the triggers name them: every row is in exactly one group per dimension.
 */
export interface CountedGroups {
  contracts: `type:${'PURCHASE' | 'SALES'}`;
  allocations: 'all';
  transports: `status:${string}`;
  transactions: `kind:${string}` | `status:${string}`;
}
export type CountedTable = keyof CountedGroups;

/** The dimension whose groups add up to the whole table. */
const WHOLE_TABLE: Record<CountedTable, string> = {
  contracts: 'type:',
  allocations: 'all',
  transports: 'status:',
  transactions: 'kind:',
};

/**
 * The same counts as one scalar expression, for a statement that also reads a page (one round trip).
 * Groups come from closed sets and are written into the text; a prepared statement keeps them fixed.
 */
export function rowCountSql<T extends CountedTable>(table: T, groups: CountedGroups[T][] | 'whole table') {
  const inGroups =
    groups === 'whole table'
      ? like(rowCounts.rowGroup, `${WHOLE_TABLE[table]}%`)
      : groups.length
        ? inArray(rowCounts.rowGroup, groups)
        : sql`false`;
  return sql<number>`(select coalesce(sum(${rowCounts.rowCount}), 0)::bigint from ${rowCounts}
    where ${and(eq(rowCounts.tableName, table), inGroups)})`.mapWith(Number);
}

/** Rows of the table in any of the groups (a group that never had a row counts 0). */
export async function countRowsInGroups<T extends CountedTable>(
  db: Db,
  table: T,
  groups: CountedGroups[T][],
): Promise<number> {
  if (!groups.length) return 0;
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${rowCounts.rowCount}), 0)::bigint`.mapWith(Number) })
    .from(rowCounts)
    .where(and(eq(rowCounts.tableName, table), inArray(rowCounts.rowGroup, groups)));
  return row?.n ?? 0;
}

/** Every row of the table. */
export async function countAllRows(db: Db, table: CountedTable): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${rowCounts.rowCount}), 0)::bigint`.mapWith(Number) })
    .from(rowCounts)
    .where(and(eq(rowCounts.tableName, table), like(rowCounts.rowGroup, `${WHOLE_TABLE[table]}%`)));
  return row?.n ?? 0;
}
