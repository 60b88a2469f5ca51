import cluster, { type Worker } from 'node:cluster';

/** Restarts of a worker that dies within this time of starting count as a crash loop. */
const EARLY_EXIT_MS = 10_000;
const MAX_EARLY_EXITS = 5;
const SHUTDOWN_GRACE_MS = 12_000;

/** One JSON log line like pino's, from the primary (it has no Fastify logger). */
function log(level: 'info' | 'warn' | 'error', msg: string, extra: Record<string, unknown> = {}) {
  const levels = { info: 30, warn: 40, error: 50 };
  process.stdout.write(
    `${JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, ...extra, msg })}\n`,
  );
}

/**
 * The primary of `WORKERS` server processes sharing one port (node:cluster). It prepares the database
 * once (migrations, seed), then forks the workers, replaces one that dies, and on SIGTERM / SIGINT stops them all.
 * Workers keep nothing another would need (ARCHITECTURE.md Database), so any of them can answer any request.
 */
export async function runPrimary(workers: number, prepare: () => Promise<void>, readyMessage: string) {
  await prepare();
  let isStopping = false;
  let earlyExits = 0;
  const startedAt = new Map<number, number>();
  let listening = 0;

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    worker.once('listening', () => {
      listening += 1;
      if (listening === workers) log('info', readyMessage, { workers });
    });
  };

  cluster.on('exit', (worker: Worker, code, signal) => {
    if (isStopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const isEarly = Date.now() - (startedAt.get(worker.id) ?? 0) < EARLY_EXIT_MS;
    earlyExits = isEarly ? earlyExits + 1 : 0;
    log('error', 'server worker exited; starting another', { workerPid: worker.process.pid, code, signal });
    if (earlyExits > MAX_EARLY_EXITS) {
      log('error', 'server workers keep exiting at start; giving up');
      process.exit(1);
    }
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (isStopping) return;
    isStopping = true;
    log('info', 'shutting down', { signal, workers });
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    const running = Object.values(cluster.workers ?? {});
    if (running.length === 0) process.exit(0);
    for (const worker of running) worker?.process.kill('SIGTERM');
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  for (let i = 0; i < workers; i += 1) fork();
}
