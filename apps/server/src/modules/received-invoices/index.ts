/** What other modules use of received invoices: the KSeF worker's export pass. */
export { fetchReceivedInvoices, RECEIVED_EXPORT_MINUTES, type ReceivedTarget } from './fetch.js';
