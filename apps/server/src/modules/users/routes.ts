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
import type { ZodTypeProvider } from '../../plugins/wire.js';
import * as users from './service.js';

const ADMIN = { roles: ['ADMIN'] as const };
const ANY_ROLE = { roles: ['ADMIN', 'USER'] as const };
const tags = ['users'];

export function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const listSchema = { tags, response: { 200: UserListResponseSchema } };

  r.get('/profile/list', { config: ADMIN, schema: { ...listSchema, querystring: UserListRequestSchema } }, (request) =>
    users.listUsers(request.ctx, request.query),
  );
  r.post('/profile/list', { config: ADMIN, schema: { ...listSchema, body: UserListRequestSchema } }, (request) =>
    users.listUsers(request.ctx, request.body),
  );

  const optionSchema = { tags, response: { 200: UserOptionListResponseSchema } };
  r.get(
    '/profile/option-list',
    { config: ANY_ROLE, schema: { ...optionSchema, querystring: PlainListRequestSchema } },
    (request) => users.userOptionList(request.ctx, request.query.search, request.query.limit, request.query.offset),
  );
  r.post(
    '/profile/option-list',
    { config: ANY_ROLE, schema: { ...optionSchema, body: PlainListRequestSchema } },
    (request) => users.userOptionList(request.ctx, request.body.search, request.body.limit, request.body.offset),
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
