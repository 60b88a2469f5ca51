/** VAT RR invoices for flat-rate farmers (RULES.md Invoices, VAT and KSeF, VAT RR): the module's use cases. */

export { correctRrInvoice } from './correct.js';
export { createRrInvoice } from './create.js';
export { rrInvoicePdfFile, rrInvoiceXmlBytes } from './files.js';
export { rrInvoiceUpoFile, sendRrToKsef } from './ksef.js';
export { recordRrPayment } from './payment.js';
export { listRrInvoices, rrInvoiceDetails } from './read.js';
