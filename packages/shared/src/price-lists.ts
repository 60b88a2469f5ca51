import { z } from 'zod';
import { ACCOUNTING_METHODS } from './enums.js';
import { isoDateField, positiveAmount, positiveId, refineDateOrder, V } from './validation.js';

/**
 * The daily purchase price list (cennik skupu): a price in grosze per tonne (PLN, net) for one raw material quality,
 * one kind of supplier (contractor accounting method: VAT payer or flat-rate farmer, RR) and one payment term, valid
 * for the days valid_from..valid_to (both included).
 *
 * CONTRIBUTING.md Price lists (the rule this project keeps): an entry is never edited or deleted once stored, so what a day's
 * list said stays what it said (the history is the table itself). A changed price is a new entry for days no other
 * entry of the same quality, supplier kind and payment term covers; an overlap is refused (PRICE_LIST_OVERLAP) and
 * nothing is replaced.
 */
export const PRICE_LIST_SUPPLIER_KINDS = ACCOUNTING_METHODS;
export type PriceListSupplierKind = (typeof PRICE_LIST_SUPPLIER_KINDS)[number];
export const PRICE_LIST_SOURCES = ['MANUAL', 'FILE'] as const;
export type PriceListSource = (typeof PRICE_LIST_SOURCES)[number];
export const PAYMENT_TERM_MAX_DAYS = 365;
/** Hundredths of a percent: 500 is 5 %. The company setting's default. */
export const PRICE_DEVIATION_DEFAULT = 500;

const supplierKindField = z.enum(PRICE_LIST_SUPPLIER_KINDS, { error: V.oneOf });
const paymentTermField = z
  .number({ error: V.wrongType })
  .int(V.integer)
  .min(0, V.nonNegative)
  .max(PAYMENT_TERM_MAX_DAYS, V.tooBig);

export const PriceListEntrySchema = z.object({
  id: z.number(),
  rawMaterialId: z.number(),
  rawMaterialName: z.string(),
  rawMaterialQualityId: z.number(),
  qualityTitle: z.string(),
  supplierKind: z.enum(PRICE_LIST_SUPPLIER_KINDS),
  paymentTermDays: z.number(),
  /** Grosze per tonne, PLN net. */
  price: z.number(),
  validFrom: z.string(),
  validTo: z.string(),
  source: z.enum(PRICE_LIST_SOURCES),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type PriceListEntry = z.infer<typeof PriceListEntrySchema>;

const entryFields = {
  rawMaterialQualityId: positiveId,
  supplierKind: supplierKindField,
  paymentTermDays: paymentTermField,
  price: positiveAmount,
  validFrom: isoDateField,
  validTo: isoDateField,
};

export const CreatePriceListEntryRequestSchema = z
  .strictObject(entryFields)
  .superRefine((value, ctx) => refineDateOrder(value, ctx, 'validFrom', 'validTo'));
export type CreatePriceListEntryRequest = z.infer<typeof CreatePriceListEntryRequestSchema>;

/** A CSV file as text (see price-list-csv.ts for its columns). At most 1 MB. */
export const ImportPriceListRequestSchema = z.strictObject({
  fileName: z.string({ error: V.wrongType }).max(255, V.maxLength).optional(),
  content: z.string({ error: V.wrongType }).min(1, V.required).max(1_000_000, V.tooBig),
});
export type ImportPriceListRequest = z.infer<typeof ImportPriceListRequestSchema>;
export const ImportPriceListResponseSchema = z.object({ added: z.number() });
export type ImportPriceListResponse = z.infer<typeof ImportPriceListResponseSchema>;

/** The list of one day: every entry valid that day (today when left out). */
export const PriceListDayRequestSchema = z.strictObject({ day: isoDateField.optional() });
export type PriceListDayRequest = z.infer<typeof PriceListDayRequestSchema>;
export const PriceListDayResponseSchema = z.object({
  day: z.string(),
  /** The company's limit in hundredths of a percent (500 = 5 %) above which a contract price needs a note. */
  deviationLimit: z.number(),
  /** The company's invoice payment term: a supplier without its own term is priced from the list for it. */
  defaultPaymentTermDays: z.number(),
  list: z.array(PriceListEntrySchema),
});
export type PriceListDayResponse = z.infer<typeof PriceListDayResponseSchema>;

/** What a price is checked against: the entry of one quality, supplier kind and payment term. */
export interface PriceListKey {
  rawMaterialQualityId: number;
  supplierKind: PriceListSupplierKind;
  paymentTermDays: number;
}

/**
 * CONTRIBUTING.md Price lists: the entry a contract is priced from. The same quality and supplier kind; among its payment
 * terms the longest one not longer than the supplier's own term (a list for 30 days does not price a 14-day
 * supplier), else the shortest listed. Null when the day's list has no entry for that quality and kind.
 */
export function listEntryFor<T extends PriceListKey>(list: readonly T[], key: PriceListKey): T | null {
  const candidates = list
    .filter((e) => e.rawMaterialQualityId === key.rawMaterialQualityId && e.supplierKind === key.supplierKind)
    .sort((a, b) => a.paymentTermDays - b.paymentTermDays);
  if (!candidates.length) return null;
  const notLonger = candidates.filter((e) => e.paymentTermDays <= key.paymentTermDays);
  return notLonger.at(-1) ?? candidates[0]!;
}

/** A supplier without an accounting method set is priced as a VAT payer (the usual case in our trade). */
export function supplierKindOf(accountingMethod: PriceListSupplierKind | null | undefined): PriceListSupplierKind {
  return accountingMethod ?? 'VAT';
}

/**
 * CONTRIBUTING.md Price lists: a contract price that differs from the day's list price by more than the company's limit
 * (hundredths of a percent) needs a note. Exactly at the limit needs none. Integers only: |price − list| × 10 000
 * compared with list × limit.
 */
export function isPriceNoteRequired(listPrice: number, price: number, limit: number): boolean {
  return Math.abs(price - listPrice) * 10_000 > listPrice * limit;
}

/** The deviation in hundredths of a percent, rounded towards zero (shown next to the field). */
export function priceDeviation(listPrice: number, price: number): number {
  return Math.trunc(((price - listPrice) * 10_000) / listPrice);
}

/** The price-list CSV's columns, in order (server price-list-csv.ts reads them). */
export const PRICE_LIST_CSV_COLUMNS = [
  'surowiec',
  'jakość',
  'dostawca',
  'termin_dni',
  'cena_zl_t',
  'od',
  'do',
] as const;
export type PriceListCsvColumn = (typeof PRICE_LIST_CSV_COLUMNS)[number];
/** Each column's wire name in a refusal's field path (`content.<row>.<name>`). */
export const PRICE_LIST_CSV_FIELDS: Record<PriceListCsvColumn, string> = {
  surowiec: 'raw_material',
  jakość: 'raw_material_quality_id',
  dostawca: 'supplier_kind',
  termin_dni: 'payment_term_days',
  cena_zl_t: 'price',
  od: 'valid_from',
  do: 'valid_to',
};

/** The row and column a CSV refusal's field names (`content.3.price` → 3, cena_zl_t), or null for the whole file. */
export function csvRefusalPlace(field: string): { line: number; column: PriceListCsvColumn } | null {
  const match = /^content\.(\d+)\.(\w+)$/.exec(field);
  if (!match) return null;
  const column = PRICE_LIST_CSV_COLUMNS.find((name) => PRICE_LIST_CSV_FIELDS[name] === match[2]);
  return column ? { line: Number(match[1]), column } : null;
}
