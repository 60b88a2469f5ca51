import { type ListRequest, type ListResponse, parseOrderBy } from '@grain/shared';
import { type AnyColumn, asc, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import { AppError } from './errors.js';

export type SortMap = Record<string, AnyColumn | SQL>;

/**
 * A list's sort. `K` is the list's key union from packages/shared (e.g. `SortSpec<UserSortKey>`), so a key the
 * shared type names and the map lacks, or the other way round, fails the type check.
 */
export interface SortSpec<K extends string = string> {
  /** The spec's snake_case sort keys mapped to what the database sorts by. */
  keys: Record<K, AnyColumn | SQL>;
  defaultKey: NoInfer<K>;
  defaultDirection?: 'asc' | 'desc';
  /** Unique column appended so that paging is stable when sort values repeat. */
  tiebreaker: AnyColumn;
}

/** ORDER BY of a list; an unknown key is INVALID_SORT_PARAMS (ARCHITECTURE.md, The API). */
export function orderByOf(orderBy: string | undefined, spec: SortSpec): SQL[] {
  const parsed = parseOrderBy(orderBy) ?? { key: spec.defaultKey, direction: spec.defaultDirection ?? 'asc' };
  if (!Object.hasOwn(spec.keys, parsed.key)) throw new AppError('INVALID_SORT_PARAMS');
  const column = spec.keys[parsed.key]!;
  const by = parsed.direction === 'desc' ? desc : asc;
  return [by(column), by(spec.tiebreaker)];
}

/** `%term%` with LIKE wildcards in the user's text taken literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "contains" over several columns; undefined when there is nothing to search. */
export function searchCondition(search: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const pattern = likePattern(term);
  return or(...columns.map((column) => ilike(column, pattern)));
}

export interface ListQueries<T> {
  /**
   * The sorted page. Lists over big tables pick the page's ids first (an index walk over the one table the sort
   * and the conditions are on) and join the rest for those rows only.
   */
  page: (order: SQL[], limit: number, offset: number) => Promise<T[]>;
  /** The filtered count; null when the request narrows nothing, so that `filtered` is `total` without a query. */
  countFiltered: (() => Promise<number>) | null;
  countTotal: () => Promise<number>;
}

/** The one list helper: a sorted page plus `filtered` (same conditions) and `total` counts, run in parallel. */
export async function listPage<T>(request: ListRequest<unknown>, sort: SortSpec, queries: ListQueries<T>) {
  const order = orderByOf(request.orderBy, sort);
  const [list, filtered, total] = await Promise.all([
    queries.page(order, request.limit, request.offset),
    queries.countFiltered?.() ?? null,
    queries.countTotal(),
  ]);
  return { list, filtered: filtered ?? total, total } satisfies ListResponse<T>;
}

export const countAll = sql<number>`count(*)::int`;
