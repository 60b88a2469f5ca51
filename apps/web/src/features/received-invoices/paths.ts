/** The "Faktury otrzymane" screen. */
export const RECEIVED_INVOICES_PATH = '/received-invoices';
