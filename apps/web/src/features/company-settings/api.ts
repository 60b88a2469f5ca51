import type { CompanySettingsRequest, CompanySettingsResponse } from '@grain/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';

export const companySettingsKeys = { all: ['company-settings'] as const };

export function useCompanySettings() {
  return useQuery({
    queryKey: companySettingsKeys.all,
    queryFn: () => apiRequest<CompanySettingsResponse>('/settings/company'),
  });
}

export function useSaveCompanySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanySettingsRequest) =>
      apiRequest<CompanySettingsResponse>('/settings/company', { method: 'PUT', body, silent: true }),
    onSuccess: (answer) => client.setQueryData(companySettingsKeys.all, answer),
  });
}
