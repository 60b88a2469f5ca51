import {
  type ContractType,
  lineValue,
  moveRefusal,
  type ReallocatePurchaseSettlementRequest,
  type ReallocateSalesSettlementRequest,
  type TransactionRow,
} from '@grain/shared';
import { documentNumberOf } from '../../../db/copies.js';
import { lockContract, withWriteTransaction } from '../../../db/locks.js';
import { audit } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import * as q from '../queries/transactions.js';
import { lockTransactionOfKind, transactionRow } from './rows.js';

/**
 * RULES.md Settlements, Move: a TO_SETTLEMENT row (WRONG_STATUS otherwise) to another contract of its side, of the
 * same counterparty, raw material and currency (CONTRACT_IS_NOT_COMPATIBLE), not CLOSED or CANCELLED (WRONG_STATUS).
 * Only the settlement moves: the transport and the contracts' delivered figures stay with the pair that carried it.
 * The planned quality, price and value are re-based on the new contract (planned figures come from the contract);
 * the real ones, measured at unloading, stay. Moving to the contract it is on already changes nothing.
 */
async function moveTransaction(
  ctx: Ctx,
  type: ContractType,
  transactionId: number,
  contractId: number,
): Promise<TransactionRow> {
  return withWriteTransaction(ctx.db, async (tx) => {
    // Locked so that the contract cannot be CLOSED while an unsettled row arrives on it; contracts before
    // statement rows (db/locks.ts).
    const target = await lockContract(tx, contractId);
    const row = await lockTransactionOfKind(tx, transactionId, [type]);
    if (row.status !== 'TO_SETTLEMENT') throw new AppError('WRONG_STATUS');
    if (row.contractId === contractId) return transactionRow(tx, row.id);
    if (target?.type !== type) throw new AppError('CONTRACT_NOT_FOUND');
    const current = row.contractId ? await q.getContract(tx, row.contractId) : null;
    const refusal = moveRefusal(row, current?.rawMaterialId ?? null, target);
    if (refusal) throw new AppError(refusal);
    const values = {
      contractId: target.id,
      plannedQualityId: target.rawMaterialQualityId,
      plannedPrice: target.price,
      plannedValue: lineValue(row.plannedQuantityKg, target.price),
    };
    await q.updateTransaction(tx, row.id, { ...values, ...ownSideDocumentNumber(type, target.id) });
    await audit(tx, ctx.user.id, 'transaction', row.id, 'move', {
      contractId: { from: row.contractId, to: values.contractId },
      documentNumber: {
        from: type === 'PURCHASE' ? row.purchaseDocumentNumber : row.salesDocumentNumber,
        to: target.documentNumber,
      },
      plannedQualityId: { from: row.plannedQualityId, to: values.plannedQualityId },
      plannedPrice: { from: row.plannedPrice, to: values.plannedPrice },
      plannedValue: { from: row.plannedValue, to: values.plannedValue },
    });
    return transactionRow(tx, row.id);
  });
}

/** The moved row's copy of its own side's contract number (db/copies.ts). */
function ownSideDocumentNumber(type: ContractType, contractId: number) {
  const documentNumber = documentNumberOf(contractId);
  return type === 'PURCHASE' ? { purchaseDocumentNumber: documentNumber } : { salesDocumentNumber: documentNumber };
}

/** /contract/settlement-reallocate-purchase: a PURCHASE row to another purchase contract. */
export function reallocatePurchaseSettlement(ctx: Ctx, input: ReallocatePurchaseSettlementRequest) {
  return moveTransaction(ctx, 'PURCHASE', input.transactionId, input.purchaseId);
}

/** /contract/settlement-reallocate: a SALES row to another sales contract. */
export function reallocateSalesSettlement(ctx: Ctx, input: ReallocateSalesSettlementRequest) {
  return moveTransaction(ctx, 'SALES', input.transactionId, input.salesId);
}
