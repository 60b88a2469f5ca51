/** What other features use of received invoices: the screen's path (a statement row links to it). */
export { RECEIVED_INVOICES_PATH } from './paths';
