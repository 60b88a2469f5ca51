import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { preparedPerDatabase } from './prepared.js';

interface PreparedRows<R> {
  execute(values: { ids: number[] }): Promise<R[]>;
}

/** `column = any(:ids)`: the condition of a statement prepared for a list of ids. */
export const idIsAnyOf = (column: AnyColumn): SQL => sql`${column} = any(${sql.placeholder('ids')})`;

/**
 * A reader of the rows of given ids, in the order of the ids, over one prepared statement per database handle.
 * A list row's wide, many-join select is then built by Drizzle and planned by PostgreSQL once rather than on every
 * call, which cost more than running it for a page of rows.
 */
export function rowsOfIdsReader<R extends { id: number }>(prepare: (db: Db) => PreparedRows<R>) {
  const prepared = preparedPerDatabase(prepare);
  return async (db: Db, ids: number[]): Promise<R[]> => {
    if (!ids.length) return [];
    const rows = await prepared(db).execute({ ids });
    const position = new Map(ids.map((id, index) => [id, index]));
    return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  };
}
