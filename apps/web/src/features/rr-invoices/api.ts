import {
  type CreateRrInvoiceRequest,
  RR_PAYMENT_STATUSES,
  type RrCorrectionRequest,
  type RrInvoice,
  type RrPaymentImportRequest,
  type RrPaymentImportResponse,
  type RrPaymentRequest,
  type RrPaymentStatus,
} from '@grain/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, saveBlob } from '../../api/client';
import type { ListState } from '../../components/list/list-state';
import { useListQuery } from '../../components/list/use-list-query';

export const rrInvoiceKeys = {
  all: ['rr-invoices'] as const,
  list: () => [...rrInvoiceKeys.all, 'list'] as const,
  one: (id: number) => [...rrInvoiceKeys.all, 'one', id] as const,
};

/** The status chips' choice (`filter_payment_status[]` in the URL) as the list's filter; none means all. */
export function toRrInvoiceFilter(filter: ListState['filter']): { paymentStatus?: RrPaymentStatus[] } {
  const value = filter.paymentStatus;
  const chosen = (Array.isArray(value) ? value : value ? [value] : []).filter((status): status is RrPaymentStatus =>
    (RR_PAYMENT_STATUSES as readonly string[]).includes(status),
  );
  return chosen.length > 0 ? { paymentStatus: chosen } : {};
}

export function useRrInvoiceList(state: ListState) {
  return useListQuery<RrInvoice>(rrInvoiceKeys.list(), '/rr-invoice/list', state, toRrInvoiceFilter);
}

const fileStem = (number: string) => number.replace(/[^\p{L}\p{N}_-]+/gu, '_');

export async function downloadRrInvoicePdf(invoice: Pick<RrInvoice, 'id' | 'number'>) {
  const blob = await apiRequest<Blob>(`/rr-invoice/pdf/${invoice.id}`, { responseType: 'blob' });
  saveBlob(blob, `faktura-vat-rr-${fileStem(invoice.number)}.pdf`);
}

export async function downloadRrInvoiceXml(invoice: Pick<RrInvoice, 'id' | 'number'>) {
  const blob = await apiRequest<Blob>(`/rr-invoice/xml/${invoice.id}`, { responseType: 'blob' });
  saveBlob(blob, `${fileStem(invoice.number)}.xml`);
}

/** Issues one RR invoice from a farmer's purchase rows; the statement's rows get its number, so they refetch too. */
export function useCreateRrInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRrInvoiceRequest) =>
      apiRequest<RrInvoice>('/rr-invoice/create', { method: 'POST', body, silent: true }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: rrInvoiceKeys.all });
      await client.invalidateQueries({ queryKey: ['settlements'] });
    },
  });
}

export async function downloadRrInvoiceUpo(invoice: Pick<RrInvoice, 'id' | 'ksefNumber'>) {
  const blob = await apiRequest<Blob>(`/rr-invoice/upo/${invoice.id}`, { responseType: 'blob' });
  saveBlob(blob, `UPO-${invoice.ksefNumber ?? invoice.id}.xml`);
}

/** "Wyślij do KSeF": queues the RR invoice for the KSeF sender (a farmer who has not designated us, or a rejection). */
export function useSendRrToKsef() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<RrInvoice>(`/rr-invoice/send-to-ksef/${id}`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: rrInvoiceKeys.all }),
  });
}

export function useRecordRrPayment(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RrPaymentRequest) =>
      apiRequest<RrInvoice>(`/rr-invoice/payment/${id}`, { method: 'POST', body, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: rrInvoiceKeys.all }),
  });
}

/** "Koryguj": issues the RR correction of the invoice (or of its original); every RR list and details refetch. */
export function useCorrectRrInvoice(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RrCorrectionRequest) =>
      apiRequest<RrInvoice>(`/rr-invoice/correct/${id}`, { method: 'POST', body, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: rrInvoiceKeys.all }),
  });
}

export function useRrInvoice(id: number) {
  return useQuery({
    queryKey: rrInvoiceKeys.one(id),
    queryFn: () => apiRequest<RrInvoice>(`/rr-invoice/details/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** A file's bytes as base64, in chunks (a spread of a 1 MB array would overflow the call stack). */
export async function fileAsBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Imports a bank statement; every RR invoice it paid refetches (list and details). */
export function useImportRrPayments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RrPaymentImportRequest) =>
      apiRequest<RrPaymentImportResponse>('/rr-invoice/payment-import', { method: 'POST', body, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: rrInvoiceKeys.all }),
  });
}
