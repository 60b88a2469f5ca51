import { z } from 'zod';
import { CONTRACT_STATUSES, CONTRACT_TYPES, TRANSPORT_STATUSES } from './enums.js';
import { INVOICE_STATUSES } from './invoices.js';
import { V } from './validation.js';

/**
 * GET /search: the command palette's one search over contracts, transports, contractors and invoices (screens are
 * the web's own). A term of three characters at least: the trigram indexes (migrations 0002, 0026 and the
 * contractors' one) extract nothing from fewer, and the search would read every row.
 */
export const SEARCH_TERM_MIN = 3;
export const SEARCH_TERM_MAX = 100;
/** Each kind answers a few hits: the palette lists them, it is not a list screen. */
export const SEARCH_HITS_PER_KIND = 5;

export const SearchRequestSchema = z.strictObject({
  q: z.string({ error: V.required }).trim().min(SEARCH_TERM_MIN, V.minLength).max(SEARCH_TERM_MAX, V.maxLength),
});
export type SearchRequest = z.infer<typeof SearchRequestSchema>;

export const SearchContractHitSchema = z.object({
  id: z.number().int(),
  type: z.enum(CONTRACT_TYPES),
  documentNumber: z.string(),
  counterpartyName: z.string().nullable(),
  status: z.enum(CONTRACT_STATUSES),
});
export const SearchTransportHitSchema = z.object({
  id: z.number().int(),
  /** The transport order's number, ZT/<year>/<id> (company.ts transportOrderNumber). */
  orderNumber: z.string(),
  status: z.enum(TRANSPORT_STATUSES),
  carrierName: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  purchaseDocumentNumber: z.string(),
  salesDocumentNumber: z.string(),
});
export const SearchContractorHitSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string().nullable(),
  nip: z.string().nullable(),
  city: z.string().nullable(),
});
export const SearchInvoiceHitSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  buyerName: z.string(),
  status: z.enum(INVOICE_STATUSES),
});

export const SearchResponseSchema = z.object({
  contracts: z.array(SearchContractHitSchema),
  transports: z.array(SearchTransportHitSchema),
  contractors: z.array(SearchContractorHitSchema),
  invoices: z.array(SearchInvoiceHitSchema),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
export type SearchContractHit = z.infer<typeof SearchContractHitSchema>;
export type SearchTransportHit = z.infer<typeof SearchTransportHitSchema>;
export type SearchContractorHit = z.infer<typeof SearchContractorHitSchema>;
export type SearchInvoiceHit = z.infer<typeof SearchInvoiceHitSchema>;
