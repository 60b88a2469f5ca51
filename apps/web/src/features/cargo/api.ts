import type {
  CreateVariantRequest,
  Quality,
  QualityParamsResponse,
  QualityParamsUpdateRequest,
  RawMaterial,
  TransitToleranceRequest,
  TransitToleranceResponse,
} from '@grain/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';

export type RawMaterialWithQualities = RawMaterial & { qualities: Quality[] };

export const cargoKeys = {
  all: ['cargo'] as const,
  withQualities: () => [...cargoKeys.all, 'with-qualities'] as const,
  params: (qualityId: number) => [...cargoKeys.all, 'params', qualityId] as const,
  transitTolerance: (rawMaterialId: number) => [...cargoKeys.all, 'transit-tolerance', rawMaterialId] as const,
};

export function useRawMaterialsWithQualities() {
  return useQuery({
    queryKey: cargoKeys.withQualities(),
    queryFn: () =>
      apiRequest<{ list: RawMaterialWithQualities[] }>('/cargo/list-with-qualities').then((answer) => answer.list),
  });
}

export function useQualityParams(qualityId: number | null) {
  return useQuery({
    queryKey: cargoKeys.params(qualityId ?? 0),
    queryFn: () => apiRequest<QualityParamsResponse>(`/cargo/params/${qualityId}`, { keepNotFound: true }),
    enabled: qualityId !== null && qualityId > 0,
  });
}

export function useUpdateQualityParams(qualityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: QualityParamsUpdateRequest) =>
      apiRequest<QualityParamsResponse>(`/cargo/params/${qualityId}`, { method: 'PUT', body, silent: true }),
    onSuccess: (answer) => client.setQueryData(cargoKeys.params(qualityId), answer),
  });
}

/** A new variant is a new quality: every quality list (here and in the contract forms) is refreshed. */
export function useCreateVariant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateVariantRequest) =>
      apiRequest<Quality>('/cargo/create-variant', { method: 'POST', body, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: cargoKeys.all }),
  });
}

export function useTransitTolerance(rawMaterialId: number) {
  return useQuery({
    queryKey: cargoKeys.transitTolerance(rawMaterialId),
    queryFn: () => apiRequest<TransitToleranceResponse>(`/cargo/transit-tolerance/${rawMaterialId}`),
  });
}

export function useUpdateTransitTolerance(rawMaterialId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TransitToleranceRequest) =>
      apiRequest<TransitToleranceResponse>(`/cargo/transit-tolerance/${rawMaterialId}`, {
        method: 'PUT',
        body,
        silent: true,
      }),
    onSuccess: (answer) => client.setQueryData(cargoKeys.transitTolerance(rawMaterialId), answer),
  });
}
