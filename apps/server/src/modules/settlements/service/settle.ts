import {
  finalValueOf,
  SETTLE_KIND,
  type SettleAction,
  type SettleRequest,
  settlementExchangeRate,
  type TransactionKind,
  type TransactionRow,
  toPln,
  V,
} from '@grain/shared';
import type { Db } from '../../../db/client.js';
import { withWriteTransaction } from '../../../db/locks.js';
import { audit, diff } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import * as q from '../queries/transactions.js';
import { lockTransactionOfKind, transactionRow } from './rows.js';

/** A final quality must exist and be of the row's raw material (that of its real, else planned, quality). */
async function checkFinalQuality(tx: Db, row: q.TransactionDbRow, finalQualityId: number) {
  const referenceId = row.realQualityId ?? row.plannedQualityId;
  const ids = referenceId ? [finalQualityId, referenceId] : [finalQualityId];
  const rawMaterialOf = await q.rawMaterialsOfQualities(tx, ids);
  const finalRawMaterial = rawMaterialOf.get(finalQualityId);
  const isOfRowRawMaterial = !referenceId || finalRawMaterial === rawMaterialOf.get(referenceId);
  if (finalRawMaterial === undefined || !isOfRowRawMaterial) {
    throw new AppError('RAW_MATERIAL_QUALITY_RELATION_NOT_FOUND');
  }
}

/**
 * Settles one row inside the caller's transaction (the single calls and the bulk call share it). RULES.md
 * Settlements: only a TO_SETTLEMENT row (settling twice is WRONG_STATUS) with invoice number and date
 * (INVOICE_DATA_INCOMPLETE); final figures default to the real ones (else planned); EUR/USD need a rate
 * (VALUE_IS_MISSING); the PLN value is the final value through it.
 */
export async function settleInTx(
  tx: Db,
  ctx: Ctx,
  kinds: readonly TransactionKind[],
  input: SettleRequest,
): Promise<void> {
  const row = await lockTransactionOfKind(tx, input.transactionId, kinds);
  if (row.status !== 'TO_SETTLEMENT') throw new AppError('WRONG_STATUS');
  if (!row.invoiceNumber || !row.invoiceDate) throw new AppError('INVOICE_DATA_INCOMPLETE');
  const exchange = settlementExchangeRate(row.currency, input.exchangeRate, row.exchangeRate);
  if ('refusal' in exchange) {
    throw new AppError(exchange.refusal, 'Exchange rate', [
      { field: 'exchange_rate', code: exchange.refusal === 'VALUE_IS_MISSING' ? V.required : V.oneOf },
    ]);
  }
  const finalQualityId = input.finalQualityId ?? row.realQualityId ?? row.plannedQualityId;
  if (input.finalQualityId) await checkFinalQuality(tx, row, input.finalQualityId);
  const finalQuantityKg = input.finalQuantity ?? row.realQuantityKg ?? row.plannedQuantityKg;
  const finalPrice = input.finalPrice ?? row.realPrice ?? row.plannedPrice;
  const deductions = input.deductions ?? row.deductions;
  const surcharges = input.surcharges ?? row.surcharges;
  const finalValue = finalValueOf({ quantityKg: finalQuantityKg, price: finalPrice, deductions, surcharges });
  if (finalValue < 0) {
    throw new AppError('VALUE_IS_WRONG', 'Deductions exceed the value', [{ field: 'deductions', code: V.tooBig }]);
  }
  const values = {
    finalQualityId,
    finalQuantityKg,
    finalPrice,
    finalValue,
    deductions,
    surcharges,
    exchangeRate: exchange.rate,
    plnValue: toPln(finalValue, exchange.rate),
  };
  await q.settleTransaction(tx, row.id, values);
  // The history (the transport's, RULES.md "Everything that changes data") shows each figure from -> to.
  await audit(tx, ctx.user.id, 'transaction', row.id, 'settle', {
    status: { from: row.status, to: 'SETTLED' },
    ...diff(row, values),
  });
}

/** The single settle calls: one row of the path's kind, in its own transaction. */
function settle(ctx: Ctx, action: SettleAction, input: SettleRequest): Promise<TransactionRow> {
  return withWriteTransaction(ctx.db, async (tx) => {
    await settleInTx(tx, ctx, [SETTLE_KIND[action]], input);
    return transactionRow(tx, input.transactionId);
  });
}

export function settlePurchase(ctx: Ctx, input: SettleRequest) {
  return settle(ctx, 'purchase', input);
}

export function settleSales(ctx: Ctx, input: SettleRequest) {
  return settle(ctx, 'sales', input);
}

export function settleTransport(ctx: Ctx, input: SettleRequest) {
  return settle(ctx, 'transport', input);
}
