import type { FastifyInstance } from 'fastify';

/**
 * `Server-Timing: app;dur=…` on every answer: the time from the request's arrival to its serialized answer, shown
 * by the browser's network panel and read by the benchmark as the server time of a call (without the client).
 */
export function registerServerTiming(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
    return payload;
  });
}
