import {
  currentNetValue,
  currentPlnValue,
  knownExchangeRate,
  lineVat,
  type TransactionKind,
  type TransactionRow,
  V,
} from '@grain/shared';
import type { Db } from '../../../db/client.js';
import { RetryWrite, shareLockContractors } from '../../../db/locks.js';
import { AppError } from '../../../lib/errors.js';
import { type StatementDbRow, statementRowsByIds } from '../queries/statement.js';
import * as q from '../queries/transactions.js';

/** The one mapper of a statement row (spec/1 Transaction statement). */
export function toTransactionRow(row: StatementDbRow): TransactionRow {
  const exchangeRate = knownExchangeRate(row.currency, row.exchangeRate);
  const netValue = currentNetValue(row);
  const vat = lineVat(netValue, row.vatRatePercent);
  return {
    id: row.id,
    type: row.kind,
    status: row.status,
    contractId: row.contractId,
    purchaseId: row.purchaseId,
    salesId: row.salesId,
    purchaseAgreementDocumentNumber: row.purchaseDocumentNumber,
    salesAgreementDocumentNumber: row.salesDocumentNumber,
    contractorId: row.contractorId,
    contractorCode: row.contractorCode,
    contractorName: row.contractorName,
    transportId: row.transportId,
    unloadingId: row.unloadingId,
    registrationNumber: row.registrationNumber,
    trailerNumber: row.trailerNumber,
    currency: row.currency,
    finalQualityId: row.finalQualityId,
    finalQualityTitle: row.finalQualityTitle,
    realQualityId: row.realQualityId,
    realQualityTitle: row.realQualityTitle,
    plannedQualityId: row.plannedQualityId,
    plannedQualityTitle: row.plannedQualityTitle,
    finalQuantity: row.finalQuantityKg,
    realQuantity: row.realQuantityKg,
    plannedQuantity: row.plannedQuantityKg,
    finalPrice: row.finalPrice,
    realPrice: row.realPrice,
    plannedPrice: row.plannedPrice,
    finalValue: row.finalValue,
    realValue: row.realValue,
    plannedValue: row.plannedValue,
    exchangeRate,
    // A settled row answers the PLN value it was settled with; an open one the current figure through the rate.
    plnValue: row.status === 'SETTLED' ? row.plnValue : currentPlnValue({ ...row, exchangeRate }),
    deductions: row.deductions,
    surcharges: row.surcharges,
    qualitySettlement: row.qualitySettlement,
    details: row.details,
    dateLoading: row.dateLoading,
    dateUnloading: row.dateUnloading,
    paymentDate: row.paymentDate,
    invoiceNumber: row.invoiceNumber,
    invoiceDate: row.invoiceDate,
    invoiceId: row.invoiceId,
    receivedInvoiceId: row.receivedInvoiceId,
    accountingMethod: row.accountingMethod,
    splitFromId: row.splitFromId,
    settledAt: row.settledAt,
    netValue,
    vatRate: vat?.ratePercent ?? null,
    vatValue: vat?.vatMinor ?? null,
    grossValue: vat?.grossMinor ?? null,
  };
}

/** Statement rows of the given ids, in id order, read through the caller's db or tx. */
export async function transactionRows(db: Db, ids: number[]): Promise<TransactionRow[]> {
  return (await statementRowsByIds(db, ids)).map(toTransactionRow);
}

export async function transactionRow(db: Db, id: number): Promise<TransactionRow> {
  const [row] = await transactionRows(db, [id]);
  if (!row) throw new AppError('SETTLEMENT_NOT_FOUND');
  return row;
}

/**
 * Locks the row for a write (FOR UPDATE, until the caller's transaction ends): SETTLEMENT_NOT_FOUND when it does
 * not exist, VALUE_IS_WRONG when the path does not take its kind.
 */
export async function lockTransactionOfKind(
  tx: Db,
  id: number,
  kinds: readonly TransactionKind[],
): Promise<q.TransactionDbRow> {
  const row = await q.lockTransaction(tx, id);
  if (!row) throw new AppError('SETTLEMENT_NOT_FOUND');
  if (!kinds.includes(row.kind)) {
    throw new AppError('VALUE_IS_WRONG', `This call takes ${kinds.join(' or ')} transactions`, [
      { field: 'transaction_id', code: V.oneOf },
    ]);
  }
  return row;
}

/**
 * The row locked for a write that inserts rows referencing its contractor and contract (a split), in the order of
 * db/locks.ts: read without a lock, then its contractor FOR SHARE and its contract FOR KEY SHARE, then the row; a
 * row moved meanwhile to another contract runs the transaction again.
 */
export async function lockTransactionWithParents(
  tx: Db,
  id: number,
  kinds: readonly TransactionKind[],
): Promise<q.TransactionDbRow> {
  const seen = await q.getTransaction(tx, id);
  if (!seen) throw new AppError('SETTLEMENT_NOT_FOUND');
  await shareLockContractors(tx, [seen.contractorId]);
  if (seen.contractId !== null) await q.keyShareLockContract(tx, seen.contractId);
  const row = await lockTransactionOfKind(tx, id, kinds);
  if (row.contractId !== seen.contractId || row.contractorId !== seen.contractorId) throw new RetryWrite();
  return row;
}
