import { z } from 'zod';
import { PARAM_TYPES, type ParamType } from './enums.js';
import { listResponseSchema, OptionSchema } from './list.js';
import { MAX_STRING, optionalString, positiveId, requiredString, V } from './validation.js';

export const MAX_QUALITY_PARAMS = 50;

export const RawMaterialSchema = z.object({ id: z.number(), name: z.string(), translatePl: z.string() });
export type RawMaterial = z.infer<typeof RawMaterialSchema>;
export const RawMaterialListResponseSchema = z.object({ list: z.array(RawMaterialSchema) });

export const QualitySchema = z.object({
  id: z.number(),
  rawMaterialId: z.number(),
  title: z.string(),
  isVariant: z.boolean(),
});
export type Quality = z.infer<typeof QualitySchema>;

export const RawMaterialWithQualitiesSchema = RawMaterialSchema.extend({ qualities: z.array(QualitySchema) });
export const RawMaterialWithQualitiesListResponseSchema = z.object({ list: z.array(RawMaterialWithQualitiesSchema) });

export const QualityOptionsResponseSchema = z.object({ list: z.array(OptionSchema) });
export const QualityOptionListResponseSchema = listResponseSchema(OptionSchema);

/** A variant is a quality added by hand to a raw material. */
export const CreateVariantRequestSchema = z.strictObject({ rawMaterialId: positiveId, name: requiredString() });
export type CreateVariantRequest = z.infer<typeof CreateVariantRequestSchema>;

export const ParamValueSchema = z.union([z.boolean(), z.number(), z.string().trim().max(MAX_STRING, V.maxLength)], {
  error: V.wrongType,
});
export type ParamValue = z.infer<typeof ParamValueSchema>;

/** An empty value is allowed for every type; otherwise the value must be of the param's type. */
export function isParamValueOfType(type: ParamType, value: ParamValue | null): boolean {
  if (value === null) return true;
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === type;
}

export const QualityParamSchema = z.strictObject({
  name: requiredString(),
  type: z.enum(PARAM_TYPES, { error: V.oneOf }),
  unit: optionalString(),
  value: ParamValueSchema.nullish().transform((value) => value ?? null),
});
export type QualityParam = z.infer<typeof QualityParamSchema>;

/** spec/1 section 5: a repeated name in a list is flagged on the repeated item (nameExists). */
export const QualityParamsUpdateRequestSchema = z.strictObject({
  params: z
    .array(QualityParamSchema, { error: V.wrongType })
    .max(MAX_QUALITY_PARAMS, V.tooBig)
    .superRefine((params, ctx) => {
      const seen = new Set<string>();
      params.forEach((param, index) => {
        const key = param.name.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: V.nameExists });
        seen.add(key);
      });
    }),
});
export type QualityParamsUpdateRequest = z.infer<typeof QualityParamsUpdateRequestSchema>;

export const QualityParamResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(PARAM_TYPES),
  unit: z.string().nullable(),
  value: z.union([z.boolean(), z.number(), z.string()]).nullable(),
});
export type QualityParamResponse = z.infer<typeof QualityParamResponseSchema>;

export const QualityParamsResponseSchema = QualitySchema.extend({ params: z.array(QualityParamResponseSchema) });
export type QualityParamsResponse = z.infer<typeof QualityParamsResponseSchema>;
