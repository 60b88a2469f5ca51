import {
  type AllocatedSalesRow,
  type CanBeSetOnTheWayResponse,
  type DeliveredPriceOption,
  type LastFreightRequest,
  type LastFreightResponse,
  type ListResponse,
  OPTION_LIST_MAX,
  type PriceOptionListResponse,
  type QualityTerm,
  type ReallocateCandidate,
  TRANSPORT_FILTER_OPTION_PAGE,
  type TransportCreateRequest,
  type TransportDecisionRequest,
  type TransportDeliveredRequest,
  type TransportDetailsResponse,
  type TransportFilterOption,
  type TransportFilterOptionField,
  type TransportFilterOptionListResponse,
  type TransportListFilter,
  type TransportReallocateRequest,
  type TransportResponse,
  type TransportStatus,
  type TransportUpdateRequest,
  type VehicleClashRequest,
  type VehicleClashResponse,
} from '@grain/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError, apiRequest } from '../../api/client';
import type { ListState } from '../../components/list/list-state';
import { useListQuery } from '../../components/list/use-list-query';
import { registerLiveKeys } from '../../lib/live/registry';

/** The delivered form's real quality: the qualities of the transport's raw material. */
export { useQualityOptions } from '../allocations';

/** Every transport query starts with 'transports'; a transport write also changes contract and allocation figures. */
export const transportKeys = {
  all: ['transports'] as const,
  list: () => [...transportKeys.all, 'list'] as const,
  filterOptions: () => [...transportKeys.all, 'filter-options'] as const,
  candidates: (transportId: number) => [...transportKeys.all, 'candidates', transportId] as const,
  vehicleClashes: (query: object | null) => [...transportKeys.all, 'vehicle-clashes', query] as const,
  lastFreight: (query: LastFreightRequest | null) => [...transportKeys.all, 'last-freight', query] as const,
  details: (transportId: number) => [...transportKeys.all, 'details', transportId] as const,
};
const DEPENDENT_KEYS = [transportKeys.all, ['contracts'], ['allocations']] as const;

/**
 * Live updates (lib/live): a transport's change refreshes every transport query; its rows also show the contracts'
 * numbers and the parties' names, and its details the statement rows of its delivery.
 */
registerLiveKeys({
  transport: () => [transportKeys.all],
  purchase_contract: () => [transportKeys.list()],
  sales_contract: () => [transportKeys.list()],
  contractor: () => [transportKeys.list()],
  transaction: () => [[...transportKeys.all, 'details']],
});

