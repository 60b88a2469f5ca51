import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { setDraining } from '../lib/lifecycle.js';

let t: TestApp;
let office: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => setDraining(false));

const metricValue = (text: string, line: RegExp) => {
  const found = text.split('\n').find((row) => line.test(row));
  return found === undefined ? undefined : Number(found.split(' ').pop());
};

describe('GET /api/metrics', () => {
  it('answers the Prometheus text format to loopback: request latency per route template, queues, event loop', async () => {
    await t.call({ method: 'GET', url: '/api/health' });
    await t.call({ method: 'GET', url: '/api/profile/get/123' });
    const response = await t.call({ method: 'GET', url: '/api/metrics', remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    const healthCount = metricValue(
      text,
      /^grain_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\}/,
    );
    expect(healthCount).toBeGreaterThanOrEqual(1);
    // A path with an id is counted under its template, and a refusal under its status (401 without a token).
    expect(text).toMatch(/route="\/api\/profile\/get\/:id",status_code="401"/);
    expect(text).not.toContain('/api/profile/get/123');
    expect(text).toMatch(/^grain_nodejs_eventloop_lag_seconds \d/m);
    expect(metricValue(text, /^grain_queue_depth\{queue="pdf"\}/)).toBe(0);
    expect(metricValue(text, /^grain_queue_depth\{queue="export"\}/)).toBe(0);
  });

  it('counts the mail outbox waiting and the age of its oldest mail', async () => {
    await t.db.execute(sql`delete from mail_outbox`);
    await t.db.execute(sql`insert into mail_outbox (recipients, subject, body, created_at)
      values (array['a@b.pl'], 's', 'b', now() - interval '90 seconds')`);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // past the one-second read cache
    const text = (await t.call({ method: 'GET', url: '/api/metrics', remoteAddress: '127.0.0.1' })).body;
    expect(metricValue(text, /^grain_queue_depth\{queue="mail_outbox"\}/)).toBe(1);
    expect(metricValue(text, /^grain_queue_oldest_age_seconds\{queue="mail_outbox"\}/)).toBeGreaterThanOrEqual(90);
    await t.db.execute(sql`delete from mail_outbox`);
  });

  it('is not found from an address outside METRICS_ALLOW, even with a forwarded loopback address', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/metrics',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message_code: 'NOT_FOUND', message: 'NOT_FOUND' });
  });

  it('answers the addresses and ranges METRICS_ALLOW names', async () => {
    office = await createTestApp({ metricsAllow: ['10.0.0.0/8', '192.168.1.5'] });
    try {
      const call = (remoteAddress: string) => office.call({ method: 'GET', url: '/api/metrics', remoteAddress });
      expect((await call('10.1.2.3')).statusCode).toBe(200);
      expect((await call('::ffff:192.168.1.5')).statusCode).toBe(200);
      expect((await call('192.168.1.6')).statusCode).toBe(404);
      expect((await call('127.0.0.1')).statusCode).toBe(404);
    } finally {
      await office.close();
    }
  });
});

describe('request ids', () => {
  it('every answer names its request with an id unique to it, refusals included', async () => {
    const ok = await t.call({ method: 'GET', url: '/api/health' });
    const refused = await t.call({ method: 'GET', url: '/api/profile/list' });
    const ids = [ok.headers['x-request-id'], refused.headers['x-request-id']];
    for (const id of ids) expect(id).toMatch(/^[\w-]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe('draining', () => {
  it('health answers 503 SERVER_DRAINING with Retry-After while the process stops, other calls still answer', async () => {
    setDraining(true);
    const health = await t.call({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe('1');
    expect(health.json()).toEqual({ message_code: 'SERVER_DRAINING', message: 'SERVER_DRAINING' });
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@y.pl', password: 'z' } });
    expect(login.statusCode).toBe(401);
    // Each answer closes its connection, so none is reused by a balancer as the port closes.
    expect(login.headers.connection).toBe('close');
    setDraining(false);
    const healthy = await t.call({ method: 'GET', url: '/api/health' });
    expect(healthy.statusCode).toBe(200);
    expect(healthy.headers.connection).not.toBe('close');
  });
});
