import { SEARCH_TERM_MIN, type SearchResponse } from '@grain/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';

export const searchKeys = { term: (q: string) => ['search', q] as const };

/** GET /search as the user types (the caller debounces): nothing is asked under SEARCH_TERM_MIN characters. */
export function useSearch(term: string) {
  const q = term.trim();
  return useQuery({
    queryKey: searchKeys.term(q),
    queryFn: ({ signal }) => apiRequest<SearchResponse>('/search', { query: { q }, signal, silent: true }),
    enabled: q.length >= SEARCH_TERM_MIN,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
