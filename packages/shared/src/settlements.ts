import { z } from 'zod';
import { ACCOUNTING_METHODS, CURRENCIES, SETTLEMENT_STATUSES, TRANSACTION_KINDS } from './enums.js';
import { listRequestSchema, listResponseSchema } from './list.js';
import { QualitySettlementResponseSchema } from './quality.js';
import {
  dateRange,
  EXCHANGE_RATE_MAX,
  isoDateField,
  nonNegativeAmount,
  positiveAmount,
  positiveId,
  refineDateOrder,
  requiredString,
  V,
} from './validation.js';

/**
 * Settlements and the transaction statement (RULES.md "Settlements and the transaction statement" and its table of
 * settlement calls; spec/1 "Transaction statement"). Kilograms, minor units and exchange rates × 10 000 on the wire.
 */

// --- The statement: settlement/transaction-list ---

/** spec/1 section 4 "Transaction filter states". */
export const TRANSACTION_LIST_TYPES = ['all', 'purchase', 'sales', 'transport', 'settled', 'to_settlement'] as const;
export type TransactionListType = (typeof TRANSACTION_LIST_TYPES)[number];

/** spec/1 Transaction statement: the sortable columns, and the invoice's number and date (shown in "Kolumny"). */
export type TransactionSortKey =
  | 'id'
  | 'contractor_code'
  | 'transport_id'
  | 'registration_number'
  | 'trailer_number'
  | 'date_loading'
  | 'date_unloading'
  | 'payment_date'
  | 'invoice_number'
  | 'invoice_date';
/** spec/1: "The default sort is not shown"; the newest transaction first. */

const optionalType = z.preprocess(
  (value) => (value === '' ? null : value),
  z.enum(TRANSACTION_LIST_TYPES, { error: V.oneOf }).nullish(),
);

/**
 * type: the statement tab or state (missing = all). contractorId: any of these contractors. Date ranges keep rows
 * whose date lies inside them (a row without the date is left out once a range is given).
 */
export const TransactionListFilterSchema = z.strictObject({
  type: optionalType,
  contractorId: z.array(positiveId).max(1000).optional(),
  transportId: positiveId.nullish(),
  dateLoading: dateRange.optional(),
  dateUnloading: dateRange.optional(),
  paymentDate: dateRange.optional(),
});
export type TransactionListFilter = z.infer<typeof TransactionListFilterSchema>;

/** Search: document numbers, contractor code and name, registration and trailer numbers, invoice number, ids. */
export const TransactionListRequestSchema = listRequestSchema(TransactionListFilterSchema);
export type TransactionListRequest = z.infer<typeof TransactionListRequestSchema>;

/** The statement's export takes the list's search, filter and order; paging fields may come along and are ignored. */
export const TransactionExportRequestSchema = TransactionListRequestSchema.extend({
  limit: z.unknown().optional(),
  offset: z.unknown().optional(),
});
export type TransactionExportRequest = z.infer<typeof TransactionExportRequestSchema>;

/** File name of the statement's export: zestawienie-transakcji-2026-11-26.xlsx. */
export function transactionStatementExportFileName(day: string): string {
  return `zestawienie-transakcji-${day}.xlsx`;
}

/**
 * One statement row (spec/1 Transaction statement). Quality, quantity (kg), price (minor per tonne) and value
 * (minor) each as final, real and planned; null where not known yet. The agreement document numbers are those of
 * the row's own contract on its side and of the transport's pair on the other side (a TRANSPORT row: both from
 * the transport).
 */
