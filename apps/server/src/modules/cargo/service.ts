import {
  type CreateVariantRequest,
  defaultQualityTerms,
  isParamValueOfType,
  type PlainListRequest,
  type Quality,
  type QualityParamsResponse,
  type QualityParamsUpdateRequest,
  type QualityTerm,
  V,
} from '@grain/shared';
import type { Db } from '../../db/client.js';
import { withWriteTransaction } from '../../db/locks.js';
import { audit } from '../../lib/audit.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, isUniqueViolation } from '../../lib/errors.js';
import * as q from './queries.js';

const toOption = (quality: q.QualityRow) => ({ value: quality.id, label: quality.title });

async function assertRawMaterialExists(db: Db, id: number) {
  if (!(await q.getRawMaterial(db, id))) throw new AppError('RAW_MATERIAL_NOT_FOUND');
}

export async function listRawMaterials(ctx: Ctx) {
  return { list: await q.listRawMaterials(ctx.db) };
}

export async function listRawMaterialsWithQualities(ctx: Ctx) {
  const [materials, qualities] = await Promise.all([q.listRawMaterials(ctx.db), q.listAllQualities(ctx.db)]);
  return {
    list: materials.map((material) => ({
      ...material,
      qualities: qualities.filter((quality) => quality.rawMaterialId === material.id),
    })),
  };
}

export async function allQualityOptions(ctx: Ctx, rawMaterialId: number) {
  await assertRawMaterialExists(ctx.db, rawMaterialId);
  return { list: (await q.qualitiesOf(ctx.db, rawMaterialId)).map(toOption) };
}

export async function qualityOptionList(ctx: Ctx, rawMaterialId: number, request: PlainListRequest) {
  await assertRawMaterialExists(ctx.db, rawMaterialId);
  const page = await q.qualityOptionPage(ctx.db, rawMaterialId, request.search, request.limit, request.offset);
  return { list: page.rows.map(toOption), filtered: page.filtered, total: page.total };
}

/** A variant is a new quality of a raw material; its title is unique within the raw material. */
export async function createVariant(ctx: Ctx, input: CreateVariantRequest): Promise<Quality> {
  try {
    return await withWriteTransaction(ctx.db, async (tx) => {
      await assertRawMaterialExists(tx, input.rawMaterialId);
      const id = await q.insertQuality(tx, input.rawMaterialId, input.name);
      await audit(tx, ctx.user.id, 'raw_material_quality', id, 'create', {
        rawMaterialId: input.rawMaterialId,
        title: input.name,
      });
      return (await q.getQuality(tx, id))!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'raw_material_qualities_title_key')) throw new AppError('NAME_IS_DUPLICATED');
    throw error;
  }
}

async function loadQualityParams(db: Db, quality: q.QualityRow): Promise<QualityParamsResponse> {
  return { ...quality, params: await q.paramsOf(db, quality.id) };
}

export async function getQualityParams(ctx: Ctx, qualityId: number): Promise<QualityParamsResponse> {
  const quality = await q.getQuality(ctx.db, qualityId);
  if (!quality) throw new AppError('RAW_MATERIAL_QUALITY_RELATION_NOT_FOUND');
  return loadQualityParams(ctx.db, quality);
}

/** Replaces the parameter list; each value must be of its parameter's type (RAW_MATERIAL_WRONG_DATA_TYPE). */
export async function updateQualityParams(
  ctx: Ctx,
  qualityId: number,
  input: QualityParamsUpdateRequest,
): Promise<QualityParamsResponse> {
  const wrongTypes = input.params.flatMap((param, index) =>
    isParamValueOfType(param.type, param.value) ? [] : [{ field: `params.${index}.value`, code: V.wrongType }],
  );
  if (wrongTypes.length)
    throw new AppError('RAW_MATERIAL_WRONG_DATA_TYPE', 'Value does not match its type', wrongTypes);
  return withWriteTransaction(ctx.db, async (tx) => {
    const quality = await q.lockQuality(tx, qualityId);
    if (!quality) throw new AppError('RAW_MATERIAL_QUALITY_RELATION_NOT_FOUND');
    const before = await q.paramsOf(tx, qualityId);
    await q.replaceParams(tx, qualityId, input.params);
    await audit(tx, ctx.user.id, 'raw_material_quality', qualityId, 'update_params', {
      params: { from: before.map(({ id: _id, ...param }) => param), to: input.params },
    });
    return loadQualityParams(tx, quality);
  });
}

/** The quality terms a price option of this quality starts with, from the quality's parameters. */
export async function defaultQualityTermsOf(db: Db, qualityId: number): Promise<QualityTerm[]> {
  return defaultQualityTerms(await q.paramsOf(db, qualityId));
}

/**
 * The numeric parameters a lab result of this raw material may name, by lower-case name, with their unit
 * (the first quality that has the name gives the unit).
 */
export async function labParametersOf(db: Db, rawMaterialId: number): Promise<Map<string, { unit: string | null }>> {
  const parameters = new Map<string, { unit: string | null }>();
  for (const param of await q.paramsOfRawMaterial(db, rawMaterialId)) {
    const key = param.name.trim().toLowerCase();
    if (param.type === 'number' && !parameters.has(key)) parameters.set(key, { unit: param.unit });
  }
  return parameters;
}
