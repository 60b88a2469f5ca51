import {
  isBeyondRejectionLimit,
  type QualityTerm,
  type TransportDecision,
  type TransportDecisionRequest,
  TransportDecisionRequestSchema,
  toMinorUnits,
} from '@grain/shared';
import { z } from 'zod';

/** The decision dialog's values: the discount typed in zł per tonne, the rest as the request has it. */
export interface DecideFormValues extends Record<string, unknown> {
  decision: TransportDecision;
  reason: string;
  discountPerTon: number | null;
}

export const decideDefaults: DecideFormValues = { decision: 'ACCEPT', reason: '', discountPerTon: null };

export function toDecisionRequest(values: DecideFormValues): TransportDecisionRequest {
  return {
    decision: values.decision,
    reason: values.reason.trim() || null,
    discountPerTon: values.decision === 'ACCEPT' && values.discountPerTon ? toMinorUnits(values.discountPerTon) : 0,
  };
}

/** The server's own schema over the converted values: the dialog refuses exactly where the server would. */
export const decideFormSchema = z.custom<DecideFormValues>().superRefine((values, ctx) => {
  const result = TransportDecisionRequestSchema.safeParse(toDecisionRequest(values));
  for (const issue of result.error?.issues ?? []) {
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
});

export interface LabResultBeyond {
  side: 'purchase' | 'sales';
  parameter: string;
  value: number;
  unit: string | null;
  rejectionLimit: number;
}

/**
 * The terms the unloading was settled by: the additional option of the quality delivered, else the main option's
 * (RULES.md Transports, Quality; the server picks them with deliveredPriceOption).
 */
export function termsOfDeliveredQuality(
  terms: {
    main: readonly QualityTerm[];
    additional: readonly { rawMaterialQualityId: number; qualityTerms: readonly QualityTerm[] }[];
  },
  realQualityId: number | null,
): readonly QualityTerm[] {
  return terms.additional.find((option) => option.rawMaterialQualityId === realQualityId)?.qualityTerms ?? terms.main;
}

/** The lab results past a rejection limit of each side's terms (the reason the unloading waits), side by side. */
export function labResultsBeyondLimit(
  labResults: readonly { parameter: string; value: number }[] | null,
  terms: { purchase: readonly QualityTerm[]; sales: readonly QualityTerm[] },
): LabResultBeyond[] {
  return (['purchase', 'sales'] as const).flatMap((side) =>
    (labResults ?? []).flatMap((result) => {
      const term = terms[side].find(
        (candidate) =>
          candidate.parameter.toLowerCase() === result.parameter.toLowerCase() &&
          isBeyondRejectionLimit(candidate, result.value),
      );
      return term?.rejectionLimit != null
        ? [{ side, ...result, unit: term.unit, rejectionLimit: term.rejectionLimit }]
        : [];
    }),
  );
}
