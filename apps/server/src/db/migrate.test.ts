import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/harness.js';
import { rowsOf } from './client.js';
import { MIGRATIONS_FOLDER, MigrationError, readMigrations, runMigrations } from './migrate.js';

/**
 * Migrations are forward-only and each runs in its own transaction: a failed one leaves the database as the one
 * before it left it, its name is in the error (and so in the log), and the server does not start.
 */
const PROBE_SCHEMA = 'upgrade_probe_test';
const GOOD = '9901_probe_good';
const BROKEN = '9902_probe_broken';
const MIGRATIONS: Record<string, string> = {
  [GOOD]: `create schema ${PROBE_SCHEMA};\n--> statement-breakpoint\ncreate table ${PROBE_SCHEMA}.kept (id int);\n`,
  // Its first statements succeed; the last fails, and they must not stay.
  [BROKEN]: `alter table contracts add column probe_note text;\n--> statement-breakpoint\ncreate table ${PROBE_SCHEMA}.lost (id int);\n--> statement-breakpoint\ninsert into ${PROBE_SCHEMA}.missing values (1);\n`,
};
const folders: string[] = [];

/** The shipped migrations and then `extra`, in a folder of their own (drizzle-kit's layout: SQL files and a journal). */
function migrationsWith(extra: string[]): string {
  const folder = mkdtempSync(join(tmpdir(), 'grain-migrations-'));
  folders.push(folder);
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Record<string, unknown>[] };
  const last = Number(journal.entries.at(-1)?.when);
  extra.forEach((tag, i) => {
    writeFileSync(join(folder, `${tag}.sql`), MIGRATIONS[tag] ?? '');
    journal.entries.push({
      idx: journal.entries.length,
      version: '7',
      when: last + 1000 * (i + 1),
      tag,
      breakpoints: true,
    });
  });
  writeFileSync(journalPath, JSON.stringify(journal, null, 2));
  return folder;
}

async function cleanUp() {
  const db = (await testDatabase()).db;
  await db.execute(sql.raw(`drop schema if exists ${PROBE_SCHEMA} cascade`));
  const shipped = readMigrations().at(-1)?.folderMillis ?? 0;
  await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at > ${shipped}`);
}

beforeAll(async () => {
  await testDatabase();
});

afterAll(async () => {
  await cleanUp();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('migrations', () => {
  it('roll back a failed one alone, keep the ones before it, and name it', async () => {
    const database = await testDatabase();
    const applied = async () =>
      rowsOf<{ created_at: string }>(
        await database.db.execute(sql`select created_at::text from drizzle.__drizzle_migrations order by created_at`),
      ).map((row) => Number(row.created_at));
    const before = await applied();
    const folder = migrationsWith([GOOD, BROKEN]);

    const failure = await runMigrations(database, folder).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as MigrationError).migration).toBe(BROKEN);
    expect((failure as MigrationError).message).toContain(BROKEN);

    // The good one ran and is recorded; nothing of the broken one stayed.
    const good = readMigrations(folder).find((m) => m.name === GOOD)!.folderMillis;
    expect(await applied()).toEqual([...before, good]);
    const tables = rowsOf<{ table_name: string }>(
      await database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = ${PROBE_SCHEMA} order by 1`,
      ),
    );
    expect(tables.map((row) => row.table_name)).toEqual(['kept']);
    const columns = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from information_schema.columns where table_name = 'contracts' and column_name = 'probe_note'`,
      ),
    );
    expect(columns[0]?.n).toBe(0);

    // Forward-only: the next start runs the broken one again, and it fails again the same way.
    await expect(runMigrations(database, folder)).rejects.toThrow(BROKEN);
    await cleanUp();
  });

  it('keep the server from starting, with the failed migration named in its log', { timeout: 180_000 }, async () => {
    const folder = migrationsWith([GOOD, BROKEN]);
    const dataDir = mkdtempSync(join(tmpdir(), 'grain-migrate-start-'));
    folders.push(dataDir);
    const url = process.env.TEST_DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../main.ts')], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: url ?? '',
        WORKERS: '1',
        PORT: '0',
        HOST: '127.0.0.1',
        WEB_DIST: '',
        MIGRATIONS_FOLDER: folder,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const code = await new Promise<number | null>((done) => child.on('exit', (exitCode) => done(exitCode)));
    expect(code).not.toBe(0);
    expect(output).toContain(`migration ${BROKEN} failed`);
    expect(output).not.toContain('Grain back office on http');
  });
});
