import fastifyJwt from '@fastify/jwt';
import type { UserRole } from '@grain/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { preparedPerDatabase } from '../db/prepared.js';
import { refreshTokens, users } from '../db/schema/index.js';
import type { Ctx, SessionUser } from '../lib/context.js';
import { AppError } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Roles allowed on the route; every /api route declares roles or public (STYLE.md, Secure by default). */
    roles?: readonly UserRole[];
    public?: boolean;
    /** Reachable while the session's password has expired (only what the password change needs). */
    allowExpiredPassword?: boolean;
    /** A file answer's content type (no JSON schema), documented as its 200; a spreadsheet when not given. */
    fileType?: string;
  }
  interface FastifyRequest {
    ctx: Ctx;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; typ: 'access'; fam?: string };
    user: { sub: string; typ: 'access'; fam?: string };
  }
}

export const JWT_ALGORITHM = 'HS256';

export async function registerAuth(app: FastifyInstance, db: Db, config: Config): Promise<void> {
  await app.register(fastifyJwt, {
    secret: config.jwtSecret,
    sign: { algorithm: JWT_ALGORITHM, expiresIn: config.accessTokenTtlSeconds },
    verify: { algorithms: [JWT_ALGORITHM] },
  });

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const routeConfig = (route.config ?? {}) as { roles?: unknown; public?: unknown };
    if (!routeConfig.public && !Array.isArray(routeConfig.roles)) {
      throw new Error(`Route ${route.method} ${route.url} declares neither config.roles nor config.public`);
    }
  });

  app.addHook('onRequest', async (request) => {
    // Decided by the matched route alone: request.url is the raw request target, which in absolute form
    // (`GET http://host/api/...`) does not start with /api/ yet still reaches the route.
    const routeConfig = request.routeOptions.config;
    if (routeConfig.public || !routeConfig.roles) return;
    const user = await authenticate(request, db);
    if (!routeConfig.roles.includes(user.user.role)) throw new AppError('FORBIDDEN');
    if (user.user.passwordExpired && !routeConfig.allowExpiredPassword) throw new AppError('ACCESS_DENIED');
    request.ctx = { db, user: user.user, familyId: user.familyId, config, log: request.log };
  });
}

/** The statement every authenticated call runs first: built and planned once per connection pool. */
const sessionUserStatement = preparedPerDatabase(prepareSessionUser);

function prepareSessionUser(db: Db) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      active: users.active,
      passwordExpired: users.passwordExpired,
      isSessionAlive: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(refreshTokens)
        .where(
          and(
            eq(refreshTokens.familyId, sql.placeholder('familyId')),
            eq(refreshTokens.userId, users.id),
            isNull(refreshTokens.revokedAt),
          ),
        )})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('session_user');
}

/**
 * The caller of a bearer token: the user row and whether the token's session (its refresh-token family) is still
 * alive, read by one query on every call, so that logout, a revoked family and deactivation end the access token at
 * once and role changes apply at once.
 */
async function authenticate(request: FastifyRequest, db: Db): Promise<{ user: SessionUser; familyId: string }> {
  if (!request.headers.authorization?.startsWith('Bearer ')) throw new AppError('UNAUTHORIZED');
  let payload: { sub: string; typ: string; fam?: unknown };
  try {
    payload = await request.jwtVerify();
  } catch {
    throw new AppError('INVALID_TOKEN');
  }
  const id = Number(payload.sub);
  const familyId = payload.fam;
  // Every access token the server signs names its session; one without it cannot be ended and is not accepted.
  if (payload.typ !== 'access' || !Number.isInteger(id) || typeof familyId !== 'string') {
    throw new AppError('INVALID_TOKEN');
  }
  const [row] = await sessionUserStatement(db).execute({ id, familyId });
  if (!row) throw new AppError('UNAUTHORIZED');
  if (!row.active || !row.isSessionAlive) throw new AppError('DENIED_TOKEN');
  const { active: _active, isSessionAlive: _alive, ...user } = row;
  return { user, familyId };
}
