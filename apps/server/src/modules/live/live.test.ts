import { LIVE_EVENT_KINDS, LIVE_EVENT_READERS } from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Pair, seedPair, transportApi, transportBody } from '../../../test/fixtures/transports.js';
import { createTestApp, type TestApp, testConfig, testDatabase } from '../../../test/harness.js';
import { type LiveStream, openLiveStream, type StreamEvent } from '../../../test/live-stream.js';
import { apiRoutes } from '../../../test/trust/route-table.js';
import { buildApp } from '../../app.js';
import { type Database, openDatabase } from '../../db/client.js';

let t: TestApp;
let baseUrl: string;
let streams: LiveStream[] = [];

async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace('localhost', '127.0.0.1');
}

async function stream(token: string, url = baseUrl): Promise<LiveStream> {
  const opened = await openLiveStream(url, token);
  streams.push(opened);
  return opened;
}

const change = (kind: string, id: number) => (event: StreamEvent) =>
  event.event === 'change' &&
  (event.data as { kind: string }).kind === kind &&
  (event.data as { id: number }).id === id;

beforeEach(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
});

afterEach(async () => {
  for (const opened of streams) opened.close();
  streams = [];
  await t.close();
});

async function transportOnPair(token: () => string): Promise<{ pair: Pair; id: number }> {
  const pair = await seedPair(t.db);
  const id = await transportApi(t, token).createId(transportBody(pair));
  return { pair, id };
}

describe('GET /api/events', () => {
  it('streams a colleague’s transport status change: kind, id and who, nothing of its values', async () => {
    const admin = await t.login();
    const colleague = await t.userWithRole('USER');
    const { id } = await transportOnPair(() => admin);
    const listening = await stream(colleague.token);
    expect(listening.status).toBe(200);
    expect(listening.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(listening.headers['cache-control']).toBe('no-store');
    expect(listening.retryMs).toBe(2000);

    const answer = await transportApi(t, () => admin).setStatus(id, 'ON_THE_WAY');
    expect(answer.statusCode).toBe(200);
    const event = await listening.next(change('transport', id));
    expect(event.data).toEqual({ kind: 'transport', id, by: 1 });
  });

  it('announces a change only once its transaction commits: a refused write is never heard', async () => {
    const admin = await t.login();
    const { pair, id } = await transportOnPair(() => admin);
    const listening = await stream(admin);
    // DELIVERED only through set-status-delivered (RULES.md Transports): refused, nothing written.
    const refused = await transportApi(t, () => admin).setStatus(id, 'DELIVERED');
    expect(refused.json().message_code).toBe('WRONG_STATUS');
    const later = await transportApi(t, () => admin).createId(transportBody(pair));
    await listening.next(change('transport', later));
    expect(listening.events.filter(change('transport', id))).toEqual([]);
  });

  it('tells a role only of what it may read: a USER hears no user changes, an ADMIN does', async () => {
    const admin = await t.login();
    const colleague = await t.userWithRole('USER');
    const other = await t.userWithRole('USER');
    const adminStream = await stream(admin);
    const userStream = await stream(colleague.token);
    const profile = (await t.call({ method: 'GET', url: `/api/profile/get/${other.id}`, token: admin })).json();
    const updated = await t.call({
      method: 'POST',
      url: `/api/profile/update/${other.id}`,
      token: admin,
      payload: { ...profile, first_name: 'Zmieniona' },
    });
    expect(updated.statusCode).toBe(200);
    // A change both may read comes after it: once the USER has that one, the user change has passed them by.
    const { id } = await transportOnPair(() => admin);
    await adminStream.next(change('user', other.id));
    await userStream.next(change('transport', id));
    expect(userStream.events.filter((event) => (event.data as { kind?: string }).kind === 'user')).toEqual([]);
  });

  it('gives each kind exactly the readers of its read route', async () => {
    const readRoutes: Record<(typeof LIVE_EVENT_KINDS)[number], string> = {
      transport: 'GET /api/transport/details/:id',
      purchase_contract: 'GET /api/contract/get-purchase-dashboard/:id',
      sales_contract: 'GET /api/contract/get-sales-dashboard/:id',
      allocation: 'GET /api/contract/get-allocated-sales/:id',
      transaction: 'POST /api/settlement/transaction-list',
      invoice: 'GET /api/invoice/details/:id',
      contractor: 'GET /api/dictionary/contractor/get-one/:id',
      user: 'GET /api/profile/get/:id',
    };
    const routes = await apiRoutes(t.db);
    for (const kind of LIVE_EVENT_KINDS) {
      const route = routes.find((candidate) => candidate.key === readRoutes[kind]);
      expect([kind, [...(route?.roles ?? ['no such route'])].sort()]).toEqual([
        kind,
        [...LIVE_EVENT_READERS[kind]].sort(),
      ]);
    }
  });

  it('ends a user’s stream when their account changes, so it is authenticated anew', async () => {
    const admin = await t.login();
    const colleague = await t.userWithRole('USER');
    const listening = await stream(colleague.token);
    const profile = (await t.call({ method: 'GET', url: `/api/profile/get/${colleague.id}`, token: admin })).json();
    await t.call({
      method: 'POST',
      url: `/api/profile/update/${colleague.id}`,
      token: admin,
      payload: { ...profile, role: 'ADMIN' },
    });
    await listening.ended;
  });

  it('refuses a guest with 401 and a full process with 503 LIVE_EVENTS_BUSY and Retry-After', async () => {
    const guest = await t.call({ method: 'GET', url: '/api/events' });
    expect(guest.statusCode).toBe(401);
    await t.close();
    t = await createTestApp({ liveMaxClients: 1 });
    baseUrl = await listen(t.app);
    const token = await t.login();
    await stream(token);
    const refused = await t.call({ method: 'GET', url: '/api/events', token });
    expect([refused.statusCode, refused.json().message_code]).toEqual([503, 'LIVE_EVENTS_BUSY']);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('ends its streams when the server closes, so a rolling stop does not wait on them', async () => {
    const listening = await stream(await t.login());
    const started = Date.now();
    await t.close();
    await listening.ended;
    expect(Date.now() - started).toBeLessThan(2_000);
    t = await createTestApp();
  });
});

/**
 * Two servers on one database (with TEST_DATABASE_URL: two pools and two listening sessions on PostgreSQL, as two
 * processes or two machines behind a balancer have): a change made through one reaches a stream of the other.
 */
describe('two servers on one database', () => {
  let second: { database: Database; app: FastifyInstance; url: string };

  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL || null;
    // Embedded: one database is one process's (its lock file), so the second server shares the instance.
    const database = url
      ? await openDatabase({ databaseUrl: url, pgliteDir: null, poolSize: 2 })
      : { ...(await testDatabase()), close: async () => {} };
    const app = await buildApp({ db: database.db, config: testConfig() });
    second = { database, app, url: await listen(app) };
  });
  afterAll(async () => {
    await second.app.close();
    await second.database.close();
  });

  it('streams a change made through the first server on the second', async () => {
    const admin = await t.login();
    const listening = await stream(admin, second.url);
    const { id } = await transportOnPair(() => admin);
    const started = performance.now();
    await transportApi(t, () => admin).setStatus(id, 'ON_THE_WAY');
    const event = await listening.next(change('transport', id), 2_000);
    expect(event.data).toEqual({ kind: 'transport', id, by: 1 });
    expect(event.at - started).toBeLessThan(2_000);
  });
});
