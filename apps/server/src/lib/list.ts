import { FILTERED_COUNT_CAP, type ListRequest, type ListResponse, parseOrderBy, V } from '@grain/shared';
import { type AnyColumn, asc, count, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { AppError, validationError } from './errors.js';
import { selectPlanned } from './speed/row-mapper.js';

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
  /**
   * The filtered count; null when the request narrows nothing, so that `filtered` is `total` without a query.
   * A number is exact (row counters); a CappedCount comes from countUpToCap.
   */
  countFiltered: (() => Promise<number | CappedCount>) | null;
  countTotal: () => Promise<number>;
}

/**
 * The one list helper: a sorted page plus `filtered` (same conditions) and `total` counts, run in parallel. An
 * offset at or past the cap counts first: when the count is capped the page is refused before it is read.
 */
export async function listPage<T>(request: ListRequest<unknown>, sort: SortSpec, queries: ListQueries<T>) {
  const order = orderByOf(request.orderBy, sort);
  const isPastCap = request.offset >= FILTERED_COUNT_CAP && queries.countFiltered !== null;
  const counted = isPastCap ? await queries.countFiltered!() : undefined;
  if (counted !== undefined) refusePastCappedCount(request.offset, counted);
  const [list, filtered, total] = await Promise.all([
    queries.page(order, request.limit, request.offset),
    counted ?? queries.countFiltered?.() ?? null,
    queries.countTotal(),
  ]);
  if (filtered === null) return { list, filtered: total, total } satisfies ListResponse<T>;
  if (typeof filtered === 'number') return { list, filtered, total } satisfies ListResponse<T>;
  return { list, ...filtered, total } satisfies ListResponse<T>;
}

export interface CappedCount {
  filtered: number;
  filteredCapped?: true;
}

/**
 * Broad searches: counts the matching rows up to FILTERED_COUNT_CAP (count(*) over a LIMIT cap + 1
 * subquery), so a search matching half the table costs as much as one matching ten thousand rows. `matching` is
 * the select of the matching rows (any one column), made `$dynamic()`.
 */
export async function countUpToCap(db: Db, matching: PgSelect): Promise<CappedCount> {
  const [row] = await db.select({ n: count() }).from(matching.limit(FILTERED_COUNT_CAP + 1).as('capped'));
  return cappedCount(row?.n ?? 0);
}

/**
 * The matching rows counted up to the cap inside a statement, as a scalar: what countUpToCap reads, for a list whose
 * figures (its totals) must know first whether the matches pass the cap (overCapWith).
 */
export function cappedCountSql(table: PgTable, where: SQL | undefined): SQL<number> {
  return sql<number>`(select count(*) from (select 1 from ${table} where ${where ?? sql`true`}
    limit ${FILTERED_COUNT_CAP + 1}) capped)`;
}

/**
 * The head of a list's figures subquery: `counted` (the row counters' number, or cappedCountSql) compared with the
 * cap once, in a CTE named over that the figures read twice (PostgreSQL materialises a CTE read more than once):
 * as the one-time filter that keeps the rows unread past the cap, and as the answer's isOverCap (IS_OVER_CAP).
 */
export const overCapWith = (counted: SQL<number>) =>
  sql`with over as (select ${counted} > ${FILTERED_COUNT_CAP} as is_over)`;
export const IS_OVER_CAP = sql`(select is_over from over)`;

/** The filtered count a list's figures carry: their matching rows, or past the cap only that there are more. */
export const countOfFigures = (figures: { n: number; isOverCap: boolean }): CappedCount =>
  cappedCount(figures.isOverCap ? FILTERED_COUNT_CAP + 1 : Number(figures.n));

/**
 * A page that starts at or past a capped count is refused (VALIDATION_ERROR pastCappedCount on `offset`): the
 * answer could only be guessed, and reading it costs as much as the whole broad search. The pages the count
 * reports (offset below FILTERED_COUNT_CAP) are served; exact counts page on to their end.
 */
export function refusePastCappedCount(offset: number, counted: number | { filteredCapped?: boolean }): void {
  if (typeof counted === 'number' || !counted.filteredCapped || offset < FILTERED_COUNT_CAP) return;
  throw validationError({ field: 'offset', code: V.pastCappedCount });
}

/** An exact count of matches as the answer states it: above FILTERED_COUNT_CAP only that it is more. */
export function cappedCount(n: number): CappedCount {
  return n > FILTERED_COUNT_CAP ? { filtered: FILTERED_COUNT_CAP, filteredCapped: true } : { filtered: n };
}

export const countAll = sql<number>`count(*)::int`;

/**
 * A small table's list (users, contractors) in one statement: the page, `filtered` as a window count over
 * the matching rows (a few thousand at most) and `total` as a scalar subquery. A page past the end carries no
 * counts; they are then counted apart. `R` is the row type of `columns`.
 */
export async function smallTableListPage<R>(
  db: Db,
  request: ListRequest<unknown>,
  sort: SortSpec,
  from: { table: PgTable; columns: Record<string, AnyColumn | SQL>; where: SQL | undefined },
): Promise<ListResponse<R>> {
  const { table, columns, where } = from;
  const rows = (await selectPlanned(
    db
      .select({
        ...columns,
        listFiltered: sql<number>`count(*) over ()`.mapWith(Number),
        listTotal: sql<number>`(select count(*) from ${table})`.mapWith(Number),
      })
      .from(table)
      .where(where)
      .orderBy(...orderByOf(request.orderBy, sort))
      .limit(request.limit)
      .offset(request.offset),
  )) as (R & { listFiltered: number; listTotal: number })[];
  const first = rows[0];
  if (first) {
    const list = rows.map(({ listFiltered: _filtered, listTotal: _total, ...row }) => row as R);
    return { list, filtered: first.listFiltered, total: first.listTotal };
  }
  const [filtered, total] = await Promise.all([
    db.select({ n: count() }).from(table).where(where),
    db.select({ n: count() }).from(table),
  ]);
  return { list: [], filtered: filtered[0]?.n ?? 0, total: total[0]?.n ?? 0 };
}
