import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * The fake's answers other than success, in the OpenAPI document's shapes: `ExceptionResponse` for 400s (with the
 * exception codes the document lists, e.g. 21405 input validation), Problem Details for 401, and
 * `TooManyRequestsResponse` with `Retry-After` for 429.
 */
export interface FakeAnswer {
  status: number;
  contentType: string;
  body: unknown;
  headers?: Record<string, string>;
}

/** Thrown by the fake's handlers; the server turns it into the answer. */
export class FakeRefusal extends Error {
  constructor(readonly answer: FakeAnswer) {
    super(`${answer.status}`);
  }
}

const traceId = () => randomBytes(16).toString('hex');

export function exception(now: Date, code: number, description: string, details: string[] = []): FakeRefusal {
  return new FakeRefusal({
    status: 400,
    contentType: 'application/json',
    body: {
      exception: {
        exceptionDetailList: [{ exceptionCode: code, exceptionDescription: description, details }],
        serviceCode: traceId(),
        serviceCtx: 'srvFAKE',
        serviceName: 'fake-ksef',
        timestamp: now.toISOString(),
      },
    },
  });
}

export const inputError = (now: Date, detail: string) =>
  exception(now, 21405, 'Błąd walidacji danych wejściowych.', [detail]);

export function unauthorized(now: Date, instance: string, detail: string): FakeRefusal {
  return new FakeRefusal({
    status: 401,
    contentType: 'application/problem+json',
    body: { title: 'Unauthorized', status: 401, detail, instance, traceId: traceId(), timestamp: now.toISOString() },
  });
}

export function tooManyRequests(retryAfter: string): FakeAnswer {
  return {
    status: 429,
    contentType: 'application/json',
    headers: { 'retry-after': retryAfter },
    body: {
      status: {
        code: 429,
        description: 'Too Many Requests',
        details: [`Przekroczono limit żądań. Spróbuj ponownie po ${retryAfter}.`],
      },
    },
  };
}

/** An outage the tests ask for: not in the document (KSeF documents no 5xx), so exempt from its check. */
export function serverFault(status: number, now: Date, instance: string): FakeAnswer {
  return {
    status,
    contentType: 'application/problem+json',
    body: { title: 'Service Unavailable', status, detail: 'fake outage', instance, timestamp: now.toISOString() },
  };
}

export function sendAnswer(reply: FastifyReply, answer: FakeAnswer) {
  reply
    .code(answer.status)
    .headers(answer.headers ?? {})
    .type(answer.contentType);
  const body = answer.body;
  return reply.send(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
}
