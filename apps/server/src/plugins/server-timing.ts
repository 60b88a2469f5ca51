import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { requestSplit, TimeSplit } from '../lib/request-timing.js';

/** When each request arrived (Fastify measures its elapsed time only when it logs requests). */
const arrivedAt = new WeakMap<FastifyRequest, number>();

/**
 * `Server-Timing: app;dur=…` on every answer: the time from the request's arrival to its serialized answer, shown
 * by the browser's network panel and read by the benchmark as the server time of a call (without the client).
 * With SERVER_TIMING_SPLIT the same time follows split into `lock`, `sql`, `pool` (waiting for a connection) and
 * `node` (the rest), which add up to `app`. A route's own metric (`pdf;dur=…`, the PDF worker's render) comes last.
 */
export function registerServerTiming(app: FastifyInstance, config: Pick<Config, 'serverTimingSplit'>): void {
  // Callback hooks, not async ones: every request passes them, and a promise each is measurable.
  app.addHook('onRequest', (request, _reply, done) => {
    arrivedAt.set(request, performance.now());
    // The rest of the request runs inside this call, so its statements find their split (db/timing.ts).
    if (config.serverTimingSplit) requestSplit.run(new TimeSplit(), done);
    else done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const started = arrivedAt.get(request);
    if (started !== undefined) {
      const own = reply.getHeader('server-timing');
      const totalMs = performance.now() - started;
      const split = config.serverTimingSplit ? requestSplit.getStore() : undefined;
      const app = `app;dur=${totalMs.toFixed(2)}${split ? `, ${split.header(totalMs)}` : ''}`;
      reply.header('server-timing', own ? `${app}, ${own}` : app);
    }
    done(null, payload);
  });
}

/** One log line per answered request: method, path, status and milliseconds (no headers, no addresses). */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const started = arrivedAt.get(request);
    const ms = started === undefined ? undefined : Math.round((performance.now() - started) * 100) / 100;
    request.log.info({ method: request.method, url: request.url, statusCode: reply.statusCode, ms }, 'request');
    done();
  });
}
