/** The list of VAT RR invoices. */
export const RR_INVOICES_PATH = '/rr-invoices';
