/** What other features use of received invoices: the screen's path and one invoice's (a statement row links to it). */
export { RECEIVED_INVOICES_PATH, receivedInvoicePath } from './paths';
