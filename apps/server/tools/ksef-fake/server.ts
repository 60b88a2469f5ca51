import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { exception, type FakeAnswer, FakeRefusal, serverFault, tooManyRequests } from './answers.js';
import { FakeAuth, publishKeys } from './auth.js';
import {
  type FakeFault,
  type FakeKsefControl,
  type RecordedRequest,
  registerControlRoutes,
  type Violation,
} from './control.js';
import { FakeExports } from './exports.js';
import { sharedKeyPairs } from './keys.js';
import { OpenApiChecker } from './openapi-check.js';
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

type Handler = (request: FastifyRequest, context: { bearer: string | null; instance: string }) => unknown;
interface Route {
  method: 'GET' | 'POST';
  path: string;
  status: number;
  contentType?: string;
  handler: Handler;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    operation?: string;
  }
  interface FastifyRequest {
    isFault?: boolean;
  }
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

  const send = (reply: FastifyReply, answer: FakeAnswer) => {
    reply
      .code(answer.status)
      .headers(answer.headers ?? {})
      .type(answer.contentType);
    return reply.send(
      typeof answer.body === 'string' || Buffer.isBuffer(answer.body) ? answer.body : JSON.stringify(answer.body),
    );
  };

  app.addHook('onRequest', async (request, reply) => {
    const operation = request.routeOptions.config.operation;
    if (!operation) return;
    const index = faults.findIndex((fault) => !fault.operation || fault.operation === operation);
    if (index < 0) return;
    const fault = faults[index]!;
    fault.times = (fault.times ?? 1) - 1;
    if (fault.times <= 0) faults.splice(index, 1);
    if ('hang' in fault) return new Promise<void>(() => {});
    if (fault.status === 429) return send(reply, tooManyRequests(String(fault.retryAfter ?? 1)));
    request.isFault = true;
    return send(reply, serverFault(fault.status, now(), request.url));
  });

  app.addHook('preValidation', async (request, reply) => {
    const operation = request.routeOptions.config.operation;
    if (!operation) return;
    const problems = checker.checkRequest(operation, {
      params: request.params as Record<string, string>,
      query: request.query as Record<string, string>,
      contentType: request.headers['content-type'] ?? null,
      body: request.body,
    });
    if (problems.length === 0) return;
    recordViolation({ operation, direction: 'request', problems });
    return send(reply, exception(now(), 21405, 'Błąd walidacji danych wejściowych.', problems).answer);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const operation = request.routeOptions.config.operation;
    if (!operation || request.isFault) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    const body = Buffer.isBuffer(payload) ? payload.toString('utf8') : (payload as string | undefined);
    const problems = checker.checkResponse(operation, reply.statusCode, type || null, body);
    if (problems.length > 0) recordViolation({ operation, direction: 'answer', status: reply.statusCode, problems });
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    requests.push({
      method: request.method,
      url: request.url,
      operation: request.routeOptions.config.operation ?? null,
      status: reply.statusCode,
    });
  });

  const bearerOf = (request: FastifyRequest) => /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;
  const contextOf = (context: { bearer: string | null; instance: string }) =>
    auth.contextOf(context.bearer, context.instance);
  const params = (request: FastifyRequest) => request.params as Record<string, string>;
  const json = <T>(request: FastifyRequest) => request.body as T;

  const routes: Route[] = [
    { method: 'POST', path: '/auth/challenge', status: 200, handler: () => auth.challenge() },
    {
      method: 'POST',
      path: '/auth/ksef-token',
      status: 202,
      handler: (request) => auth.startWithKsefToken(json(request)),
    },
    {
      method: 'GET',
      path: '/auth/{referenceNumber}',
      status: 200,
      handler: (request, context) => auth.status(params(request).referenceNumber!, context.bearer, context.instance),
    },
    {
      method: 'POST',
      path: '/auth/token/redeem',
      status: 200,
      handler: (_, context) => auth.redeem(context.bearer, context.instance),
    },
    {
      method: 'POST',
      path: '/auth/token/refresh',
      status: 200,
      handler: (_, context) => auth.refresh(context.bearer, context.instance),
    },
    {
      method: 'GET',
      path: '/security/public-key-certificates',
      status: 200,
      handler: () =>
        auth.published.map((key) => ({
          certificate: key.certificate.toString('base64'),
          certificateId: key.certificateId,
          publicKeyId: key.publicKeyId,
          validFrom: key.validFrom.toISOString(),
          validTo: key.validTo.toISOString(),
          usage: [key.usage],
        })),
    },
    {
      method: 'POST',
      path: '/sessions/online',
      status: 201,
      handler: (request, context) => sessions.open(contextOf(context), json(request)),
    },
    {
      method: 'POST',
      path: '/sessions/online/{referenceNumber}/invoices',
      status: 202,
      handler: (request, context) =>
        sessions.send(contextOf(context).nip, params(request).referenceNumber!, json(request)),
    },
    {
      method: 'POST',
      path: '/sessions/online/{referenceNumber}/close',
      status: 204,
      handler: (request, context) => sessions.close(contextOf(context).nip, params(request).referenceNumber!),
    },
    {
      method: 'GET',
      path: '/sessions/{referenceNumber}',
      status: 200,
      handler: (request, context) => sessions.sessionStatus(contextOf(context).nip, params(request).referenceNumber!),
    },
    {
      method: 'GET',
      path: '/sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}',
      status: 200,
      handler: (request, context) =>
        sessions.status(
          contextOf(context).nip,
          params(request).referenceNumber!,
          params(request).invoiceReferenceNumber!,
        ),
    },
    {
      method: 'GET',
      path: '/sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}/upo',
      status: 200,
      contentType: 'application/xml',
      handler: (request, context) =>
        sessions.upo(contextOf(context).nip, params(request).referenceNumber!, {
          invoiceReference: params(request).invoiceReferenceNumber,
        }),
    },
    {
      method: 'GET',
      path: '/sessions/{referenceNumber}/invoices/ksef/{ksefNumber}/upo',
      status: 200,
      contentType: 'application/xml',
      handler: (request, context) =>
        sessions.upo(contextOf(context).nip, params(request).referenceNumber!, {
          ksefNumber: params(request).ksefNumber,
        }),
    },
    {
      method: 'POST',
      path: '/invoices/query/metadata',
      status: 200,
      handler: (request, context) => queryMetadata(contextOf(context).nip, request),
    },
    {
      method: 'POST',
      path: '/invoices/exports',
      status: 201,
      handler: (request, context) => exports.start(contextOf(context).nip, json(request)),
    },
    {
      method: 'GET',
      path: '/invoices/exports/{referenceNumber}',
      status: 200,
      handler: (request, context) => exports.status(contextOf(context).nip, params(request).referenceNumber!),
    },
    {
      method: 'GET',
      path: '/invoices/ksef/{ksefNumber}',
      status: 200,
      contentType: 'application/xml',
      handler: (request, context) => {
        const invoice = store.byKsefNumber(params(request).ksefNumber!, contextOf(context).nip);
        if (!invoice) {
          throw exception(now(), 21164, 'Faktura o podanym identyfikatorze nie istnieje.', [
            `Faktura o numerze KSeF ${params(request).ksefNumber} nie została znaleziona.`,
          ]);
        }
        return invoice.xml;
      },
    },
  ];

  const queryMetadata = (nip: string, request: FastifyRequest) => {
    const query = request.query as { sortOrder?: 'Asc' | 'Desc'; pageOffset?: string; pageSize?: string };
    const pageSize = Number(query.pageSize ?? 10);
    const pageOffset = Number(query.pageOffset ?? 0);
    const matching = store.query(nip, json(request), query.sortOrder ?? 'Asc');
    const page = matching.slice(pageOffset * pageSize, (pageOffset + 1) * pageSize);
    return {
      hasMore: matching.length > (pageOffset + 1) * pageSize,
      isTruncated: false,
      permanentStorageHwmDate: store.highWaterMark().toISOString(),
      invoices: page.map((invoice) => invoice.metadata),
    };
  };

  for (const route of routes) {
    app.route({
      method: route.method,
      url: `/v2${route.path.replace(/\{(\w+)\}/g, ':$1')}`,
      config: { operation: `${route.method} ${route.path}` },
      handler: async (request, reply) => {
        try {
          const body = await route.handler(request, { bearer: bearerOf(request), instance: request.url });
          if (route.status === 204) return reply.code(204).send();
          return send(reply, { status: route.status, contentType: route.contentType ?? 'application/json', body });
        } catch (error) {
          if (error instanceof FakeRefusal) return send(reply, error.answer);
          throw error;
        }
      },
    });
  }

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
