/** The list of VAT RR invoices. */
export const RR_INVOICES_PATH = '/rr-invoices';

/** One VAT RR invoice's details. */
export const rrInvoicePath = (id: number) => `${RR_INVOICES_PATH}/${id}`;
