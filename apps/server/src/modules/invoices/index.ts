/** What other modules use of sales invoices: numbering, row locks, corrections' line rule, KSeF queue, UPO, PDF parts. */
export { CORRECTABLE_STATUSES, changedLines } from './correct.js';
export { nextInvoiceNumber } from './issue-parts.js';
export { type KsefQueueTarget, queueForKsef, statusOnIssue } from './ksef-queue.js';
export { QR_COLUMN, verificationBlock } from './pdf.js';
export { lockRowsToInvoice, markRowsInvoiced } from './service.js';
export { upoFile } from './upo.js';
