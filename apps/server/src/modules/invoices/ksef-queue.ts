import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { withWriteTransaction } from '../../db/locks.js';
import { audit } from '../../lib/audit.js';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { readKsefConfig } from '../settings/service.js';

/**
 * RULES.md Invoices, VAT and KSeF: an issued invoice goes to KSeF by itself when KSeF is configured (company
 * settings, else KSEF_URL/KSEF_TOKEN): it is issued QUEUED, due now. Without a configuration it is issued and
 * printed and waits ISSUED ("nie wysłano"): nothing is queued for a sender that has nowhere to send.
 */
export async function statusOnIssue(ctx: Ctx) {
  const ksef = await readKsefConfig(ctx.db, ctx.config, ctx.log);
  return ksef
    ? { status: 'QUEUED' as const, ksefNextAttemptAt: new Date().toISOString() }
    : { status: 'ISSUED' as const };
}

/** A table of the KSeF outbox (ksef-sender.ts KSEF_OUTBOXES) as POST .../send-to-ksef/{id} queues it. */
export interface KsefQueueTarget {
  table: 'invoices' | 'rr_invoices';
  /** The audit entity and the refusal for an id that is not there. */
  entity: 'invoice' | 'rr_invoice';
  notFound: 'INVOICE_NOT_FOUND' | 'RR_INVOICE_NOT_FOUND';
  /** A refusal for a document that has no XML to send (an RR invoice of a farmer known by PESEL alone). */
  withoutXml?: 'RR_INVOICE_WITHOUT_XML';
}
export const SALES_QUEUE: KsefQueueTarget = { table: 'invoices', entity: 'invoice', notFound: 'INVOICE_NOT_FOUND' };

/**
 * POST /invoice/send-to-ksef/{id} (service.ts sendToKsef) and POST /rr-invoice/send-to-ksef/{id}: queues the document
 * for the KSeF sender (ksef-sender.ts), due now. An ISSUED one (issued before KSeF was configured, or an RR invoice of
 * a farmer who has not designated us), or a REJECTED one sent again; one already queued, sent, offline or accepted
 * is not sent twice (RULES.md Invoices, VAT and KSeF). Needs a KSeF configuration (KSEF_NOT_CONFIGURED).
 */
export async function queueForKsef(ctx: Ctx, id: number, target: KsefQueueTarget = SALES_QUEUE): Promise<void> {
  if (!(await readKsefConfig(ctx.db, ctx.config, ctx.log))) throw new AppError('KSEF_NOT_CONFIGURED');
  const table = sql.identifier(target.table);
  await withWriteTransaction(ctx.db, async (tx) => {
    const [row] = rowsOf<{ status: string; hasXml: boolean }>(
      await tx.execute(sql`select status, xml is not null as "hasXml" from ${table} where id = ${id} for update`),
    );
    if (!row) throw new AppError(target.notFound);
    if (!row.hasXml && target.withoutXml) throw new AppError(target.withoutXml);
    if (row.status !== 'ISSUED' && row.status !== 'REJECTED') throw new AppError('INVOICE_ALREADY_SENT_TO_KSEF');
    await tx.execute(
      sql`update ${table} set status = 'QUEUED', ksef_next_attempt_at = now(), ksef_attempts = 0, ksef_error = null
        where id = ${id}`,
    );
    await audit(tx, ctx.user.id, target.entity, id, 'send-to-ksef', { from: row.status });
  });
}
