/** What other features use of sales invoices: the link to an invoice's screen and issuing one, with the invoice texts. */
import './i18n';

export { useCreateInvoice } from './api';
export { invoicePath } from './paths';
