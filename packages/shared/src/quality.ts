import { z } from 'zod';
import {
  type LabResult,
  QUALITY_DIRECTIONS,
  QUALITY_RULES,
  QUALITY_SCALE,
  type QualitySettlementRecord,
  type QualityTerm,
} from './rules/quality.js';
import { optionalString, requiredString, V } from './validation.js';

/** RULES.md Transports, Quality: at most this many quality terms per price option and lab results per unloading. */
export const MAX_QUALITY_TERMS = 20;
export const MAX_LAB_RESULTS = 50;
/** A parameter value in hundredths of its unit; 10^7 = 100 000 units covers every unit the cargo params use. */
export const QUALITY_VALUE_MAX = 10_000_000;
/** A percentage premium or discount per step: at most 100 % of the price, in hundredths of a percent. */
export const PERCENT_OF_PRICE_MAX = 100 * QUALITY_SCALE;

const qualityValue = z
  .number({ error: V.wrongType })
  .int(V.integer)
  .min(0, V.nonNegative)
  .max(QUALITY_VALUE_MAX, V.tooBig);
const nullableQualityValue = qualityValue.nullish().transform((value) => value ?? null);
const nullableAmount = z
  .number({ error: V.wrongType })
  .int(V.integer)
  .min(0, V.nonNegative)
  .max(10_000_000, V.tooBig)
  .nullish()
  .transform((value) => value ?? null);

/** Adds nameExists on every repeated parameter name (case-insensitive), as the cargo params list does. */
function refineUniqueParameters(items: readonly { parameter: string }[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const key = item.parameter.toLowerCase();
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'parameter'], message: V.nameExists });
    seen.add(key);
  });
}

/** One quality term of a price option (rules/quality.ts): values in hundredths of the parameter's unit. */
export const QualityTermSchema = z
  .strictObject({
    parameter: requiredString(),
    unit: optionalString(),
    rule: z.enum(QUALITY_RULES, { error: V.oneOf }),
    direction: z.enum(QUALITY_DIRECTIONS, { error: V.oneOf }),
    basis: qualityValue,
    rejectionLimit: nullableQualityValue,
    /** Hundredths of a percent of weight, at most 100 %. */
    handlingPercent: qualityValue
      .max(100 * QUALITY_SCALE, V.tooBig)
      .nullish()
      .transform((value) => value ?? null),
    step: nullableQualityValue,
    discountPerStep: nullableAmount,
    premiumPerStep: nullableAmount,
    isStepped: z.boolean({ error: V.wrongType }).default(false),
    /** PRICE: discountPerStep and premiumPerStep are hundredths of a percent of the base price (1,5 % = 150). */
    isPercentOfPrice: z.boolean({ error: V.wrongType }).default(false),
    /** MOISTURE_SHRINK: minor units per tonne per point (1 %) of moisture above basis. */
    dryingFeePerPoint: nullableAmount,
  })
  .superRefine((term, ctx) => {
    // The shrink formula divides by 100 − basis and only a higher moisture is worse.
    if (term.rule === 'MOISTURE_SHRINK') {
      if (term.direction !== 'MAX') ctx.addIssue({ code: 'custom', path: ['direction'], message: V.oneOf });
      if (term.basis >= 100 * QUALITY_SCALE) ctx.addIssue({ code: 'custom', path: ['basis'], message: V.tooBig });
    }
    if (term.rule === 'WEIGHT_1_TO_1' && term.direction !== 'MAX') {
      ctx.addIssue({ code: 'custom', path: ['direction'], message: V.oneOf });
    }
    if (term.rule === 'PRICE' && !term.step) ctx.addIssue({ code: 'custom', path: ['step'], message: V.required });
    // A percentage of the price per step is at most the whole price.
    if (term.isPercentOfPrice) {
      for (const field of ['discountPerStep', 'premiumPerStep'] as const) {
        const value = term[field];
        if (value !== null && value > PERCENT_OF_PRICE_MAX) {
          ctx.addIssue({ code: 'custom', path: [field], message: V.tooBig });
        }
      }
    }
    if (term.rejectionLimit !== null) {
      const isOnWorseSide =
        term.direction === 'MAX' ? term.rejectionLimit >= term.basis : term.rejectionLimit <= term.basis;
      if (!isOnWorseSide) ctx.addIssue({ code: 'custom', path: ['rejectionLimit'], message: V.rangeOrder });
    }
  }) satisfies z.ZodType<QualityTerm, unknown>;

/** A price option's terms: left out, the server takes the defaults of the option's quality (or keeps the stored). */
export const QualityTermsSchema = z
  .array(QualityTermSchema, { error: V.wrongType })
  .max(MAX_QUALITY_TERMS, V.tooBig)
  .superRefine(refineUniqueParameters);

export const LabResultSchema = z.strictObject({
  parameter: requiredString(),
  /** Hundredths of the parameter's unit; the physical range of the unit is checked by the server. */
  value: z.number({ error: (issue) => (issue.input == null ? V.required : V.wrongType) }).int(V.integer),
}) satisfies z.ZodType<LabResult, unknown>;

export const LabResultsSchema = z
  .array(LabResultSchema, { error: V.wrongType })
  .max(MAX_LAB_RESULTS, V.tooBig)
  .superRefine(refineUniqueParameters);

const QualityTermResponseSchema = z.object({
  parameter: z.string(),
  unit: z.string().nullable(),
  rule: z.enum(QUALITY_RULES),
  direction: z.enum(QUALITY_DIRECTIONS),
  basis: z.number(),
  rejectionLimit: z.number().nullable(),
  handlingPercent: z.number().nullable(),
  step: z.number().nullable(),
  discountPerStep: z.number().nullable(),
  premiumPerStep: z.number().nullable(),
  isStepped: z.boolean(),
  isPercentOfPrice: z.boolean(),
  dryingFeePerPoint: z.number().nullable(),
});
export const QualityTermsResponseSchema = z.array(QualityTermResponseSchema);

const QualityLineResponseSchema = z.object({
  parameter: z.string(),
  unit: z.string().nullable(),
  rule: z.enum(QUALITY_RULES),
  direction: z.enum(QUALITY_DIRECTIONS),
  basis: z.number(),
  labValue: z.number(),
  weightKg: z.number(),
  pricePerTonne: z.number(),
  amount: z.number(),
  isBeyondLimit: z.boolean(),
});

/** What a delivery stored on a PURCHASE or SALES row: the terms used, the lab results and the lines. */
export const QualitySettlementResponseSchema = z.object({
  grossKg: z.number(),
  paidKg: z.number(),
  basePrice: z.number(),
  price: z.number(),
  value: z.number(),
  lines: z.array(QualityLineResponseSchema),
  isToDecide: z.boolean(),
  terms: QualityTermsResponseSchema,
  labResults: z.array(z.object({ parameter: z.string(), value: z.number() })),
});
export type StoredQualitySettlement = QualitySettlementRecord;

export const QualitySummaryResponseSchema = z.object({
  deliveries: z.number(),
  grossKg: z.number(),
  paidKg: z.number(),
  deductedKg: z.number(),
  discounts: z.number(),
  premiums: z.number(),
  parameters: z.array(
    z.object({
      parameter: z.string(),
      unit: z.string().nullable(),
      basis: z.number(),
      average: z.number(),
      deliveries: z.number(),
    }),
  ),
});
