import {
  ChangePasswordRequestSchema,
  EmptyResponseSchema,
  LoginRequestSchema,
  MeResponseSchema,
  RefreshRequestSchema,
  ResetPasswordConfirmSchema,
  ResetPasswordRequestSchema,
  ResetPasswordVerifySchema,
  TokensResponseSchema,
} from '@grain/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { PublicCtx } from '../../lib/context.js';
import { addressRateLimit, authRateLimit, sessionRateLimit } from '../../lib/rate-limit.js';
import type { ZodTypeProvider } from '../../plugins/wire.js';
import * as auth from './service.js';

const ANY_ROLE = ['ADMIN', 'USER'] as const;

export function authRoutes(app: FastifyInstance, db: Db, config: Config) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicCtx = (request: FastifyRequest): PublicCtx => ({ db, config, log: request.log, ip: request.ip });
  const limited = { public: true, rateLimit: authRateLimit(config) };
  const perAddress = addressRateLimit(app, config);
  const tags = ['auth'];

  r.post(
    '/auth/login',
    {
      config: limited,
      preHandler: perAddress,
      schema: { tags, body: LoginRequestSchema, response: { 200: TokensResponseSchema } },
    },
    (request) => auth.login(publicCtx(request), app.jwt, request.body),
  );

  r.post(
    '/auth/refresh-token',
    { config: { public: true }, schema: { tags, body: RefreshRequestSchema, response: { 200: TokensResponseSchema } } },
    (request) => auth.refresh(publicCtx(request), app.jwt, request.body.refreshToken),
  );

  r.delete(
    '/auth/logout',
    {
      config: { roles: ANY_ROLE, allowExpiredPassword: true },
      schema: { tags, response: { 200: EmptyResponseSchema } },
    },
    async (request) => {
      await auth.logout(request.ctx);
      return {};
    },
  );

  r.get(
    '/auth/me',
    { config: { roles: ANY_ROLE, allowExpiredPassword: true }, schema: { tags, response: { 200: MeResponseSchema } } },
    (request) => auth.me(request.ctx),
  );

  r.post(
    '/auth/reset-password-request',
    {
      config: limited,
      preHandler: perAddress,
      schema: { tags, body: ResetPasswordRequestSchema, response: { 200: EmptyResponseSchema } },
    },
    async (request) => {
      // Answered before the account is even looked up, so the answer's timing says nothing about the e-mail.
      const ctx = publicCtx(request);
      const { email } = request.body;
      app.afterAnswer.run(request.log, () => auth.requestPasswordReset(ctx, email));
      return {};
    },
  );

  r.post(
    '/auth/reset-password-verify-code',
    {
      config: limited,
      preHandler: perAddress,
      schema: { tags, body: ResetPasswordVerifySchema, response: { 200: EmptyResponseSchema } },
    },
    async (request) => {
      await auth.verifyResetCode(publicCtx(request), request.body.email, request.body.code);
      return {};
    },
  );

  r.post(
    '/auth/reset-password-confirm',
    {
      config: limited,
      preHandler: perAddress,
      schema: { tags, body: ResetPasswordConfirmSchema, response: { 200: EmptyResponseSchema } },
    },
    async (request) => {
      await auth.confirmPasswordReset(publicCtx(request), request.body);
      return {};
    },
  );

  r.post(
    '/profile/change-password',
    {
      config: { roles: ANY_ROLE, allowExpiredPassword: true, rateLimit: sessionRateLimit(config) },
      schema: { tags: ['users'], body: ChangePasswordRequestSchema, response: { 200: EmptyResponseSchema } },
    },
    async (request) => {
      await auth.changePassword(request.ctx, request.body);
      return {};
    },
  );
}
