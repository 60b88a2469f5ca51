/** What other features use of VAT RR invoices: issuing one from statement rows, and the list's path. */
import './i18n';

export { IssueRrInvoiceForm } from './components/issue-rr-invoice-form';
export { RR_INVOICES_PATH } from './paths';
