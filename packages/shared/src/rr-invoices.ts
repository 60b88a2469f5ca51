import { z } from 'zod';
import { CORRECTION_LINES_MAX, CORRECTION_REASON_MAX, INVOICE_STATUSES, refineCorrectionRequest } from './invoices.js';
import { listRequestSchema, listResponseSchema } from './list.js';
import { isPolishIban, normalizePolishAccount } from './rules/iban.js';
import { RR_PAYMENT_METHODS, RR_PAYMENT_STATUSES } from './rules/vat-rr.js';
import {
  isoDateField,
  MAX_STRING,
  nonNegativeAmount,
  positiveAmount,
  positiveId,
  requiredString,
  V,
} from './validation.js';

/**
 * VAT RR invoices for flat-rate farmers (RULES.md Invoices, VAT and KSeF, VAT RR): the farmer's fields on the
 * contractor, /rr-invoice/create, /rr-invoice/list and /rr-invoice/payment/{id}.
 */

/** A Polish account, spaces and "PL" allowed, kept as its 26 digits; refused when its IBAN checksum fails. */
export const bankAccountField = z
  .string({ error: V.wrongType })
  .max(MAX_STRING, V.maxLength)
  .nullish()
  .transform((value) => value?.trim() || null)
  .refine((value) => value === null || isPolishIban(value), V.iban)
  .transform((value) => (value === null ? null : normalizePolishAccount(value)));

/** The contractor form's farmer fields; an RR invoice needs the account and the declaration (checked at issue). */
export const contractorRrFields = {
  bankAccount: bankAccountField,
  flatRateDeclarationDate: isoDateField.nullish().transform((value) => value ?? null),
  isKsefRrDesignated: z
    .boolean({ error: V.wrongType })
    .nullish()
    .transform((value) => value ?? false),
};

export const contractorRrResponseFields = {
  bankAccount: z.string().nullable(),
  flatRateDeclarationDate: z.string().nullable(),
  isKsefRrDesignated: z.boolean(),
};

/** Purchase rows of one flat-rate farmer; the issue date is today unless given. */
export const CreateRrInvoiceRequestSchema = z.strictObject({
  transactionIds: z.array(positiveId, { error: V.wrongType }).min(1, V.required).max(200, V.tooBig),
  issueDate: isoDateField.optional(),
});
export type CreateRrInvoiceRequest = z.infer<typeof CreateRrInvoiceRequestSchema>;

/** A payment to the farmer: a transfer by default (account and title required), or cash. */
export const RrPaymentRequestSchema = z
  .strictObject({
    paidAt: isoDateField,
    amount: positiveAmount,
    method: z.enum(RR_PAYMENT_METHODS, { error: V.oneOf }).default('TRANSFER'),
    account: bankAccountField,
    title: z
      .string({ error: V.wrongType })
      .max(MAX_STRING, V.maxLength)
      .nullish()
      .transform((value) => value?.trim() || null),
  })
  .superRefine((value, ctx) => {
    if (value.method !== 'TRANSFER') return;
    if (value.account === null) ctx.addIssue({ code: 'custom', path: ['account'], message: V.required });
    if (value.title === null) ctx.addIssue({ code: 'custom', path: ['title'], message: V.required });
  });
export type RrPaymentRequest = z.infer<typeof RrPaymentRequestSchema>;

export const RrInvoiceLineSchema = z.object({
  position: z.number(),
  transactionId: z.number(),
  purchaseDate: z.string().nullable(),
  name: z.string(),
  quality: z.string(),
  unit: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  value: z.number(),
  refund: z.number(),
  /** A correction's line as it stood before (FA_RR StanPrzed); null on an RR invoice's own lines. */
  quantityBefore: z.number().nullable(),
  unitPriceBefore: z.number().nullable(),
  valueBefore: z.number().nullable(),
  refundBefore: z.number().nullable(),
});

export const RrPaymentSchema = z.object({
  id: z.number(),
  paidAt: z.string(),
  amount: z.number(),
  method: z.enum(RR_PAYMENT_METHODS),
  account: z.string().nullable(),
  title: z.string().nullable(),
});

/**
 * Where its KSeF sending stands: the sales invoice's statuses (RULES.md Invoices, VAT and KSeF), ISSUED being
 * "nie wysłano" (a farmer who has not designated us, or KSeF not configured, until someone sends it).
 */
export const RR_INVOICE_KSEF_STATUSES = INVOICE_STATUSES;

