import { bigint, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * Exact row counts of the big tables per group (a status, a kind), kept by statement triggers in the transaction of
 * every insert, update, delete and truncate (migration row_counts), so that a list's `total` and a tab's `filtered`
 * are a lookup instead of a count over a million rows. Read through db/row-counts.ts.
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    tableName: varchar('table_name', { length: 64 }).notNull(),
    rowGroup: varchar('row_group', { length: 64 }).notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.rowGroup] })],
);
