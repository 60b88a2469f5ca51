import {
  type AssignReceivedInvoiceRequest,
  RECEIVED_INVOICE_STATUSES,
  type ReceivedInvoice,
  type ReceivedInvoiceDetails,
  type ReceivedInvoiceNoteRequest,
  type ReceivedInvoiceStatus,
} from '@grain/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, saveBlob } from '../../api/client';
import type { ListState } from '../../components/list/list-state';
import { useListQuery } from '../../components/list/use-list-query';

export const receivedInvoiceKeys = {
  all: ['received-invoices'] as const,
  list: () => [...receivedInvoiceKeys.all, 'list'] as const,
  details: (id: number) => [...receivedInvoiceKeys.all, 'details', id] as const,
};

/** The status chips' choice (`filter_status[]` in the URL) as the list's filter; none means all. */
export function toReceivedInvoiceFilter(filter: ListState['filter']): { status?: ReceivedInvoiceStatus[] } {
  const value = filter.status;
  const chosen = (Array.isArray(value) ? value : value ? [value] : []).filter(
    (status): status is ReceivedInvoiceStatus => (RECEIVED_INVOICE_STATUSES as readonly string[]).includes(status),
  );
  return chosen.length > 0 ? { status: chosen } : {};
}

export function useReceivedInvoiceList(state: ListState) {
  return useListQuery<ReceivedInvoice>(
    receivedInvoiceKeys.list(),
    '/received-invoice/list',
    state,
    toReceivedInvoiceFilter,
  );
}

export function useReceivedInvoiceDetails(id: number | null) {
  return useQuery({
    queryKey: receivedInvoiceKeys.details(id ?? 0),
    queryFn: () => apiRequest<ReceivedInvoiceDetails>(`/received-invoice/details/${id}`),
    enabled: id !== null,
  });
}

/** The invoice as KSeF's visualisation shows its XML (seller, buyer, lines, totals), saved as a PDF. */
export async function downloadReceivedInvoicePdf(invoice: Pick<ReceivedInvoice, 'id' | 'number'>) {
  const blob = await apiRequest<Blob>(`/received-invoice/pdf/${invoice.id}`, { responseType: 'blob' });
  const stem = (invoice.number ?? String(invoice.id)).replace(/[^\p{L}\p{N}_-]+/gu, '_');
  saveBlob(blob, `faktura-otrzymana-${stem}.pdf`);
}

/** Assigning, accepting or hiding changes the invoice, the list and the statement rows' invoice numbers. */
function useReceivedInvoiceWrite<Body>(path: string, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) =>
      apiRequest<ReceivedInvoiceDetails>(`/received-invoice/${path}/${id}`, { method: 'POST', body, silent: true }),
    onSuccess: async (details) => {
      client.setQueryData(receivedInvoiceKeys.details(id), details);
      await client.invalidateQueries({ queryKey: receivedInvoiceKeys.list() });
      await client.invalidateQueries({ queryKey: ['settlements'] });
    },
  });
}

export const useAssignReceivedInvoice = (id: number) =>
  useReceivedInvoiceWrite<AssignReceivedInvoiceRequest>('assign', id);
export const useAcceptReceivedInvoice = (id: number) =>
  useReceivedInvoiceWrite<ReceivedInvoiceNoteRequest>('accept', id);
export const useHideReceivedInvoice = (id: number) => useReceivedInvoiceWrite<ReceivedInvoiceNoteRequest>('hide', id);
