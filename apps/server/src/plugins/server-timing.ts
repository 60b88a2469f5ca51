import type { FastifyInstance, FastifyRequest } from 'fastify';

/** When each request arrived (Fastify measures its elapsed time only when it logs requests). */
const arrivedAt = new WeakMap<FastifyRequest, number>();

/**
 * `Server-Timing: app;dur=…` on every answer: the time from the request's arrival to its serialized answer, shown
 * by the browser's network panel and read by the benchmark as the server time of a call (without the client).
 * A route's own metric (`pdf;dur=…`, the PDF worker's render) follows it.
 */
export function registerServerTiming(app: FastifyInstance): void {
  // Callback hooks, not async ones: every request passes them, and a promise each is measurable.
  app.addHook('onRequest', (request, _reply, done) => {
    arrivedAt.set(request, performance.now());
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const started = arrivedAt.get(request);
    if (started !== undefined) {
      const own = reply.getHeader('server-timing');
      const app = `app;dur=${(performance.now() - started).toFixed(2)}`;
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
