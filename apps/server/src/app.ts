import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@grain/shared';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { AppError } from './lib/errors.js';
import { allocationRoutes } from './modules/allocations/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { cargoRoutes } from './modules/cargo/routes.js';
import { contractorRoutes } from './modules/contractors/routes.js';
import { contractRoutes } from './modules/contracts/routes.js';
import { dictionaryRoutes } from './modules/dictionary/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { positionRoutes } from './modules/positions/routes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { settlementRoutes } from './modules/settlements/routes.js';
import { transportOrderRoutes } from './modules/transport-orders/routes.js';
import { transportRoutes } from './modules/transports/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { registerAuth } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerServerTiming } from './plugins/server-timing.js';
import { openApiTransform, registerWireFormat } from './plugins/wire.js';

export interface AppDeps {
  db: Db;
  config: Config;
  logger?: FastifyServerOptions['logger'];
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

/** The whole server: plugins and every module, registered by hand, top to bottom. */
export async function buildApp({ db, config, logger = false, onRoute }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
  });
  if (onRoute) app.addHook('onRoute', onRoute);

  registerWireFormat(app);
  registerErrorHandler(app);
  registerServerTiming(app);

  await app.register(fastifyHelmet, {
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
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyRateLimit, { global: false, hook: 'preHandler' });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Grain back office API', version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: openApiTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await registerAuth(app, db, config);

  await app.register(
    async (api) => {
      healthRoutes(api, db);
      authRoutes(api, db, config);
      userRoutes(api);
      contractorRoutes(api);
      contractRoutes(api);
      cargoRoutes(api);
      dictionaryRoutes(api);
      positionRoutes(api);
      allocationRoutes(api);
      settlementRoutes(api);
      transportRoutes(api);
      transportOrderRoutes(api);
      settingsRoutes(api);
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
      // index at all `send` refused `/` as a forbidden directory and the root of the app was a 500 (issue 10).
      index: 'index.html',
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
