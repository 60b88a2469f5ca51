import type {
  SavedView,
  SavedViewCreateRequest,
  SavedViewList,
  SavedViewListResponse,
  SavedViewUpdateRequest,
} from '@grain/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';

/** RULES.md Transports, Saved views: the caller's saved views of one list. */
const savedViewKeys = (listKey: SavedViewList) => ['saved-views', listKey] as const;

export function useSavedViews(listKey: SavedViewList) {
  return useQuery({
    queryKey: savedViewKeys(listKey),
    queryFn: ({ signal }) =>
      apiRequest<SavedViewListResponse>('/saved-view/list', { query: { listKey }, signal }).then((r) => r.list),
    staleTime: 60_000,
  });
}

export function useSavedViewWrites(listKey: SavedViewList) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: savedViewKeys(listKey) });
  return {
    create: useMutation({
      mutationFn: (body: SavedViewCreateRequest) =>
        apiRequest<SavedView>('/saved-view/create', { method: 'POST', body, silent: true }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: SavedViewUpdateRequest }) =>
        apiRequest<SavedView>(`/saved-view/update/${id}`, { method: 'PUT', body }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiRequest<{ success: true }>(`/saved-view/remove/${id}`, { method: 'DELETE' }),
      onSuccess,
    }),
  };
}
