import fastifyJwt from '@fastify/jwt';
import type { UserRole } from '@grain/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import type { Ctx, SessionUser } from '../lib/context.js';
import { AppError } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Roles allowed on the route; every /api route declares roles or public (STYLE.md, Secure by default). */
    roles?: readonly UserRole[];
    public?: boolean;
    /** Reachable while the session's password has expired (only what the password change needs). */
    allowExpiredPassword?: boolean;
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
    if (!routeConfig.roles.includes(user.role)) throw new AppError('FORBIDDEN');
    if (user.passwordExpired && !routeConfig.allowExpiredPassword) throw new AppError('ACCESS_DENIED');
    request.ctx = { db, user, config, log: request.log };
  });
}

async function authenticate(request: FastifyRequest, db: Db): Promise<SessionUser> {
  if (!request.headers.authorization?.startsWith('Bearer ')) throw new AppError('UNAUTHORIZED');
  let payload: { sub: string; typ: string };
  try {
    payload = await request.jwtVerify();
  } catch {
    throw new AppError('INVALID_TOKEN');
  }
  const id = Number(payload.sub);
  if (payload.typ !== 'access' || !Number.isInteger(id)) throw new AppError('INVALID_TOKEN');
  // The user is read on every call so that deactivation and role changes apply at once.
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      active: users.active,
      passwordExpired: users.passwordExpired,
    })
    .from(users)
    .where(eq(users.id, id));
  if (!row?.active) throw new AppError('UNAUTHORIZED');
  const { active: _active, ...user } = row;
  return user;
}
