import { createServer, type Server } from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/trust/own-postgres.js';
import { registerErrorHandler } from '../plugins/errors.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-errors.js';

/** An error as node-postgres builds one from the server's ErrorResponse: a DatabaseError with its SQLSTATE. */
function serverError(code: string, message = 'error from the server') {
  return Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });
}
/** As a service sees it: Drizzle wraps the driver's error in DrizzleQueryError. */
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);
const plain = (message: string) => new Error(message);
const errno = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

/** What a pool of node-postgres really throws on its first query to that address (null if it answered). */
async function firstQueryFailure(port: number, settings: pg.PoolConfig = {}): Promise<unknown> {
  const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/x`, max: 1, ...settings });
  try {
    await pool.query('select 1');
    return null;
  } catch (error) {
    return error;
  } finally {
    await pool.end();
  }
}

const UNAVAILABLE: [string, () => unknown][] = [
  ['ECONNREFUSED', () => errno('ECONNREFUSED')],
  ['ECONNRESET', () => errno('ECONNRESET')],
  ['EPIPE', () => errno('EPIPE')],
  ['ETIMEDOUT', () => errno('ETIMEDOUT')],
  ['EAI_AGAIN (the database host name not resolvable during a failover)', () => errno('EAI_AGAIN')],
  ['AggregateError of refused addresses', () => Object.assign(new AggregateError([errno('ECONNREFUSED')]), {})],
  ['57P01 admin_shutdown', () => wrapped(serverError('57P01', 'terminating connection due to administrator command'))],
  ['57P02 crash_shutdown', () => wrapped(serverError('57P02'))],
  ['57P03 cannot_connect_now', () => serverError('57P03', 'the database system is starting up')],
  ['53300 too_many_connections', () => serverError('53300')],
  ['08006 connection_failure', () => wrapped(serverError('08006'))],
  ['08003 connection_does_not_exist', () => serverError('08003')],
  ['08P01 protocol_violation', () => serverError('08P01')],
  ['pool connect timeout', () => plain('timeout exceeded when trying to connect')],
  ['connection timeout', () => plain('Connection terminated due to connection timeout')],
  ['connection cut under a query', () => wrapped(plain('Connection terminated unexpectedly'))],
  ['client broken by an earlier error', () => plain('Client has encountered a connection error and is not queryable')],
  ['client closed', () => plain('Client was closed and is not queryable')],
  ['PGlite closed', () => wrapped(plain('PGlite is closed'))],
  ['PGlite closing', () => plain('PGlite is closing')],
];

const FAULTS_OF_THE_CALL: [string, () => unknown][] = [
  ['23505 unique_violation', () => wrapped(serverError('23505'))],
  ['42P01 undefined_table', () => serverError('42P01')],
  ['40001 serialization_failure', () => serverError('40001')],
  ['22003 numeric_value_out_of_range', () => wrapped(serverError('22003'))],
  ['a bug', () => new TypeError("Cannot read properties of undefined (reading 'id')")],
  ['a message that only mentions a connection', () => plain('Connection terminated for user 7 by the admin')],
  ['nothing', () => undefined],
];

describe('isDatabaseUnavailable', () => {
  it.each(UNAVAILABLE)('is true for %s', (_, make) => {
    expect(isDatabaseUnavailable(make())).toBe(true);
  });

  it.each(FAULTS_OF_THE_CALL)('is false for %s', (_, make) => {
    expect(isDatabaseUnavailable(make())).toBe(false);
  });

  it('is true for what node-postgres really throws when nothing listens on the port', async () => {
    // A port nobody listens on.
    const error = await firstQueryFailure(await freePort());
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('is true for what node-postgres really throws when the server never answers the connection', async () => {
    const sockets: import('node:net').Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const error = await firstQueryFailure((silent.address() as { port: number }).port, {
        connectionTimeoutMillis: 100,
      });
      expect(error).not.toBeNull();
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('the error handler on an unreachable database', () => {
  let app: FastifyInstance;
  const errors = new Map<string, unknown>();

  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/fail/:name', async (request) => {
      throw errors.get((request.params as { name: string }).name);
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(UNAVAILABLE)('answers %s with 503 MISSING_DATABASE and Retry-After', async (name, make) => {
    errors.set('case', make());
    const response = await app.inject({ method: 'GET', url: '/fail/case' });
    expect(response.statusCode, name).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(response.json()).toMatchObject({ message_code: 'MISSING_DATABASE' });
  });

  it.each(FAULTS_OF_THE_CALL.filter(([name]) => name !== 'nothing'))(
    'answers %s with 500 INTERNAL_ERROR, without Retry-After',
    async (_, make) => {
      errors.set('case', make());
      const response = await app.inject({ method: 'GET', url: '/fail/case' });
      expect(response.statusCode).toBe(500);
      expect(response.headers['retry-after']).toBeUndefined();
      expect(response.json()).toEqual({ message_code: 'INTERNAL_ERROR', message: 'Internal error' });
    },
  );
});
