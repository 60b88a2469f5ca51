import { z } from 'zod';
import { toCamelKeys } from './case.js';
import { INT_MAX, V } from './validation.js';

/** spec/1 General list behaviour (the page sizes live in enums.ts, a file without zod: the web's early.ts reads them). */
export const DEFAULT_PAGE_SIZE = 10;
export const OPTION_LIST_MAX = 100;
/**
 * Broad searches: `filtered` counts at most this many matches; above it the answer carries this number
 * and `filteredCapped: true` (the web shows "ponad 10 000 wyników"). `total` stays exact.
 */
export const FILTERED_COUNT_CAP = 10_000;

/** GET sends the filter as JSON text; POST as an object. Both arrive here with camelCase keys. */
export function parseListFilter(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return {};
  if (typeof value !== 'string') return value;
  try {
    return toCamelKeys(JSON.parse(value));
  } catch {
    return Symbol.for('invalid-json');
  }
}

/** Optional, with its default (so the OpenAPI document says so too); query-string text is read as a number. */
const queryInt = (min: number, max: number, fallback: number, description?: string) =>
  z
    .preprocess(
      (value) => (value === undefined || value === '' ? fallback : typeof value === 'string' ? Number(value) : value),
      z
        .number({ error: V.wrongType })
        .int(V.integer)
        .min(min, V.tooSmall)
        .max(max, V.tooBig)
        .meta(description ? { default: fallback, description } : { default: fallback }),
    )
    .default(fallback);

/** The OpenAPI document's word on `offset`: the pages past a capped count are refused (server lib/list.ts). */
export const OFFSET_DESCRIPTION =
  `Rows to skip. When \`filtered_capped\` is true (more than ${FILTERED_COUNT_CAP} matches), an offset of ` +
  `${FILTERED_COUNT_CAP} or more is refused: 400 VALIDATION_ERROR with { field: "offset", code: "pastCappedCount" }.`;

/** A list request: limit, offset, search, filter, orderBy (ARCHITECTURE.md, The API). */
export function listRequestSchema<F extends z.ZodTypeAny>(filter: F, maxLimit = OPTION_LIST_MAX) {
  return z.strictObject({
    limit: queryInt(1, maxLimit, DEFAULT_PAGE_SIZE),
    offset: queryInt(0, 1_000_000_000, 0, OFFSET_DESCRIPTION),
    search: z.string({ error: V.wrongType }).max(255, V.maxLength).optional(),
    filter: z.preprocess(parseListFilter, filter).optional(),
    orderBy: z.string({ error: V.wrongType }).max(100, V.maxLength).optional(),
  });
}

export const EmptyFilterSchema = z.strictObject({});
export const PlainListRequestSchema = listRequestSchema(EmptyFilterSchema);
export type PlainListRequest = z.infer<typeof PlainListRequestSchema>;

export interface ListRequest<F = Record<string, unknown>> {
  limit: number;
  offset: number;
  search?: string;
  filter?: F;
  orderBy?: string;
}

export function listResponseSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    list: z.array(item),
    filtered: z.number(),
    /** Present (true) only when more than FILTERED_COUNT_CAP rows match: `filtered` is then the cap. */
    filteredCapped: z.boolean().optional(),
    total: z.number(),
  });
}

export interface ListResponse<T> {
  list: T[];
  filtered: number;
  filteredCapped?: boolean;
  total: number;
  totalData?: unknown;
}

/** Option lists: `{ value, label }` for selects. */
export const OptionSchema = z.object({ value: z.number(), label: z.string() });
export type Option = z.infer<typeof OptionSchema>;

export const SelectedOptionsRequestSchema = z.strictObject({
  includeIds: z.preprocess(
    // GET sends "1,2" or a repeated key (["1", "2"]); POST sends numbers.
    (value) => {
      if (typeof value === 'string') return value.split(',').filter(Boolean).map(Number);
      if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? Number(item) : item));
      return value;
    },
    // Ids are 32-bit: a larger number would reach the database and fail there.
    z.array(z.number().int().min(1).max(INT_MAX)).max(OPTION_LIST_MAX),
  ),
});

/** Splits "key:dir" into its parts; the server checks the key against its whitelist. */
export function parseOrderBy(orderBy: string | undefined): { key: string; direction: 'asc' | 'desc' } | null {
  if (!orderBy) return null;
  const [key = '', direction = 'asc'] = orderBy.split(':');
  if (direction !== 'asc' && direction !== 'desc') return { key: '', direction: 'asc' };
  return { key, direction };
}

export function pageCount(filtered: number, limit: number): number {
  return Math.ceil(filtered / limit);
}

export function currentPage(offset: number, limit: number): number {
  return Math.floor(offset / limit) + 1;
}
