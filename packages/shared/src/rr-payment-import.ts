import { z } from 'zod';
import { MAX_STRING, V } from './validation.js';

/**
 * POST /rr-invoice/payment-import: a bank statement (MT940 or a Polish bank's CSV) whose outgoing transfers are
 * matched to VAT RR invoices by the RR number in the title and the farmer's account (RULES.md Invoices, VAT and
 * KSeF, VAT RR). The file goes as base64 of its bytes, because a bank's export may be Windows-1250, not UTF-8.
 */
export const RR_STATEMENT_FORMATS = ['MT940', 'CSV'] as const;

/** At most 1 MB of file (its base64 is 4/3 of that). */
export const RR_STATEMENT_MAX_BYTES = 1_000_000;

export const RrPaymentImportRequestSchema = z.strictObject({
  fileName: z.string({ error: V.wrongType }).max(MAX_STRING, V.maxLength).optional(),
  contentBase64: z
    .string({ error: V.wrongType })
    .min(1, V.required)
    .max(Math.ceil(RR_STATEMENT_MAX_BYTES / 3) * 4, V.tooBig)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, V.wrongType),
});
export type RrPaymentImportRequest = z.infer<typeof RrPaymentImportRequestSchema>;

/** Why a line of the statement was not recorded as a payment. */
export const RR_IMPORT_UNMATCHED_REASONS = [
  /** Money coming in: only transfers to farmers pay RR invoices. */
  'INCOMING',
  /** Not in PLN: an RR invoice is paid in złoty. */
  'CURRENCY',
  /** The title names no RR invoice issued here. */
  'NO_RR_NUMBER',
  /** The title names more than one RR invoice: one transfer cannot be split between them. */
  'SEVERAL_INVOICES',
  /** The title names an RR invoice but the money went to another account than the farmer's on it. */
  'ACCOUNT_DIFFERS',
] as const;
export type RrImportUnmatchedReason = (typeof RR_IMPORT_UNMATCHED_REASONS)[number];

const statementLine = {
  /** The file's line where the transfer starts. */
  line: z.number(),
  paidAt: z.string(),
  amount: z.number(),
  account: z.string().nullable(),
  title: z.string(),
};

export const RrImportedPaymentSchema = z.object({ ...statementLine, rrInvoiceId: z.number(), number: z.string() });
export type RrImportedPayment = z.infer<typeof RrImportedPaymentSchema>;

export const RrUnmatchedLineSchema = z.object({
  ...statementLine,
  isOutgoing: z.boolean(),
  reason: z.enum(RR_IMPORT_UNMATCHED_REASONS),
});
export type RrUnmatchedLine = z.infer<typeof RrUnmatchedLineSchema>;

export const RrPaymentImportResponseSchema = z.object({
  format: z.enum(RR_STATEMENT_FORMATS),
  /** Recorded now, one payment each. */
  matched: z.array(RrImportedPaymentSchema),
  /** The same transfer was recorded before (an earlier import, the same line twice, or typed by hand). */
  alreadyRecorded: z.array(RrImportedPaymentSchema),
  unmatched: z.array(RrUnmatchedLineSchema),
});
export type RrPaymentImportResponse = z.infer<typeof RrPaymentImportResponseSchema>;
