import { z } from 'zod';
import { isValidNip } from './nip.js';
import { isInvoiceSeries } from './rules/invoice-numbers.js';
import { MAX_STRING, optionalEmail, optionalString, requiredString, V } from './validation.js';

/** Our own company, the header of the transport order. Only ADMIN edits it. */

/** A logo of at most 200 KB (PNG or JPEG), sent and kept as a data URL. */
export const COMPANY_LOGO_MAX_BYTES = 200 * 1024;
const LOGO_DATA_URL = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/;

/** Bytes of the file a base64 data URL holds. */
export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

const nipField = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? V.required : V.wrongType) })
  .max(MAX_STRING, V.maxLength)
  .transform((value) => value.replace(/[\s-]/g, ''))
  .refine((value) => value.length > 0, V.required)
  .refine((value) => value.length === 0 || /^\d{10}$/.test(value), V.nationalId)
  .refine((value) => !/^\d{10}$/.test(value) || isValidNip(value), V.nipChecksum);

/** The longest data URL of a logo within COMPANY_LOGO_MAX_BYTES (base64 takes 4 characters per 3 bytes). */
const LOGO_DATA_URL_MAX = 'data:image/jpeg;base64,'.length + Math.ceil(COMPANY_LOGO_MAX_BYTES / 3) * 4;

const logoField = z
  .string({ error: V.wrongType })
  .max(LOGO_DATA_URL_MAX, V.logoTooBig)
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || LOGO_DATA_URL.test(value), V.logoFormat)
  .refine((value) => value === null || dataUrlBytes(value) <= COMPANY_LOGO_MAX_BYTES, V.logoTooBig);

/**
 * RULES.md Invoices, VAT and KSeF: the KSeF environment the company sends to (KSeF docs `srodowiska.md`): TEST
 * (random NIPs, self-signed certificates), DEMO (pre-production) or PRODUCTION. None: invoices are issued and printed,
 * and wait unsent.
 */
export const KSEF_SETTINGS_ENVIRONMENTS = ['TEST', 'DEMO', 'PRODUCTION'] as const;
export type KsefSettingsEnvironment = (typeof KSEF_SETTINGS_ENVIRONMENTS)[number];
/** Which configuration the sender uses: company settings first, else KSEF_URL/KSEF_TOKEN (README Configuration). */
export const KSEF_CONFIG_SOURCES = ['SETTINGS', 'ENVIRONMENT'] as const;

const optionalNipField = z
  .string({ error: V.wrongType })
  .max(MAX_STRING, V.maxLength)
  .nullish()
  .transform((value) => (value ?? '').replace(/[\s-]/g, '') || null)
  .refine((value) => value === null || /^\d{10}$/.test(value), V.nationalId)
  .refine((value) => value === null || isValidNip(value), V.nipChecksum);

/** The fake KSeF's API base (`http://127.0.0.1:3900/v2`); the server takes it only with KSEF_ALLOW_CUSTOM_URL. */
const customUrlField = optionalString().refine(
  (value) => value === null || /^https?:\/\/[^\s]+$/.test(value),
  V.wrongType,
);

/** PUT /settings/company. */
export const CompanySettingsRequestSchema = z.strictObject({
  name: requiredString(),
  street: optionalString(),
  postCode: optionalString(),
  city: requiredString(),
  nip: nipField,
  email: optionalEmail,
  phoneNumber: optionalString(),
  logoDataUrl: logoField,
  /** RULES.md Invoices, VAT and KSeF: the series of sales invoice numbers (INVOICE_SERIES_PLACEHOLDERS). */
  invoiceSeries: optionalString(64).refine((value) => !value || isInvoiceSeries(value), V.wrongType),
  /** RULES.md Invoices, VAT and KSeF: the series of corrections (KOR), e.g. `FK/{RRRR}/{MM}/{NR}`. */
  correctionSeries: optionalString(64).refine((value) => !value || isInvoiceSeries(value), V.wrongType),
  /** RULES.md Invoices, VAT and KSeF: the VAT RR invoices' own series, e.g. `RR/{RRRR}/{NR}`. */
  rrInvoiceSeries: optionalString(64).refine((value) => !value || isInvoiceSeries(value), V.wrongType),
  rrCorrectionSeries: optionalString(64).refine((value) => !value || isInvoiceSeries(value), V.wrongType),
  /** CONTRIBUTING.md Weighbridge: the weighbridge tickets' own series, `KW/{RRRR}/{NR}` when empty. */
  weighbridgeTicketSeries: optionalString(64).refine((value) => !value || isInvoiceSeries(value), V.wrongType),
  bankAccount: optionalString(64),
  paymentTermDays: z.number({ error: V.wrongType }).int(V.integer).min(0, V.nonNegative).max(365, V.tooBig).optional(),
  /** CONTRIBUTING.md Price lists: hundredths of a percent (500 = 5 %) a contract price may differ from the list without a note. */
  priceDeviationLimit: z
    .number({ error: V.wrongType })
    .int(V.integer)
    .min(0, V.nonNegative)
    .max(10_000, V.tooBig)
    .optional(),
  // KSeF (RULES.md Invoices, VAT and KSeF). Left out: kept as stored; the environment null: sending is off.
  ksefEnvironment: z.enum(KSEF_SETTINGS_ENVIRONMENTS, { error: V.oneOf }).nullish(),
  /** The NIP of the KSeF context; empty: the company's NIP. */
  ksefNip: optionalNipField.optional(),
  /** Never answered back. Empty or left out: the stored token stays; `ksefTokenClear` removes it. */
  ksefToken: optionalString(),
  ksefTokenClear: z.boolean({ error: V.wrongType }).optional(),
  ksefCustomUrl: customUrlField.optional(),
});
export type CompanySettingsRequest = z.infer<typeof CompanySettingsRequestSchema>;

