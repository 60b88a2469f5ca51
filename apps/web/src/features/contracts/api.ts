import {
  type AgreementStatus,
  type AllocatedPurchaseRow,
  type AllocatedSalesRow,
  type ContractStatus,
  type ContractStatusResponse,
  contractExportFileName,
  type Option,
  todayIso,
} from '@grain/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, saveBlob } from '../../api/client';
import type { ListState } from '../../components/list/list-state';
import { useListQuery } from '../../components/list/use-list-query';
import { registerLiveKeys } from '../../lib/live/registry';
import type { ContractDashboard, ContractListItem } from './contract-view';
import { toContractListFilter } from './list-filter';
import { type ContractSide, PURCHASE_SIDE, SALES_SIDE } from './side';

export const contractKeys = {
  all: (side: ContractSide) => ['contracts', side.kind] as const,
  list: (side: ContractSide) => [...contractKeys.all(side), 'list'] as const,
  dashboard: (side: ContractSide, id: number) => [...contractKeys.all(side), 'dashboard', id] as const,
  allocated: (side: ContractSide, id: number) => [...contractKeys.all(side), 'allocated', id] as const,
};

/**
 * Live updates (lib/live): a contract's change refreshes its side; allocations, transports and statement rows change
 * the figures both sides show (allocated, in delivery, delivered, settled), a contractor the names.
 */
const BOTH_SIDES = () => [['contracts']] as const;
registerLiveKeys({
  purchase_contract: () => [contractKeys.all(PURCHASE_SIDE)],
  sales_contract: () => [contractKeys.all(SALES_SIDE)],
  allocation: BOTH_SIDES,
  transport: BOTH_SIDES,
  transaction: BOTH_SIDES,
  contractor: BOTH_SIDES,
});

const isId = (id: number) => Number.isInteger(id) && id > 0;

/** Both sides' data changes together (allocations, counterparts): a write refreshes every contract query. */
const invalidateContracts = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({ queryKey: ['contracts'] });

export function useContractList(side: ContractSide, state: ListState) {
  return useListQuery<ContractListItem>(
    contractKeys.list(side),
    `/contract/get-${side.api}-list`,
    state,
    toContractListFilter,
  );
}

export function useContractDashboard(side: ContractSide, id: number) {
  return useQuery({
    queryKey: contractKeys.dashboard(side, id),
    queryFn: () => apiRequest<ContractDashboard>(`/contract/get-${side.api}-dashboard/${id}`),
    enabled: isId(id),
  });
}

export type AllocatedRow = AllocatedSalesRow | AllocatedPurchaseRow;

export function useAllocatedContracts(side: ContractSide, id: number, state: ListState) {
  return useListQuery<AllocatedRow>(contractKeys.allocated(side, id), side.allocatedListPath(id), state);
}

/** Quality options of one raw material (spec/2 Cargo: a quality option list fetched by raw material id). */
export function useQualityOptions(rawMaterialId: number | null) {
  return useQuery({
    queryKey: ['cargo', 'quality-options', rawMaterialId],
    queryFn: () =>
      apiRequest<{ list: Option[] }>(`/cargo/get-all-quality-option/${rawMaterialId}`).then((answer) => answer.list),
    enabled: rawMaterialId !== null && isId(rawMaterialId),
    staleTime: 5 * 60_000,
  });
}

/** spec/2 Profile: the default notification list of a new contract. */
export function useDefaultEmailList(side: ContractSide, enabled: boolean) {
  return useQuery({
    queryKey: ['profile', 'default-email-list', side.kind],
    queryFn: () =>
      apiRequest<{ list: string[] }>(`/profile/get-default-email-list-for-${side.api}`).then((answer) => answer.list),
    enabled,
    staleTime: 0,
  });
}

export function useCreateContract(side: ContractSide) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiRequest<ContractDashboard>(`/contract/create-${side.api}`, { method: 'POST', body, silent: true }),
    onSuccess: () => invalidateContracts(client),
  });
}

export function useUpdateContract(side: ContractSide, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiRequest<ContractDashboard>(`/contract/update-${side.api}/${id}`, { method: 'PUT', body, silent: true }),
    onSuccess: async (answer) => {
      client.setQueryData(contractKeys.dashboard(side, id), answer);
      await invalidateContracts(client);
    },
  });
}

export function useDeleteContract(side: ContractSide, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ success: true }>(`/contract/delete-${side.api}/${id}`, { method: 'DELETE' }),
    // Not refetched now: the deleted contract's dashboard would answer 404 and open the 404 page.
    onSuccess: () => client.invalidateQueries({ queryKey: ['contracts'], refetchType: 'none' }),
  });
}

export function useChangeContractStatus(side: ContractSide) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ContractStatus }) =>
      apiRequest<ContractStatusResponse>(`/contract/update-${side.api}-status`, {
        method: 'POST',
        body: { status, [side.statusIdKey]: id },
      }),
    onSuccess: () => invalidateContracts(client),
  });
}

export function useChangeAgreementStatus(side: ContractSide) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, agreementStatus }: { id: number; agreementStatus: AgreementStatus }) =>
      apiRequest<ContractStatusResponse>(`/contract/update-${side.api}-agreement-status`, {
        method: 'POST',
        body: { agreementStatus, [side.statusIdKey]: id },
      }),
    onSuccess: () => invalidateContracts(client),
  });
}

/** Export of every row matching the list's search, filter and sort; silent, the caller shows EXPORT_ERROR. */
export async function exportContracts(side: ContractSide, state: ListState) {
  const blob = await apiRequest<Blob>(`/contract/export-${side.api}-list-to-excel`, {
    method: 'POST',
    body: {
      search: state.search || undefined,
      orderBy: state.orderBy || undefined,
      filter: toContractListFilter(state.filter),
    },
    responseType: 'blob',
    silent: true,
  });
  saveBlob(blob, contractExportFileName(side.type, todayIso()));
}
