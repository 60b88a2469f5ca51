import type { Position, PositionTimeline } from '@grain/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';

export const positionKeys = {
  all: ['positions'] as const,
  list: (dateFrom: string | null, dateTo: string | null) => [...positionKeys.all, 'list', dateFrom, dateTo] as const,
  timeline: () => [...positionKeys.all, 'timeline'] as const,
};

export function usePositions(dateFrom: string | null, dateTo: string | null, enabled = true) {
  return useQuery({
    queryKey: positionKeys.list(dateFrom, dateTo),
    queryFn: () => apiRequest<Position[]>('/dashboard/position', { method: 'POST', body: { dateFrom, dateTo } }),
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