export const TransactionRowSchema = z.object({
  id: z.number(),
  type: z.enum(TRANSACTION_KINDS),
  status: z.enum(SETTLEMENT_STATUSES),
  contractId: z.number().nullable(),
  purchaseId: z.number().nullable(),
  salesId: z.number().nullable(),
  purchaseAgreementDocumentNumber: z.string().nullable(),
  salesAgreementDocumentNumber: z.string().nullable(),
  contractorId: z.number(),
  contractorCode: z.string(),
  contractorName: z.string().nullable(),
  transportId: z.number(),
  unloadingId: z.number(),
  registrationNumber: z.string().nullable(),
  trailerNumber: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  finalQualityId: z.number().nullable(),
  finalQualityTitle: z.string().nullable(),
  realQualityId: z.number().nullable(),
  realQualityTitle: z.string().nullable(),
  plannedQualityId: z.number().nullable(),
  plannedQualityTitle: z.string().nullable(),
  finalQuantity: z.number().nullable(),
  realQuantity: z.number().nullable(),
  plannedQuantity: z.number(),
  finalPrice: z.number().nullable(),
  realPrice: z.number().nullable(),
  plannedPrice: z.number(),
  finalValue: z.number().nullable(),
  realValue: z.number().nullable(),
  plannedValue: z.number(),
  /** × 10 000 (RATE_SCALE in units.ts); 10 000 for PLN, null for EUR/USD until entered at settlement. */
  exchangeRate: z.number().nullable(),
  /** Final, else real, else planned value through the exchange rate; null while the rate is unknown. */
  plnValue: z.number().nullable(),
  deductions: z.number(),
  surcharges: z.number(),
  /**
   * The quality settlement a delivery with lab results stored on a goods row (terms used, lab results,
   * lines; its price lines are inside deductions and surcharges); null otherwise.
   */
  qualitySettlement: QualitySettlementResponseSchema.nullable(),
  details: z.string().nullable(),
  dateLoading: z.string().nullable(),
  dateUnloading: z.string().nullable(),
  paymentDate: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  /** The sales invoice issued here with this row as a line (RULES.md Invoices, VAT and KSeF); null otherwise. */
  invoiceId: z.number().nullable(),
  /** The invoice received through KSeF whose match filled this row's invoice number and date; null otherwise. */
  receivedInvoiceId: z.number().nullable(),
  accountingMethod: z.enum(ACCOUNTING_METHODS).nullable(),
  /** The row this one was split off (settlement-split). */
  splitFromId: z.number().nullable(),
  settledAt: z.string().nullable(),
  /**
   * RULES.md Invoices, VAT and KSeF: the row's net value (final, else real less deductions plus surcharges, else
   * planned; minor units of its currency), VAT rate (percent, on the unloading date), its own line VAT and gross,
   * for information (the invoice rounds per rate total); rate, VAT and gross null while no rate is set.
   */
  netValue: z.number(),
  vatRate: z.number().nullable(),
  vatValue: z.number().nullable(),
  grossValue: z.number().nullable(),
});
export type TransactionRow = z.infer<typeof TransactionRowSchema>;

/**
 * Sums over every filtered statement row, not only the page (the statement totals row): tonnes (final, else real,
 * else planned quantity, kg) and, per currency, the net and gross values as the rows answer them (netValue,
 * grossValue; a row without a VAT rate has no gross and counts in `withoutVat`). Null when more rows match than
 * FILTERED_COUNT_CAP (the sums read every matching row; a broad search is narrowed first, as its count is).
 */
export const TransactionListTotalsSchema = z.object({
  sumQuantity: z.number(),
  byCurrency: z.array(
    z.object({ currency: z.enum(CURRENCIES), sumNet: z.number(), sumGross: z.number(), withoutVat: z.number() }),
  ),
});
export type TransactionListTotals = z.infer<typeof TransactionListTotalsSchema>;

export const TransactionListResponseSchema = listResponseSchema(TransactionRowSchema).extend({
  totalData: TransactionListTotalsSchema.nullable().optional(),
});
export type TransactionListResponse = z.infer<typeof TransactionListResponseSchema>;

// --- Per-side lists: /contract/settlement-purchase-list, /contract/settlement-sales-list ---

const optionalSettlementStatus = z.preprocess(
  (value) => (value === '' ? null : value),
  z.enum(SETTLEMENT_STATUSES, { error: V.oneOf }).nullish(),
);

/** The contract is required; filter itself is optional in the list shape, so its absence is reported on the id. */
function requireContractFilter(key: 'purchaseId' | 'salesId') {
  return (request: { filter?: Partial<Record<typeof key, number>> }, ctx: z.RefinementCtx) => {
    if (!request.filter?.[key]) ctx.addIssue({ code: 'custom', path: ['filter', key], message: V.required });
  };
}

export const PurchaseSettlementListRequestSchema = listRequestSchema(
  z.strictObject({ purchaseId: positiveId, status: optionalSettlementStatus }),
).superRefine(requireContractFilter('purchaseId'));
export type PurchaseSettlementListRequest = z.infer<typeof PurchaseSettlementListRequestSchema>;

export const SalesSettlementListRequestSchema = listRequestSchema(
  z.strictObject({ salesId: positiveId, status: optionalSettlementStatus }),
).superRefine(requireContractFilter('salesId'));
export type SalesSettlementListRequest = z.infer<typeof SalesSettlementListRequestSchema>;

/**
 * Settlement figures of the whole contract (not only the filtered page), in the contract's currency: what the
 * contract dashboard shows and what decides whether it can be CLOSED (toSettleCount = 0).
 */
export const ContractSettlementTotalsSchema = z.object({
  settledCount: z.number(),
  /** Sum of final quantities (kg) of SETTLED rows. */
  settledQuantity: z.number(),
  /** Sum of final values (minor units, contract currency) of SETTLED rows. */
  settledValue: z.number(),
  /** Sum of PLN values (minor units) of SETTLED rows. */
  settledPlnValue: z.number(),
  toSettleCount: z.number(),
  /** Sum of real (else planned) quantities (kg) of TO_SETTLEMENT rows. */
  toSettleQuantity: z.number(),
});
export type ContractSettlementTotals = z.infer<typeof ContractSettlementTotalsSchema>;

export const ContractSettlementListResponseSchema = listResponseSchema(TransactionRowSchema).extend({
  totalData: ContractSettlementTotalsSchema,
});
export type ContractSettlementListResponse = z.infer<typeof ContractSettlementListResponseSchema>;

// --- Writes ---

