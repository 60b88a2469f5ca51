import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError, retryLater } from './errors.js';

/** The window of the sign-in and reset limits; also the window of at most one reset mail per address. */
export const AUTH_RATE_WINDOW_MS = 60_000;

/**
 * The client a budget counts: its address, an IPv6 one by its /64 (the plugin's default), since one host holds a whole
 * prefix and would otherwise get a fresh budget per address.
 */
const clientOf = (request: FastifyRequest) => normalizeIP(request.ip);

/** Per-route limit for login and password-reset calls, keyed by client address and the e-mail tried. */
export function authRateLimit(config: Config) {
  return {
    max: config.authRateLimit,
    timeWindow: AUTH_RATE_WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return `${clientOf(request)}|${typeof email === 'string' ? email.toLowerCase() : ''}`;
    },
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS'),
  };
}

/**
 * One budget per client address over every e-mail and all four sign-in calls (login, reset request, code check, reset
 * confirm; RULES.md Users and sessions), on top of the per-address-and-e-mail limit above: password spraying tries one
 * password on many accounts, which that limit never sees, and every try costs a scrypt. One preHandler for the four
 * routes of one app, so they share the count; it runs before the per-e-mail limit and counts every attempt.
 */
export function addressRateLimit(app: FastifyInstance, config: Config) {
  const countAttempt = app.createRateLimit({
    max: config.authAddressRateLimit,
    timeWindow: AUTH_RATE_WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => `address|${clientOf(request)}`,
  });
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const attempt = await countAttempt(request);
    if (!attempt.isAllowed && attempt.isExceeded) throw retryLater('TOO_MANY_REQUESTS', attempt.ttlInSeconds);
  };
}

/**
 * Per-route limit for the old-password check of a signed-in session (change-password), keyed by the user: a stolen
 * access token must not become an unlimited password-guessing oracle (ASVS 2.2.1). Runs after authentication.
 */
export function sessionRateLimit(config: Config) {
  return {
    max: config.authRateLimit,
    timeWindow: AUTH_RATE_WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => `user|${request.ctx?.user.id ?? request.ip}`,
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS'),
  };
}
