import { isShortSearch } from '@grain/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../lib/list.js';

/** The unit separator between the values of a row's search text (`searchText` in db/columns.ts). */
const SEPARATOR = '\u001f';

/**
 * The row's search text contains the term, case-insensitively (as ILIKE '%term%' on each column did). A term of
 * SHORT_SEARCH_MAX characters or fewer finds the rows where a word starts with it (packages/shared search.ts):
 * '%a%' matches most rows and no trigram index serves it; the words' prefixes are indexed (migration
 * speed28_short_search).
 */
export function searchTextCondition(column: AnyColumn, search: string | undefined): SQL | undefined {
  const term = search?.split(SEPARATOR).join('').trim();
  if (!term) return undefined;
  if (isShortSearch(term)) {
    return sql`search_word_prefixes(${column}) @> array[lower(${term})]::text[]`;
  }
  return sql`${column} like lower(${likePattern(term)})`;
}
