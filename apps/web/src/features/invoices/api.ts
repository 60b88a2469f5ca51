import {
  type CorrectInvoiceRequest,
  type CreateInvoiceRequest,
  INVOICE_STATUSES,
  type Invoice,
  type InvoiceDetails,
  type InvoiceStatus,
  invoiceExportFileName,
  todayIso,
} from '@grain/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, saveBlob } from '../../api/client';
import type { ListState } from '../../components/list/list-state';
import { useListQuery } from '../../components/list/use-list-query';
import { registerLiveKeys } from '../../lib/live/registry';

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: () => [...invoiceKeys.all, 'list'] as const,
  one: (id: number) => [...invoiceKeys.all, 'one', id] as const,
};

/** Live updates (lib/live): an invoice changes by itself (issued, sent to KSeF). */
registerLiveKeys({ invoice: () => [invoiceKeys.all] });

/** The status chips' choice (`filter_status[]` in the URL) as the list's status filter; none means every status. */
export function toInvoiceFilter(filter: ListState['filter']): { status?: InvoiceStatus[] } {
  const status = filter.status;
  const chosen = (Array.isArray(status) ? status : status ? [status] : []).filter((value): value is InvoiceStatus =>
    (INVOICE_STATUSES as readonly string[]).includes(value),
  );
  return chosen.length > 0 ? { status: chosen } : {};
}

export function useInvoiceList(state: ListState) {
  return useListQuery<Invoice>(invoiceKeys.list(), '/invoice/list', state, toInvoiceFilter);
}

/** Every invoice the list's search and status chips find, in its order, as a spreadsheet (streamed by the server). */
export async function exportInvoices(state: ListState) {
  const blob = await apiRequest<Blob>('/invoice/export-list-to-excel', {
    method: 'POST',
    body: {
      search: state.search || undefined,
      orderBy: state.orderBy || undefined,
      filter: toInvoiceFilter(state.filter),
    },
    responseType: 'blob',
    silent: true,
  });
  saveBlob(blob, invoiceExportFileName(todayIso()));
}

export function useInvoice(id: number) {
  return useQuery({
    queryKey: invoiceKeys.one(id),
    queryFn: () => apiRequest<InvoiceDetails>(`/invoice/details/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The stored FA(3) bytes as the server keeps them, saved under the invoice's number. */
export async function downloadInvoiceXml(invoice: Pick<Invoice, 'id' | 'number'>) {
  const blob = await apiRequest<Blob>(`/invoice/xml/${invoice.id}`, { responseType: 'blob' });
  saveBlob(blob, `${invoice.number.replace(/[^\p{L}\p{N}_-]+/gu, '_')}.xml`);
}

/** The invoice as a PDF (with its KSeF QR code), saved under the name the server gives (`faktura-FV-2026-03-0001.pdf`). */
export async function downloadInvoicePdf(invoice: Pick<Invoice, 'id' | 'number'>) {
  const blob = await apiRequest<Blob>(`/invoice/pdf/${invoice.id}`, { responseType: 'blob' });
  saveBlob(blob, `faktura-${invoice.number.replaceAll('/', '-')}.pdf`);
}

/** KSeF's receipt (UPO) as stored, saved as `UPO-<KSeF number>.xml`; only an accepted invoice has one. */
export async function downloadInvoiceUpo(invoice: Pick<Invoice, 'id' | 'ksefNumber'>) {
  const blob = await apiRequest<Blob>(`/invoice/upo/${invoice.id}`, { responseType: 'blob' });
  saveBlob(blob, `UPO-${invoice.ksefNumber ?? invoice.id}.xml`);
}

/** Queues the invoice for the KSeF sender; the answer is the invoice with its new status. */
export function useSendToKsef(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<InvoiceDetails>(`/invoice/send-to-ksef/${id}`, { method: 'POST' }),
    onSuccess: async (invoice) => {
      client.setQueryData(invoiceKeys.one(id), invoice);
      await client.invalidateQueries({ queryKey: invoiceKeys.list() });
    },
  });
}

/** Issues one sales invoice from statement rows; the statement's rows get its number, so they refetch too. */
export function useCreateInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvoiceRequest) =>
      apiRequest<InvoiceDetails>('/invoice/create', { method: 'POST', body, silent: true }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: invoiceKeys.all });
      await client.invalidateQueries({ queryKey: ['settlements'] });
    },
  });
}

/** Issues a correction (KOR) of an invoice; the invoice's details list it, so every invoice query refetches. */
export function useCorrectInvoice(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CorrectInvoiceRequest) =>
      apiRequest<InvoiceDetails>(`/invoice/correct/${id}`, { method: 'POST', body, silent: true }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: invoiceKeys.all });
    },
  });
}
