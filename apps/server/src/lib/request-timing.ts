import { AsyncLocalStorage } from 'node:async_hooks';

/** What a request's wall time is spent on, besides Node itself. */
type Part = 'lock' | 'sql' | 'pool';

/**
 * The split of one request's time (Server-Timing `lock`, `sql`, `pool`, `node`). Statements of one request may
 * overlap (a `Promise.all` of reads), so parts are not summed per statement: each stretch of wall time goes to the
 * first part active during it (lock, then sql, then pool), and what no part covers is Node's. The parts then add
 * up to the request's time exactly.
 */
export class TimeSplit {
  readonly ms: Record<Part, number> = { lock: 0, sql: 0, pool: 0 };
  private readonly active: Record<Part, number> = { lock: 0, sql: 0, pool: 0 };
  private last = performance.now();

  enter(part: Part): void {
    this.settle();
    this.active[part] += 1;
  }

  leave(part: Part): void {
    this.settle();
    this.active[part] -= 1;
  }

  private settle(): void {
    const now = performance.now();
    const elapsed = now - this.last;
    this.last = now;
    if (this.active.lock > 0) this.ms.lock += elapsed;
    else if (this.active.sql > 0) this.ms.sql += elapsed;
    else if (this.active.pool > 0) this.ms.pool += elapsed;
  }

  /** `lock;dur=…, sql;dur=…, pool;dur=…, node;dur=…` of a request that took `totalMs`, node being the rest. */
  header(totalMs: number): string {
    this.settle();
    const { lock, sql, pool } = this.ms;
    const node = Math.max(0, totalMs - lock - sql - pool);
    return `lock;dur=${lock.toFixed(2)}, sql;dur=${sql.toFixed(2)}, pool;dur=${pool.toFixed(2)}, node;dur=${node.toFixed(2)}`;
  }
}

/**
 * The split of the request being served. Only set when SERVER_TIMING_SPLIT is on (config.ts): on Node 20 an
 * AsyncLocalStorage in use tracks every promise, a cost the ordinary server does not pay.
 */
export const requestSplit = new AsyncLocalStorage<TimeSplit>();

/**
 * Statements that take locks (row locks FOR UPDATE/SHARE, advisory locks; db/locks.ts and the modules' lock helpers):
 * their time is mostly the wait for a lock another transaction holds. A plain UPDATE blocked by a row lock counts as
 * SQL: every write of the lock order locks its rows first, so such a wait is rare.
 */
const LOCKING = /\bfor (?:no key update|update|key share|share)\b|pg_(?:try_)?advisory/i;

function textOf(query: unknown): string {
  if (typeof query === 'string') return query;
  return String((query as { text?: unknown; sql?: unknown } | null)?.text ?? '');
}

/** Times a promise-returning statement call against the current request's split (if any). */
export function timeStatement<T>(query: unknown, run: () => Promise<T>): Promise<T> {
  const split = requestSplit.getStore();
  if (!split) return run();
  const part: Part = LOCKING.test(textOf(query)) ? 'lock' : 'sql';
  split.enter(part);
  return run().finally(() => split.leave(part));
}

/** Times the wait for a connection (a pooled PostgreSQL client, PGlite's transaction mutex). */
export function timeWait<T>(run: () => Promise<T>): Promise<T> {
  const split = requestSplit.getStore();
  if (!split) return run();
  split.enter('pool');
  return run().finally(() => split.leave('pool'));
}
