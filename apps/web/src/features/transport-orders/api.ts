import type { TransportOrderInfoResponse } from '@grain/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';

/** Under 'transports', so every transport write refreshes the "changed since sent" mark too. */
export const transportOrderKeys = {
  info: (transportId: number) => ['transports', 'order-info', transportId] as const,
};

export function useTransportOrderInfo(transportId: number) {
  return useQuery({
    queryKey: transportOrderKeys.info(transportId),
    queryFn: ({ signal }) =>
      apiRequest<TransportOrderInfoResponse>(`/transport/order-info/${transportId}`, { signal, keepNotFound: true }),
  });
}

/** The order PDF as a Blob; errors stay with the caller (it explains a missing company itself). */
export function downloadTransportOrder(transportId: number): Promise<Blob> {
  return apiRequest<Blob>(`/transport/order-pdf/${transportId}`, {
    responseType: 'blob',
    keepNotFound: true,
    silent: true,
  });
}

export function useSendTransportOrder(transportId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<TransportOrderInfoResponse>(`/transport/send-order/${transportId}`, {
        method: 'POST',
        silent: true,
        keepNotFound: true,
      }),
    onSuccess: (answer) => client.setQueryData(transportOrderKeys.info(transportId), answer),
  });
}
