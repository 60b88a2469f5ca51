import {
  type AgreementStatus,
  type ContractStatus,
  type ContractStatusResponse,
  isAllowedStatusChange,
  isStatusBlockedByActiveTransport,
} from '@grain/shared';
import type { Db } from '../../../db/client.js';
import { withWriteTransaction } from '../../../db/locks.js';
import { audit } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import { hasUnsettledTransactions } from '../../settlements/service/index.js';
import { type ContractKind, PURCHASE, SALES } from '../kinds.js';
import * as q from '../queries/writes.js';
import { notifyStatusChanged } from './notify.js';

/**
 * RULES.md Contracts: the transition table (else WRONG_STATUS); CANCELLED and CLOSED refused while a transport
 * of the contract is NEW or ON_THE_WAY; the change is mailed to the notification list. The row is locked.
 */
export async function assertStatusChange(tx: Db, kind: ContractKind, contract: q.LockedContract, to: ContractStatus) {
  if (!isAllowedStatusChange(contract.status, to)) throw new AppError('WRONG_STATUS');
  if (isStatusBlockedByActiveTransport(to) && (await q.hasActiveTransport(tx, kind.type, contract.id))) {
    throw new AppError(kind.inTransport);
  }
  // A contract goes to CLOSED only when all its transactions are settled.
  if (to === 'CLOSED' && (await hasUnsettledTransactions(tx, contract.id))) throw new AppError('WRONG_STATUS');
}

async function changeStatus(ctx: Ctx, kind: ContractKind, id: number, to: ContractStatus) {
  return withWriteTransaction(ctx.db, async (tx) => {
    const contract = await q.lockContractOfKind(tx, kind.type, id);
    if (!contract) throw new AppError('CONTRACT_NOT_FOUND');
    await assertStatusChange(tx, kind, contract, to);
    await q.updateContract(tx, id, { status: to });
    await audit(tx, ctx.user.id, kind.auditEntity, id, 'status', { status: { from: contract.status, to } });
    await notifyStatusChanged(tx, kind, ctx.user, contract, contract.status, to);
    return statusAnswer(tx, kind, id);
  });
}

/** RULES.md Contracts: agreement status any to any; the same value is a no-op that succeeds. */
async function changeAgreementStatus(ctx: Ctx, kind: ContractKind, id: number, to: AgreementStatus) {
  return withWriteTransaction(ctx.db, async (tx) => {
    const contract = await q.lockContractOfKind(tx, kind.type, id);
    if (!contract) throw new AppError('CONTRACT_NOT_FOUND');
    if (contract.agreementStatus !== to) {
      await q.updateContract(tx, id, { agreementStatus: to });
      await audit(tx, ctx.user.id, kind.auditEntity, id, 'agreement_status', {
        agreementStatus: { from: contract.agreementStatus, to },
      });
    }
    return statusAnswer(tx, kind, id);
  });
}

async function statusAnswer(tx: Db, kind: ContractKind, id: number): Promise<ContractStatusResponse> {
  const contract = (await q.lockContractOfKind(tx, kind.type, id))!;
  return {
    id: contract.id,
    status: contract.status,
    agreementStatus: contract.agreementStatus,
    updatedAt: contract.updatedAt,
  };
}

export const changePurchaseStatus = (ctx: Ctx, input: { purchaseId: number; status: ContractStatus }) =>
  changeStatus(ctx, PURCHASE, input.purchaseId, input.status);
export const changeSalesStatus = (ctx: Ctx, input: { salesId: number; status: ContractStatus }) =>
  changeStatus(ctx, SALES, input.salesId, input.status);
export const changePurchaseAgreementStatus = (
  ctx: Ctx,
  input: { purchaseId: number; agreementStatus: AgreementStatus },
) => changeAgreementStatus(ctx, PURCHASE, input.purchaseId, input.agreementStatus);
export const changeSalesAgreementStatus = (ctx: Ctx, input: { salesId: number; agreementStatus: AgreementStatus }) =>
  changeAgreementStatus(ctx, SALES, input.salesId, input.agreementStatus);
