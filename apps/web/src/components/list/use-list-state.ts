import type { SavedViewList } from '@grain/shared';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type FilterValues, type ListState, parseListState, toSearchParams } from './list-state';
import { usePageSize } from './use-page-size';

export interface ListStateApi extends ListState {
  setSearch: (search: string) => void;
  setFilter: (filter: FilterValues) => void;
  setOrderBy: (orderBy: string) => void;
  setOffset: (offset: number) => void;
  setLimit: (limit: number) => void;
  /** A saved view: search, filters, sort and page size at once, from the first page. */
  apply: (change: Partial<Omit<ListState, 'offset'>>) => void;
  defaults: Partial<ListState>;
}

/**
 * List state in the URL; any change other than the page resets the offset to 0 (spec/1 section 4). With a
 * `pageSizeKey` the page size the user chose on that list is kept (per user, on the server) and is the size the
 * list opens with when the address names none; before any choice, the defaults' limit, else the size that fills
 * the screen.
 */
export function useListState(initialDefaults: Partial<ListState> = {}, pageSizeKey?: SavedViewList): ListStateApi {
  const [params, setParams] = useSearchParams();
  // Defaults are a literal per screen: the first render's value is kept so memoised callbacks stay stable.
  const [literalDefaults] = useState(initialDefaults);
  const pageSize = usePageSize(pageSizeKey, literalDefaults.limit);
  const defaults = useMemo(
    () => (pageSize.size === undefined ? literalDefaults : { ...literalDefaults, limit: pageSize.size }),
    [literalDefaults, pageSize.size],
  );
  const state = useMemo(() => parseListState(params, defaults), [params, defaults]);

  const update = useCallback(
    (change: Partial<ListState>) => {
      // The address bar, not the render's params: a debounced search may run with an old closure.
      const current = new URLSearchParams(window.location.search);
      setParams(toSearchParams({ ...parseListState(current, defaults), ...change }, current), { replace: true });
    },
    [setParams, defaults],
  );

  const api = listStateApi(state, defaults, update);
  const { save } = pageSize;
  return pageSizeKey
    ? {
        ...api,
        setLimit: (limit) => {
          save(limit);
          api.setLimit(limit);
        },
      }
    : api;
}

/** The list state's setters over one way of writing it: any change other than the page returns to the first page. */
export function listStateApi(
  state: ListState,
  defaults: Partial<ListState>,
  update: (change: Partial<ListState>) => void,
): ListStateApi {
  return {
    ...state,
    defaults,
    setSearch: (search) => update({ search, offset: 0 }),
    setFilter: (filter) => update({ filter, offset: 0 }),
    setOrderBy: (orderBy) => update({ orderBy, offset: 0 }),
    setOffset: (offset) => update({ offset }),
    setLimit: (limit) => update({ limit, offset: 0 }),
    apply: (change) => update({ ...change, offset: 0 }),
  };
}
