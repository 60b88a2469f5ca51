import type { RrInvoice, RrPaymentRequest } from '@grain/shared';
import { withWriteTransaction } from '../../../db/locks.js';
import { audit } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import * as q from '../queries.js';
import { rrInvoiceDetails } from './read.js';

/**
 * POST /rr-invoice/payment/{id}: records a payment to the farmer, a transfer (date, amount, account, title) or
 * cash. Nothing is refused for the account or the title: the invoice then shows it is not deductible (RULES.md
 * Invoices, VAT and KSeF, VAT RR: paid into the farmer's account with the RR number and date in the title).
 */
export async function recordRrPayment(ctx: Ctx, id: number, input: RrPaymentRequest): Promise<RrInvoice> {
  await withWriteTransaction(ctx.db, async (tx) => {
    if (!(await q.lockRrInvoice(tx, id))) throw new AppError('RR_INVOICE_NOT_FOUND');
    const isCash = input.method === 'CASH';
    await q.insertRrPayment(tx, {
      rrInvoiceId: id,
      paidAt: input.paidAt,
      amount: input.amount,
      method: input.method,
      account: isCash ? null : input.account,
      title: input.title,
      createdBy: ctx.user.id,
    });
    await audit(tx, ctx.user.id, 'rr_invoice', id, 'payment', {
      paidAt: input.paidAt,
      amount: input.amount,
      method: input.method,
    });
  });
  return rrInvoiceDetails(ctx, id);
}
