import type { FastifyInstance, FastifyRequest } from 'fastify';
import { exception, FakeRefusal, sendAnswer } from './answers.js';
import type { FakeAuth } from './auth.js';
import type { FakeExports } from './exports.js';
import type { FakeSessions } from './sessions.js';
import type { FakeStore } from './store.js';

/**
 * The KSeF paths the fake answers, under `/v2`, each named by its OpenAPI operation (`config.operation`, which the
 * checks of `hooks.ts` look up) with its success status.
 */
type Handler = (request: FastifyRequest, context: { bearer: string | null; instance: string }) => unknown;
interface Route {
  method: 'GET' | 'POST';
  path: string;
  status: number;
  contentType?: string;
  handler: Handler;
}

interface Parts {
  auth: FakeAuth;
  sessions: FakeSessions;
  store: FakeStore;
  exports: FakeExports;
  now: () => Date;
}

const bearerOf = (request: FastifyRequest) => /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;
const params = (request: FastifyRequest) => request.params as Record<string, string>;
const json = <T>(request: FastifyRequest) => request.body as T;

export function registerKsefRoutes(app: FastifyInstance, { auth, sessions, store, exports, now }: Parts): void {
  const contextOf = (context: { bearer: string | null; instance: string }) =>
    auth.contextOf(context.bearer, context.instance);
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

  for (const route of routes) {
    app.route({
      method: route.method,
      url: `/v2${route.path.replace(/\{(\w+)\}/g, ':$1')}`,
      config: { operation: `${route.method} ${route.path}` },
      handler: async (request, reply) => {
        try {
          const body = await route.handler(request, { bearer: bearerOf(request), instance: request.url });
          if (route.status === 204) return reply.code(204).send();
          return sendAnswer(reply, {
            status: route.status,
            contentType: route.contentType ?? 'application/json',
            body,
          });
        } catch (error) {
          if (error instanceof FakeRefusal) return sendAnswer(reply, error.answer);
          throw error;
        }
      },
    });
  }
}
