import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, rowsOf } from './client.js';

/** A page of a list whose counts are scalar subqueries (row counters): its where, order and counts. */
export interface PageShape {
  where: SQL | undefined;
  order: SQL[];
  /** The list's total, and its filtered count (null: `where` narrows nothing), as scalar subqueries. */
  total: SQL<number>;
  filtered: SQL<number> | null;
  /**
   * One more uncorrelated scalar subquery the page's statement carries (PostgreSQL evaluates it once, as an InitPlan):
   * a figure the list answers beside its rows, such as its totals, without a statement of its own.
   */
  extra?: SQL;
}

/**
 * A list page whose counts come from the row counters (a tab, a status, nothing) in two statements
 * instead of three: the page's ids, picked by an index walk on the list's own table, carry the counts; the wide
 * rows of those ids come from the list's prepared statement (db/rows-of-ids.ts), planned once. Ids and rows stay
 * two statements on purpose: one statement with the page's LIMIT as a parameter gets no generic plan from
 * PostgreSQL (it assumes a tenth of the table for an unknown limit), so the wide join was planned on every call.
 * Null for an empty page, which carries no counts: the caller counts apart.
 */
export function pageWithCountsReader<R>(
  table: PgTable,
  id: PgColumn,
  rowsOfIds: (db: Db, ids: number[]) => Promise<R[]>,
) {
  return async (db: Db, shape: PageShape, limit: number, offset: number) => {
    const page = await db
      .select({
        id,
        listTotal: shape.total,
        listFiltered: shape.filtered ?? shape.total,
        extra: shape.extra ?? sql`null`,
      })
      .from(table)
      .where(shape.where)
      .orderBy(...shape.order)
      .limit(limit)
      .offset(offset);
    const first = page[0];
    if (!first) return null;
    const list = await rowsOfIds(
      db,
      page.map((row) => row.id as number),
    );
    return { list, total: first.listTotal, filtered: first.listFiltered, extra: first.extra as unknown };
  };
}

/**
 * A list's figures (an uncorrelated scalar subquery, as `extra` above) read in a statement of their own, beside the
 * page. Awaited later, or first by the page's count: a failure reaches whoever awaits it, and is not reported as
 * unhandled meanwhile (when the page is refused before the figures are awaited).
 */
export function readFiguresBeside<T>(db: Db, figures: SQL): Promise<T> {
  const read = db
    .execute(sql`select ${figures} as figures`)
    .then((result) => rowsOf<{ figures: T }>(result)[0]!.figures);
  read.catch(() => {});
  return read;
}
