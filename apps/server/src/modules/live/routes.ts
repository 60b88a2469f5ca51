import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { type Listening, listenOnDatabase } from '../../db/notifications.js';
import { AppError } from '../../lib/errors.js';
import { isDraining } from '../../lib/lifecycle.js';
import { type LiveClient, LiveHub, parseAnnouncement } from './hub.js';

/** The channel the audit log's trigger announces every change on (migration 0023). */
export const CHANGES_CHANNEL = 'grain_changes';

/** A comment line this often keeps an idle stream open through proxies (Caddy, nginx) and tells a dead one. */
export const LIVE_HEARTBEAT_MS = 15_000;

/** The browser's wait before it connects again after the stream ends (the SSE `retry:` field). */
export const LIVE_RETRY_MS = 2_000;

export interface LiveOptions {
  /** Open streams per process at most (LIVE_MAX_CLIENTS); one more is refused with LIVE_EVENTS_BUSY. */
  maxClients: number;
  heartbeatMs?: number;
}

/**
 * `GET /api/events`: Server-Sent Events of the changes others make (ARCHITECTURE.md Stack, live updates). The
 * process listens once on the database (one session, opened with the first stream) and fans each committed change
 * out to its streams, filtered by the reader's role; PostgreSQL's NOTIFY reaches every process on the database, so
 * it works with WORKERS and several servers behind a balancer. Authenticated as every route, by the bearer header
 * (the web reads the stream with fetch, not EventSource, which cannot send one).
 */
export function liveRoutes(app: FastifyInstance, db: Db, options: LiveOptions) {
  const hub = new LiveHub(options.maxClients);
  let listening: Promise<Listening> | null = null;
  const startListening = () => {
    listening ??= listenOnDatabase(db, CHANGES_CHANNEL, {
      onPayload: (payload) => {
        const change = parseAnnouncement(payload);
        if (change) hub.announce(change);
      },
      onResumed: () => hub.resync(),
    }).catch((error: unknown) => {
      listening = null;
      throw error;
    });
    return listening;
  };

  const heartbeat = setInterval(() => hub.heartbeat(), options.heartbeatMs ?? LIVE_HEARTBEAT_MS);
  heartbeat.unref();
  // The streams end before the server waits for its open requests to finish (main.ts shutdown, app.close()).
  app.addHook('preClose', (done) => {
    hub.endAll();
    done();
  });
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    const session = await listening?.catch(() => null);
    await session?.close();
  });

  app.get(
    '/events',
    // Not in the OpenAPI document: a stream that never ends is no answer its checks can read.
    { config: { roles: ['ADMIN', 'USER'] }, schema: { hide: true } },
    async (request, reply) => {
      // A stopping process takes no new stream: the browser connects again, through the balancer, to another.
      if (isDraining()) throw new AppError('SERVER_DRAINING');
      if (hub.isFull()) throw new AppError('LIVE_EVENTS_BUSY');
      await startListening();
      if (hub.isFull()) throw new AppError('LIVE_EVENTS_BUSY');
      const { user } = request.ctx;
      const exp = (request.user as { exp?: number }).exp;
      reply.hijack();
      const res = reply.raw;
      // The headers the hooks set on the reply (request id, security headers) go out with the stream's own.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) res.setHeader(name, value);
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx would otherwise hold the events back in its buffer.
        'x-accel-buffering': 'no',
      });
      res.write(`retry: ${LIVE_RETRY_MS}\n: connected\n\n`);
      const client: LiveClient = {
        userId: user.id,
        role: user.role,
        expiresAt: exp ? exp * 1000 : Number.POSITIVE_INFINITY,
        write: (chunk) => res.write(chunk),
        backlog: () => res.writableLength,
        end: () => res.end(),
      };
      hub.add(client);
      res.on('close', () => hub.remove(client));
    },
  );
  return hub;
}
