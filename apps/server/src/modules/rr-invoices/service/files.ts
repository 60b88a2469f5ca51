import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import { renderPdf } from '../../../lib/pdf/service.js';
import { invoiceVerificationLinkOfHash } from '../../ksef/index.js';
import { qrEnvironment, readCompanySettings } from '../../settings/service.js';
import { rrInvoicePdf } from '../pdf.js';
import * as q from '../queries.js';
import { rrInvoiceDetails } from './read.js';

/** GET /rr-invoice/xml/{id}: the stored FA_RR bytes, never rebuilt (RULES.md Invoices, VAT and KSeF). */
export async function rrInvoiceXmlBytes(ctx: Ctx, id: number): Promise<Buffer> {
  const stored = await q.rrInvoiceXml(ctx.db, id);
  if (!stored) throw new AppError('RR_INVOICE_NOT_FOUND');
  if (!stored.xml) throw new AppError('RR_INVOICE_WITHOUT_XML');
  return stored.xml;
}

export const rrInvoiceFileName = (number: string) => `faktura-vat-rr-${number.replaceAll('/', '-')}.pdf`;

/**
 * GET /rr-invoice/pdf/{id}: the RR invoice with the art. 116 declaration and both signature lines, rendered off the
 * event loop by the PDF service (EXPORT_ERROR when that fails), like the sales invoice.
 */
export async function rrInvoicePdfFile(ctx: Ctx, id: number) {
  const invoice = await rrInvoiceDetails(ctx, id);
  const company = await readCompanySettings(ctx.db);
  const farmer = await q.farmerOf(ctx.db, invoice.farmerId);
  const stored = await q.getRrInvoice(ctx.db, id);
  // KOD I names the FA_RR's Podmiot1 (the farmer, the seller in KSeF's metadata) and hashes the stored bytes; an
  // invoice that never went to KSeF (ISSUED: on paper, the farmer did not designate us) carries no code.
  const verificationLink =
    invoice.ksefStatus !== 'ISSUED' && stored?.xmlSha256 && invoice.farmerNip
      ? invoiceVerificationLinkOfHash(await qrEnvironment(ctx.db, ctx.config), {
          sellerNip: invoice.farmerNip,
          issueDate: invoice.issueDate,
          sha256Base64Url: Buffer.from(stored.xmlSha256, 'hex').toString('base64url'),
        })
      : null;
  const corrected = invoice.correctedRrInvoiceId ? await q.getRrInvoice(ctx.db, invoice.correctedRrInvoiceId) : null;
  const document = rrInvoicePdf({ invoice, company, farmer, verificationLink, corrected });
  const { bytes, renderMs, cpuMs } = await renderPdf(document, ctx.log);
  return { fileName: rrInvoiceFileName(invoice.number), pdf: bytes, timing: { renderMs, cpuMs } };
}
