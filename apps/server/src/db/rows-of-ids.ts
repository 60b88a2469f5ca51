import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { preparedPerDatabase } from './prepared.js';

interface PreparedRows<R> {
  execute(values: { ids: number[] }): Promise<R[]>;
}

/** `column = any(:ids)`: the condition of a statement prepared for a list of ids. */
export const idIsAnyOf = (column: AnyColumn): SQL => sql`${column} = any(${sql.placeholder('ids')})`;

/**
 * `column = any($1)` with the values as one array parameter: the lookup of a page's children by the page's ids.
 * Drizzle's `inArray` makes a parameter of each value and builds each with a dozen kind checks: 0.29 ms of Node CPU
 * more for 50 ids, twice per contractors page (docs/performance.md, "Tenth pass"). An empty list matches nothing.
 */
export const isAnyOf = (column: AnyColumn, values: readonly (number | string)[]): SQL =>
  sql`${column} = any(${sql.param(values)})`;

/**
 * How many ids a generic plan of `= any($1)` expects: PostgreSQL estimates an array it does not know at 10 elements.
 * It runs a prepared statement's first 5 executions on custom plans and keeps the generic plan only if that is no
 * dearer than those were; a custom plan for fewer ids is cheaper, so a connection whose first reads were of one row
 * (a write's answer, a details call) planned the wide join anew on every later call: 3–4 ms of PostgreSQL for the
 * transport row, against 0.03 ms to reuse the generic plan (docs/performance.md, "Ninth pass"). Fewer ids are
 * padded with NO_ROW_ID to this many, so no custom plan is cheaper than the generic one.
 */
export const GENERIC_PLAN_IDS = 10;
/** An id no row has: serial ids start at 1. */
const NO_ROW_ID = 0;

/** `ids`, padded to GENERIC_PLAN_IDS with an id of no row. */
export function idsForGenericPlan(ids: number[]): number[] {
  if (ids.length >= GENERIC_PLAN_IDS) return ids;
  return [...ids, ...new Array<number>(GENERIC_PLAN_IDS - ids.length).fill(NO_ROW_ID)];
}

/**
 * A reader of the rows of given ids, in the order of the ids, over one prepared statement per database handle.
 * A list row's wide, many-join select is then built by Drizzle and planned by PostgreSQL once rather than on every
 * call, which cost more than running it for a page of rows.
 */
export function rowsOfIdsReader<R extends { id: number }>(prepare: (db: Db) => PreparedRows<R>) {
  const prepared = preparedPerDatabase(prepare);
  return async (db: Db, ids: number[]): Promise<R[]> => {
    if (!ids.length) return [];
    const rows = await prepared(db).execute({ ids: idsForGenericPlan(ids) });
    const position = new Map(ids.map((id, index) => [id, index]));
    return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  };
}
