import type { Country, ListResponse, RawMaterial } from '@grain/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { useSession } from './session';

export interface UserOption {
  value: number;
  label: string;
  email: string;
}

/** Startup dictionaries (spec/2 Dictionaries): loaded in parallel, and not while the password has expired. */
export function useDictionariesEnabled(): boolean {
  const { user } = useSession();
  return Boolean(user && !user.passwordExpired);
}

export function useCountries() {
  const enabled = useDictionariesEnabled();
  return useQuery({
    queryKey: ['dictionary', 'countries'],
    queryFn: () => apiRequest<{ list: Country[] }>('/dictionary/country-list').then((answer) => answer.list),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUserOptions() {
  const enabled = useDictionariesEnabled();
  return useQuery({
    queryKey: ['dictionary', 'user-options'],
    queryFn: () =>
      apiRequest<ListResponse<UserOption>>('/profile/option-list', { query: { limit: 100 } }).then(
        (answer) => answer.list,
      ),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Raw-material tabs of the contract lists and the cargo params screen (spec/2 Cargo). */
export function useCargoTabs() {
  const enabled = useDictionariesEnabled();
  return useQuery({
    queryKey: ['dictionary', 'cargo-tabs'],
    queryFn: () => apiRequest<{ list: RawMaterial[] }>('/cargo/tabs').then((answer) => answer.list),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Mounted once in the layout so the startup dictionaries load together. */
export function useStartupDictionaries() {
  useCargoTabs();
  useCountries();
  useUserOptions();
}
