import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../../config.js';
import type { BackupManifest } from './backup.js';

const run = promisify(execFile);

/** A restore writes only into an empty database: it never merges into, or overwrites, live books. */
async function isEmptyPostgres(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      `select count(*)::int as tables from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.tables === 0;
  } finally {
    await client.end();
  }
}

/**
 * `npm run restore -- FILE`: the backup into the configured database, which must be empty (a new PostgreSQL
 * database, or a DATA_DIR without an embedded database), then the secret and the mails into DATA_DIR where absent.
 */
export async function restoreBackup(file: string, config: Config): Promise<BackupManifest> {
  const work = mkdtempSync(join(tmpdir(), 'grain-restore-'));
  try {
    await run('tar', ['-xf', file, '-C', work]);
    const manifest = JSON.parse(readFileSync(join(work, 'manifest.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== 1) throw new Error(`unknown backup format ${manifest.format}`);
    if (manifest.kind === 'postgres') {
      if (!config.databaseUrl) throw new Error('this backup is of PostgreSQL: set DATABASE_URL to an empty database');
      if (!(await isEmptyPostgres(config.databaseUrl))) {
        throw new Error('the database of DATABASE_URL is not empty: restore into a new, empty database');
      }
      await run('pg_restore', [
        '--no-owner',
        '--exit-on-error',
        '--dbname',
        config.databaseUrl,
        join(work, 'database.pgdump'),
      ]);
    } else {
      if (config.databaseUrl) throw new Error('this backup is of the embedded database: unset DATABASE_URL');
      const dir = join(config.dataDir, 'pglite');
      if (existsSync(dir) && readdirSync(dir).length > 0) {
        throw new Error(`${dir} already holds a database: restore into a new DATA_DIR`);
      }
      mkdirSync(dir, { recursive: true });
      const dump = new Blob([readFileSync(join(work, 'pglite.tar.gz'))]);
      const client = await PGlite.create(dir, { loadDataDir: dump });
      await client.close();
    }
    // The secret of the backup replaces one generated meanwhile (loading the configuration makes one), so the
    // restored books keep their tokens valid; mails are added without overwriting any file already there.
    mkdirSync(config.dataDir, { recursive: true });
    if (existsSync(join(work, 'jwt-secret'))) cpSync(join(work, 'jwt-secret'), join(config.dataDir, 'jwt-secret'));
    if (existsSync(join(work, 'mail'))) {
      cpSync(join(work, 'mail'), join(config.dataDir, 'mail'), { recursive: true, force: false });
    }
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
