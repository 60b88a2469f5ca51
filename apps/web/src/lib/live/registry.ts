import type { LiveChange, LiveEventKind } from '@grain/shared';
import type { QueryKey } from '@tanstack/react-query';

/** The queries of one feature a change of one kind makes stale. */
export type LiveKeysOf = (change: LiveChange) => readonly QueryKey[];

const registered = new Map<LiveEventKind, LiveKeysOf[]>();

/**
 * A feature names, next to its query-key factory, which kinds of change make which of its queries stale. It
 * registers when its module loads, with its lazy page: a feature nobody opened has no query to refresh.
 */
export function registerLiveKeys(keys: Partial<Record<LiveEventKind, LiveKeysOf>>): void {
  for (const [kind, keysOf] of Object.entries(keys) as [LiveEventKind, LiveKeysOf][]) {
    const list = registered.get(kind) ?? [];
    if (!list.includes(keysOf)) list.push(keysOf);
    registered.set(kind, list);
  }
}

/** Every query key the changes name, each once (a bulk settle of 50 rows refetches the statement once). */
export function keysOfChanges(changes: readonly LiveChange[]): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  for (const change of changes) {
    for (const keysOf of registered.get(change.kind) ?? []) {
      for (const key of keysOf(change)) keys.set(JSON.stringify(key), key);
    }
  }
  return [...keys.values()];
}
