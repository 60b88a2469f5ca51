import type { SavedViewState } from '@grain/shared';
import type { ColumnPrefs } from './column-prefs';
import { FILTER_PREFIX, type FilterValues, type ListState } from './list-state';

/** Saved views: what a view keeps of a list (its URL state and the user's columns) and gives back. */
export function viewStateOf(list: ListState, prefs: ColumnPrefs): SavedViewState {
  return {
    search: list.search,
    orderBy: list.orderBy,
    limit: list.limit,
    filter: Object.entries(list.filter),
    columns: { order: prefs.order ?? null, hidden: prefs.hidden ?? null, density: prefs.density ?? null },
  };
}

/** The list state and columns a view restores (the page goes back to the first). */
export function appliedView(state: SavedViewState, fallbackLimit: number) {
  const filter: FilterValues = Object.fromEntries(state.filter);
  const prefs: ColumnPrefs = {
    ...(state.columns.order ? { order: state.columns.order } : {}),
    ...(state.columns.hidden ? { hidden: state.columns.hidden } : {}),
    ...(state.columns.density ? { density: state.columns.density } : {}),
  };
  return {
    list: { search: state.search, orderBy: state.orderBy, limit: state.limit ?? fallbackLimit, filter },
    prefs,
  };
}

/** A list opened without its own search, filters, sort or page in the address: the default view applies. */
export function hasListParams(params: URLSearchParams): boolean {
  return [...params.keys()].some(
    (key) => ['limit', 'offset', 'search', 'order_by'].includes(key) || key.startsWith(FILTER_PREFIX),
  );
}
