import {
  IdParamsSchema,
  ListPageSizeRequestSchema,
  ListPageSizeSchema,
  ListPageSizeUpdateSchema,
  SAVED_VIEW_STATE_MAX_BYTES,
  SavedViewCreateRequestSchema,
  SavedViewListRequestSchema,
  SavedViewListResponseSchema,
  SavedViewSchema,
  SavedViewUpdateRequestSchema,
  SuccessResponseSchema,
} from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/wire.js';
import {
  createSavedView,
  getListPageSize,
  listSavedViews,
  removeSavedView,
  setListPageSize,
  updateSavedView,
} from './service.js';

const ANY_ROLE = { roles: ['ADMIN', 'USER'] as const };
const tags = ['saved-views'];
const viewAnswer = { 200: SavedViewSchema };
/**
 * A view's body: a state at the cap (16 KB as UTF-8 JSON, RULES.md) still fits with every non-ASCII character escaped
 * (`\uXXXX`, at most 3 bytes of the wire per byte of UTF-8) and its name; anything larger is 413 PAYLOAD_TOO_LARGE
 * before it is parsed, rather than a megabyte parsed to be refused.
 */
export const SAVED_VIEW_BODY_LIMIT = 4 * SAVED_VIEW_STATE_MAX_BYTES;

/** RULES.md Transports, Saved views: each user's saved views of the lists. */
export function savedViewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/saved-view/list',
    {
      config: ANY_ROLE,
      schema: { tags, querystring: SavedViewListRequestSchema, response: { 200: SavedViewListResponseSchema } },
    },
    (request) => listSavedViews(request.ctx, request.query),
  );
  r.post(
    '/saved-view/create',
    {
      config: ANY_ROLE,
      bodyLimit: SAVED_VIEW_BODY_LIMIT,
      schema: { tags, body: SavedViewCreateRequestSchema, response: viewAnswer },
    },
    (request) => createSavedView(request.ctx, request.body),
  );
  r.put(
    '/saved-view/update/:id',
    {
      config: ANY_ROLE,
      bodyLimit: SAVED_VIEW_BODY_LIMIT,
      schema: { tags, params: IdParamsSchema, body: SavedViewUpdateRequestSchema, response: viewAnswer },
    },
    (request) => updateSavedView(request.ctx, request.params.id, request.body),
  );
  r.delete(
    '/saved-view/remove/:id',
    { config: ANY_ROLE, schema: { tags, params: IdParamsSchema, response: { 200: SuccessResponseSchema } } },
    (request) => removeSavedView(request.ctx, request.params.id),
  );
  r.get(
    '/saved-view/page-size',
    {
      config: ANY_ROLE,
      schema: { tags, querystring: ListPageSizeRequestSchema, response: { 200: ListPageSizeSchema } },
    },
    (request) => getListPageSize(request.ctx, request.query),
  );
  r.put(
    '/saved-view/page-size',
    { config: ANY_ROLE, schema: { tags, body: ListPageSizeUpdateSchema, response: { 200: ListPageSizeSchema } } },
    (request) => setListPageSize(request.ctx, request.body),
  );
}
