import { BlockList, isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import { pdfQueueState } from '../lib/pdf/service.js';
import { exportsInFlight } from '../lib/xlsx/export.js';

/**
 * One registry per process: the metrics describe the process (its event loop, its pool, its queues), however many
 * apps a test builds in it. With WORKERS above 1 each worker answers its own; scrape the processes one by one
 * (docs/operations.md).
 */
const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'grain_', eventLoopMonitoringPrecision: 20 });

const requestSeconds = new Histogram({
  name: 'grain_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer, by method, route template and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** What the gauges read at scrape time: the app's database and, on PostgreSQL, its pool. */
interface MetricSources {
  db: Db | null;
  pool: pg.Pool | null;
}
const sources: MetricSources = { db: null, pool: null };

new Gauge({
  name: 'grain_db_pool_connections',
  help: 'PostgreSQL pool connections of this process: total open, idle, and requests waiting for one.',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const { pool } = sources;
    this.set({ state: 'total' }, pool?.totalCount ?? 0);
    this.set({ state: 'idle' }, pool?.idleCount ?? 0);
    this.set({ state: 'waiting' }, pool?.waitingCount ?? 0);
  },
});

new Gauge({
  name: 'grain_queue_depth',
  help: 'Work waiting or running per queue: mail outbox (pending), PDF renders, exports streaming.',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    const pdf = pdfQueueState();
    this.set({ queue: 'pdf' }, pdf.rendering + pdf.waiting);
    this.set({ queue: 'export' }, exportsInFlight());
    const outbox = await outboxState();
    this.set({ queue: 'mail_outbox' }, outbox.pending);
  },
});

new Gauge({
  name: 'grain_queue_oldest_age_seconds',
  help: 'Age of the oldest item still waiting per stored queue (a stuck sender shows as a growing age).',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    this.set({ queue: 'mail_outbox' }, (await outboxState()).oldestSeconds);
  },
});

/** The mail outbox read once per scrape (both gauges ask within one collect round). */
let outboxRead: { at: number; value: Promise<{ pending: number; oldestSeconds: number }> } | null = null;
function outboxState() {
  const { db } = sources;
  if (!db) return Promise.resolve({ pending: 0, oldestSeconds: 0 });
  if (outboxRead && performance.now() - outboxRead.at < 1000) return outboxRead.value;
  const value = db
    .execute(
      sql`select count(*)::int as pending,
            coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
          from mail_outbox where status = 'PENDING'`,
    )
    .then((result) => {
      const row = (result as unknown as { rows: { pending: number; oldest: number }[] }).rows[0];
      return { pending: Number(row?.pending ?? 0), oldestSeconds: Number(row?.oldest ?? 0) };
    })
    .catch(() => ({ pending: 0, oldestSeconds: 0 }));
  outboxRead = { at: performance.now(), value };
  return value;
}

function allowListOf(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const family = isIP(address ?? '') === 6 ? 'ipv6' : 'ipv4';
    if (!address || isIP(address) === 0) throw new Error(`METRICS_ALLOW: "${entry}" is not an address or CIDR range`);
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

function isAllowed(list: BlockList, address: string): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  const family = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
  return list.check(plain, family);
}

/**
 * `/api/metrics` in Prometheus' text format, for the addresses of METRICS_ALLOW only (others get 404, as if it did
 * not exist), and the latency of every request by its route template (not its path: ids would explode the labels).
 */
export function registerMetrics(app: FastifyInstance, options: { db: Db; pool: pg.Pool | null; allow: string[] }) {
  sources.db = options.db;
  sources.pool = options.pool;
  const allow = allowListOf(options.allow);
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requestSeconds.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get('/api/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    // The socket's own address: a forwarded one could be chosen by the client.
    if (!isAllowed(allow, request.socket.remoteAddress ?? '')) throw new AppError('NOT_FOUND');
    reply.header('Content-Type', registry.contentType);
    return registry.metrics();
  });
}
