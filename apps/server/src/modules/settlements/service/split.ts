import { type SplitRequest, type SplitResponse, splitFigures, TRANSACTION_KINDS, V } from '@grain/shared';
import { withWriteTransaction } from '../../../db/locks.js';
import { audit, diff } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import * as q from '../queries/transactions.js';
import { lockTransactionWithParents, transactionRows } from './rows.js';

/**
 * /contract/settlement-split. RULES.md Settlements, Split: one TO_SETTLEMENT row (WRONG_STATUS otherwise) into two
 * whose quantities and amounts add up to it exactly; 0 < quantity < the row's real (else planned) quantity, else
 * VALUE_IS_WRONG. The new row copies everything else (contract, contractor, prices, invoice data) and names the
 * original in splitFromId. Both writes in one transaction with the original locked, so parallel splits queue.
 */
export function splitTransaction(ctx: Ctx, input: SplitRequest): Promise<SplitResponse> {
  return withWriteTransaction(ctx.db, async (tx) => {
    const row = await lockTransactionWithParents(tx, input.transactionId, TRANSACTION_KINDS);
    if (row.status !== 'TO_SETTLEMENT') throw new AppError('WRONG_STATUS');
    const figures = splitFigures(row, input.quantity);
    if (!figures) {
      throw new AppError('VALUE_IS_WRONG', 'The quantity must be above 0 and below the transaction quantity', [
        { field: 'quantity', code: V.tooBig },
      ]);
    }
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...copied } = row;
    await q.updateTransaction(tx, row.id, figures.original);
    const createdId = await q.insertTransaction(tx, { ...copied, ...figures.created, splitFromId: row.id });
    await audit(tx, ctx.user.id, 'transaction', row.id, 'split', {
      splitOffId: createdId,
      quantityKg: input.quantity,
      ...diff(pickFigures(row), { ...figures.original }),
    });
    await audit(tx, ctx.user.id, 'transaction', createdId, 'create', { splitFromId: row.id, ...figures.created });
    const [original, created] = await transactionRows(tx, [row.id, createdId]);
    return { original: original!, created: created! };
  });
}

function pickFigures(row: q.TransactionDbRow) {
  return {
    plannedQuantityKg: row.plannedQuantityKg,
    realQuantityKg: row.realQuantityKg,
    plannedValue: row.plannedValue,
    realValue: row.realValue,
    deductions: row.deductions,
    surcharges: row.surcharges,
    plnValue: row.plnValue,
  };
}
