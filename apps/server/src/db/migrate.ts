import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf, type Tx } from './client.js';

export const MIGRATIONS_FOLDER = resolve(import.meta.dirname, '../../drizzle');
/** Any constant: several server processes starting together migrate one at a time. */
const MIGRATION_LOCK = 727_001;
/** drizzle-kit's bookkeeping, kept as its migrator writes it (a database migrated by either stays readable by both). */
const BOOKKEEPING_SCHEMA = 'drizzle';
const BOOKKEEPING_TABLE = '__drizzle_migrations';

export interface Migration {
  /** The journal's tag: the file name without `.sql`, as the log names it. */
  name: string;
  /** The journal's `when`, stored as `created_at`: a migration runs when it is later than the last one applied. */
  folderMillis: number;
  /** sha256 of the file, stored as `hash` (drizzle-kit's migrator writes the same). */
  hash: string;
  statements: string[];
}

/** A migration that failed: its name in the message, so the log says which one (its own transaction rolled back). */
export class MigrationError extends Error {
  constructor(
    readonly migration: string,
    cause: unknown,
  ) {
    super(`migration ${migration} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MigrationError';
  }
}

/** The migrations of drizzle-kit's journal in its order, read as drizzle-kit's own migrator reads them. */
export function readMigrations(folder: string = MIGRATIONS_FOLDER): Migration[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((entry) => {
    const text = readFileSync(join(folder, `${entry.tag}.sql`), 'utf8');
    return {
      name: entry.tag,
      folderMillis: entry.when,
      hash: createHash('sha256').update(text).digest('hex'),
      statements: text.split('--> statement-breakpoint'),
    };
  });
}

const bookkeeping = sql.raw(`${BOOKKEEPING_SCHEMA}.${BOOKKEEPING_TABLE}`);

/**
 * Forward-only migrations, each in its own transaction: a failed one rolls back alone,
 * leaves the database as the previous one left it and throws a MigrationError naming it, so the server does not
 * start. drizzle-orm's migrator runs all pending ones in one transaction and its error does not say which failed.
 * On PostgreSQL each transaction takes an advisory lock and reads the last applied migration again under it, so
 * processes starting together apply each migration once.
 */
export async function runMigrations(database: Database, folder: string = MIGRATIONS_FOLDER): Promise<void> {
  const migrations = readMigrations(folder);
  const lock = async (tx: Tx) => {
    if (database.kind === 'postgres') await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
  };
  // Under the lock too: two processes creating the table at once would collide on PostgreSQL's catalog.
  await database.db.transaction(async (tx) => {
    await lock(tx);
    await tx.execute(sql.raw(`create schema if not exists ${BOOKKEEPING_SCHEMA}`));
    await tx.execute(
      sql`create table if not exists ${bookkeeping} (id serial primary key, hash text not null, created_at bigint)`,
    );
  });
  for (const migration of migrations) {
    try {
      await database.db.transaction(async (tx) => {
        await lock(tx);
        const [last] = rowsOf<{ created_at: string | number | null }>(
          await tx.execute(sql`select created_at from ${bookkeeping} order by created_at desc limit 1`),
        );
        if (last && Number(last.created_at) >= migration.folderMillis) return;
        for (const statement of migration.statements) await tx.execute(sql.raw(statement));
        await tx.execute(
          sql`insert into ${bookkeeping} (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
        );
      });
    } catch (error) {
      throw new MigrationError(migration.name, error);
    }
  }
}
