import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { FakeAuth, publishKeys } from './auth.js';
import {
  type FakeFault,
  type FakeKsefControl,
  type RecordedRequest,
  registerControlRoutes,
  type Violation,
} from './control.js';
import { FakeExports } from './exports.js';
import { registerHooks } from './hooks.js';
import { sharedKeyPairs } from './keys.js';
import { OpenApiChecker } from './openapi-check.js';
import { registerKsefRoutes } from './routes.js';
import { FakeSessions } from './sessions.js';
import { FakeStore } from './store.js';

/**
 * A fake KSeF API 2.0 for tests and demos (ARCHITECTURE.md: outside services are faked by real servers in the repo
 * speaking their protocol): a real HTTP server under `/v2`, built from the official OpenAPI document, every request
 * and answer checked against it (`openapi-check.ts`; a mismatch is recorded in `control.violations()` and printed).
 * It keeps everything in memory and has its own RSA keys. `control` (or `/__control/…` over HTTP) makes it answer
 * 429, 401, 5xx, hang, go down or refuse the next invoice, and shows what it received.
 */
export interface FakeKsefOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** The fake's clock (token lifetimes, KSeF numbers, dates). */
  now?: () => Date;
  /** KSeF tokens it accepts; NIP `*` for any context. */
  ksefTokens?: { nip: string; token: string }[];
  /** Print each violation of the OpenAPI document to stderr (default true). */
  logViolations?: boolean;
}

export interface FakeKsef {
  /** The API base URL, e.g. `http://127.0.0.1:39001/v2` (what KsefClient takes as `baseUrl`). */
  url: string;
  origin: string;
  control: FakeKsefControl;
  close(): Promise<void>;
}

export async function startFakeKsef(options: FakeKsefOptions = {}): Promise<FakeKsef> {
  const now = options.now ?? (() => new Date());
  const checker = new OpenApiChecker();
  const auth = new FakeAuth(publishKeys(sharedKeyPairs(), new Date(Date.UTC(2025, 0, 1))), now);
  for (const { nip, token } of options.ksefTokens ?? []) auth.registerKsefToken(nip, token);
  const store = new FakeStore(now);
  const sessions = new FakeSessions(auth, store, now);
  let origin = '';
  const exports = new FakeExports(auth, store, now, () => `${origin}/__parts`);
  const faults: FakeFault[] = [];
  const requests: RecordedRequest[] = [];
  const violations: Violation[] = [];
  const recordViolation = (violation: Violation) => {
    violations.push(violation);
    if (options.logViolations !== false) console.error(`fake KSeF: OpenAPI violation ${JSON.stringify(violation)}`);
  };

  const app = Fastify({ bodyLimit: 10 * 1024 * 1024 });
  app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  registerHooks(app, { checker, faults, requests, recordViolation, now });
  registerKsefRoutes(app, { auth, sessions, store, exports, now });

  app.get('/__parts/:reference/:ordinalNumber', async (request, reply) => {
    const { reference, ordinalNumber } = request.params as { reference: string; ordinalNumber: string };
    const part = exports.part(reference, Number(ordinalNumber));
    if (!part) return reply.code(404).send();
    return reply.type('application/octet-stream').send(part);
  });

  const control = registerControlRoutes(app, {
    auth,
    store,
    sessions,
    exports,
    faults,
    requests,
    violations,
    setDown: async (isDown) => {
      if (isDown) {
        await new Promise<void>((resolve) => {
          app.server.close(() => resolve());
          app.server.closeAllConnections();
        });
      } else {
        await new Promise<void>((resolve) => app.server.listen(address.port, address.address, () => resolve()));
      }
    },
  });

  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  origin = `http://${address.address}:${address.port}`;
  return {
    url: `${origin}/v2`,
    origin,
    control,
    close: async () => {
      app.server.closeAllConnections();
      // Down: the port is already closed, and closing it again would fail.
      if (!app.server.listening)
        await new Promise<void>((resolve) => app.server.listen(address.port, address.address, resolve));
      await app.close();
    },
  };
}
