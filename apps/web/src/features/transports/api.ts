import type {
  CanBeSetOnTheWayResponse,
  ListResponse,
  ReallocateCandidate,
  TransportCreateRequest,
  TransportDeliveredRequest,
  TransportFilterOptionsResponse,
  TransportListFilter,
  TransportReallocateRequest,
  TransportResponse,
  TransportStatus,
  TransportUpdateRequest,
} from '@grain/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { ListState } from '../../components/list/list-state';
import { useListQuery } from '../../components/list/use-list-query';

/** The delivered form's real quality: the qualities of the transport's raw material. */
export { useQualityOptions } from '../allocations/api';

/** Every transport query starts with 'transports'; a transport write also changes contract and allocation figures. */
export const transportKeys = {
  all: ['transports'] as const,
  list: () => [...transportKeys.all, 'list'] as const,
  filterOptions: () => [...transportKeys.all, 'filter-options'] as const,
  candidates: (transportId: number) => [...transportKeys.all, 'candidates', transportId] as const,
};
const DEPENDENT_KEYS = [transportKeys.all, ['contracts'], ['allocations']] as const;

function useInvalidateTransports() {
  const client = useQueryClient();
  return () => Promise.all(DEPENDENT_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
}

export function useTransportList(state: ListState, toFilter: (filter: ListState['filter']) => TransportListFilter) {
  return useListQuery<TransportResponse>(transportKeys.list(), '/transport/list', state, toFilter);
}

export function useTransportFilterOptions() {
  return useQuery({
    queryKey: transportKeys.filterOptions(),
    queryFn: () => apiRequest<TransportFilterOptionsResponse>('/transport/get-filter-option'),
    staleTime: 60_000,
  });
}

/** Sales contracts a transport could be redirected to (filter.currentSalesId is required). */
export function useReallocateCandidates(transport: { id: number; salesId: number }, search: string) {
  return useQuery({
    queryKey: [...transportKeys.candidates(transport.id), search],
    queryFn: ({ signal }) =>
      apiRequest<ListResponse<ReallocateCandidate>>('/transport/contract-to-reallocate', {
        method: 'POST',
        body: { limit: 25, offset: 0, search: search || undefined, filter: { currentSalesId: transport.salesId } },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** spec/2 Behaviour on answers: a failed check counts as not allowed, without a message. */
export async function canBeSetOnTheWay(transportId: number): Promise<boolean> {
  try {
    const answer = await apiRequest<CanBeSetOnTheWayResponse>(
      `/transport/check-if-can-be-set-on-the-way/${transportId}`,
      {
        silent: true,
        keepNotFound: true,
      },
    );
    return answer.canBeSet;
  } catch {
    return false;
  }
}

/** create (NEW) or in-progress-create (ON_THE_WAY, the 'start on the way' mode). */
export function useCreateTransport() {
  const invalidate = useInvalidateTransports();
  return useMutation({
    mutationFn: ({ body, isOnTheWay }: { body: TransportCreateRequest; isOnTheWay: boolean }) =>
      apiRequest<TransportResponse>(isOnTheWay ? '/transport/in-progress-create' : '/transport/create', {
        method: 'POST',
        body,
        silent: true,
      }),
    onSuccess: invalidate,
  });
}

export function useUpdateTransport() {
  const invalidate = useInvalidateTransports();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TransportUpdateRequest }) =>
      apiRequest<TransportResponse>(`/transport/update/${id}`, { method: 'PUT', body, silent: true }),
    onSuccess: invalidate,
  });
}

/** spec/2 Behaviour on answers: a failed status patch does nothing and shows no message (null). */
export function useUpdateTransportStatus() {
  const invalidate = useInvalidateTransports();
  return useMutation({
    mutationFn: (body: { transportId: number; status: TransportStatus }) =>
      apiRequest<TransportResponse>('/transport/update-status', { method: 'PATCH', body, silent: true }).catch(
        () => null,
      ),
    onSuccess: (answer) => (answer ? invalidate() : undefined),
  });
}

export function useDeliverTransport() {
  const invalidate = useInvalidateTransports();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TransportDeliveredRequest }) =>
      apiRequest<TransportResponse>(`/transport/set-status-delivered/${id}`, { method: 'PATCH', body, silent: true }),
    onSuccess: invalidate,
  });
}

export function useReallocateTransport() {
  const invalidate = useInvalidateTransports();
  return useMutation({
    mutationFn: (body: TransportReallocateRequest) =>
      apiRequest<TransportResponse>('/transport/reallocate', { method: 'PATCH', body, silent: true }),
    onSuccess: invalidate,
  });
}

export function useRemoveTransport() {
  const invalidate = useInvalidateTransports();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ success: true }>(`/transport/remove/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
