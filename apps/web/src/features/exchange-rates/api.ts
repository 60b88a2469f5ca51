import {
  type CreateExchangeRateRequest,
  EXCHANGE_RATE_CURRENCIES,
  type ExchangeRate,
  type ExchangeRateCurrency,
  type FetchExchangeRateRequest,
  type ImportExchangeRatesResponse,
} from '@grain/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { ListState } from '../../components/list/list-state';
import { useListQuery } from '../../components/list/use-list-query';

export const exchangeRateKeys = { all: ['exchange-rates'] as const };

const asList = (value: string | string[] | undefined) => (Array.isArray(value) ? value : value ? [value] : []);

/** The URL's `filter_currency[]`, `filter_from`, `filter_to` as the list call's filter. */
export function toExchangeRateFilter(filter: ListState['filter']) {
  const currency = asList(filter.currency).filter((value): value is ExchangeRateCurrency =>
    (EXCHANGE_RATE_CURRENCIES as readonly string[]).includes(value),
  );
  const from = typeof filter.from === 'string' && filter.from ? filter.from : null;
  const to = typeof filter.to === 'string' && filter.to ? filter.to : null;
  return {
    ...(currency.length ? { currency } : {}),
    ...(from || to ? { effectiveDate: { from, to } } : {}),
  };
}

export function useExchangeRateList(state: ListState) {
  return useListQuery<ExchangeRate>(exchangeRateKeys.all, '/exchange-rate/list', state, toExchangeRateFilter);
}

function useRateMutation<Body, Answer>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiRequest<Answer>(path, { method: 'POST', body, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: exchangeRateKeys.all }),
  });
}

export const useCreateExchangeRate = () =>
  useRateMutation<CreateExchangeRateRequest, ExchangeRate>('/exchange-rate/create');
export const useFetchExchangeRate = () =>
  useRateMutation<FetchExchangeRateRequest, ExchangeRate>('/exchange-rate/fetch');
export const useImportExchangeRates = () =>
  useRateMutation<{ fileName: string; content: string }, ImportExchangeRatesResponse>('/exchange-rate/import');