/**
 * /contract/settlement-set-purchase-invoice (PURCHASE and TRANSPORT rows: the invoices the company receives, from
 * the supplier and from the carrier) and /contract/settlement-set-sales-invoice (SALES rows). Only while
 * TO_SETTLEMENT; setting it again overwrites. The payment date may not be before the invoice date.
 */
export const SetInvoiceRequestSchema = z
  .strictObject({
    transactionId: positiveId,
    invoiceNumber: requiredString(),
    invoiceDate: isoDateField,
    paymentDate: isoDateField.nullish().transform((value) => value ?? null),
  })
  .superRefine((value, ctx) => refineDateOrder(value, ctx, 'invoiceDate', 'paymentDate'));
export type SetInvoiceRequest = z.infer<typeof SetInvoiceRequestSchema>;

/** An exchange rate × RATE_SCALE (units.ts; 4.2512 PLN per EUR = 42 512), as stored; PLN is always 10 000. */
export const exchangeRateField = z
  .number({ error: (issue) => (issue.input === undefined ? V.required : V.wrongType) })
  .int(V.integer)
  .min(1, V.positive)
  .max(EXCHANGE_RATE_MAX, V.tooBig);

/**
 * /contract/settlement-purchase, -sales, -transport. Omitted final figures default to the real ones (else the
 * planned ones); deductions and surcharges default to the row's. Final value = quantity × price / 1000 (rounded)
 * − deductions + surcharges. exchangeRate is required for EUR/USD unless the row already has one.
 */
export const SettleRequestSchema = z.strictObject({
  transactionId: positiveId,
  finalQuantity: positiveAmount.nullish(),
  finalPrice: nonNegativeAmount.nullish(),
  finalQualityId: positiveId.nullish(),
  deductions: nonNegativeAmount.nullish(),
  surcharges: nonNegativeAmount.nullish(),
  exchangeRate: exchangeRateField.nullish(),
});
export type SettleRequest = z.infer<typeof SettleRequestSchema>;

/** /contract/settlement-split: split `quantity` kg off into a new transaction (0 < quantity < the row's quantity). */
export const SplitRequestSchema = z.strictObject({
  transactionId: positiveId,
  quantity: positiveAmount,
});
export type SplitRequest = z.infer<typeof SplitRequestSchema>;

/** original keeps the remainder; created is the part split off (its splitFromId is original.id). */
export const SplitResponseSchema = z.object({ original: TransactionRowSchema, created: TransactionRowSchema });
export type SplitResponse = z.infer<typeof SplitResponseSchema>;

/** /contract/settlement-reallocate-purchase: a PURCHASE row to another purchase contract. */
export const ReallocatePurchaseSettlementRequestSchema = z.strictObject({
  transactionId: positiveId,
  purchaseId: positiveId,
});
export type ReallocatePurchaseSettlementRequest = z.infer<typeof ReallocatePurchaseSettlementRequestSchema>;

/** /contract/settlement-reallocate: a SALES row to another sales contract. */
export const ReallocateSalesSettlementRequestSchema = z.strictObject({
  transactionId: positiveId,
  salesId: positiveId,
});
export type ReallocateSalesSettlementRequest = z.infer<typeof ReallocateSalesSettlementRequestSchema>;

// --- Several rows in one call (invoice or settle a delivered transport's rows at once) ---

/** At most this many rows per bulk call. */
export const BULK_SETTLEMENT_MAX = 100;

/** Items of a bulk call: 1 to BULK_SETTLEMENT_MAX, each transaction at most once. */
function bulkItems<T extends z.ZodType<{ transactionId: number }>>(item: T) {
  return z
    .array(item, { error: V.wrongType })
    .min(1, V.required)
    .max(BULK_SETTLEMENT_MAX, V.tooBig)
    .superRefine((items, ctx) => {
      const seen = new Set<number>();
      for (const [index, entry] of items.entries()) {
        if (seen.has(entry.transactionId)) {
          ctx.addIssue({ code: 'custom', path: [index, 'transactionId'], message: V.duplicateItem });
        }
        seen.add(entry.transactionId);
      }
    });
}

/**
 * /contract/settlement-bulk-invoice: each item is a set-invoice body; rows of every kind (the row's kind picks the
 * rule of its single call). All or nothing: one refused row refuses the call, its error field `items.N.<field>`.
 */
export const BulkInvoiceRequestSchema = z.strictObject({ items: bulkItems(SetInvoiceRequestSchema) });
export type BulkInvoiceRequest = z.infer<typeof BulkInvoiceRequestSchema>;

/** /contract/settlement-bulk-settle: each item is a settle body (final figures default to the real ones). */
export const BulkSettleRequestSchema = z.strictObject({ items: bulkItems(SettleRequestSchema) });
export type BulkSettleRequest = z.infer<typeof BulkSettleRequestSchema>;

/** The changed rows, in the order of the request's items. */
export const BulkSettlementResponseSchema = z.object({ list: z.array(TransactionRowSchema) });
export type BulkSettlementResponse = z.infer<typeof BulkSettlementResponseSchema>;
