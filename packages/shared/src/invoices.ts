import { z } from 'zod';
import { listRequestSchema, listResponseSchema } from './list.js';
import { VAT_RATE_PERCENTS, VAT_RATE_SUBJECTS } from './rules/vat.js';
import { isoDateField, nonNegativeAmount, positiveId, requiredString, V } from './validation.js';

/** RULES.md Invoices, VAT and KSeF: a sales invoice and its correction. */
export const SALES_INVOICE_KINDS = ['VAT', 'KOR'] as const;
export type SalesInvoiceKind = (typeof SALES_INVOICE_KINDS)[number];
/** Issued here; waiting for the KSeF sender; sent to KSeF; accepted (KSeF number known); rejected; offline24. */
export const INVOICE_STATUSES = ['ISSUED', 'QUEUED', 'SENT', 'ACCEPTED', 'REJECTED', 'OFFLINE'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

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

// --- Sales invoices: /invoice/create, /invoice/list, /invoice/details/{id}, /invoice/xml/{id} ---

/** Rows of one buyer and one currency; the issue date is today unless given, the sale date the unloading date. */
export const CreateInvoiceRequestSchema = z.strictObject({
  transactionIds: z.array(positiveId, { error: V.wrongType }).min(1, V.required).max(200, V.tooBig),
  issueDate: isoDateField.optional(),
  saleDate: isoDateField.optional(),
});
export type CreateInvoiceRequest = z.infer<typeof CreateInvoiceRequestSchema>;

export const InvoiceLineSchema = z.object({
  position: z.number(),
  transactionId: z.number(),
  name: z.string(),
  cnCode: z.string().nullable(),
  quantity: z.number(),
  unitNetPrice: z.number(),
  netValue: z.number(),
  vatRate: z.number(),
  /** A correction's line as it stood before (StanPrzed); null on a sales invoice's line. */
  quantityBefore: z.number().nullable(),
  unitNetPriceBefore: z.number().nullable(),
  netValueBefore: z.number().nullable(),
});

export const InvoiceSchema = z.object({
  id: z.number(),
  number: z.string(),
  kind: z.enum(SALES_INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  issueDate: z.string(),
  saleDate: z.string().nullable(),
  saleDateFrom: z.string().nullable(),
  saleDateTo: z.string().nullable(),
  dueDate: z.string(),
  buyerId: z.number(),
  buyerName: z.string(),
  buyerNip: z.string(),
  currency: z.string(),
  exchangeRate: z.number().nullable(),
  /** The NBP table the rate came from: its day (the last business day before the tax point) and number. */
  exchangeRateDate: z.string().nullable(),
  exchangeRateTable: z.string().nullable(),
  netTotal: z.number(),
  vatTotal: z.number(),
  grossTotal: z.number(),
  bankAccount: z.string(),
  ksefNumber: z.string().nullable(),
  /** KSeF's refusal (code, description, details) or the last failed try, while it is retried. */
  ksefError: z.string().nullable(),
  /** A correction (KOR): the sales invoice it corrects. */
  correctedInvoiceId: z.number().nullable(),
  /** offline24 (KSeF docs `tryby-offline.md`): the day by which an invoice that went out OFFLINE must be in KSeF. */
  offlineDeadline: z.string().nullable(),
  /** Still OFFLINE after its deadline (the Polish calendar day). */
  isOfflineOverdue: z.boolean(),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** The other side of a correction: the invoice it corrects, or one correction of an invoice. */
export const InvoiceReferenceSchema = z.object({
  id: z.number(),
  number: z.string(),
  issueDate: z.string(),
  ksefNumber: z.string().nullable(),
  grossTotal: z.number(),
  status: z.enum(INVOICE_STATUSES),
});
export type InvoiceReference = z.infer<typeof InvoiceReferenceSchema>;

export const InvoiceDetailsSchema = InvoiceSchema.extend({
  /** The seller as issued (RULES.md Invoices, VAT and KSeF: an issued invoice never changes with the settings). */
  sellerName: z.string(),
  sellerNip: z.string(),
  sellerStreet: z.string().nullable(),
  sellerPostCode: z.string().nullable(),
  sellerCity: z.string(),
  correctionReason: z.string().nullable(),
  correctedInvoice: InvoiceReferenceSchema.nullable(),
  /**
   * The corrected invoice's lines as they stand after all its corrections: where a new correction starts from
   * (a correction's own id corrects the same invoice).
   */
  currentLines: z.array(
    z.object({
      position: z.number(),
      name: z.string(),
      quantity: z.number(),
      unitNetPrice: z.number(),
      netValue: z.number(),
      vatRate: z.number(),
    }),
  ),
  /** The invoice's corrections, oldest first (empty on a correction: it is corrected through its invoice). */
  corrections: z.array(InvoiceReferenceSchema),
  lines: z.array(InvoiceLineSchema),
  totalsByRate: z.array(z.object({ vatRate: z.number(), netValue: z.number(), vatValue: z.number() })),
});
export type InvoiceDetails = z.infer<typeof InvoiceDetailsSchema>;

export const INVOICE_SORT_KEYS = ['id', 'number', 'issue_date', 'buyer_name'] as const;
export type InvoiceSortKey = (typeof INVOICE_SORT_KEYS)[number];
export const InvoiceListFilterSchema = z.strictObject({
  status: z.array(z.enum(INVOICE_STATUSES, { error: V.oneOf })).optional(),
});
export const InvoiceListRequestSchema = listRequestSchema(InvoiceListFilterSchema);
export type InvoiceListRequest = z.infer<typeof InvoiceListRequestSchema>;
export const InvoiceListResponseSchema = listResponseSchema(InvoiceSchema);

// --- Corrections (KOR): /invoice/correct/{id} ---

export const CORRECTION_REASON_MAX = 255;
/** Lines of one correction: an invoice has at most 200 (CreateInvoiceRequestSchema). */
export const CORRECTION_LINES_MAX = 200;

/** Per original line position: the corrected kilograms and/or net price per tonne; what is omitted stays. */
export const CorrectionLineRequestSchema = z.strictObject({
  position: z.number({ error: V.wrongType }).int(V.integer).min(1, V.positive).max(CORRECTION_LINES_MAX, V.tooBig),
  quantity: nonNegativeAmount.optional(),
  unitNetPrice: nonNegativeAmount.optional(),
});
export type CorrectionLineRequest = z.infer<typeof CorrectionLineRequestSchema>;

/** Some lines or `cancel_all`, never both, each line once: a sales or a VAT RR correction (RrCorrectionRequestSchema). */
export function refineCorrectionRequest(
  value: { lines?: { position: number }[] | undefined; cancelAll?: boolean | undefined },
  context: z.RefinementCtx,
): void {
  const lines = value.lines ?? [];
  if (value.cancelAll && lines.length) context.addIssue({ code: 'custom', path: ['lines'], message: V.oneOf });
  if (!value.cancelAll && !lines.length) context.addIssue({ code: 'custom', path: ['lines'], message: V.required });
  const seen = new Set<number>();
  lines.forEach((line, index) => {
    if (seen.has(line.position)) {
      context.addIssue({ code: 'custom', path: ['lines', index, 'position'], message: V.duplicateItem });
    }
    seen.add(line.position);
  });
}

/**
 * RULES.md Invoices, VAT and KSeF: a correction states why, when (today unless given) and what changes: some lines
 * (`lines`) or everything to zero (`cancel_all`), never both, and each line once.
 */
export const CorrectInvoiceRequestSchema = z
  .strictObject({
    reason: requiredString(CORRECTION_REASON_MAX),
    issueDate: isoDateField.optional(),
    lines: z.array(CorrectionLineRequestSchema, { error: V.wrongType }).max(CORRECTION_LINES_MAX, V.tooBig).optional(),
    cancelAll: z.boolean({ error: V.wrongType }).optional(),
  })
  .superRefine(refineCorrectionRequest);
export type CorrectInvoiceRequest = z.infer<typeof CorrectInvoiceRequestSchema>;
/** The Faktury export takes the list's search, filter and order; paging fields may come along and are ignored. */
export const InvoiceExportRequestSchema = InvoiceListRequestSchema.extend({
  limit: z.unknown().optional(),
  offset: z.unknown().optional(),
});
export type InvoiceExportRequest = z.infer<typeof InvoiceExportRequestSchema>;

/** File name of the Faktury export: faktury-2026-11-26.xlsx. */
export function invoiceExportFileName(day: string): string {
  return `faktury-${day}.xlsx`;
}
