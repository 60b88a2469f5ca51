import type { ListPageSize, SavedViewList } from '@grain/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '../../api/client';
import { useSessionUserId } from '../../app/session';
import { cachePageSize, rememberedPageSize } from './page-size-memory';

const pageSizeKey = (listKey: SavedViewList) => ['saved-views', listKey, 'page-size'] as const;

/**
 * The page size a list opens with, kept per user and list on the server beside the saved views; `save` keeps a
 * new choice. Before any choice: `fallback`, else the size that fills the screen. Without a list key: undefined.
 */
export function usePageSize(listKey: SavedViewList | undefined, fallback?: number) {
  const userId = useSessionUserId();
  const client = useQueryClient();
  const [size, setSize] = useState(() => (listKey ? rememberedPageSize(listKey, userId, fallback) : undefined));
  const stored = useQuery({
    queryKey: pageSizeKey(listKey ?? 'logistics'),
    queryFn: ({ signal }) =>
      apiRequest<ListPageSize>('/saved-view/page-size', { query: { listKey }, signal }).then((r) => r.pageSize),
    enabled: Boolean(listKey),
    staleTime: 60_000,
  });
  useEffect(() => {
    if (!listKey || !stored.data) return;
    setSize(stored.data);
    cachePageSize(listKey, userId, stored.data);
  }, [listKey, userId, stored.data]);
  const write = useMutation({
    mutationFn: (body: { listKey: SavedViewList; pageSize: number }) =>
      apiRequest<ListPageSize>('/saved-view/page-size', { method: 'PUT', body, silent: true }),
    onSuccess: (answer) => client.setQueryData(pageSizeKey(answer.listKey), answer.pageSize),
  });
  const { mutate } = write;
  const save = useCallback(
    (next: number) => {
      if (!listKey) return;
      setSize(next);
      cachePageSize(listKey, userId, next);
      mutate({ listKey, pageSize: next });
    },
    [listKey, userId, mutate],
  );
  return { size, save };
}
