/**
 * The KSeF module's public entry (README.md in this folder): what other modules may use. Its client, session and
 * fake-server plumbing stay inside.
 */

export { KsefAccess } from './access.js';
export { createKsefClient, type KsefClient, type KsefClientOptions } from './client.js';
export { KSEF_API_BASE_URLS, type KsefEnvironment } from './environments.js';
export { KsefError, KsefRateLimitedError } from './errors.js';
export { type ExportedInvoice, exportInvoices, type InvoiceExportResult } from './export.js';
export { isValidKsefNumber } from './ksef-number.js';
export { invoiceVerificationLinkOfHash, qrCaption } from './qr-link.js';
export { type InvoiceProcessing, type KsefForm, KsefSession } from './session.js';
export { buildFaRrXml, type RrInvoiceDocument, type RrInvoiceLine } from './xml/fa-rr.js';
export {
  buildFa3Xml,
  type Fa3VatRate,
  type SalesInvoiceDocument,
  type SalesInvoiceLine,
} from './xml/fa3.js';
export {
  parseFa3Invoice,
  type ReceivedInvoice as ParsedReceivedInvoice,
  ReceivedInvoiceParseError,
} from './xml/parse.js';
export { OFF_LOOP_XML_BYTES, parseFa3InvoiceOffLoop } from './xml/parse-off-loop.js';
export { validateXml } from './xml/validate.js';
