/** The "Faktury otrzymane" screen. */
export const RECEIVED_INVOICES_PATH = '/received-invoices';
/** The URL parameter that opens one received invoice over the list (a statement row links to it). */
export const OPEN_RECEIVED_INVOICE_PARAM = 'open';
export const receivedInvoicePath = (id: number) => `${RECEIVED_INVOICES_PATH}?${OPEN_RECEIVED_INVOICE_PARAM}=${id}`;
