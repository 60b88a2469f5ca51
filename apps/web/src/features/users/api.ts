import type { UserCreateRequest, UserResponse, UserUpdateRequest } from '@grain/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { ListState } from '../../components/list/list-state';
import { useListQuery } from '../../components/list/use-list-query';
import { registerLiveKeys } from '../../lib/live/registry';

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  one: (id: number) => [...userKeys.all, 'one', id] as const,
};

/** Live updates (lib/live; administrators only hear these): another administrator's change of a user. */
registerLiveKeys({ user: () => [userKeys.all] });

export function useUserList(state: ListState) {
  return useListQuery<UserResponse>(userKeys.list(), '/profile/list', state);
}

export function useUser(id: number) {
  return useQuery({
    queryKey: userKeys.one(id),
    queryFn: () => apiRequest<UserResponse>(`/profile/get/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserCreateRequest) =>
      apiRequest<UserResponse>('/profile/create', { method: 'POST', body, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateUser(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserUpdateRequest) =>
      apiRequest<UserResponse>(`/profile/update/${id}`, { method: 'POST', body, silent: true }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: userKeys.all });
      await client.invalidateQueries({ queryKey: ['dictionary', 'user-options'] });
    },
  });
}
