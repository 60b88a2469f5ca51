import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { APP_VERSION } from '@grain/shared';
import type { Config } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { operationsKeyFile } from './key.js';

const run = promisify(execFile);

/** What a backup holds besides the database: the generated signing secret and the stored mails (DATA_DIR). */
const DATA_FILES = ['jwt-secret'];
const DATA_FOLDERS = ['mail'];

export interface BackupManifest {
  format: 1;
  kind: 'postgres' | 'pglite';
  appVersion: string;
  createdAt: string;
}

export interface BackupOptions {
  config: Config;
  backupDir: string;
  /** Backups kept in backupDir after this one (older ones are deleted); BACKUP_KEEP, 14 by default. */
  keep: number;
  now?: Date;
}

const BACKUP_NAME = /^grain-\d{8}T\d{6}Z\.tar$/;

function backupName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `grain-${stamp}.tar`;
}

/**
 * The embedded database's dump: through the running server when one holds the data folder (it alone may read it;
 * PGlite has no other reader), else by opening the folder here (the lock file keeps a server from starting
 * meanwhile).
 */
async function pgliteDump(config: Config): Promise<Buffer> {
  const keyFile = operationsKeyFile(config.dataDir);
  if (existsSync(keyFile)) {
    try {
      const response = await fetch(`http://127.0.0.1:${config.port}/api/operations/pglite-dump`, {
        method: 'POST',
        headers: { 'x-operations-key': readFileSync(keyFile, 'utf8').trim() },
      });
      if (response.ok) return Buffer.from(await response.arrayBuffer());
      throw new Error(`the running server refused the dump (${response.status})`);
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code !== 'ECONNREFUSED') throw error;
    }
  }
  const database = await openDatabase({ databaseUrl: null, pgliteDir: join(config.dataDir, 'pglite') });
  try {
    const blob = await database.dumpDataDir!();
    return Buffer.from(await blob.arrayBuffer());
  } finally {
    await database.close();
  }
}

/** Deletes all but the newest `keep` backups of the folder (names sort by time). */
export function pruneBackups(backupDir: string, keep: number): string[] {
  const backups = readdirSync(backupDir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of removed) rmSync(join(backupDir, name));
  return removed;
}

/**
 * One consistent backup while the server runs: PostgreSQL with `pg_dump -Fc` (one snapshot), the embedded
 * database with PGlite's dump taken by the server's own process; with the generated secret and the mail folder,
 * as one tar file named by its UTC time in backupDir. Answers the file's path.
 */
export async function takeBackup({ config, backupDir, keep, now = new Date() }: BackupOptions): Promise<string> {
  mkdirSync(backupDir, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'grain-backup-'));
  try {
    const kind = config.databaseUrl ? 'postgres' : 'pglite';
    if (config.databaseUrl) {
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--file',
        join(work, 'database.pgdump'),
        config.databaseUrl,
      ]);
    } else {
      writeFileSync(join(work, 'pglite.tar.gz'), await pgliteDump(config));
    }
    for (const file of DATA_FILES) {
      if (existsSync(join(config.dataDir, file))) cpSync(join(config.dataDir, file), join(work, file));
    }
    for (const folder of DATA_FOLDERS) {
      if (existsSync(join(config.dataDir, folder)))
        cpSync(join(config.dataDir, folder), join(work, folder), { recursive: true });
    }
    const manifest: BackupManifest = { format: 1, kind, appVersion: APP_VERSION, createdAt: now.toISOString() };
    writeFileSync(join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const target = join(backupDir, backupName(now));
    const partial = `${target}.partial`;
    await run('tar', ['-cf', partial, '-C', work, '.']);
    // Only a complete file carries the backup's name (a crash leaves a .partial that pruning ignores).
    cpSync(partial, target);
    rmSync(partial);
    pruneBackups(backupDir, keep);
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
