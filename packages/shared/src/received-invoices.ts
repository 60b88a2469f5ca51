import { z } from 'zod';
import { listRequestSchema, listResponseSchema } from './list.js';
import { MAX_STRING, positiveId, V } from './validation.js';

/**
 * Invoices received through KSeF and matched to the PURCHASE or TRANSPORT statement rows they bill (RULES.md
 * Invoices, VAT and KSeF: a received invoice matched to statement rows): /received-invoice/list, /details/{id},
 * /assign/{id}, /accept/{id} (a difference accepted with a note) and /hide/{id} ("not ours", with a reason).
 */
export const RECEIVED_INVOICE_STATUSES = ['MATCHED', 'TO_ASSIGN', 'DIFFERENCE', 'HIDDEN'] as const;
export type ReceivedInvoiceStatus = (typeof RECEIVED_INVOICE_STATUSES)[number];

const noteField = z
  .string({ error: V.wrongType })
  .max(MAX_STRING, V.maxLength)
  .transform((value) => value.trim())
  .refine((value) => value.length > 0, V.required);

/** Rows a person assigns to the invoice: one click is one row, several at once are allowed. */
export const AssignReceivedInvoiceRequestSchema = z.strictObject({
  transactionIds: z.array(positiveId, { error: V.wrongType }).min(1, V.required).max(200, V.tooBig),
});
export type AssignReceivedInvoiceRequest = z.infer<typeof AssignReceivedInvoiceRequestSchema>;

export const ReceivedInvoiceNoteRequestSchema = z.strictObject({ note: noteField });
export type ReceivedInvoiceNoteRequest = z.infer<typeof ReceivedInvoiceNoteRequestSchema>;

export const ReceivedInvoiceSchema = z.object({
  id: z.number(),
  ksefNumber: z.string(),
  number: z.string().nullable(),
  issueDate: z.string().nullable(),
  sellerNip: z.string().nullable(),
  sellerName: z.string().nullable(),
  contractorId: z.number().nullable(),
  contractorCode: z.string().nullable(),
  currency: z.string().nullable(),
  netTotal: z.number().nullable(),
  vatTotal: z.number().nullable(),
  grossTotal: z.number().nullable(),
  status: z.enum(RECEIVED_INVOICE_STATUSES),
  /** A correction (KOR): the received invoice it corrects, when that one is here; null otherwise. */
  correctedReceivedInvoiceId: z.number().nullable(),
  note: z.string().nullable(),
  parseError: z.string().nullable(),
  /** Net value and kilograms of the rows linked to it: the figures a difference is shown against. */
  rowsNetTotal: z.number(),
  rowsQuantityKg: z.number(),
  invoiceQuantityKg: z.number().nullable(),
  transactionIds: z.array(z.number()),
  suggestedTransactionIds: z.array(z.number()),
  createdAt: z.string(),
});
export type ReceivedInvoice = z.infer<typeof ReceivedInvoiceSchema>;

export const ReceivedInvoiceLineSchema = z.object({
  lineNumber: z.number(),
  name: z.string().nullable(),
  unit: z.string().nullable(),
  quantity: z.string().nullable(),
  quantityKg: z.number().nullable(),
  unitNetPrice: z.string().nullable(),
  netMinor: z.number().nullable(),
  rate: z.string().nullable(),
});

/** A statement row as the screen shows it beside the invoice: linked, suggested or open to assign. */
export const ReceivedInvoiceRowSchema = z.object({
  id: z.number(),
  type: z.string(),
  contractorCode: z.string(),
  registrationNumber: z.string().nullable(),
  dateUnloading: z.string().nullable(),
  quantityKg: z.number(),
  netValue: z.number(),
  currency: z.string(),
  invoiceNumber: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  linked: z.boolean(),
  suggested: z.boolean(),
});

/** Another received invoice as a correction refers to it: its totals (a correction's are the difference). */
export const ReceivedInvoiceRefSchema = z.object({
  id: z.number(),
  number: z.string().nullable(),
  issueDate: z.string().nullable(),
  netTotal: z.number().nullable(),
  grossTotal: z.number().nullable(),
});

export const ReceivedInvoiceDetailsSchema = ReceivedInvoiceSchema.extend({
  buyerNip: z.string().nullable(),
  /** On a correction: the invoice it corrects (its totals before); the correction's own totals are the difference. */
  correctedInvoice: ReceivedInvoiceRefSchema.nullable(),
  /** On an invoice: the corrections received for it, oldest first. */
  corrections: z.array(ReceivedInvoiceRefSchema),
  lines: z.array(ReceivedInvoiceLineSchema),
  /** Linked rows, then the seller's open rows (suggested first) a person may assign. */
  rows: z.array(ReceivedInvoiceRowSchema),
});
export type ReceivedInvoiceDetails = z.infer<typeof ReceivedInvoiceDetailsSchema>;

export const ReceivedInvoiceListFilterSchema = z.strictObject({
  status: z.array(z.enum(RECEIVED_INVOICE_STATUSES, { error: V.oneOf })).optional(),
});
export const ReceivedInvoiceListRequestSchema = listRequestSchema(ReceivedInvoiceListFilterSchema);
export type ReceivedInvoiceListRequest = z.infer<typeof ReceivedInvoiceListRequestSchema>;
export const ReceivedInvoiceListResponseSchema = listResponseSchema(ReceivedInvoiceSchema);
export type ReceivedInvoiceListResponse = z.infer<typeof ReceivedInvoiceListResponseSchema>;
