/** What other modules use of received invoices: the KSeF worker's export pass. */
export { fetchReceivedInvoices, RECEIVED_EXPORT_SECONDS, type ReceivedTarget } from './fetch.js';
