import {
  DefaultEmailListResponseSchema,
  IdParamsSchema,
  PlainListRequestSchema,
  UserCreateRequestSchema,
  UserListRequestSchema,
  UserListResponseSchema,
  UserOptionListResponseSchema,
  UserResponseSchema,
  UserUpdateRequestSchema,
} from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import { listRoute } from '../../plugins/list-route.js';
import type { ZodTypeProvider } from '../../plugins/wire.js';
import * as users from './service.js';

const ADMIN = { roles: ['ADMIN'] as const };
const ANY_ROLE = { roles: ['ADMIN', 'USER'] as const };
const tags = ['users'];

export function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  listRoute(
    app,
    '/profile/list',
    { ...ADMIN, tags, params: UserListRequestSchema, answer: UserListResponseSchema },
    users.listUsers,
  );

  listRoute(
    app,
    '/profile/option-list',
    { ...ANY_ROLE, tags, params: PlainListRequestSchema, answer: UserOptionListResponseSchema },
    (ctx, params) => users.userOptionList(ctx, params.search, params.limit, params.offset),
  );

  r.post(
    '/profile/create',
    { config: ADMIN, schema: { tags, body: UserCreateRequestSchema, response: { 200: UserResponseSchema } } },
    (request) => users.createUser(request.ctx, request.body),
  );
  r.get(
    '/profile/get/:id',
    { config: ADMIN, schema: { tags, params: IdParamsSchema, response: { 200: UserResponseSchema } } },
    (request) => users.getUser(request.ctx, request.params.id),
  );
  r.post(
    '/profile/update/:id',
    {
      config: ADMIN,
      schema: { tags, params: IdParamsSchema, body: UserUpdateRequestSchema, response: { 200: UserResponseSchema } },
    },
    (request) => users.updateUser(request.ctx, request.params.id, request.body),
  );

  const emailListSchema = { tags, response: { 200: DefaultEmailListResponseSchema } };
  r.get('/profile/get-default-email-list-for-purchase', { config: ANY_ROLE, schema: emailListSchema }, (request) =>
    users.defaultEmailList(request.ctx, 'purchase'),
  );
  r.get('/profile/get-default-email-list-for-sales', { config: ANY_ROLE, schema: emailListSchema }, (request) =>
    users.defaultEmailList(request.ctx, 'sales'),
  );
}
