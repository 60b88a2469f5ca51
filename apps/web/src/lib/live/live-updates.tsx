import type { LiveChange } from '@grain/shared';
import { type Query, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import './live-changes.css';
import { connectLive } from './connection';
import { markChanged } from './recent-changes';
import { keysOfChanges } from './registry';

/** Changes arriving this close together refetch once (a bulk settle announces every row it settled). */
const COALESCE_MS = 100;

/**
 * Live updates of the signed-in tab: one stream per tab; each change refetches the queries its kind names
 * (registry.ts) and marks the record when someone else changed it. The page root says whether the stream is
 * connected (`data-live`), for the browser tests and for anyone debugging.
 */
export function LiveUpdates({ userId }: { userId: number }) {
  const client = useQueryClient();
  useEffect(() => {
    let pending: LiveChange[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    let firstArrivedAt = 0;
    const flush = () => {
      timer = null;
      const changes = pending;
      pending = [];
      const isOwnOnly = changes.every((change) => change.by === userId);
      // The user's own change: the tab that made it is already asking again for what the write changed (its
      // mutation's invalidation), so a query fetching or fetched since is left alone; their other tabs refetch.
      const predicate = isOwnOnly
        ? (query: Query) => query.state.fetchStatus !== 'fetching' && query.state.dataUpdatedAt < firstArrivedAt
        : undefined;
      for (const queryKey of keysOfChanges(changes)) void client.invalidateQueries({ queryKey, predicate });
    };
    const stop = connectLive({
      onChange: (change) => {
        if (change.by !== userId) markChanged(change.kind, change.id);
        if (pending.length === 0) firstArrivedAt = Date.now();
        pending.push(change);
        timer ??= setTimeout(flush, COALESCE_MS);
      },
      onResync: () => void client.invalidateQueries(),
      onState: (state) => {
        document.documentElement.dataset.live = state;
      },
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
      delete document.documentElement.dataset.live;
    };
  }, [client, userId]);
  return null;
}
