import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { ensureOperationsKey, isOperationsKey } from './key.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * `POST /api/operations/pglite-dump`: the embedded database's dump for `npm run backup` while the server runs (the
 * data folder belongs to this one process, so the copy is taken by it, between two statements). Only from this
 * machine and with the key of DATA_DIR; everyone else gets 404 as if it did not exist. Not part of the spec's API.
 */
export function operationsRoutes(app: FastifyInstance, options: { dataDir: string; dump?: () => Promise<Blob> }) {
  const key = ensureOperationsKey(options.dataDir);
  app.post(
    '/api/operations/pglite-dump',
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      const { dump } = options;
      const isLocal = LOOPBACK.has(request.socket.remoteAddress ?? '');
      if (!dump || !isLocal || !isOperationsKey(key, request.headers['x-operations-key'])) {
        throw new AppError('NOT_FOUND');
      }
      const tarball = Buffer.from(await (await dump()).arrayBuffer());
      return reply.type('application/gzip').header('Cache-Control', 'no-store').send(tarball);
    },
  );
}
