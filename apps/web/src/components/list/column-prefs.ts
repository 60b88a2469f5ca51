import { useCallback, useEffect, useState } from 'react';
import { useSessionUserId } from '../../app/session';

export type Density = 'compact' | 'comfortable';

/** What a user chose for one list, kept per user in the browser (column chooser and density). */
export interface ColumnPrefs {
  /** Column keys in the chosen order; keys missing here keep their place after the ordered ones. */
  order?: string[];
  /** Hidden column keys; undefined means the list's defaults. */
  hidden?: string[];
  density?: Density;
}

export interface ChoosableColumn {
  key: string;
  isHiddenByDefault?: boolean;
  isAlwaysShown?: boolean;
}

export const prefsStorageKey = (userId: number | null, listId: string) => `grain.list.${userId ?? 'guest'}.${listId}`;

export function readPrefs(key: string): ColumnPrefs {
  try {
    const parsed = JSON.parse(localStorage.getItem(key) ?? '{}') as ColumnPrefs;
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

/** The columns in the user's order (new columns keep their default place at the end). */
export function orderedColumns<T extends ChoosableColumn>(columns: T[], prefs: ColumnPrefs): T[] {
  if (!prefs.order?.length) return columns;
  const rank = new Map(prefs.order.map((key, index) => [key, index]));
  return columns
    .map((column, index) => ({ column, index }))
    .sort((a, b) => (rank.get(a.column.key) ?? 1000 + a.index) - (rank.get(b.column.key) ?? 1000 + b.index))
    .map(({ column }) => column);
}

export function isColumnVisible(column: ChoosableColumn, prefs: ColumnPrefs): boolean {
  if (column.isAlwaysShown) return true;
  if (prefs.hidden) return !prefs.hidden.includes(column.key);
  return !column.isHiddenByDefault;
}

/** The visible columns, in the user's order. */
export function visibleColumns<T extends ChoosableColumn>(columns: T[], prefs: ColumnPrefs): T[] {
  return orderedColumns(columns, prefs).filter((column) => isColumnVisible(column, prefs));
}

export function withColumnVisible(columns: ChoosableColumn[], prefs: ColumnPrefs, key: string, isVisible: boolean) {
  const hidden = columns.filter((column) => !isColumnVisible(column, prefs)).map((column) => column.key);
  const next = isVisible ? hidden.filter((hiddenKey) => hiddenKey !== key) : [...new Set([...hidden, key])];
  return { ...prefs, hidden: next };
}

export function withColumnMoved(columns: ChoosableColumn[], prefs: ColumnPrefs, key: string, delta: -1 | 1) {
  const order = orderedColumns(columns, prefs).map((column) => column.key);
  const from = order.indexOf(key);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= order.length) return prefs;
  [order[from], order[to]] = [order[to]!, order[from]!];
  return { ...prefs, order };
}

/** Tells the other users of one list's choices on the page (the table, the saved views) that they changed. */
const PREFS_CHANGED_EVENT = 'grain:list-prefs';

/** The user's choices for one list, read from and written to localStorage. */
export function useColumnPrefs(listId: string) {
  const key = prefsStorageKey(useSessionUserId(), listId);
  const [state, setState] = useState(() => ({ key, prefs: readPrefs(key) }));
  // Another user signing in on the same browser reads their own choices.
  const prefs = state.key === key ? state.prefs : readPrefs(key);
  useEffect(() => {
    const onChange = (event: Event) => {
      const detail = (event as CustomEvent<{ key: string; prefs: ColumnPrefs }>).detail;
      if (detail.key === key) setState({ key, prefs: detail.prefs });
    };
    window.addEventListener(PREFS_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(PREFS_CHANGED_EVENT, onChange);
  }, [key]);
  const save = useCallback(
    (next: ColumnPrefs) => {
      setState({ key, prefs: next });
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // A full or disabled storage keeps the choice for this visit only.
      }
      window.dispatchEvent(new CustomEvent(PREFS_CHANGED_EVENT, { detail: { key, prefs: next } }));
    },
    [key],
  );
  return { prefs, save };
}
