import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/harness.js';

/** The settlement calls as the tests make them: snake_case bodies, as on the wire. */
export type Body = Record<string, unknown>;

export const PATHS = {
  list: '/api/settlement/transaction-list',
  purchaseList: '/api/contract/settlement-purchase-list',
  salesList: '/api/contract/settlement-sales-list',
  purchaseInvoice: '/api/contract/settlement-set-purchase-invoice',
  salesInvoice: '/api/contract/settlement-set-sales-invoice',
  settlePurchase: '/api/contract/settlement-purchase',
  settleSales: '/api/contract/settlement-sales',
  settleTransport: '/api/contract/settlement-transport',
  split: '/api/contract/settlement-split',
  movePurchase: '/api/contract/settlement-reallocate-purchase',
  moveSales: '/api/contract/settlement-reallocate',
  bulkInvoice: '/api/contract/settlement-bulk-invoice',
  bulkSettle: '/api/contract/settlement-bulk-settle',
} as const;

export function settlementApi(t: TestApp, token: () => string) {
  const post = (url: string, payload: Body, as = token()) => t.call({ method: 'POST', url, token: as, payload });
  const get = (url: string, query: Record<string, string>, as = token()) =>
    t.call({ method: 'GET', url: `${url}?${new URLSearchParams(query)}`, token: as });
  const invoice = (transactionId: number, extra: Body = {}) => ({
    transaction_id: transactionId,
    invoice_number: `FV/${transactionId}/2026`,
    invoice_date: '2026-03-10',
    payment_date: '2026-04-09',
    ...extra,
  });
  return {
    post,
    get,
    /** The statement (POST body). */
    list: (body: Body = {}) => post(PATHS.list, body),
    setPurchaseInvoice: (transactionId: number, extra: Body = {}) =>
      post(PATHS.purchaseInvoice, invoice(transactionId, extra)),
    setSalesInvoice: (transactionId: number, extra: Body = {}) =>
      post(PATHS.salesInvoice, invoice(transactionId, extra)),
    settle: (path: string, transactionId: number, extra: Body = {}) =>
      post(path, { transaction_id: transactionId, ...extra }),
    split: (transactionId: number, quantity: number) => post(PATHS.split, { transaction_id: transactionId, quantity }),
  };
}

export function codeOf(response: LightMyRequestResponse): string {
  return response.json().message_code;
}

/** Asserts a 200 and answers the JSON body (a failure shows the body). */
export function okJson(response: LightMyRequestResponse) {
  if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return response.json();
}
