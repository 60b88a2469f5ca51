import type { LiveEventKind } from '@grain/shared';
import { useSyncExternalStore } from 'react';

/** How long a row another user changed stays marked (the mark's fade in live-changes.css lasts as long). */
export const CHANGED_MARK_MS = 2_500;

let marked = new Map<string, number>();
const listeners = new Set<() => void>();
const keyOf = (kind: LiveEventKind, id: number) => `${kind}:${id}`;

function notify() {
  for (const listener of listeners) listener();
}

/** Marks a record another user changed; the mark goes by itself after CHANGED_MARK_MS. */
export function markChanged(kind: LiveEventKind, id: number, now = Date.now()): void {
  const key = keyOf(kind, id);
  marked = new Map(marked).set(key, now + CHANGED_MARK_MS);
  notify();
  setTimeout(() => {
    if ((marked.get(key) ?? 0) > Date.now()) return;
    marked = new Map(marked);
    marked.delete(key);
    notify();
  }, CHANGED_MARK_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => marked;

/** Whether a row is marked as just changed by someone else; a list without a kind never is. */
export function useIsChangedByOthers(): (kind: LiveEventKind | undefined, id: number | undefined) => boolean {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  return (kind, id) => kind !== undefined && id !== undefined && current.has(keyOf(kind, id));
}
