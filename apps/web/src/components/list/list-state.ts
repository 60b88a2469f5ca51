import { PAGE_SIZES } from '@grain/shared';

/** The list state kept in the address query string (spec/1 General list behaviour). */
export type FilterValues = Record<string, string | string[]>;

export interface ListState {
  limit: number;
  offset: number;
  search: string;
  orderBy: string;
  filter: FilterValues;
}

export const FILTER_PREFIX = 'filter_';
export const SEARCH_DEBOUNCE_MS = 600;

export function parseListState(params: URLSearchParams, defaults: Partial<ListState> = {}): ListState {
  const limit = Number(params.get('limit'));
  const offset = Number(params.get('offset'));
  const filter: FilterValues = {};
  for (const [rawKey, value] of params.entries()) {
    if (!rawKey.startsWith(FILTER_PREFIX)) continue;
    const key = rawKey.slice(FILTER_PREFIX.length);
    if (key.endsWith('[]')) {
      const name = key.slice(0, -2);
      const list = (filter[name] as string[] | undefined) ?? [];
      if (value !== '') list.push(value);
      filter[name] = list;
    } else if (value !== '') {
      filter[key] = value;
    }
  }
  const hasFilterKeys = [...params.keys()].some((key) => key.startsWith(FILTER_PREFIX));
  return {
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : (defaults.limit ?? 10),
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
    search: params.get('search') ?? '',
    orderBy: params.get('order_by') ?? defaults.orderBy ?? '',
    filter: hasFilterKeys ? filter : (defaults.filter ?? {}),
  };
}

/** The body of a list request (the early request of early.ts builds the same one). */
export function listRequestBody(state: ListState, toFilter: (filter: FilterValues) => Record<string, unknown>) {
  return {
    limit: state.limit,
    offset: state.offset,
    search: state.search || undefined,
    orderBy: state.orderBy || undefined,
    filter: toFilter(state.filter),
  };
}

/** Writes the state back; list values as repeated `filter_key[]` (the positions links use that form). */
export function toSearchParams(state: ListState, keep?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams();
  if (keep) {
    for (const [key, value] of keep.entries()) {
      const isListKey = ['limit', 'offset', 'search', 'order_by'].includes(key) || key.startsWith(FILTER_PREFIX);
      if (!isListKey) params.append(key, value);
    }
  }
  params.set('limit', String(state.limit));
  params.set('offset', String(state.offset));
  if (state.search) params.set('search', state.search);
  if (state.orderBy) params.set('order_by', state.orderBy);
  const filterEntries = Object.entries(state.filter);
  for (const [key, value] of filterEntries) {
    if (Array.isArray(value)) {
      if (value.length === 0) params.append(`${FILTER_PREFIX}${key}[]`, '');
      for (const item of value) params.append(`${FILTER_PREFIX}${key}[]`, item);
    } else if (value !== '') {
      params.set(`${FILTER_PREFIX}${key}`, value);
    }
  }
  // An explicitly emptied filter must not fall back to the defaults on reload.
  if (filterEntries.length === 0) params.set(`${FILTER_PREFIX}`, '');
  return params;
}

/** spec/1 section 4 Column sort cycle: ascending, descending, none; a new column starts ascending. */
export function nextOrderBy(current: string, key: string): string {
  const [currentKey, direction = 'asc'] = current.split(':');
  if (currentKey !== key) return `${key}:asc`;
  if (direction === 'asc') return `${key}:desc`;
  return '';
}

export function sortDirectionOf(current: string, key: string): 'asc' | 'desc' | null {
  const [currentKey, direction = 'asc'] = current.split(':');
  if (currentKey !== key) return null;
  return direction === 'desc' ? 'desc' : 'asc';
}

/** spec/1 section 4 Paging. */
export function nextOffset(state: Pick<ListState, 'offset' | 'limit'>, filtered: number): number {
  return state.offset + state.limit < filtered ? state.offset + state.limit : state.offset;
}

/**
 * Whether a next page exists. A capped count (more than FILTERED_COUNT_CAP matches) ends at the cap too: the
 * server refuses a page past it (VALIDATION_ERROR pastCappedCount), so the pager never offers one.
 */
export function hasNextPage(state: Pick<ListState, 'offset' | 'limit'>, count: { filtered: number }): boolean {
  return state.offset + state.limit < count.filtered;
}

export function previousOffset(state: Pick<ListState, 'offset' | 'limit'>): number {
  return Math.max(0, state.offset - state.limit);
}

export function isFiltering(state: ListState, defaults: Partial<ListState> = {}): boolean {
  if (state.search.trim()) return true;
  return JSON.stringify(state.filter) !== JSON.stringify(defaults.filter ?? {});
}
