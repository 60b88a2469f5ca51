import { z } from 'zod';
import { listRequestSchema, listResponseSchema } from './list.js';
import { VAT_RATE_PERCENTS, VAT_RATE_SUBJECTS } from './rules/vat.js';
import { isoDateField, positiveId, V } from './validation.js';

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
  netTotal: z.number(),
  vatTotal: z.number(),
  grossTotal: z.number(),
  bankAccount: z.string(),
  ksefNumber: z.string().nullable(),
  /** KSeF's refusal (code, description, details) or the last failed try, while it is retried. */
  ksefError: z.string().nullable(),
  /** offline24 (KSeF docs `tryby-offline.md`): the day by which an invoice that went out OFFLINE must be in KSeF. */
  offlineDeadline: z.string().nullable(),
  /** Still OFFLINE after its deadline (the Polish calendar day). */
  isOfflineOverdue: z.boolean(),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const InvoiceDetailsSchema = InvoiceSchema.extend({
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
