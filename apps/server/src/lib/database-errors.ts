/**
 * Failures that say "the database is not reachable right now" rather than "this call is wrong": a PostgreSQL
 * restart, a failover, a pool that cannot get a connection, the embedded database shut down. They answer 503
 * MISSING_DATABASE with Retry-After (spec/2 section 8, server codes), never 500: the call itself was fine and may
 * be made again in a moment.
 */

/** Seconds a client is told to wait before calling again (Retry-After); a fast restart takes about as long. */
export const DATABASE_RETRY_AFTER_SECONDS = 3;

/** Socket errors of the connection to the database (Node's errno codes). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away or not taking connections: 57P01 admin_shutdown (pg_ctl stop/restart -m fast),
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down), 53300 too_many_connections; and
 * class 08, connection exceptions.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Errors without a code that node-postgres, its pool and PGlite throw when the connection is gone or never came. */
const UNAVAILABLE_MESSAGES = [
  /^timeout exceeded when trying to connect$/, // pg-pool: connectionTimeoutMillis passed waiting for a client
  /^Connection terminated( unexpectedly| due to connection timeout)?$/, // pg: the socket closed under a query
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^PGlite is clos(ed|ing)$/,
];

function isUnavailableItself(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Whether the error (or what it wraps: Drizzle's DrizzleQueryError keeps the driver's error as `cause`, a refused
 * connection to a host with several addresses is an AggregateError) means the database is unreachable.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 20; seen++) {
    const current = pending.shift();
    if (isUnavailableItself(current)) return true;
    if (!current || typeof current !== 'object') continue;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    if (cause) pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}
