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
