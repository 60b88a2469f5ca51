import type {
  CreatePriceListEntryRequest,
  ImportPriceListResponse,
  PriceListDayResponse,
  PriceListEntry,
} from '@grain/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';

export const priceListKeys = {
  all: ['price-lists'] as const,
  day: (day: string | null) => [...priceListKeys.all, 'day', day] as const,
};

/** The list of one day (today when null): every entry valid that day and the company's deviation limit. */
export function usePriceListOfDay(day: string | null) {
  return useQuery({
    queryKey: priceListKeys.day(day),
    queryFn: () => apiRequest<PriceListDayResponse>(`/price-list/list${day ? `?day=${day}` : ''}`),
  });
}

function usePriceListMutation<Body, Answer>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiRequest<Answer>(path, { method: 'POST', body, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: priceListKeys.all }),
  });
}

export const useCreatePriceListEntry = () =>
  usePriceListMutation<CreatePriceListEntryRequest, PriceListEntry>('/price-list/create');
export const useImportPriceList = () =>
  usePriceListMutation<{ fileName: string; content: string }, ImportPriceListResponse>('/price-list/import');

export function downloadPriceListPdf(day: string): Promise<Blob> {
  return apiRequest<Blob>(`/price-list/pdf?day=${day}`, { responseType: 'blob', silent: true });
}
