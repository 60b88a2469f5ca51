import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../lib/list.js';

/** The unit separator between the values of a row's search text (`searchText` in db/columns.ts). */
const SEPARATOR = '\u001f';

/** The row's search text contains the term, case-insensitively (as ILIKE '%term%' on each column did). */
export function searchTextCondition(column: AnyColumn, search: string | undefined): SQL | undefined {
  const term = search?.split(SEPARATOR).join('').trim();
  if (!term) return undefined;
  return sql`${column} like lower(${likePattern(term)})`;
}
