import { type ErrorBody, MESSAGE_CODES, type MessageCode } from '@grain/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../lib/errors.js';
import { RequestValidationError } from './wire.js';

function send(reply: FastifyReply, code: MessageCode, extra: Partial<ErrorBody> = {}) {
  const body: ErrorBody = { message_code: code, message: extra.message ?? code };
  if (extra.errors) body.errors = extra.errors;
  return reply.status(MESSAGE_CODES[code]).type('application/json; charset=utf-8').send(JSON.stringify(body));
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
  if (error.statusCode === 415) return 'BAD_REQUEST';
  return null;
}

/** Every refusal as `{ message_code, message, errors? }`; unknown failures are logged and become INTERNAL_ERROR. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return send(reply, error.code, { message: error.message, errors: error.errors });
    if (error instanceof RequestValidationError) {
      return send(reply, 'VALIDATION_ERROR', { message: 'Validation failed', errors: error.errors });
    }
    const code = frameworkCode(error);
    if (code) return send(reply, code);
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 'INTERNAL_ERROR', { message: 'Internal error' });
  });
}