export const RR_INVOICE_KINDS = ['VAT_RR', 'KOR_VAT_RR'] as const;

export const RrInvoiceSchema = z.object({
  id: z.number(),
  number: z.string(),
  /** VAT_RR, or KOR_VAT_RR: "Faktura VAT RR KOREKTA" (totals the difference). */
  kind: z.enum(RR_INVOICE_KINDS),
  correctedRrInvoiceId: z.number().nullable(),
  correctionReason: z.string().nullable(),
  issueDate: z.string(),
  purchaseDateFrom: z.string().nullable(),
  purchaseDateTo: z.string().nullable(),
  farmerId: z.number(),
  farmerName: z.string(),
  farmerNip: z.string().nullable(),
  farmerPesel: z.string().nullable(),
  farmerAccount: z.string(),
  refundRatePercent: z.number(),
  netTotal: z.number(),
  refundTotal: z.number(),
  grossTotal: z.number(),
  totalInWords: z.string(),
  hasXml: z.boolean(),
  ksefStatus: z.enum(RR_INVOICE_KSEF_STATUSES),
  ksefNumber: z.string().nullable(),
  /** KSeF's refusal (code, description, details) or the last failed try, while it is retried. */
  ksefError: z.string().nullable(),
  /** offline24 (KSeF docs `tryby-offline.md`): the day by which an invoice that went out OFFLINE must be in KSeF. */
  offlineDeadline: z.string().nullable(),
  /** RULES.md VAT RR: unpaid, paid in part, paid in cash, paid without the title or account, or deductible. */
  paymentStatus: z.enum(RR_PAYMENT_STATUSES),
  paidAmount: z.number(),
  /** YYYY-MM: "odliczenie w okresie", when DEDUCTIBLE. */
  deductibleMonth: z.string().nullable(),
  lines: z.array(RrInvoiceLineSchema),
  /**
   * The lines as they stand now: the original's, each replaced by its latest correction's (on a correction: its
   * original's). What a next "Koryguj" starts from, as the server corrects the original.
   */
  currentLines: z.array(
    RrInvoiceLineSchema.pick({
      position: true,
      name: true,
      quality: true,
      quantity: true,
      unitPrice: true,
      value: true,
      refund: true,
    }),
  ),
  payments: z.array(RrPaymentSchema),
  createdAt: z.string(),
});
export type RrInvoice = z.infer<typeof RrInvoiceSchema>;

export const RrInvoiceListFilterSchema = z.strictObject({
  paymentStatus: z.array(z.enum(RR_PAYMENT_STATUSES, { error: V.oneOf })).optional(),
  deductibleMonth: z
    .string({ error: V.wrongType })
    .max(7, V.maxLength)
    .regex(/^\d{4}-\d{2}$/, V.date)
    .optional(),
});
export const RrInvoiceListRequestSchema = listRequestSchema(RrInvoiceListFilterSchema);
export type RrInvoiceListRequest = z.infer<typeof RrInvoiceListRequestSchema>;
export const RrInvoiceListResponseSchema = listResponseSchema(RrInvoiceSchema);
export type RrInvoiceListResponse = z.infer<typeof RrInvoiceListResponseSchema>;

/** Per original line position: the corrected kilograms and/or price per tonne without the refund; omitted: as it was. */
export const RrCorrectionLineRequestSchema = z.strictObject({
  position: z.number({ error: V.wrongType }).int(V.integer).min(1, V.positive).max(CORRECTION_LINES_MAX, V.tooBig),
  quantity: nonNegativeAmount.optional(),
  unitPrice: nonNegativeAmount.optional(),
});

/**
 * POST /rr-invoice/correct/{id}: "Faktura VAT RR KOREKTA" (RULES.md Invoices, VAT and KSeF), as a sales correction:
 * why, when (today unless given), and some lines or everything to zero (`cancel_all`), never both, each line once.
 */
export const RrCorrectionRequestSchema = z
  .strictObject({
    reason: requiredString(CORRECTION_REASON_MAX),
    issueDate: isoDateField.optional(),
    lines: z
      .array(RrCorrectionLineRequestSchema, { error: V.wrongType })
      .max(CORRECTION_LINES_MAX, V.tooBig)
      .optional(),
    cancelAll: z.boolean({ error: V.wrongType }).optional(),
  })
  .superRefine(refineCorrectionRequest);
export type RrCorrectionRequest = z.infer<typeof RrCorrectionRequestSchema>;
