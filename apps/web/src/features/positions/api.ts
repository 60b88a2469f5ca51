import type { Position, PositionTimeline } from '@grain/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { registerLiveKeys } from '../../lib/live/registry';

export const positionKeys = {
  all: ['positions'] as const,
  list: (dateFrom: string | null, dateTo: string | null, isPaidWeight = false) =>
    [...positionKeys.all, 'list', dateFrom, dateTo, isPaidWeight] as const,
  timeline: () => [...positionKeys.all, 'timeline'] as const,
};

/** Live updates (lib/live): positions are sums over contracts, allocations, transports and settled rows. */
const POSITION_QUERIES = () => [positionKeys.all] as const;
registerLiveKeys({
  purchase_contract: POSITION_QUERIES,
  sales_contract: POSITION_QUERIES,
  allocation: POSITION_QUERIES,
  transport: POSITION_QUERIES,
  transaction: POSITION_QUERIES,
});

/** `isPaidWeight` asks for the positions in paid tonnes (less what quality lines took). */
export function usePositions(dateFrom: string | null, dateTo: string | null, enabled = true, isPaidWeight = false) {
  return useQuery({
    queryKey: positionKeys.list(dateFrom, dateTo, isPaidWeight),
    queryFn: () =>
      apiRequest<Position[]>('/dashboard/position', { method: 'POST', body: { dateFrom, dateTo, isPaidWeight } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePositionTimeline() {
  return useQuery({
    queryKey: positionKeys.timeline(),
    queryFn: () =>
      apiRequest<PositionTimeline[]>('/dashboard/position-timeline', { method: 'POST', body: { months: 6 } }),
    staleTime: 60_000,
  });
}
