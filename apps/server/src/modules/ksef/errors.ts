/**
 * What can go wrong talking to KSeF, as typed errors the sender can act on (KSeF docs `limity/limity-api.md`,
 * the OpenAPI document's error answers):
 * - `unreachable` (no connection, timed out): retry later, or issue the invoice in offline24 mode meanwhile;
 * - `rate-limited` (429): wait `retryAfterMs`, as the `Retry-After` header said;
 * - `server` (5xx): retry later;
 * - `unauthorized` (401 after a refresh and a new authentication): the KSeF token itself is refused;
 * - `failed`: an asynchronous operation (authentication, export) ended with a failure status code, e.g. 450 wrong
 *   token; retryable for KSeF's own 500 and 550, and for 100 (still in progress when we stopped polling);
 * - `request` (any other 4xx): our request is wrong; KSeF's exception code and description say why; retrying the
 *   same request cannot help;
 * - `protocol`: KSeF answered something the OpenAPI document does not describe.
 */
export type KsefErrorKind =
  | 'unreachable'
  | 'rate-limited'
  | 'server'
  | 'unauthorized'
  | 'failed'
  | 'request'
  | 'protocol';

export abstract class KsefError extends Error {
  abstract readonly kind: KsefErrorKind;
  /** True when the same call may succeed later (the sender retries it with back-off). */
  abstract readonly isRetryable: boolean;
  /** The call that failed, e.g. `POST /sessions/online`. */
  readonly operation: string;

  constructor(operation: string, message: string, options?: { cause?: unknown }) {
    super(`${operation}: ${message}`, options);
    this.operation = operation;
  }
}

export class KsefUnreachableError extends KsefError {
  override readonly name = 'KsefUnreachableError';
  readonly kind = 'unreachable';
  readonly isRetryable = true;
  constructor(
    operation: string,
    readonly reason: 'connection' | 'timeout',
    options?: { cause?: unknown },
  ) {
    super(operation, reason === 'timeout' ? 'KSeF did not answer in time' : 'KSeF cannot be reached', options);
  }
}

export class KsefRateLimitedError extends KsefError {
  override readonly name = 'KsefRateLimitedError';
  readonly kind = 'rate-limited';
  readonly isRetryable = true;
  constructor(
    operation: string,
    readonly retryAfterMs: number,
  ) {
    super(operation, `too many requests, retry after ${Math.ceil(retryAfterMs / 1000)} s`);
  }
}

export class KsefServerError extends KsefError {
  override readonly name = 'KsefServerError';
  readonly kind = 'server';
  readonly isRetryable = true;
  constructor(
    operation: string,
    readonly status: number,
  ) {
    super(operation, `KSeF answered ${status}`);
  }
}

export class KsefUnauthorizedError extends KsefError {
  override readonly name = 'KsefUnauthorizedError';
  readonly kind = 'unauthorized';
  readonly isRetryable = false;
  constructor(
    operation: string,
    readonly detail: string | null,
  ) {
    super(operation, `unauthorized${detail ? `: ${detail}` : ''}`);
  }
}

export class KsefOperationFailedError extends KsefError {
  override readonly name = 'KsefOperationFailedError';
  readonly kind = 'failed';
  readonly isRetryable: boolean;
  constructor(
    operation: string,
    readonly code: number,
    readonly description: string,
    readonly details: readonly string[],
  ) {
    super(operation, `ended with ${code} ${description}${details.length ? ` (${details.join('; ')})` : ''}`);
    // 100 still in progress, 500 unknown error, 550 cancelled by the system ("try again").
    this.isRetryable = code === 100 || code === 500 || code === 550;
  }
}

/** One exception KSeF listed: its code (e.g. 21405), description and details. */
export interface KsefException {
  code: number | null;
  description: string;
  details: string[];
}

export class KsefRequestError extends KsefError {
  override readonly name = 'KsefRequestError';
  readonly kind = 'request';
  readonly isRetryable = false;
  constructor(
    operation: string,
    readonly status: number,
    readonly exceptions: readonly KsefException[],
  ) {
    const first = exceptions[0];
    super(
      operation,
      `KSeF refused with ${status}${first ? `: ${first.code ?? ''} ${first.description}`.trimEnd() : ''}`,
    );
  }

  /** The first exception code, e.g. 21405 (validation) or 21301 (no authorisation). */
  get code(): number | null {
    return this.exceptions[0]?.code ?? null;
  }

  get description(): string | null {
    return this.exceptions[0]?.description ?? null;
  }
}

export class KsefProtocolError extends KsefError {
  override readonly name = 'KsefProtocolError';
  readonly kind = 'protocol';
  readonly isRetryable = false;
}

function jsonOf(bytes: Uint8Array): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The `detail` of a Problem Details answer (401, 403, 410). */
export function problemDetailOf(bytes: Uint8Array): string | null {
  const body = jsonOf(bytes);
  return typeof body?.detail === 'string' ? body.detail : null;
}

const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []);

/**
 * KSeF's refusal bodies: `ExceptionResponse` (`exception.exceptionDetailList[]`), Problem Details (`errors[]`, or
 * `reasonCode` on a 403) or a bare `status` object.
 */
export function exceptionsOfBody(bytes: Uint8Array): KsefException[] {
  const body = jsonOf(bytes);
  if (!body) return [];
  const exception = body.exception as { exceptionDetailList?: unknown } | undefined;
  if (Array.isArray(exception?.exceptionDetailList)) {
    return exception.exceptionDetailList.map((detail: Record<string, unknown>) => ({
      code: typeof detail.exceptionCode === 'number' ? detail.exceptionCode : null,
      description: String(detail.exceptionDescription ?? ''),
      details: strings(detail.details),
    }));
  }
  if (Array.isArray(body.errors)) {
    return body.errors.map((error: Record<string, unknown>) => ({
      code: typeof error.code === 'number' ? error.code : null,
      description: String(error.description ?? ''),
      details: strings(error.details),
    }));
  }
  if (typeof body.detail === 'string') {
    return [{ code: null, description: [body.reasonCode, body.detail].filter(Boolean).join(': '), details: [] }];
  }
  return [];
}
