import type { LiveChange } from '@grain/shared';
import { useQueryClient } from '@tanstack/react-query';
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
    const flush = () => {
      timer = null;
      const changes = pending;
      pending = [];
      const isOwnOnly = changes.every((change) => change.by === userId);
      // The user's own change: the screen that made it already asks again for what the write changed (its
      // mutation's invalidation), and one that deleted a record has left it; a refetch here would race that and
      // could ask for the deleted record (and so open the 404 page). Marked stale only, fetched when next shown.
      const refetchType = isOwnOnly ? 'none' : 'active';
      for (const queryKey of keysOfChanges(changes)) void client.invalidateQueries({ queryKey, refetchType });
    };
    const stop = connectLive({
      onChange: (change) => {
        if (change.by !== userId) markChanged(change.kind, change.id);
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
