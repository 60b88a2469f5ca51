import { V } from '@grain/shared';
import type { Db } from '../../../db/client.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError, validationError } from '../../../lib/errors.js';
import { createContractor } from '../../contractors/service.js';
import type { ContractKind } from '../kinds.js';
import * as details from '../queries/details.js';
import * as q from '../queries/writes.js';
import type { ContractInput } from './input.js';

/**
 * The counterparty of a create or update: a contractor entered inline is created first (through the contractors
 * service, in a savepoint of the caller's transaction); otherwise the chosen one must exist.
 */
export async function resolveCounterparty(
  ctx: Ctx,
  tx: Db,
  kind: ContractKind,
  input: ContractInput,
): Promise<{ id: number; code: string }> {
  if (input.newCounterparty) {
    const { result } = await createContractor({ ...ctx, db: tx }, input.newCounterparty);
    return { id: result.id, code: result.code };
  }
  const code = input.counterpartyId ? await q.contractorCodeOf(tx, input.counterpartyId) : null;
  if (!input.counterpartyId || code === null) throw new AppError(kind.counterpartyNotFound);
  return { id: input.counterpartyId, code };
}

/** The owner, raw material, qualities of every price option and the address country must exist and fit. */
export async function assertReferences(tx: Db, input: ContractInput) {
  if (!(await q.userExists(tx, input.userId))) throw new AppError('USER_NOT_FOUND');
  if (!(await q.rawMaterialExists(tx, input.rawMaterialId))) throw new AppError('RAW_MATERIAL_NOT_FOUND');
  const qualityIds = [input.mainCargoOption, ...input.additionalCargoOption].map(
    (option) => option.rawMaterialQualityId,
  );
  const known = await details.qualityIdsOfRawMaterial(tx, input.rawMaterialId, [...new Set(qualityIds)]);
  if (qualityIds.some((id) => !known.has(id))) throw new AppError('RAW_MATERIAL_QUALITY_RELATION_NOT_FOUND');
  if (!(await q.countryExists(tx, input.address.countryCode))) {
    throw validationError({ field: 'address.country_code', code: V.chooseItem });
  }
}