/** Our company as documents print it: `configured` is false until an ADMIN saved it (the rest is then empty). */
export const CompanyHeaderSchema = z.object({
  configured: z.boolean(),
  name: z.string(),
  street: z.string().nullable(),
  postCode: z.string().nullable(),
  city: z.string(),
  nip: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  logoDataUrl: z.string().nullable(),
  invoiceSeries: z.string().nullable(),
  correctionSeries: z.string().nullable(),
  rrInvoiceSeries: z.string().nullable(),
  rrCorrectionSeries: z.string().nullable(),
  weighbridgeTicketSeries: z.string().nullable(),
  bankAccount: z.string().nullable(),
  paymentTermDays: z.number(),
  priceDeviationLimit: z.number(),
  updatedAt: z.string().nullable(),
});
export type CompanyHeader = z.infer<typeof CompanyHeaderSchema>;

/** GET|PUT /settings/company: the header and the KSeF settings (never the token). */
export const CompanySettingsResponseSchema = CompanyHeaderSchema.extend({
  ksefEnvironment: z.enum(KSEF_SETTINGS_ENVIRONMENTS).nullable(),
  ksefNip: z.string().nullable(),
  ksefCustomUrl: z.string().nullable(),
  /** Whether a KSeF token is stored (encrypted); the token itself never leaves the server. */
  ksefTokenSet: z.boolean(),
  /** False without SECRETS_KEY: the server cannot store a token then (SECRETS_KEY_MISSING). */
  secretsKeySet: z.boolean(),
  /** KSEF_ALLOW_CUSTOM_URL: the settings may point at the fake KSeF. */
  ksefCustomUrlAllowed: z.boolean(),
  /** Where the sender's configuration comes from now; null: nothing is sent. */
  ksefSource: z.enum(KSEF_CONFIG_SOURCES).nullable(),
});
export type CompanySettingsResponse = z.infer<typeof CompanySettingsResponseSchema>;

/** One sending of a transport order to its carrier. */
export const TransportOrderSendSchema = z.object({
  id: z.number(),
  recipient: z.string(),
  orderNumber: z.string(),
  sentAt: z.string(),
  sentByName: z.string().nullable(),
});
export type TransportOrderSend = z.infer<typeof TransportOrderSendSchema>;

/**
 * GET /transport/order-info/{id} and the answer of POST /transport/send-order/{id}: the order number, where it
 * would go (the carrier's e-mail, null when it has none) and every sending, newest first.
 */
export const TransportOrderInfoResponseSchema = z.object({
  transportId: z.number(),
  orderNumber: z.string(),
  carrierEmail: z.string().nullable(),
  isChangedSinceSent: z.boolean(),
  sends: z.array(TransportOrderSendSchema),
});
export type TransportOrderInfoResponse = z.infer<typeof TransportOrderInfoResponseSchema>;

/** The order number of a transport, stable for its life: ZT/<year it was created>/<id, 4+ digits>. */
export function transportOrderNumber(transportId: number, createdAt: string): string {
  return `ZT/${createdAt.slice(0, 4)}/${String(transportId).padStart(4, '0')}`;
}

/**
 * The transport and year of an order number typed into a search ("ZT/2026/3001", any case, spaces around the
 * slashes); null for anything else. The inverse of transportOrderNumber.
 */
export function parseTransportOrderNumber(text: string): { transportId: number; year: number } | null {
  const match = /^zt\s*\/\s*(\d{4})\s*\/\s*(\d{1,10})$/i.exec(text.trim());
  if (!match) return null;
  const transportId = Number(match[2]);
  if (transportId < 1 || transportId > 2_147_483_647) return null;
  return { transportId, year: Number(match[1]) };
}
