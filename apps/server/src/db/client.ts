import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.js';
import { timePglite, timePool } from './timing.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  close: () => Promise<void>;
  /**
   * The embedded database's whole data folder as a gzipped tar, taken between two statements of this process
   * (PGlite's own dump: a crash-consistent image that its recovery completes on load). Online backups of the
   * embedded database go through it (src/operations/backup.ts); PostgreSQL has pg_dump instead.
   */
  dumpDataDir?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** Folder of the embedded database; null keeps it in memory (tests). */
  pgliteDir: string | null;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, { max: options.poolSize ?? 10 });
  return openPglite(options.pgliteDir);
}

/**
 * Settings of the server's PostgreSQL sessions. JIT compiles a plan that looks expensive (a count over millions of
 * rows) for 50 ms and more before running it: a loss for the short queries of a back office.
 */
export const SESSION_OPTIONS = '-c jit=off';

/** A pool of the server's sessions on PostgreSQL; `settings` adjust its size and lifetimes (the export worker's). */
export function openPostgres(url: string, settings: pg.PoolConfig = {}): Database & { pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    ...settings,
    options: SESSION_OPTIONS,
  });
  // A dropped connection (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // The pool listens only to idle clients: one cut while checked out (between two statements of a transaction)
  // emits 'error' with no listener, which crashed the process on a database restart (test/trust). Its
  // next query fails instead, the request answers 500 and the pool drops the client on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  timePool(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

/** PGlite has no cross-process lock of its own, so one server per data folder is enforced with a lock file. */
async function openPglite(dir: string | null): Promise<Database> {
  let release = () => {};
  if (dir) {
    mkdirSync(dir, { recursive: true });
    release = takeLockFile(join(dir, '..', `${dir.split('/').pop()}.lock`));
  }
  const client = dir ? await PGlite.create(dir) : await PGlite.create();
  timePglite(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    dumpDataDir: async () => {
      await client.exec('checkpoint');
      return client.dumpDataDir('gzip');
    },
    close: async () => {
      await client.close();
      release();
    },
  };
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function takeLockFile(file: string): () => void {
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid && isProcessAlive(pid)) {
      throw new Error(`The embedded database is in use by process ${pid} (${file}). Stop it first.`);
    }
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

/** Rows of a raw `db.execute(sql...)`: both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
