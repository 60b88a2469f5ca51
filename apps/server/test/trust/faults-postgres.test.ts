import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type Database, openDatabase } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { transports, unloadings } from '../../src/db/schema/index.js';
import { deliveredBody, type Pair, seedPair, transportBody } from '../fixtures/transports.js';
import { resetDatabase, TEST_PASSWORD, testConfig } from '../harness.js';
import { invariantViolations } from './invariants.js';
import { type OwnPostgres, postgresBinDirFor, startOwnPostgres } from './own-postgres.js';

/**
 * Faults: PostgreSQL restarted in the middle of a write load. The test runs its own PostgreSQL server
 * (own-postgres.ts; the shared one is never touched) and the app against it with a pool, drives parallel
 * allocations, transport creates and deliveries, restarts the database (pg_ctl restart -m fast) while they run,
 * and then expects the app to recover by itself and nothing half-written to be visible. It needs the PostgreSQL
 * server binaries; without initdb it is skipped with the reason printed, and fails under CI=true (own-postgres.ts).
 */
const binaries = postgresBinDirFor('faults-postgres');

describe.runIf(binaries)('PostgreSQL restarted during a write load', () => {
  let pg: OwnPostgres;
  let database: Database;
  let app: FastifyInstance;
  let token: string;
  let pairs: Pair[];

  beforeAll(async () => {
    pg = await startOwnPostgres();
    database = await openDatabase({ databaseUrl: pg.url, pgliteDir: null, poolSize: 10 });
    await runMigrations(database);
    await resetDatabase(database.db);
    app = await buildApp({ db: database.db, config: testConfig() });
    await app.ready();
    token = await login();
    pairs = [];
    for (let index = 0; index < 4; index += 1) {
      pairs.push(
        await seedPair(database.db, {
          allocationKg: 50_000,
          purchase: { cargoQuantityKg: 400_000 },
          sale: { cargoQuantityKg: 400_000 },
        }),
      );
    }
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    pg?.stop();
  });

  async function login() {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@example.com', password: TEST_PASSWORD },
    });
    return response.json().token as string;
  }

  const call = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

  /** One step of a worker: a bigger allocation, a transport on the way, or the delivery of one. */
  async function step(worker: number, round: number, onTheWay: number[], acknowledged: Set<number>) {
    const pair = pairs[(worker + round) % pairs.length]!;
    const kind = round % 3;
    if (kind === 0) {
      return call('POST', `/api/contract/allocate-contract/${pair.salesId}`, {
        purchase_id: pair.purchaseId,
        cargo_quantity: 50_000 + round * 1_000,
        confirmation_note: null,
      });
    }
    if (kind === 1 || onTheWay.length === 0) {
      const response = await call(
        'POST',
        '/api/transport/in-progress-create',
        transportBody(pair, { cargo_quantity: 1_000 }),
      );
      if (response.statusCode === 200) {
        onTheWay.push(response.json().id);
        acknowledged.add(response.json().id);
      }
      return response;
    }
    return call(
      'PATCH',
      `/api/transport/set-status-delivered/${onTheWay.shift()}`,
      deliveredBody({ real_cargo_quantity: 1_000 }),
    );
  }

  it('recovers by itself, answers every call again and leaves nothing half-written', async () => {
    // A connection error nobody listens to would crash a real server process.
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    const statuses: number[] = [];
    const acknowledged = new Set<number>();
    const delivered = new Set<number>();
    let isRunning = true;
    const workers = Array.from({ length: 6 }, async (_, worker) => {
      const onTheWay: number[] = [];
      for (let round = 0; isRunning; round += 1) {
        const next = onTheWay[0];
        const response = await step(worker, round, onTheWay, acknowledged);
        statuses.push(response.statusCode);
        if (response.statusCode === 200 && response.json().status === 'DELIVERED' && next) delivered.add(next);
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const before = statuses.length;
    pg.restart();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    isRunning = false;
    await Promise.all(workers);
    process.off('uncaughtException', onUncaught);
    expect(uncaught).toEqual([]);

    // Load ran on both sides of the restart; during it calls may fail, but only as 503 MISSING_DATABASE: the
    // database going away is not an internal error (spec/2 section 8, server codes).
    expect(before).toBeGreaterThan(10);
    expect(statuses.length).toBeGreaterThan(before);
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);

    // The server recovers by itself: health answers and every kind of write succeeds again.
    let health = 0;
    for (let attempt = 0; attempt < 50 && health !== 200; attempt += 1) {
      health = (await call('GET', '/api/health')).statusCode;
      if (health !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(health).toBe(200);
    const fresh = await seedPair(database.db, { allocationKg: null });
    const allocated = await call('POST', `/api/contract/allocate-contract/${fresh.salesId}`, {
      purchase_id: fresh.purchaseId,
      cargo_quantity: 10_000,
      confirmation_note: null,
    });
    expect(allocated.statusCode, allocated.body).toBe(200);
    const created = await call(
      'POST',
      '/api/transport/in-progress-create',
      transportBody(fresh, { cargo_quantity: 5_000 }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const deliveredNow = await call(
      'PATCH',
      `/api/transport/set-status-delivered/${created.json().id}`,
      deliveredBody({ real_cargo_quantity: 5_000 }),
    );
    expect(deliveredNow.statusCode, deliveredNow.body).toBe(200);

    // Nothing half-written: every acknowledged transport and delivery is there, and every rule holds.
    const rows = await database.db.select({ id: transports.id }).from(transports);
    const stored = new Set(rows.map((row) => row.id));
    expect([...acknowledged].filter((id) => !stored.has(id))).toEqual([]);
    for (const id of delivered) {
      expect(await database.db.select().from(unloadings).where(eq(unloadings.transportId, id))).toHaveLength(1);
    }
    expect(await invariantViolations(database.db)).toEqual([]);
  }, 120_000);

  it('answers 503 MISSING_DATABASE with Retry-After while the database is stopped, and recovers when it is back', async () => {
    const pair = pairs[0]!;
    pg.pause();
    try {
      const answers = {
        list: await call('GET', '/api/transport/list?limit=10&offset=0'),
        write: await call('POST', `/api/contract/allocate-contract/${pair.salesId}`, {
          purchase_id: pair.purchaseId,
          cargo_quantity: 60_000,
          confirmation_note: null,
        }),
        login: await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'admin@example.com', password: 'Secret123!' },
        }),
        health: await call('GET', '/api/health'),
      };
      for (const [name, response] of Object.entries(answers)) {
        expect(response.statusCode, `${name}: ${response.body}`).toBe(503);
        expect(Number(response.headers['retry-after']), name).toBeGreaterThanOrEqual(1);
        expect(response.json(), name).toMatchObject({ message_code: 'MISSING_DATABASE' });
      }
    } finally {
      pg.start();
    }
    let list = 0;
    for (let attempt = 0; attempt < 50 && list !== 200; attempt += 1) {
      list = (await call('GET', '/api/transport/list?limit=10&offset=0')).statusCode;
      if (list !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(list).toBe(200);
  }, 60_000);
});
