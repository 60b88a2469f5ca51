import type { FastifyBaseLogger } from 'fastify';

/**
 * A background job run every `intervalMs` in each server process (the mail outbox, the KSeF outbox): passes never
 * overlap (a tick while one runs is skipped, and `runOnce` while one runs joins it), a failed pass is logged and the
 * next tick tries again, and `stop` waits for the pass in flight so a shutdown does not cut a write in half. The
 * timer does not keep the process alive. `intervalMs` 0: no timer, only `runOnce` (tests).
 */
export interface PeriodicWorker {
  /** One pass now (or the one already running); resolves to what the pass did (0 after a failure). */
  runOnce: () => Promise<number>;
  stop: () => Promise<void>;
}

export function startPeriodicWorker(options: {
  /** For the log, e.g. `mail worker`. */
  name: string;
  intervalMs: number;
  log: FastifyBaseLogger;
  pass: () => Promise<number>;
}): PeriodicWorker {
  const { name, intervalMs, log, pass } = options;
  let running: Promise<number> | null = null;
  let stopped = false;
  const runOnce = () => {
    running ??= Promise.resolve()
      .then(pass)
      .catch((error: unknown) => {
        log.warn({ err: error instanceof Error ? error.message : error }, `${name} pass failed`);
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = intervalMs > 0 ? setInterval(() => !stopped && void runOnce(), intervalMs) : null;
  timer?.unref();
  return {
    runOnce,
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
