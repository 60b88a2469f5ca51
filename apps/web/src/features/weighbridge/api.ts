import type {
  CorrectWeighbridgeTicketRequest,
  ScaleInfoResponse,
  TransportTicketsResponse,
  WeighbridgeSide,
  WeighbridgeTicket,
} from '@grain/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';

/** Under 'transports', so a transport write refreshes its tickets too (a delivered transport takes no more). */
export const weighbridgeKeys = {
  transport: (transportId: number) => ['transports', 'weighbridge', transportId] as const,
  scale: ['weighbridge', 'scale'] as const,
};

export function useTransportTickets(transportId: number) {
  return useQuery({
    queryKey: weighbridgeKeys.transport(transportId),
    queryFn: ({ signal }) =>
      apiRequest<TransportTicketsResponse>(`/weighbridge-ticket/list-by-transport/${transportId}`, { signal }),
  });
}

export function useScaleInfo() {
  return useQuery({
    queryKey: weighbridgeKeys.scale,
    queryFn: ({ signal }) => apiRequest<ScaleInfoResponse>('/weighbridge-ticket/scale', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

type TicketAction =
  | { kind: 'create'; side: WeighbridgeSide }
  | { kind: 'weigh-in' | 'weigh-out'; id: number; weightKg: number | null }
  | { kind: 'close'; id: number }
  | { kind: 'correct'; id: number; body: CorrectWeighbridgeTicketRequest };

function send(transportId: number, action: TicketAction): Promise<WeighbridgeTicket> {
  const post = (path: string, body: object = {}) =>
    apiRequest<WeighbridgeTicket>(`/weighbridge-ticket/${path}`, { method: 'POST', body, silent: true });
  switch (action.kind) {
    case 'create':
      return post('create', { transportId, side: action.side });
    case 'weigh-in':
    case 'weigh-out':
      return post(`${action.kind}/${action.id}`, action.weightKg === null ? {} : { weightKg: action.weightKg });
    case 'close':
      return post(`close/${action.id}`);
    case 'correct':
      return post(`correct/${action.id}`, action.body);
  }
}

/** Every ticket write of one transport; the refusal stays with the caller (it marks the field). */
export function useTicketAction(transportId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: TicketAction) => send(transportId, action),
    onSettled: () => client.invalidateQueries({ queryKey: weighbridgeKeys.transport(transportId) }),
  });
}

export type TicketLayout = 'A4' | 'A5' | 'RECEIPT';

export function downloadTicketPdf(id: number, layout: TicketLayout): Promise<Blob> {
  return apiRequest<Blob>(`/weighbridge-ticket/pdf/${id}?layout=${layout}`, { responseType: 'blob', silent: true });
}
