import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { preparedStatements } from './prepared.js';

/** What shapes a page statement's text. The same key must always come with the same where, order and counts. */
export interface PageShape {
  key: string;
  where: SQL | undefined;
  order: SQL[];
  /** The list's total, and its filtered count (null: `where` narrows nothing), as scalar subqueries. */
  total: SQL<number>;
  filtered: SQL<number> | null;
}

type CountColumns = {
  listTotal: SQL<number>;
  listFiltered: SQL<number | null>;
};
interface PreparedPage<R> {
  execute(values: {
    limit: number;
    offset: number;
  }): Promise<(R & { listTotal: number; listFiltered: number | null })[]>;
}

/**
 * issue 15: a list page's rows and its counts in one round trip, over one statement prepared per shape (db/
 * prepared.ts). The ids are picked inside it by an index walk on the list's own table (`pageIds`), the wide rows
 * joined for those ids only, as the two-step page readers do. For lists whose counts come from the row counters:
 * a tab, a status, or nothing. An empty page carries no counts: null, and the caller counts apart.
 */
export function pageWithCountsReader<R>(
  name: string,
  table: PgTable,
  id: PgColumn,
  prepareRows: (db: Db, counts: CountColumns, isInPage: SQL, order: SQL[], statementName: string) => PreparedPage<R>,
) {
  const statements = preparedStatements<PreparedPage<R>>(name);
  return async (db: Db, shape: PageShape, limit: number, offset: number) => {
    const statement = statements(db, shape.key, (statementName) => {
      const pageIds = db
        .select({ id })
        .from(table)
        .where(shape.where)
        .orderBy(...shape.order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
      const counts = {
        listTotal: shape.total.mapWith(Number),
        listFiltered: (shape.filtered ?? sql<null>`null`).mapWith(Number) as SQL<number | null>,
      };
      return prepareRows(db, counts, sql`${id} = any(array(${pageIds}))`, shape.order, statementName);
    });
    const rows = await statement.execute({ limit, offset });
    const first = rows[0];
    if (!first) return null;
    const list: R[] = rows.map(({ listTotal: _total, listFiltered: _filtered, ...row }) => row as R);
    return { list, total: first.listTotal, filtered: first.listFiltered ?? first.listTotal };
  };
}
