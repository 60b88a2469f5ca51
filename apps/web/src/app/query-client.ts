import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Refusals are answers, not hiccups: only network failures are retried, once.
      retry: (count, error) => count < 1 && error instanceof ApiError && error.status === 0,
    },
    mutations: { retry: false },
  },
});
