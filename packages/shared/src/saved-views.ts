import { z } from 'zod';
import { PAGE_SIZES } from './enums.js';
import { requiredString, V } from './validation.js';

/**
 * Saved views: a user's named search, filters, sort and columns of one list, kept on the server.
 * The keys name the app's lists as their tables do (the web's `listId`, also the key of the columns kept in
 * localStorage).
 */
export const SAVED_VIEW_LISTS = [
  'contracts.purchase',
  'contracts.sales',
  'contracts.purchase.transports',
  'contracts.sales.transports',
  'allocations',
  'allocations.purchases-to-allocate',
  'logistics',
  'statement',
  'contractors',
  'users',
] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

/**
 * Enough for every list of the app; a user with more names them better. With the state's cap below, one list of a
 * user's views answers at most 50 × 16 KB (real views are under 2 KB: some 100 KB).
 */
export const SAVED_VIEWS_PER_LIST_MAX = 50;
/** RULES.md Transports, saved views: a view's state is small, 16 KB at most as JSON in UTF-8 (a real one is under 2 KB). */
export const SAVED_VIEW_STATE_MAX_BYTES = 16 * 1024;

/** The state's size as the cap counts it: its JSON (as the schema makes it) in UTF-8 bytes. */
export function savedViewStateBytes(state: unknown): number {
  return new TextEncoder().encode(JSON.stringify(state) ?? '').length;
}
export const isSavedViewStateSmall = (state: unknown) => savedViewStateBytes(state) <= SAVED_VIEW_STATE_MAX_BYTES;
export const SAVED_VIEW_NAME_MAX = 100;
export const ROW_DENSITIES = ['compact', 'comfortable'] as const;

const VIEW_TEXT_MAX = 1_000;
const key = z.string({ error: V.wrongType }).min(1, V.required).max(100, V.maxLength);
const keyList = z.array(key).max(100, V.tooBig);

/**
 * What a view restores. Filters are [name, value] pairs rather than an object, so that the wire's key case
 * conversion never touches the list's own filter names; a value is text or a list of texts (as in the URL).
 */
export const SavedViewStateSchema = z
  .strictObject({
    search: z.string({ error: V.wrongType }).max(VIEW_TEXT_MAX, V.maxLength).default(''),
    orderBy: z.string({ error: V.wrongType }).max(100, V.maxLength).default(''),
    limit: z
      .number({ error: V.wrongType })
      .refine((value) => (PAGE_SIZES as readonly number[]).includes(value), V.oneOf)
      .nullish()
      .transform((value) => value ?? null),
    filter: z
      .array(
        z.tuple([
          key,
          z.union([
            z.string().max(VIEW_TEXT_MAX, V.maxLength),
            z.array(z.string().max(VIEW_TEXT_MAX, V.maxLength)).max(1_000, V.tooBig),
          ]),
        ]),
      )
      .max(100, V.tooBig)
      .default([]),
    columns: z
      .strictObject({
        order: keyList.nullish().transform((value) => value ?? null),
        hidden: keyList.nullish().transform((value) => value ?? null),
        density: z
          .enum(ROW_DENSITIES, { error: V.oneOf })
          .nullish()
          .transform((value) => value ?? null),
      })
      .default({ order: null, hidden: null, density: null }),
  })
  .refine(isSavedViewStateSmall, V.viewTooBig);
export type SavedViewState = z.infer<typeof SavedViewStateSchema>;

const nameField = requiredString(SAVED_VIEW_NAME_MAX);
const listField = z.enum(SAVED_VIEW_LISTS, { error: V.oneOf });

/** GET /saved-view/list?list_key=…: the caller's own views of one list, by name. */
export const SavedViewListRequestSchema = z.strictObject({ listKey: listField });
export type SavedViewListRequest = z.infer<typeof SavedViewListRequestSchema>;

/** POST /saved-view/create. `isDefault` makes it the one view applied when the list opens without URL params. */
export const SavedViewCreateRequestSchema = z.strictObject({
  listKey: listField,
  name: nameField,
  state: SavedViewStateSchema,
  isDefault: z.boolean({ error: V.wrongType }).default(false),
});
export type SavedViewCreateRequest = z.infer<typeof SavedViewCreateRequestSchema>;

/** PUT /saved-view/update/{id}: any of name, state and default; the list stays. */
export const SavedViewUpdateRequestSchema = z.strictObject({
  name: nameField.optional(),
  state: SavedViewStateSchema.optional(),
  isDefault: z.boolean({ error: V.wrongType }).optional(),
});
export type SavedViewUpdateRequest = z.infer<typeof SavedViewUpdateRequestSchema>;

/** The state as answered (what the request schema makes of it). */
const SavedViewStateAnswerSchema = z.object({
  search: z.string(),
  orderBy: z.string(),
  limit: z.number().nullable(),
  filter: z.array(z.tuple([z.string(), z.union([z.string(), z.array(z.string())])])),
  columns: z.object({
    order: z.array(z.string()).nullable(),
    hidden: z.array(z.string()).nullable(),
    density: z.enum(ROW_DENSITIES).nullable(),
  }),
});

export const SavedViewSchema = z.object({
  id: z.number(),
  listKey: z.enum(SAVED_VIEW_LISTS),
  name: z.string(),
  state: SavedViewStateAnswerSchema,
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof SavedViewSchema>;
export const SavedViewListResponseSchema = z.object({ list: z.array(SavedViewSchema) });
export type SavedViewListResponse = z.infer<typeof SavedViewListResponseSchema>;

/**
 * The page size a user keeps per list, beside the saved views (spec/1 General list behaviour: 10, 25 or 50).
 * GET /saved-view/page-size?list_key=…: null when the user has not chosen one (the list's default applies).
 */
export const ListPageSizeRequestSchema = z.strictObject({ listKey: listField });
export type ListPageSizeRequest = z.infer<typeof ListPageSizeRequestSchema>;

/** PUT /saved-view/page-size: the size chosen on the list's pager. */
export const ListPageSizeUpdateSchema = z.strictObject({
  listKey: listField,
  pageSize: z
    .number({ error: V.wrongType })
    .refine((value) => (PAGE_SIZES as readonly number[]).includes(value), V.oneOf),
});
export type ListPageSizeUpdate = z.infer<typeof ListPageSizeUpdateSchema>;

export const ListPageSizeSchema = z.object({ listKey: z.enum(SAVED_VIEW_LISTS), pageSize: z.number().nullable() });
export type ListPageSize = z.infer<typeof ListPageSizeSchema>;
