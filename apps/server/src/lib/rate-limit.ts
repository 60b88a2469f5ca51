import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from './errors.js';

/** The window of the sign-in and reset limits; also the window of at most one reset mail per address. */
export const AUTH_RATE_WINDOW_MS = 60_000;

/** Per-route limit for login and password-reset calls, keyed by client address and the e-mail tried. */
export function authRateLimit(config: Config) {
  return {
    max: config.authRateLimit,
    timeWindow: AUTH_RATE_WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return `${request.ip}|${typeof email === 'string' ? email.toLowerCase() : ''}`;
    },
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS'),
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
