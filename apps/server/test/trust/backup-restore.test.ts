import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { nipFromSerial } from '@grain/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../src/db/client.js';
import { contractorBody } from '../fixtures/contractors.js';
import { invariantViolations } from './invariants.js';
import { freePort } from './own-postgres.js';
import { request, type ServerProcess, startServer, waitUntilHealthy } from './server-process.js';

/**
 * The restore drill (docs/operations.md, Backups): `npm run backup` taken from the running server under a write
 * load, `npm run restore` into a new, empty database; the business invariants hold there and every write the server
 * acknowledged before the backup started is in it. On the embedded database in `npm test`, on PostgreSQL in the
 * suite's PostgreSQL run (TEST_DATABASE_URL), each with the real server process and the real command line.
 */
const run = promisify(execFile);
const SERVER_DIR = resolve(import.meta.dirname, '../..');
const PASSWORD = 'Backup-drill7!';
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function cli(args: string[], env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', 'src/modules/operations/cli.ts', ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    timeout: 120_000,
  });
}

/** A database of its own on the suite's PostgreSQL server (its name ends in "test", like every test database). */
async function freshPostgresDatabase(name: string): Promise<string> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  // The cleanup connects to the suite's own database: never to the one it drops.
  const adminUrl = base.toString();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  base.pathname = `/${name}`;
  return base.toString();
}

async function contractorIds(database: Database): Promise<Set<number>> {
  const rows = rowsOf<{ id: number }>(await database.db.execute(sql`select id from contractors`));
  return new Set(rows.map((row) => Number(row.id)));
}

describe(`a backup of the running server (${onPostgres ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('restores into an empty database with every write acknowledged before it and the invariants holding', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'grain-backup-src-'));
    const backupDir = mkdtempSync(join(tmpdir(), 'grain-backups-'));
    const restoredDir = mkdtempSync(join(tmpdir(), 'grain-backup-restored-'));
    cleanups.push(() => {
      for (const dir of [dataDir, backupDir, restoredDir]) rmSync(dir, { recursive: true, force: true });
    });
    const sourceUrl = onPostgres ? await freshPostgresDatabase('backup_source_test') : '';
    const restoredUrl = onPostgres ? await freshPostgresDatabase('backup_restored_test') : '';
    const port = await freePort();
    const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, AUTH_RATE_LIMIT: '1000', DATABASE_URL: sourceUrl };
    const server: ServerProcess = startServer({ ...env, WORKERS: '1' }, port);
    cleanups.push(async () => {
      server.child.kill('SIGKILL');
      await server.exited;
    });
    await waitUntilHealthy(server);
    const login = await request(server, 'POST', '/api/auth/login', {
      body: { email: 'admin@example.com', password: PASSWORD },
    });
    const token = login.body.token as string;

    // Three clients write contractors until told to stop; each acknowledged id is noted with its time.
    const acknowledged: { id: number; at: number }[] = [];
    let writing = true;
    let serial = 0;
    const client = async () => {
      while (writing) {
        serial += 1;
        const created = await request(server, 'POST', '/api/dictionary/contractor/create', {
          token,
          body: contractorBody({ code: `B${serial}`, nip: nipFromSerial(81_000_000 + serial) }),
        });
        if (created.status === 200)
          acknowledged.push({ id: (created.body.result as { id: number }).id, at: Date.now() });
      }
    };
    const load = Promise.all([client(), client(), client()]);
    while (acknowledged.length < 20) await new Promise((done) => setTimeout(done, 50));

    const backupStarted = Date.now();
    const backupEnv = { DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: sourceUrl, BACKUP_DIR: backupDir };
    const { stdout } = await cli(['backup'], backupEnv);
    const writtenDuringBackup = acknowledged.filter((write) => write.at > backupStarted).length;
    writing = false;
    await load;
    const [file] = readdirSync(backupDir);
    expect(stdout).toContain(join(backupDir, file!));
    expect(file).toMatch(/^grain-\d{8}T\d{6}Z\.tar$/);

    await cli(['restore', join(backupDir, file!)], { DATA_DIR: restoredDir, DATABASE_URL: restoredUrl });
    const restored = await openDatabase({ databaseUrl: restoredUrl || null, pgliteDir: join(restoredDir, 'pglite') });
    cleanups.push(() => restored.close());
    const ids = await contractorIds(restored);
    // Every write noted before `backupStarted` was read (one thread): one noted in that same millisecond counts too.
    const before = acknowledged.filter((write) => write.at <= backupStarted);
    expect(before.length).toBeGreaterThanOrEqual(20);
    expect(before.filter((write) => !ids.has(write.id))).toEqual([]);
    expect(await invariantViolations(restored.db)).toEqual([]);
    // The generated secret came along (tokens of the old server stay valid on the restored one).
    expect(readFileSync(join(restoredDir, 'jwt-secret'), 'utf8')).toBe(
      readFileSync(join(dataDir, 'jwt-secret'), 'utf8'),
    );
    console.info(
      `restore drill: ${acknowledged.length} writes acknowledged, ${before.length} before the backup, ` +
        `${writtenDuringBackup} while it ran, ${ids.size} contractors restored`,
    );
  }, 300_000);

  it('refuses to restore into a database that holds data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'grain-backup-full-'));
    const backupDir = mkdtempSync(join(tmpdir(), 'grain-backups-full-'));
    cleanups.push(() => {
      for (const dir of [dataDir, backupDir]) rmSync(dir, { recursive: true, force: true });
    });
    const url = onPostgres ? await freshPostgresDatabase('backup_full_test') : '';
    const env = { DATA_DIR: dataDir, DATABASE_URL: url, BACKUP_DIR: backupDir, PORT: String(await freePort()) };
    // No server running: the tool opens the embedded database itself (PostgreSQL: pg_dump as always).
    const database = await openDatabase({ databaseUrl: url || null, pgliteDir: join(dataDir, 'pglite') });
    await database.db.execute(sql`create table books (id int)`);
    await database.close();
    await cli(['backup'], env);
    const [file] = readdirSync(backupDir);
    const refusal = await cli(['restore', join(backupDir, file!)], env).catch((error: { stderr: string }) => error);
    expect((refusal as { stderr: string }).stderr).toMatch(/restore failed: .*(not empty|already holds a database)/);
    // The books that were there are untouched.
    const after = await openDatabase({ databaseUrl: url || null, pgliteDir: join(dataDir, 'pglite') });
    const books = rowsOf<{ name: string | null }>(
      await after.db.execute(sql`select to_regclass('books')::text as name`),
    );
    await after.close();
    expect(books[0]?.name).toBe('books');
  }, 180_000);
});
