import { type FieldError, MESSAGE_CODES, type MessageCode } from '@grain/shared';

/** A refusal with a catalogue code; the error plugin renders it as `{ message_code, message, errors }`. */
export class AppError extends Error {
  readonly code: MessageCode;
  readonly statusCode: number;
  readonly errors?: FieldError[];
  /** When to try again (a 429 or 503): the error plugin sends it as `Retry-After`. */
  retryAfterSeconds?: number;

  constructor(code: MessageCode, message?: string, errors?: FieldError[]) {
    super(message ?? code);
    this.code = code;
    this.statusCode = MESSAGE_CODES[code];
    this.errors = errors;
  }
}

/** A refusal that tells the client when to come back (RFC 9110 Retry-After, in whole seconds). */
export function retryLater(code: MessageCode, seconds: number): AppError {
  const error = new AppError(code);
  error.retryAfterSeconds = Math.max(1, Math.ceil(seconds));
  return error;
}

/** 400 VALIDATION_ERROR with per-field errors (snake_case field paths, V codes), the one way to build it. */
export function validationError(...errors: FieldError[]): AppError {
  return new AppError('VALIDATION_ERROR', 'Validation failed', errors);
}

/** PostgreSQL unique violation on the named constraint (or any when omitted). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const cause = findPgError(error);
  return cause?.code === '23505' && (!constraint || cause.constraint === constraint);
}

export function isForeignKeyViolation(error: unknown): boolean {
  return findPgError(error)?.code === '23503';
}

export function findPgError(error: unknown): { code?: string; constraint?: string } | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      return candidate as { code: string };
    current = candidate.cause;
  }
  return null;
}
