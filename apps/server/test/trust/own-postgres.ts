import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A private PostgreSQL server in a temporary folder, for tests that must stop or restart the database (the
 * shared server on 5432 is never touched). It needs the PostgreSQL server binaries (Debian: postgresql-15,
 * /usr/lib/postgresql/<version>/bin); as root they run as the `postgres` user, which owns the folder.
 */
export interface OwnPostgres {
  url: string;
  port: number;
  /** pg_ctl restart -m fast: every connection is cut, the server comes back on the same port. */
  restart: () => void;
  /** pg_ctl stop -m fast, keeping the data: the port refuses connections until `start`. */
  pause: () => void;
  /** Starts a paused server again on the same port. */
  start: () => void;
  stop: () => void;
}

/** The folder holding initdb and pg_ctl (newest installed version), or null when PostgreSQL is not installed. */
export function postgresBinDir(): string | null {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0]!, 'bin') : null;
}

/**
 * The PostgreSQL binaries for a suite that starts its own server. Without them the suite is skipped with the reason
 * printed on a developer machine, but fails under CI (`CI=true`, set by .ci/run): a CI that cannot run the fault
 * suites must not report them as passed (CONTRIBUTING.md: no skipped tests).
 */
export function postgresBinDirFor(suite: string): string | null {
  const bin = postgresBinDir();
  if (bin) return bin;
  const reason = `${suite}: the PostgreSQL server binaries (initdb) are not installed (or PG_BIN names no initdb)`;
  if (process.env.CI === 'true') throw new Error(`${reason}; CI=true, so the suite fails instead of skipping`);
  console.warn(`${reason}; skipped`);
  return null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function postgresUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries (initdb) are not installed');
  const owner = postgresUser();
  const dir = mkdtempSync(join(tmpdir(), 'grain-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const run = (tool: string, args: string[]) => {
    const command = owner ? 'runuser' : join(bin, tool);
    const argv = owner ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    execFileSync(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60 -c shared_buffers=32MB`;
  const pgCtl = (...args: string[]) =>
    run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', ...args]);
  pgCtl('start');
  let isRunning = true;
  let isPaused = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: () => pgCtl('restart', '-m', 'fast'),
    pause: () => {
      pgCtl('stop', '-m', 'fast');
      isPaused = true;
    },
    start: () => {
      pgCtl('start');
      isPaused = false;
    },
    stop: () => {
      if (isRunning) {
        isRunning = false;
        try {
          if (!isPaused) pgCtl('stop', '-m', 'immediate');
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      }
    },
  };
}
