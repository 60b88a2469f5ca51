import type {
  ContractorCreateRequest,
  ContractorListItem,
  ContractorResultResponse,
  ContractorUpdateRequest,
  ListResponse,
  Option,
} from '@grain/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { ListState } from '../../components/list/list-state';
import { useListQuery } from '../../components/list/use-list-query';
import { registerLiveKeys } from '../../lib/live/registry';

export const contractorKeys = {
  all: ['contractors'] as const,
  list: () => [...contractorKeys.all, 'list'] as const,
  one: (id: number) => [...contractorKeys.all, 'one', id] as const,
  options: (search: string) => [...contractorKeys.all, 'options', search] as const,
  selected: (ids: number[]) => [...contractorKeys.all, 'selected', ids] as const,
};

/** Live updates (lib/live): a contractor's change refreshes every contractor query (lists, pickers, details). */
registerLiveKeys({ contractor: () => [contractorKeys.all] });

/** How many options one search shows; the server allows up to 100. */
const OPTION_PAGE = 50;

const isId = (id: number | null | undefined): id is number => Number.isInteger(id) && (id as number) > 0;

export function useContractorList(state: ListState) {
  return useListQuery<ContractorListItem>(contractorKeys.list(), '/dictionary/contractor/list', state);
}

/** get-one answers `{ success, result }`; `keepNotFound` lets the details popup show its own state. */
export function useContractor(id: number | null, options: { enabled?: boolean; keepNotFound?: boolean } = {}) {
  return useQuery({
    queryKey: contractorKeys.one(id ?? 0),
    queryFn: () =>
      apiRequest<ContractorResultResponse>(`/dictionary/contractor/get-one/${id}`, {
        keepNotFound: options.keepNotFound,
      }).then((answer) => answer.result),
    enabled: isId(id) && (options.enabled ?? true),
  });
}

export function useContractorOptions(search: string, enabled: boolean) {
  return useQuery<Option[]>({
    queryKey: contractorKeys.options(search),
    queryFn: ({ signal }) =>
      apiRequest<ListResponse<Option>>('/dictionary/contractor/option-list', {
        method: 'POST',
        body: { limit: OPTION_PAGE, offset: 0, search: search || undefined, orderBy: 'code:asc' },
        signal,
      }).then((answer) => answer.list),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Labels of chosen contractors that the current search page may not contain. */
export function useSelectedContractorOptions(ids: number[]) {
  const validIds = ids.filter(isId);
  return useQuery({
    queryKey: contractorKeys.selected(validIds),
    queryFn: () =>
      apiRequest<{ list: Option[] }>('/dictionary/contractor/selected-option-list', {
        method: 'POST',
        body: { includeIds: validIds },
      }).then((answer) => answer.list),
    enabled: validIds.length > 0,
    staleTime: 60_000,
  });
}

export function useCreateContractor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ContractorCreateRequest) =>
      apiRequest<ContractorResultResponse>('/dictionary/contractor/create', { method: 'POST', body, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: contractorKeys.all }),
  });
}

export function useUpdateContractor(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ContractorUpdateRequest) =>
      apiRequest<ContractorResultResponse>(`/dictionary/contractor/update/${id}`, {
        method: 'PUT',
        body,
        silent: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: contractorKeys.all }),
  });
}

/** Silent: the form shows its own toast for CONFLICT (contractor in use) and the generic one otherwise. */
export function useDeleteContractor(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ success: true }>(`/dictionary/contractor/delete/${id}`, { method: 'DELETE', silent: true }),
    // Nothing is refetched now: the deleted contractor's own query would answer 404 and open the 404 page.
    onSuccess: () => client.invalidateQueries({ queryKey: contractorKeys.all, refetchType: 'none' }),
  });
}
