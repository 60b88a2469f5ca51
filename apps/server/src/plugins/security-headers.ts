import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** helmet's headers, the CSP written for the web app (its assets, inline styles of Mantine, data: images and fonts). */
const SECURITY_HEADERS = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // Added by registerTlsHeaders only for requests that came over TLS.
      upgradeInsecureRequests: null,
    },
  },
  hsts: false,
  crossOriginEmbedderPolicy: false,
});

/**
 * helmet's headers on every answer, from a middleware built once: @fastify/helmet built a new one, parsing the CSP
 * again, on every request, through two async hooks (Node CPU per call).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    SECURITY_HEADERS(request.raw, reply.raw, () => done());
  });
}

/** helmet's own HSTS value: a year, subdomains included. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * HSTS and CSP's `upgrade-insecure-requests` only on answers to requests that came over TLS: directly, or as
 * `X-Forwarded-Proto: https` from a proxy TRUST_PROXY names (Fastify's request.protocol). Over plain HTTP on a LAN
 * (http://192.168.1.20:3000, http://biuro:3000) the upgrade rewrote the app's own assets to https and the page was
 * blank.
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
