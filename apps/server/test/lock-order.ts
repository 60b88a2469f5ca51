import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Db } from '../src/db/client.js';
import * as schema from '../src/db/schema/index.js';

/** The levels of db/locks.ts, in the order a write transaction may take them. */
const LOCK_LEVELS = [
  'contractors',
  'contracts',
  'allocations',
  'transports',
  'unloadings',
  'transactions',
  'invoices',
  'invoice_number_counters',
];

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

const isLockingSelect = (statement: string) =>
  /\bfor (update|no key update|share|key share)\s*$/i.test(statement.trim());
/** An upsert that updates on conflict locks the row it finds, as the invoice number counter's does (db/locks.ts). */
const isLockingUpsert = (statement: string) =>
  /^insert into\b[\s\S]*\bon conflict\b[\s\S]*\bdo update\b/i.test(statement);
const isRowLock = (statement: string) => isLockingSelect(statement) || isLockingUpsert(statement);

/**
 * The tables whose rows the statements locked (FOR UPDATE / NO KEY UPDATE / SHARE / KEY SHARE, or an upsert's
 * DO UPDATE), in order.
 */
export function lockedTables(statements: string[]): string[] {
  return statements
    .filter(isRowLock)
    .map(
      (statement) =>
        /^\s*insert into\s+"?(\w+)"?/i.exec(statement)?.[1] ?? /\bfrom\s+"?(\w+)"?/i.exec(statement)?.[1] ?? '?',
    );
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
