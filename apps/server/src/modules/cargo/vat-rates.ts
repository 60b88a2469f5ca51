import { type CreateVatRateRequest, V, type VatRate } from '@grain/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { withWriteTransaction } from '../../db/locks.js';
import { rawMaterialQualities, rawMaterials, vatRates } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, isUniqueViolation } from '../../lib/errors.js';

/**
 * RULES.md Invoices, VAT and KSeF: VAT rates are dated rows; a change is a new rate from its date, so rows and
 * invoices before that date keep the rate they had. Every rate ever set is listed (services first, then by raw
 * material, quality and date).
 */
const vatRateColumns = {
  id: vatRates.id,
  subject: vatRates.subject,
  rawMaterialId: vatRates.rawMaterialId,
  qualityId: vatRates.qualityId,
  ratePercent: vatRates.ratePercent,
  validFrom: vatRates.validFrom,
  createdAt: vatRates.createdAt,
};

function vatRateRows(db: Db) {
  return db
    .select(vatRateColumns)
    .from(vatRates)
    .orderBy(asc(vatRates.subject), asc(vatRates.rawMaterialId), asc(vatRates.qualityId), asc(vatRates.validFrom));
}

export async function listVatRates(ctx: Ctx): Promise<{ list: VatRate[] }> {
  const rows = await vatRateRows(ctx.db);
  return { list: rows.sort((a, b) => (a.subject === b.subject ? 0 : a.subject === 'SERVICE' ? -1 : 1)) };
}

/** Only an ADMIN sets rates (route config); a quality must belong to the raw material named. */
export async function createVatRate(ctx: Ctx, input: CreateVatRateRequest): Promise<VatRate> {
  try {
    return await withWriteTransaction(ctx.db, async (tx) => {
      if (input.rawMaterialId !== null) {
        const [material] = await tx
          .select({ id: rawMaterials.id })
          .from(rawMaterials)
          .where(eq(rawMaterials.id, input.rawMaterialId));
        if (!material) throw new AppError('RAW_MATERIAL_NOT_FOUND');
      }
      if (input.qualityId !== null) {
        const [quality] = await tx
          .select({ rawMaterialId: rawMaterialQualities.rawMaterialId })
          .from(rawMaterialQualities)
          .where(eq(rawMaterialQualities.id, input.qualityId));
        if (quality?.rawMaterialId !== input.rawMaterialId) {
          throw new AppError('RAW_MATERIAL_QUALITY_RELATION_NOT_FOUND');
        }
      }
      const [row] = await tx
        .insert(vatRates)
        .values({ ...input, createdBy: ctx.user.id })
        .returning(vatRateColumns);
      await audit(tx, ctx.user.id, 'vat_rate', row!.id, 'create', input);
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'vat_rates_key')) {
      throw new AppError('VALUE_IS_DUPLICATED', undefined, [{ field: 'valid_from', code: V.duplicateItem }]);
    }
    throw error;
  }
}
