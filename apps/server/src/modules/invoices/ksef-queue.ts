import { eq, sql } from 'drizzle-orm';
import { withWriteTransaction } from '../../db/locks.js';
import { invoices } from '../../db/schema/index.js';
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

/**
 * POST /invoice/send-to-ksef/{id} (service.ts sendToKsef): queues the invoice for the KSeF sender (ksef-sender.ts), due now. An ISSUED
 * invoice (issued before KSeF was configured), or a REJECTED one sent again; one already queued, sent, offline or
 * accepted is not sent twice (RULES.md Invoices, VAT and KSeF). Needs a KSeF configuration (KSEF_NOT_CONFIGURED).
 */
export async function queueForKsef(ctx: Ctx, id: number): Promise<void> {
  if (!(await readKsefConfig(ctx.db, ctx.config, ctx.log))) throw new AppError('KSEF_NOT_CONFIGURED');
  await withWriteTransaction(ctx.db, async (tx) => {
    const [row] = await tx.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id)).for('update');
    if (!row) throw new AppError('INVOICE_NOT_FOUND');
    if (row.status !== 'ISSUED' && row.status !== 'REJECTED') throw new AppError('INVOICE_ALREADY_SENT_TO_KSEF');
    await tx
      .update(invoices)
      .set({ status: 'QUEUED', ksefNextAttemptAt: sql`now()`, ksefAttempts: 0, ksefError: null })
      .where(eq(invoices.id, id));
    await audit(tx, ctx.user.id, 'invoice', id, 'send-to-ksef', { from: row.status });
  });
}
