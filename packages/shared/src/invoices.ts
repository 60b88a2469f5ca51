import { z } from 'zod';
import { VAT_RATE_PERCENTS, VAT_RATE_SUBJECTS } from './rules/vat.js';
import { isoDateField, positiveId, V } from './validation.js';

// --- VAT rates (RULES.md Invoices, VAT and KSeF): /cargo/vat-rate-list, /cargo/vat-rate/create ---

export const VatRateSchema = z.object({
  id: z.number(),
  subject: z.enum(VAT_RATE_SUBJECTS),
  rawMaterialId: z.number().nullable(),
  qualityId: z.number().nullable(),
  ratePercent: z.number(),
  validFrom: z.string(),
  createdAt: z.string(),
});
export type VatRate = z.infer<typeof VatRateSchema>;
export const VatRateListResponseSchema = z.object({ list: z.array(VatRateSchema) });

/** A new rate from a date; a GOODS rate names its raw material and optionally one of its qualities. */
export const CreateVatRateRequestSchema = z
  .strictObject({
    subject: z.enum(VAT_RATE_SUBJECTS, { error: V.oneOf }),
    rawMaterialId: positiveId.nullish().transform((value) => value ?? null),
    qualityId: positiveId.nullish().transform((value) => value ?? null),
    ratePercent: z
      .number({ error: V.wrongType })
      .refine((value) => (VAT_RATE_PERCENTS as readonly number[]).includes(value), {
        message: V.oneOf,
      }),
    validFrom: isoDateField,
  })
  .superRefine((value, context) => {
    if (value.subject === 'GOODS' && value.rawMaterialId === null) {
      context.addIssue({ code: 'custom', path: ['rawMaterialId'], message: V.required });
    }
    if (value.subject === 'SERVICE' && (value.rawMaterialId !== null || value.qualityId !== null)) {
      context.addIssue({ code: 'custom', path: ['rawMaterialId'], message: V.oneOf });
    }
  });
export type CreateVatRateRequest = z.infer<typeof CreateVatRateRequestSchema>;
