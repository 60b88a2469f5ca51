import { canDeleteContract } from '@grain/shared';
import { withWriteTransaction } from '../../../db/locks.js';
import { audit } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError, isForeignKeyViolation } from '../../../lib/errors.js';
import { type ContractKind, PURCHASE, SALES } from '../kinds.js';
import * as q from '../queries/writes.js';

/** RULES.md Contracts: delete only while canDelete (no allocation, no transport); otherwise CONFLICT. */
async function deleteContract(ctx: Ctx, kind: ContractKind, id: number): Promise<{ success: true }> {
  try {
    return await withWriteTransaction(ctx.db, async (tx) => {
      const before = await q.lockContractOfKind(tx, kind.type, id);
      if (!before) throw new AppError('CONTRACT_NOT_FOUND');
      if (!canDeleteContract(await q.usageOf(tx, kind.type, id))) throw new AppError('CONFLICT');
      await q.deleteContract(tx, id);
      await audit(tx, ctx.user.id, kind.auditEntity, id, 'delete', {
        documentNumber: before.documentNumber,
        counterpartyId: before.counterpartyId,
      });
      return { success: true as const };
    });
  } catch (error) {
    // A settlement row still naming the contract is the database's last word on "in use".
    if (isForeignKeyViolation(error)) throw new AppError('CONFLICT');
    throw error;
  }
}

export const deletePurchase = (ctx: Ctx, id: number) => deleteContract(ctx, PURCHASE, id);
export const deleteSales = (ctx: Ctx, id: number) => deleteContract(ctx, SALES, id);
