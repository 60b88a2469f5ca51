import type {
  AllocateContractRequest,
  AllocationResponse,
  Option,
  PurchaseToAllocateRow,
  SalesDashboardResponse,
  ToAssignFilterOptionsResponse,
  ToAssignRow,
  ToAssignTotals,
} from '@grain/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { ListState } from '../../components/list/list-state';
import { useListQuery } from '../../components/list/use-list-query';
import { registerLiveKeys } from '../../lib/live/registry';
import { toPurchaseFilter } from './purchase-filter';
import { toToAssignFilter } from './to-assign-filter';

/** Every allocation query starts with 'allocations'; an allocation also changes the contracts' figures. */
export const allocationKeys = {
  all: ['allocations'] as const,
  sale: (salesId: number) => [...allocationKeys.all, 'sale', salesId] as const,
  purchasesToAllocate: (salesId: number) => [...allocationKeys.all, 'purchases-to-allocate', salesId] as const,
  toAssign: () => [...allocationKeys.all, 'to-assign'] as const,
  toAssignOptions: () => [...allocationKeys.all, 'to-assign-options'] as const,
};
const CONTRACTS_KEY = ['contracts'] as const;

/**
 * Live updates (lib/live): the pairs and their figures change with allocations, transports (in delivery, delivered)
 * and contracts (status, quantity, what is left to allocate).
 */
const ALLOCATION_QUERIES = () => [allocationKeys.all] as const;
registerLiveKeys({
  allocation: ALLOCATION_QUERIES,
  transport: ALLOCATION_QUERIES,
  purchase_contract: ALLOCATION_QUERIES,
  sales_contract: ALLOCATION_QUERIES,
});

/** The sale the allocation screen works on (its summary, realization figures and toAllocate). */
export function useSaleForAllocation(salesId: number) {
  return useQuery({
    queryKey: allocationKeys.sale(salesId),
    queryFn: () => apiRequest<SalesDashboardResponse>(`/contract/get-sales-dashboard/${salesId}`),
    enabled: Number.isInteger(salesId) && salesId > 0,
  });
}

export function usePurchasesToAllocate(salesId: number, state: ListState) {
  return useListQuery<PurchaseToAllocateRow>(
    allocationKeys.purchasesToAllocate(salesId),
    `/contract/get-purchase-contract-to-allocate/${salesId}`,
    state,
    toPurchaseFilter,
  );
}

/** Quality options of one raw material (the purchase table's quality filter). */
export function useQualityOptions(rawMaterialId: number | undefined) {
  return useQuery({
    queryKey: ['cargo', 'quality-options', rawMaterialId],
    queryFn: () =>
      apiRequest<{ list: Option[] }>(`/cargo/get-all-quality-option/${rawMaterialId}`).then((answer) => answer.list),
    enabled: Boolean(rawMaterialId),
    staleTime: 5 * 60_000,
  });
}

export function useToAssignList(state: ListState) {
  return useListQuery<ToAssignRow>(allocationKeys.toAssign(), '/transport/get-to-assign-list', state, toToAssignFilter);
}

/** The totals bar: sums over every filtered pair (ToAssignTotalsSchema); null past the capped count. */
export function totalsOf(answer: { totalData?: unknown } | undefined): ToAssignTotals | null | undefined {
  return answer?.totalData as ToAssignTotals | null | undefined;
}

export function useToAssignFilterOptions() {
  return useQuery({
    queryKey: allocationKeys.toAssignOptions(),
    queryFn: () => apiRequest<ToAssignFilterOptionsResponse>('/transport/get-to-assign-filter-option'),
    staleTime: 60_000,
  });
}

/** POST /contract/allocate-contract/{salesId}: creates, edits or (0 on edit) removes the pair. */
export function useAllocate(salesId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AllocateContractRequest) =>
      apiRequest<AllocationResponse>(`/contract/allocate-contract/${salesId}`, { method: 'POST', body, silent: true }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: allocationKeys.all }),
        client.invalidateQueries({ queryKey: CONTRACTS_KEY }),
      ]),
  });
}
