import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@grain/shared';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController, type RouteOptions } from 'fastify';
import type pg from 'pg';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { registerAfterAnswer } from './lib/after-answer.js';
import { AppError } from './lib/errors.js';
import { isDraining } from './lib/lifecycle.js';
import { allocationRoutes } from './modules/allocations/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { cargoRoutes } from './modules/cargo/routes.js';
import { contractorRoutes } from './modules/contractors/routes.js';
import { CONTRACT_SHEETS_MODULE } from './modules/contracts/export-sheet.js';
import { contractRoutes } from './modules/contracts/routes.js';
import { dictionaryRoutes } from './modules/dictionary/routes.js';
import { exchangeRateRoutes } from './modules/exchange-rates/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { INVOICE_SHEETS_MODULE } from './modules/invoices/export-sheet.js';
import { invoiceRoutes } from './modules/invoices/routes.js';
import { liveRoutes } from './modules/live/routes.js';
import { operationsRoutes } from './modules/operations/routes.js';
import { positionRoutes } from './modules/positions/routes.js';
import { priceListRoutes } from './modules/price-lists/routes.js';
import { receivedInvoiceRoutes } from './modules/received-invoices/routes.js';
import { rrInvoiceRoutes } from './modules/rr-invoices/routes.js';
import { savedViewRoutes } from './modules/saved-views/routes.js';
import { searchRoutes } from './modules/search/routes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { STATEMENT_SHEETS_MODULE } from './modules/settlements/export-sheet.js';
import { settlementRoutes } from './modules/settlements/routes.js';
import { transportOrderRoutes } from './modules/transport-orders/routes.js';
import { transportRoutes } from './modules/transports/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { weighbridgeTicketRoutes } from './modules/weighbridge/tickets/routes.js';
import { createScaleSource } from './modules/weighbridge/tickets/scale-source.js';
import { registerAuth } from './plugins/auth.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/errors.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerSecurityHeaders, registerTlsHeaders } from './plugins/security-headers.js';
import { registerAccessLog, registerServerTiming } from './plugins/server-timing.js';
import { openApiTransform, openApiTransformObject, registerWireFormat } from './plugins/wire.js';

export interface AppDeps {
  db: Db;
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /** The PostgreSQL pool behind `db`, when there is one: the metrics report its use. */
  pool?: pg.Pool | null;
  /** The embedded database's own dump, for the online backup (modules/operations); none on PostgreSQL. */
  dumpDataDir?: () => Promise<Blob>;
  /** Sees every route as it is registered: the access-matrix and bad-input tests read the route table with it. */
  onRoute?: (route: RouteOptions) => void;
}

/** Log redaction: secrets never reach the log (ASVS 7.1). */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'body.password',
  'body.refresh_token',
  'body.code',
];

const BODY_LIMIT = 1024 * 1024;

/** API answers at least this big are compressed (smaller ones cost more CPU than they save bytes). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Answers up to this size are compressed in one call on the server's thread: a 50-row logistics page (107 KB)
 * took about 1 ms of CPU that way against 6 ms through a zlib stream per answer (its context set up, the work
 * handed to the thread pool and back; docs/performance.md). Larger answers keep the stream, so the event loop is
 * not held for long; exports are streams anyway.
 */
export const COMPRESS_SYNC_MAX = 256 * 1024;

/** Every module that defines export workbooks: the export worker imports them when it starts (lib/xlsx). */
export const EXPORT_SHEET_MODULES = [CONTRACT_SHEETS_MODULE, STATEMENT_SHEETS_MODULE, INVOICE_SHEETS_MODULE];

/** The whole server: plugins and every module, registered by hand, top to bottom. */
export async function buildApp({
  db,
  config,
  logger = false,
  onRoute,
  pool = null,
  dumpDataDir,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    // One access line per request (registerAccessLog) instead of Fastify's two (logging was ~14 % of a
    // list call's CPU).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    frameworkErrors,
    clientErrorHandler,
    // Unique across processes and restarts: a user's report of a failed call is found in the log by it.
    genReqId: () => randomBytes(9).toString('base64url'),
  });
  if (onRoute) app.addHook('onRoute', onRoute);

  // Every answer names its request (the log lines of the request carry the same id as `reqId`).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  registerWireFormat(app);
  registerErrorHandler(app);
  registerServerTiming(app, config);
  registerAfterAnswer(app);
  // API answers carry tokens and personal data: no cache keeps them. The web app's files set their own.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    // A draining process closes each connection after its answer: a balancer's pooled connection is then not reused
    // in the instant the port closes, where a write sent on it would fail and not be retried (docs/operations.md).
    if (isDraining()) reply.header('Connection', 'close');
    done(null, payload);
  });
  if (logger) registerAccessLog(app);

  registerSecurityHeaders(app);
  registerTlsHeaders(app);
  await app.register(fastifyRateLimit, { global: false, hook: 'preHandler' });
  // Dynamic answers: brotli at a fast level (close to gzip's CPU, smaller output), else gzip at level 5. Files of
  // the web build are compressed once at build time and sent as they are (preCompressed below).
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 5 },
    syncThreshold: COMPRESS_SYNC_MAX,
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Grain back office API', version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerMetrics(app, { db, pool, allow: config.metricsAllow });
  operationsRoutes(app, { dataDir: config.dataDir, dump: dumpDataDir });
  await registerAuth(app, db, config);

  // One reader of the configured scale per process (modules/weighbridge/scale/README.md), closed with the app.
  const scale = createScaleSource(config);
  app.addHook('onClose', () => scale.close());

  await app.register(
    async (api) => {
      healthRoutes(api, db);
      authRoutes(api, db, config);
      userRoutes(api);
      contractorRoutes(api);
      contractRoutes(api);
      cargoRoutes(api);
      invoiceRoutes(api);
      exchangeRateRoutes(api);
      priceListRoutes(api);
      rrInvoiceRoutes(api);
      receivedInvoiceRoutes(api);
      dictionaryRoutes(api);
      positionRoutes(api);
      allocationRoutes(api);
      settlementRoutes(api);
      transportRoutes(api);
      transportOrderRoutes(api);
      weighbridgeTicketRoutes(api, scale);
      settingsRoutes(api);
      savedViewRoutes(api);
      searchRoutes(api);
      liveRoutes(api, db, { maxClients: config.liveMaxClients });
    },
    { prefix: '/api' },
  );

  const { webDist } = config;
  if (webDist) {
    // The folder may be (re)built while the server runs: it is created empty if missing and read per request.
    mkdirSync(webDist, { recursive: true });
    await app.register(fastifyStatic, {
      root: webDist,
      // Files are looked up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      // A folder (`/`, `/assets/`) answers its index.html or falls through to the not-found handler; with no
      // index at all `send` refused `/` as a forbidden directory and the root of the app was a 500.
      index: 'index.html',
      // The .br / .gz files the web build writes beside each file (vite.config.ts precompress).
      preCompressed: true,
      setHeaders: (res, path) => {
        const isHashedAsset = path.includes(`${join(webDist, 'assets')}`);
        res.header('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // Unknown API paths are 404 NOT_FOUND; every other path is the single-page app.
  app.setNotFoundHandler((request, reply) => {
    const isMissingFile = request.url.startsWith('/assets/');
    const hasWeb = webDist !== null && existsSync(join(webDist, 'index.html'));
    if (
      request.url.startsWith('/api/') ||
      request.url === '/api' ||
      !hasWeb ||
      request.method !== 'GET' ||
      isMissingFile
    ) {
      throw new AppError('NOT_FOUND');
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });

  return app;
}
