import { z } from 'zod';
import { listRequestSchema, listResponseSchema } from './list.js';
import { dateRange, EXCHANGE_RATE_MAX, isoDateField, V } from './validation.js';

/**
 * NBP mid rates (table A) for foreign-currency invoices (RULES.md Invoices, VAT and KSeF: VAT in PLN at the NBP mid
 * rate of the last business day before the tax point). Rates are integers × RATE_SCALE (units.ts): 4.2512 is 42 512.
 */
export const EXCHANGE_RATE_CURRENCIES = ['EUR', 'USD'] as const;
export type ExchangeRateCurrency = (typeof EXCHANGE_RATE_CURRENCIES)[number];
/** Typed in by a person, read from an uploaded NBP file, or fetched from NBP's public API. */
export const EXCHANGE_RATE_SOURCES = ['MANUAL', 'FILE', 'NBP_API'] as const;
export type ExchangeRateSource = (typeof EXCHANGE_RATE_SOURCES)[number];

/** NBP's table number, e.g. `231/A/NBP/2026` (table A: mid rates). */
export const NBP_TABLE_NUMBER = /^\d{1,3}\/A\/NBP\/\d{4}$/;

const currencyField = z.enum(EXCHANGE_RATE_CURRENCIES, { error: V.oneOf });
const rateField = z.number({ error: V.wrongType }).int(V.integer).min(1, V.positive).max(EXCHANGE_RATE_MAX, V.tooBig);
const tableNumberField = z
  .string({ error: V.wrongType })
  .trim()
  .max(32, V.maxLength)
  .regex(NBP_TABLE_NUMBER, V.wrongType);

export const ExchangeRateSchema = z.object({
  id: z.number(),
  currency: z.enum(EXCHANGE_RATE_CURRENCIES),
  effectiveDate: z.string(),
  rate: z.number(),
  tableNumber: z.string().nullable(),
  source: z.enum(EXCHANGE_RATE_SOURCES),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type ExchangeRate = z.infer<typeof ExchangeRateSchema>;

/** A mid rate typed from NBP's table; the day must be a business day (NBP publishes no table on other days). */
export const CreateExchangeRateRequestSchema = z.strictObject({
  currency: currencyField,
  effectiveDate: isoDateField,
  rate: rateField,
  tableNumber: tableNumberField.nullish().transform((value) => value || null),
});
export type CreateExchangeRateRequest = z.infer<typeof CreateExchangeRateRequestSchema>;

/** An uploaded NBP file as text: NBP API JSON (tables or rates form) or NBP's archive CSV. At most 1 MB. */
export const ImportExchangeRatesRequestSchema = z.strictObject({
  fileName: z.string({ error: V.wrongType }).max(255, V.maxLength).optional(),
  content: z.string({ error: V.wrongType }).min(1, V.required).max(1_000_000, V.tooBig),
});
export type ImportExchangeRatesRequest = z.infer<typeof ImportExchangeRatesRequestSchema>;

/** One rate of a file that differs from the stored rate of its day: refused, never overwritten. */
export const ExchangeRateConflictSchema = z.object({
  currency: z.enum(EXCHANGE_RATE_CURRENCIES),
  effectiveDate: z.string(),
  storedRate: z.number(),
  fileRate: z.number(),
});
export type ExchangeRateConflict = z.infer<typeof ExchangeRateConflictSchema>;

export const ImportExchangeRatesResponseSchema = z.object({
  added: z.number(),
  unchanged: z.number(),
  conflicts: z.array(ExchangeRateConflictSchema),
});
export type ImportExchangeRatesResponse = z.infer<typeof ImportExchangeRatesResponseSchema>;

/** Fetches one day's mid rate from NBP's public API (where the server can reach it). */
export const FetchExchangeRateRequestSchema = z.strictObject({
  currency: currencyField,
  effectiveDate: isoDateField,
});
export type FetchExchangeRateRequest = z.infer<typeof FetchExchangeRateRequestSchema>;

export const EXCHANGE_RATE_SORT_KEYS = ['effective_date', 'currency', 'rate', 'created_at'] as const;
export type ExchangeRateSortKey = (typeof EXCHANGE_RATE_SORT_KEYS)[number];
export const ExchangeRateListFilterSchema = z.strictObject({
  currency: z.array(currencyField).optional(),
  effectiveDate: dateRange.optional(),
});
export const ExchangeRateListRequestSchema = listRequestSchema(ExchangeRateListFilterSchema);
export type ExchangeRateListRequest = z.infer<typeof ExchangeRateListRequestSchema>;
export const ExchangeRateListResponseSchema = listResponseSchema(ExchangeRateSchema);
