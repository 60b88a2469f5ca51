import type { SetInvoiceRequest, TransactionRow } from '@grain/shared';
import { INVOICE_KINDS, type InvoiceAction } from '@grain/shared';
import { withWriteTransaction } from '../../../db/locks.js';
import { audit } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import * as q from '../queries.js';
import { lockTransactionOfKind, transactionRow } from './rows.js';

/**
 * /contract/settlement-set-purchase-invoice (PURCHASE and TRANSPORT rows) and -set-sales-invoice (SALES rows).
 * RULES.md Settlements: only while TO_SETTLEMENT (CANNOT_SET_INVOICE_ON_THIS_STATUS); a second call overwrites.
 */
function setInvoice(ctx: Ctx, action: InvoiceAction, input: SetInvoiceRequest): Promise<TransactionRow> {
  return withWriteTransaction(ctx.db, async (tx) => {
    const row = await lockTransactionOfKind(tx, input.transactionId, INVOICE_KINDS[action]);
    if (row.status !== 'TO_SETTLEMENT') throw new AppError('CANNOT_SET_INVOICE_ON_THIS_STATUS');
    const values = {
      invoiceNumber: input.invoiceNumber,
      invoiceDate: input.invoiceDate,
      paymentDate: input.paymentDate,
    };
    await q.updateTransaction(tx, row.id, values);
    await audit(tx, ctx.user.id, 'transaction', row.id, 'set-invoice', {
      invoiceNumber: { from: row.invoiceNumber, to: values.invoiceNumber },
      invoiceDate: { from: row.invoiceDate, to: values.invoiceDate },
      paymentDate: { from: row.paymentDate, to: values.paymentDate },
    });
    return transactionRow(tx, row.id);
  });
}

export function setPurchaseInvoice(ctx: Ctx, input: SetInvoiceRequest) {
  return setInvoice(ctx, 'purchase', input);
}

export function setSalesInvoice(ctx: Ctx, input: SetInvoiceRequest) {
  return setInvoice(ctx, 'sales', input);
}
