import { APP_VERSION, HealthResponseSchema } from '@grain/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { isDraining } from '../../lib/lifecycle.js';
import type { ZodTypeProvider } from '../../plugins/wire.js';

/** Answers when the database answers (load balancers use it). */
export function healthRoutes(app: FastifyInstance, db: Db) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/health',
      { config: { public: true }, schema: { tags: ['health'], response: { 200: HealthResponseSchema } } },
      async () => {
        // A stopping process leaves the balancer's rotation first (lib/lifecycle.ts).
        if (isDraining()) throw new AppError('SERVER_DRAINING');
        try {
          await db.execute(sql`select 1`);
        } catch {
          throw new AppError('MISSING_DATABASE');
        }
        return { status: 'ok' as const, version: APP_VERSION };
      },
    );
}
