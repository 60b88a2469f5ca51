import type { ListResponse } from '@grain/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, settledEarlyAnswer } from '../../api/client';
import { type ListState, listRequestBody } from './list-state';

/** Sends the list state as a POST list request (limit, offset, search, filter, order_by). */
export function useListQuery<T>(
  key: readonly unknown[],
  path: string,
  state: ListState,
  toFilter: (filter: ListState['filter']) => Record<string, unknown> = () => ({}),
) {
  const body = listRequestBody(state, toFilter);
  return useQuery({
    queryKey: [...key, body],
    queryFn: ({ signal }) => apiRequest<ListResponse<T>>(path, { method: 'POST', body, signal }),
    // The first screen's page, asked for by early.ts, when it is already here: the list renders with its rows.
    initialData: () => settledEarlyAnswer<ListResponse<T>>(path, { method: 'POST', body }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Whether a list waits for rows it does not show yet: its first page (a loader), or another page, filter or sort
 * while the previous rows stay dimmed (data-table.tsx). A refetch of the rows on screen (a colleague's change, the
 * window's focus) is no wait: the rows stay readable until the answer replaces them.
 */
export function isAwaitingRows(query: { isFetching: boolean; isPlaceholderData: boolean; data: unknown }): boolean {
  return query.isFetching && (query.isPlaceholderData || query.data === undefined);
}
