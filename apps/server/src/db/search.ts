import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { text } from 'drizzle-orm/pg-core';
import { likePattern } from '../lib/list.js';

/**
 * One lower-cased text per row holding every searchable column, kept by PostgreSQL (a stored generated column).
 * A list search is then one LIKE on one column: cheap to scan, and on PostgreSQL served by a pg_trgm GIN index
 * (migration search_indexes; PGlite has no pg_trgm and scans). The unit separator between the values keeps a
 * term from matching across two of them, as the former per-column ILIKEs did not.
 */
const SEPARATOR = '\u001f';

export function searchText(columnNames: string[]) {
  const joined = columnNames.map((name) => `coalesce(${name}, '')`).join(` || E'\\x1f' || `);
  return text('search_text').generatedAlwaysAs(sql.raw(`lower(${joined})`));
}

/** The row's search text contains the term, case-insensitively (as ILIKE '%term%' on each column did). */
export function searchTextCondition(column: AnyColumn, search: string | undefined): SQL | undefined {
  const term = search?.split(SEPARATOR).join('').trim();
  if (!term) return undefined;
  return sql`${column} like lower(${likePattern(term)})`;
}
