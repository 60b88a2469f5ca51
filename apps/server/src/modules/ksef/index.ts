/**
 * The KSeF module's public entry (README.md in this folder): what other modules may use. Its client, session and
 * fake-server plumbing stay inside.
 */

export type { KsefEnvironment } from './environments.js';
export { invoiceVerificationLinkOfHash, qrCaption } from './qr-link.js';
export {
  buildFa3Xml,
  type Fa3VatRate,
  type SalesInvoiceDocument,
  type SalesInvoiceLine,
} from './xml/fa3.js';
export { validateXml } from './xml/validate.js';
