import {
  type BulkInvoiceRequest,
  type BulkSettlementResponse,
  type BulkSettleRequest,
  TRANSACTION_KINDS,
} from '@grain/shared';
import type { Db } from '../../../db/client.js';
import { withWriteTransaction } from '../../../db/locks.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import { setInvoiceInTx } from './invoice.js';
import { transactionRows } from './rows.js';
import { settleInTx } from './settle.js';

/** A row's refusal names the row: its message and field errors point at `items.<index>`. */
function refusalOfRow(error: unknown, index: number, transactionId: number): unknown {
  if (!(error instanceof AppError)) return error;
  const rowErrors = error.errors?.length ? error.errors : [{ field: 'transaction_id', code: error.code }];
  return new AppError(
    error.code,
    `Transaction ${transactionId} (items.${index}): ${error.message}`,
    rowErrors.map((fieldError) => ({ field: `items.${index}.${fieldError.field}`, code: fieldError.code })),
  );
}

/**
 * One transaction for all items, all or nothing. Rows are locked in id order so two bulk calls over
 * the same rows cannot deadlock; each row goes through the single call's own step, so its rules are the same.
 */
function eachRowInOneTransaction<T extends { transactionId: number }>(
  ctx: Ctx,
  items: T[],
  step: (tx: Db, item: T) => Promise<void>,
): Promise<BulkSettlementResponse> {
  return withWriteTransaction(ctx.db, async (tx) => {
    const inLockOrder = items
      .map((item, index) => ({ item, index }))
      .sort((a, b) => a.item.transactionId - b.item.transactionId);
    for (const { item, index } of inLockOrder) {
      try {
        await step(tx, item);
      } catch (error) {
        throw refusalOfRow(error, index, item.transactionId);
      }
    }
    const rows = await transactionRows(
      tx,
      items.map((item) => item.transactionId),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return { list: items.map((item) => byId.get(item.transactionId)!) };
  });
}

/** /contract/settlement-bulk-invoice: RULES.md Set invoice for each row (any kind). */
export function bulkSetInvoice(ctx: Ctx, input: BulkInvoiceRequest) {
  return eachRowInOneTransaction(ctx, input.items, (tx, item) => setInvoiceInTx(tx, ctx, TRANSACTION_KINDS, item));
}

/** /contract/settlement-bulk-settle: RULES.md Settle for each row (any kind). */
export function bulkSettle(ctx: Ctx, input: BulkSettleRequest) {
  return eachRowInOneTransaction(ctx, input.items, (tx, item) => settleInTx(tx, ctx, TRANSACTION_KINDS, item));
}
