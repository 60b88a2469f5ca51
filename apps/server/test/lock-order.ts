import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Db } from '../src/db/client.js';
import * as schema from '../src/db/schema/index.js';

/** The levels of db/locks.ts, in the order a write transaction may take them. */
const LOCK_LEVELS = ['contractors', 'contracts', 'allocations', 'transports', 'unloadings', 'transactions'];

/** A Db on the same client as `db` (its PGlite or its pool) that records every statement it sends. */
export function recordingDb(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const client = (db as unknown as { $client: unknown }).$client;
  const recording =
    client instanceof PGlite
      ? drizzlePglite(client, { schema, logger })
      : drizzlePg(client as pg.Pool, { schema, logger });
  return { db: recording as unknown as Db, statements };
}

const isRowLock = (statement: string) => /\bfor (update|no key update|share|key share)\s*$/i.test(statement.trim());

/** The tables whose rows the statements locked (FOR UPDATE / NO KEY UPDATE / SHARE / KEY SHARE), in order. */
export function lockedTables(statements: string[]): string[] {
  return statements.filter(isRowLock).map((statement) => /\bfrom\s+"?(\w+)"?/i.exec(statement)?.[1] ?? '?');
}

/**
 * The advisory locks the statements took (one per truck and driver key), counted only when every one
 * of them came after the last row lock, as db/locks.ts orders them; -1 when one came before.
 */
export function advisoryLocksAfterRowLocks(statements: string[]): number {
  const lastRowLock = statements.findLastIndex(isRowLock);
  const advisory = statements.flatMap((statement, index) => (/pg_advisory_xact_lock/.test(statement) ? [index] : []));
  return advisory.every((index) => index > lastRowLock) ? advisory.length : -1;
}

/** The same tables sorted by their lock level: equal to `tables` when the transaction kept the global order. */
export function inLockOrder(tables: string[]): string[] {
  return [...tables].sort((a, b) => LOCK_LEVELS.indexOf(a) - LOCK_LEVELS.indexOf(b));
}
