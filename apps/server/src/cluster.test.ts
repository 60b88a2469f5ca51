import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type OwnPostgres, postgresBinDirFor, startOwnPostgres } from '../test/trust/own-postgres.js';
import { type ServerProcess, startServer, waitUntilHealthy } from '../test/trust/server-process.js';

/**
 * All cores: WORKERS=2 runs two server processes on one port. The test runs its own PostgreSQL server
 * (trust/own-postgres.ts) and the real server as a child process; without the PostgreSQL binaries it is skipped
 * with the reason printed, and under CI=true it fails instead (own-postgres.ts postgresBinDirFor).
 */
const binaries = postgresBinDirFor('cluster');

/** The pids of a process's server children (tsx's esbuild helper is a child too, and not counted). */
function workerPids(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid), '-f', 'src/main\\.ts'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

describe.runIf(binaries)('WORKERS=2 against PostgreSQL', () => {
  let pg: OwnPostgres;
  let server: ServerProcess;
  beforeAll(async () => {
    pg = await startOwnPostgres();
    server = startServer(
      { DATABASE_URL: pg.url, WORKERS: '2', JWT_SECRET: 'x'.repeat(48), LOG_LEVEL: 'info' },
      await freePort(),
    );
    await waitUntilHealthy(server);
  }, 180_000);
  afterAll(() => {
    server?.child.kill('SIGKILL');
    pg?.stop();
  });

  /** Until the server has written `text` (each worker's start is its own; health answering means one is up). */
  async function outputContains(server: ServerProcess, text: string, timeoutMs = 120_000) {
    const deadline = Date.now() + timeoutMs;
    while (!server.output().includes(text) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
    return server.output().includes(text);
  }

  it('answers /api/health from two worker processes under one primary', async () => {
    expect(await outputContains(server, '(2 workers, PostgreSQL)')).toBe(true);
    const responses = await Promise.all(Array.from({ length: 8 }, () => fetch(`${server.url}/api/health`)));
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    expect(workerPids(server.child.pid!)).toHaveLength(2);
  });

  it('stops every worker and exits 0 on SIGTERM', async () => {
    const workers = workerPids(server.child.pid!);
    expect(workers).toHaveLength(2);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const alive = workers.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
  });
});
