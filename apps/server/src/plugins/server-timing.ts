import type { FastifyInstance, FastifyRequest } from 'fastify';

/** When each request arrived (Fastify measures its elapsed time only when it logs requests). */
const arrivedAt = new WeakMap<FastifyRequest, number>();

/**
 * `Server-Timing: app;dur=…` on every answer: the time from the request's arrival to its serialized answer, shown
 * by the browser's network panel and read by the benchmark as the server time of a call (without the client).
 */
export function registerServerTiming(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    arrivedAt.set(request, performance.now());
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const started = arrivedAt.get(request);
    if (started !== undefined) reply.header('server-timing', `app;dur=${(performance.now() - started).toFixed(2)}`);
    return payload;
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
