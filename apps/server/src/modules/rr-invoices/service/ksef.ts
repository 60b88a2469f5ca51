import type { RrInvoice } from '@grain/shared';
import type { Ctx } from '../../../lib/context.js';
import { type KsefQueueTarget, queueForKsef, statusOnIssue, upoFile } from '../../invoices/index.js';
import * as q from '../queries.js';
import { rrInvoiceDetails } from './read.js';

/** The RR table in the sales invoices' KSeF outbox (invoices/ksef-sender.ts RR_OUTBOX, sent in FA_RR sessions). */
const RR_QUEUE: KsefQueueTarget = {
  table: 'rr_invoices',
  entity: 'rr_invoice',
  notFound: 'RR_INVOICE_NOT_FOUND',
  withoutXml: 'RR_INVOICE_WITHOUT_XML',
};

/**
 * The status an RR invoice is issued with (RULES.md Invoices, VAT and KSeF): queued for KSeF at once when the farmer
 * has designated us to issue his RR invoices in KSeF, KSeF is configured and there is an FA_RR to send; otherwise
 * ISSUED, and "Wyślij do KSeF" (POST /rr-invoice/send-to-ksef/{id}) sends it when someone asks.
 */
export function rrStatusOnIssue(
  onIssue: Awaited<ReturnType<typeof statusOnIssue>>,
  farmerDesignated: boolean,
  hasXml: boolean,
): Awaited<ReturnType<typeof statusOnIssue>> {
  return farmerDesignated && hasXml ? onIssue : { status: 'ISSUED' };
}

/** The sales rule read before the issuing transaction (it reads the KSeF settings). */
export const ksefStatusOnIssue = statusOnIssue;

/** POST /rr-invoice/send-to-ksef/{id}: queued for the KSeF sender like a sales invoice, answered as it stands. */
export async function sendRrToKsef(ctx: Ctx, id: number): Promise<RrInvoice> {
  await queueForKsef(ctx, id, RR_QUEUE);
  return rrInvoiceDetails(ctx, id);
}

/** GET /rr-invoice/upo/{id}: KSeF's receipt as the sender stored it; INVOICE_UPO_MISSING until accepted. */
export async function rrInvoiceUpoFile(ctx: Ctx, id: number) {
  return upoFile(await q.rrInvoiceUpo(ctx.db, id), 'RR_INVOICE_NOT_FOUND');
}
