import {
  INVOICE_KINDS,
  type InvoiceAction,
  type SetInvoiceRequest,
  type TransactionKind,
  type TransactionRow,
} from '@grain/shared';
import type { Db } from '../../../db/client.js';
import { withWriteTransaction } from '../../../db/locks.js';
import { audit } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import * as q from '../queries/transactions.js';
import { lockTransactionOfKind, transactionRow } from './rows.js';

/**
 * Sets the invoice of one row inside the caller's transaction (the single calls and the bulk call share it).
 * RULES.md Settlements: only while TO_SETTLEMENT (CANNOT_SET_INVOICE_ON_THIS_STATUS); a second call overwrites.
 */
export async function setInvoiceInTx(
  tx: Db,
  ctx: Ctx,
  kinds: readonly TransactionKind[],
  input: SetInvoiceRequest,
): Promise<void> {
  const row = await lockTransactionOfKind(tx, input.transactionId, kinds);
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
}

/** /contract/settlement-set-purchase-invoice (PURCHASE and TRANSPORT rows) and -set-sales-invoice (SALES rows). */
function setInvoice(ctx: Ctx, action: InvoiceAction, input: SetInvoiceRequest): Promise<TransactionRow> {
  return withWriteTransaction(ctx.db, async (tx) => {
    await setInvoiceInTx(tx, ctx, INVOICE_KINDS[action], input);
    return transactionRow(tx, input.transactionId);
  });
}

export function setPurchaseInvoice(ctx: Ctx, input: SetInvoiceRequest) {
  return setInvoice(ctx, 'purchase', input);
}

export function setSalesInvoice(ctx: Ctx, input: SetInvoiceRequest) {
  return setInvoice(ctx, 'sales', input);
}
