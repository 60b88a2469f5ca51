import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ErrorBody, MESSAGE_CODES, type MessageCode } from '@grain/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../lib/database-errors.js';
import { AppError } from '../lib/errors.js';
import { PDF_BUSY_RETRY_AFTER_SECONDS } from '../lib/pdf/service.js';
import { RequestValidationError } from './wire.js';

function errorBody(code: MessageCode, extra: Partial<ErrorBody> = {}): string {
  const body: ErrorBody = { message_code: code, message: extra.message ?? code };
  if (extra.errors) body.errors = extra.errors;
  return JSON.stringify(body);
}

/** Refusals that are a moment, not a fault of the call: the client is told when to ask again. */
const RETRY_AFTER_SECONDS: Partial<Record<MessageCode, number>> = {
  MISSING_DATABASE: DATABASE_RETRY_AFTER_SECONDS,
  PDF_SERVICE_BUSY: PDF_BUSY_RETRY_AFTER_SECONDS,
  SERVER_DRAINING: 1,
  // A full process (modules/live): the browser's stream waits this long before it tries again.
  LIVE_EVENTS_BUSY: 10,
};

function send(reply: FastifyReply, code: MessageCode, extra: Partial<ErrorBody> = {}) {
  const retryAfter = RETRY_AFTER_SECONDS[code];
  if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
  return reply.status(MESSAGE_CODES[code]).type('application/json; charset=utf-8').send(errorBody(code, extra));
}

/**
 * Fastify's `frameworkErrors`: a path that cannot be decoded (`/%`) is 400 BAD_REQUEST and a path parameter over
 * its length limit 404 NOT_FOUND, in the error format rather than Fastify's own body.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return send(reply, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'NOT_FOUND' : 'BAD_REQUEST');
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any route runs. A request line (path and
 * query string) or headers over the limit (Node's maxHeaderSize) is 431 REQUEST_TOO_LARGE; anything else that does
 * not parse is 400 BAD_REQUEST; both in the error format (ARCHITECTURE.md The API: every refusal).
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: MessageCode = error.code === 'HPE_HEADER_OVERFLOW' ? 'REQUEST_TOO_LARGE' : 'BAD_REQUEST';
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : MESSAGE_CODES[code];
  const body = errorBody(code);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nCache-Control: no-store\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Fastify's own refusals mapped onto the catalogue. */
function frameworkCode(error: FastifyError): MessageCode | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'PAYLOAD_TOO_LARGE';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_VALIDATION':
      return 'BAD_REQUEST';
    default:
      break;
  }
  if (error.statusCode === 429) return 'TOO_MANY_REQUESTS';
  if (error instanceof SyntaxError || error.statusCode === 400) return 'BAD_REQUEST';
  if (error.statusCode === 413) return 'PAYLOAD_TOO_LARGE';
  // @fastify/static refuses paths it will not serve (`//x`, `%00`, `%5C`, dot segments) as 403 Forbidden: to a
  // client that is a file that does not exist, not a failure of the server.
  if (error.statusCode === 403 || error.statusCode === 404) return 'NOT_FOUND';
  if (error.statusCode === 415) return 'BAD_REQUEST';
  return null;
}

/**
 * Every refusal as `{ message_code, message, errors? }`; a database that cannot be reached (restart, failover, a
 * full pool) is 503 MISSING_DATABASE with Retry-After; other unknown failures are logged and become INTERNAL_ERROR.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('Retry-After', String(error.retryAfterSeconds));
      return send(reply, error.code, { message: error.message, errors: error.errors });
    }
    if (error instanceof RequestValidationError) {
      return send(reply, 'VALIDATION_ERROR', { message: 'Validation failed', errors: error.errors });
    }
    const code = frameworkCode(error);
    if (code) return send(reply, code);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(reply, 'MISSING_DATABASE', { message: 'The database does not answer, try again shortly' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 'INTERNAL_ERROR', { message: 'Internal error' });
  });
}
