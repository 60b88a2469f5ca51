import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { requestSplit, timeStatement, timeWait } from '../lib/request-timing.js';

/**
 * The drivers' calls timed against the request's split (lib/request-timing.ts, Server-Timing lock/sql/pool): every
 * statement, and the wait for a connection. Without a split (SERVER_TIMING_SPLIT off, work outside a request) each
 * wrapper only asks for it and calls through.
 */

type AnyCall = (...args: unknown[]) => unknown;

const timedClients = new WeakSet<object>();

/** A statement call in the callback form (pg-pool's own query) or a submittable (a cursor) passes untimed. */
function untimedForm(args: unknown[]): boolean {
  return typeof args.at(-1) === 'function' || typeof (args[0] as { submit?: unknown } | null)?.submit === 'function';
}

function timeClientQueries(client: pg.PoolClient): void {
  if (timedClients.has(client)) return;
  timedClients.add(client);
  const query = client.query.bind(client) as AnyCall;
  (client as unknown as { query: AnyCall }).query = (...args) =>
    untimedForm(args) ? query(...args) : timeStatement(args[0], () => query(...args) as Promise<unknown>);
}

export function timePool(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as AnyCall;
  const query = pool.query.bind(pool) as AnyCall;
  (pool as unknown as { connect: AnyCall }).connect = (...args) => {
    if (args.length) return connect(...args);
    return timeWait(() => connect() as Promise<pg.PoolClient>).then((client) => {
      timeClientQueries(client);
      return client;
    });
  };
  // pg-pool's query takes its client through a callback the pool runs in another request's context: with a split,
  // the client is taken here instead, so the wait and the statement are each timed in the caller's request.
  (pool as unknown as { query: AnyCall }).query = (...args) => {
    if (!requestSplit.getStore() || untimedForm(args)) return query(...args);
    return (async () => {
      const client = await pool.connect();
      try {
        const result = await client.query(...(args as Parameters<pg.PoolClient['query']>));
        client.release();
        return result;
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
    })();
  };
}

export function timePglite(client: PGlite): void {
  const query = client.query.bind(client) as AnyCall;
  (client as unknown as { query: AnyCall }).query = (...args) =>
    timeStatement(args[0], () => query(...args) as Promise<unknown>);
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) => {
    // The wait for PGlite's one connection (its transaction mutex) ends when the callback starts.
    let started: () => void = () => {};
    const waited = new Promise<void>((resolve) => {
      started = resolve;
    });
    void timeWait(() => waited);
    return transaction((tx) => {
      started();
      const txQuery = tx.query.bind(tx) as AnyCall;
      (tx as unknown as { query: AnyCall }).query = (...args) =>
        timeStatement(args[0], () => txQuery(...args) as Promise<unknown>);
      return callback(tx);
    }).finally(started);
  };
}
