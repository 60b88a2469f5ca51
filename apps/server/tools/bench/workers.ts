import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type { CpuSplit } from './machine-cpu.js';
import { round } from './stats.js';

const SERVER_DIR = resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/**
 * The real server (src/main.ts) with WORKERS=`workers` on the bench database, until `run` is done; `run` gets its
 * address and the process id of its primary (the server itself when WORKERS=1).
 */
export async function withServer<T>(
  workers: number,
  options: { databaseUrl: string; jwtSecret: string },
  run: (base: string, pid: number) => Promise<T>,
): Promise<T> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      WEB_DIST: '',
      DATABASE_URL: options.databaseUrl,
      JWT_SECRET: options.jwtSecret,
      WORKERS: String(workers),
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const isUp = await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (isUp) break;
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`WORKERS=${workers} server did not start`);
      await new Promise((done) => setTimeout(done, 250));
    }
    // With several workers, health answering means one is up: give the others their start.
    await new Promise((done) => setTimeout(done, 3000));
    return await run(base, child.pid!);
  } finally {
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
  }
}

/**
 * All cores: list throughput with one worker and with two, the scaling between them, and how full the
 * machine was in each run (a second worker can only add what the first left idle).
 */
export async function workersScaling(
  load: (base: string) => Promise<{ value: number; cpu: CpuSplit }>,
  options: { databaseUrl: string; jwtSecret: string },
) {
  const one = await withServer(1, options, load);
  const two = await withServer(2, options, load);
  return {
    transportListRps1: round(one.value),
    transportListRps2: round(two.value),
    scaling: round(two.value / one.value, 2),
    machineCpu1: one.cpu,
    machineCpu2: two.cpu,
  };
}
