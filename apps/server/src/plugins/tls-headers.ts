import type { FastifyInstance } from 'fastify';

/** helmet's own HSTS value: a year, subdomains included. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * HSTS and CSP's `upgrade-insecure-requests` only on answers to requests that came over TLS: directly, or as
 * `X-Forwarded-Proto: https` from a proxy TRUST_PROXY names (Fastify's request.protocol). Over plain HTTP on a LAN
 * (http://192.168.1.20:3000, http://biuro:3000) the upgrade rewrote the app's own assets to https and the page was
 * blank (issue 14).
 */
export function registerTlsHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', HSTS_VALUE);
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string' && !csp.includes('upgrade-insecure-requests')) {
        reply.header('Content-Security-Policy', `${csp};upgrade-insecure-requests`);
      }
    }
    done(null, payload);
  });
}
