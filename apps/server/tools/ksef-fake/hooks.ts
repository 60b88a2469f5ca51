import type { FastifyInstance } from 'fastify';
import { exception, sendAnswer, serverFault, tooManyRequests } from './answers.js';
import type { FakeFault, RecordedRequest, Violation } from './control.js';
import type { OpenApiChecker } from './openapi-check.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The OpenAPI operation a KSeF route answers, e.g. `POST /sessions/online`. */
    operation?: string;
  }
  interface FastifyRequest {
    isFault?: boolean;
  }
}

/**
 * What happens around every KSeF call of the fake: faults the tests asked for come first (429, 5xx, a hang); then
 * the request is checked against the OpenAPI document (off it: 400 / 21405, as KSeF answers), the answer too (a
 * mismatch is recorded: the fake's own bug); every call is recorded.
 */
interface Parts {
  checker: OpenApiChecker;
  faults: FakeFault[];
  requests: RecordedRequest[];
  recordViolation: (violation: Violation) => void;
  now: () => Date;
}

export function registerHooks(app: FastifyInstance, { checker, faults, requests, recordViolation, now }: Parts): void {
  app.addHook('onRequest', async (request, reply) => {
    const operation = request.routeOptions.config.operation;
    if (!operation) return;
    const index = faults.findIndex((fault) => !fault.operation || fault.operation === operation);
    if (index < 0) return;
    const fault = faults[index]!;
    fault.times = (fault.times ?? 1) - 1;
    if (fault.times <= 0) faults.splice(index, 1);
    if ('hang' in fault) return new Promise<void>(() => {});
    if (fault.status === 429) return sendAnswer(reply, tooManyRequests(String(fault.retryAfter ?? 1)));
    request.isFault = true;
    return sendAnswer(reply, serverFault(fault.status, now(), request.url));
  });

  app.addHook('preValidation', async (request, reply) => {
    const operation = request.routeOptions.config.operation;
    if (!operation) return;
    const problems = checker.checkRequest(operation, {
      params: request.params as Record<string, string>,
      query: request.query as Record<string, string>,
      contentType: request.headers['content-type'] ?? null,
      body: request.body,
    });
    if (problems.length === 0) return;
    recordViolation({ operation, direction: 'request', problems });
    return sendAnswer(reply, exception(now(), 21405, 'Błąd walidacji danych wejściowych.', problems).answer);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const operation = request.routeOptions.config.operation;
    if (!operation || request.isFault) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    const body = Buffer.isBuffer(payload) ? payload.toString('utf8') : (payload as string | undefined);
    const problems = checker.checkResponse(operation, reply.statusCode, type || null, body);
    if (problems.length > 0) recordViolation({ operation, direction: 'answer', status: reply.statusCode, problems });
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    requests.push({
      method: request.method,
      url: request.url,
      operation: request.routeOptions.config.operation ?? null,
      status: reply.statusCode,
    });
  });
}