function useInvalidateTransports() {
  const client = useQueryClient();
  return () => Promise.all(DEPENDENT_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/**
 * A save refused for a double booking the dialog did not know of (planned meanwhile) asks the clashes
 * again, so the warning names the other transport and the note field stays while the note is typed.
 */
function useRefreshClashesOnRefusal() {
  const client = useQueryClient();
  return (error: unknown) =>
    error instanceof ApiError && error.messageCode === 'VEHICLE_ALREADY_PLANNED'
      ? client.invalidateQueries({ queryKey: [...transportKeys.all, 'vehicle-clashes'] })
      : undefined;
}

export function useTransportList(state: ListState, toFilter: (filter: ListState['filter']) => TransportListFilter) {
  return useListQuery<TransportResponse>(transportKeys.list(), '/transport/list', state, toFilter);
}

const filterOptionList = (body: object, signal: AbortSignal) =>
  apiRequest<TransportFilterOptionListResponse>('/transport/filter-option-list', { method: 'POST', body, signal });

/** One logistics select's options matching `search`, 20 at a time, read only while its dropdown is open. */
export function useTransportFilterOptionPages(field: TransportFilterOptionField, search: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...transportKeys.filterOptions(), field, search],
    queryFn: ({ pageParam, signal }) =>
      filterOptionList(
        { limit: TRANSPORT_FILTER_OPTION_PAGE, offset: pageParam, search: search || undefined, filter: { field } },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length * TRANSPORT_FILTER_OPTION_PAGE : undefined),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The labels of the chosen values of one select (the current search page may not hold them). */
export function useTransportFilterOptionLabels(field: TransportFilterOptionField, values: string[]) {
  return useQuery<TransportFilterOption[]>({
    queryKey: [...transportKeys.filterOptions(), field, 'values', values],
    queryFn: ({ signal }) => filterOptionList({ filter: { field, values } }, signal).then((answer) => answer.list),
    enabled: values.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

const CLASH_DEBOUNCE_MS = 300;

/**
 * The other planned transports of a dialog's truck or driver at the same time (nothing to ask: none),
 * asked once the fields rest. Debounced by content: the dialogs build a new query object on every render.
 */
export function useVehicleClashes(query: Partial<VehicleClashRequest> | null) {
  const [queryText] = useDebouncedValue(JSON.stringify(query), CLASH_DEBOUNCE_MS);
  const asked = useMemo(() => JSON.parse(queryText) as Partial<VehicleClashRequest> | null, [queryText]);
  return useQuery({
    queryKey: transportKeys.vehicleClashes(asked),
    queryFn: ({ signal }) =>
      apiRequest<VehicleClashResponse>('/transport/vehicle-clashes', { query: asked ?? {}, signal, silent: true }),
    enabled: asked !== null,
    placeholderData: keepPreviousData,
  });
}

/** The carrier's price on its latest transport of the pair's route, for the new-transport form (nothing to ask: none). */
export function useLastFreight(query: LastFreightRequest | null) {
  return useQuery({
    queryKey: transportKeys.lastFreight(query),
    queryFn: ({ signal }) =>
      apiRequest<LastFreightResponse>('/transport/last-freight', { query: query ?? {}, signal, silent: true }),
    enabled: query !== null,
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

/**
 * Whether the transport's purchase already has an allocation to the chosen sale (RULES.md Transports, redirect: only
 * a new pair needs the GMP/cert note): the purchase's allocated sales, searched by the sale's number.
 */
export function usePairAllocationExists(purchaseId: number, sale: { id: number; documentNumber: string } | null) {
  return useQuery({
    queryKey: [...transportKeys.all, 'pair-allocation', purchaseId, sale?.id],
    queryFn: ({ signal }) =>
      apiRequest<ListResponse<AllocatedSalesRow>>(`/contract/get-purchase-allocated-contract/${purchaseId}`, {
        method: 'POST',
        body: { limit: OPTION_LIST_MAX, offset: 0, search: sale?.documentNumber },
        signal,
      }).then((answer) => answer.list.some((row) => row.salesId === sale?.id)),
    enabled: sale !== null,
  });
}

/**
 * GET /transport/details/{id}: the transport with its history (RULES.md "Everything that changes data"). Asked each
 * time the details open (a statement row settled meanwhile belongs to it too), under 'transports' so that every
 * transport write refreshes it.
 */
export function useTransportDetails(transportId: number) {
  return useQuery({
    queryKey: transportKeys.details(transportId),
    queryFn: ({ signal }) => apiRequest<TransportDetailsResponse>(`/transport/details/${transportId}`, { signal }),
    staleTime: 0,
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
  const refreshClashes = useRefreshClashesOnRefusal();
  return useMutation({
    mutationFn: ({ body, isOnTheWay }: { body: TransportCreateRequest; isOnTheWay: boolean }) =>
      apiRequest<TransportResponse>(isOnTheWay ? '/transport/in-progress-create' : '/transport/create', {
        method: 'POST',
        body,
        silent: true,
      }),
    onSuccess: invalidate,
    onError: refreshClashes,
  });
}

export function useUpdateTransport() {
  const invalidate = useInvalidateTransports();
  const refreshClashes = useRefreshClashesOnRefusal();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TransportUpdateRequest }) =>
      apiRequest<TransportResponse>(`/transport/update/${id}`, { method: 'PUT', body, silent: true }),
    onSuccess: invalidate,
    onError: refreshClashes,
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

export function useDecideTransport() {
  const invalidate = useInvalidateTransports();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TransportDecisionRequest }) =>
      apiRequest<TransportResponse>(`/transport/decide/${id}`, { method: 'POST', body, silent: true }),
    onSuccess: invalidate,
  });
}

export function useReallocateTransport() {
  const invalidate = useInvalidateTransports();
  const refreshClashes = useRefreshClashesOnRefusal();
  return useMutation({
    mutationFn: (body: TransportReallocateRequest) =>
      apiRequest<TransportResponse>('/transport/reallocate', { method: 'PATCH', body, silent: true }),
    onSuccess: invalidate,
    onError: refreshClashes,
  });
}

export function useRemoveTransport() {
  const invalidate = useInvalidateTransports();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ success: true }>(`/transport/remove/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

const NO_TERMS: DeliveryTerms = { main: [], additional: [] };

/** A contract's terms for a delivery: the main option's and the additional options (quality, price, terms). */
export interface DeliveryTerms {
  main: readonly QualityTerm[];
  additional: readonly DeliveredPriceOption[];
}

/**
 * Both contracts' price options for the delivered form's lab results and live figures: the main option's terms
 * and the additional options, of which the delivered quality's applies (RULES.md Transports, Quality).
 */
export function useDeliveryQualityTerms(transport: TransportResponse) {
  const termsOf = (kind: 'purchase' | 'sales', id: number) => ({
    queryKey: ['contracts', kind, id, 'price-options'],
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<DeliveryTerms> => {
      const answer = await apiRequest<PriceOptionListResponse>(`/contract/get-${kind}-price-option-list/${id}`, {
        signal,
      });
      return {
        main: answer.list.find((option) => option.isMainOption)?.qualityTerms ?? [],
        additional: answer.list
          .filter((option) => !option.isMainOption)
          .map(({ rawMaterialQualityId, price, qualityTerms }) => ({ rawMaterialQualityId, price, qualityTerms })),
      };
    },
  });
  const purchase = useQuery(termsOf('purchase', transport.purchaseId));
  const sales = useQuery(termsOf('sales', transport.salesId));
  return { purchase: purchase.data ?? NO_TERMS, sales: sales.data ?? NO_TERMS };
}
