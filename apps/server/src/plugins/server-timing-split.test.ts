import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorBody } from '../../test/fixtures/contractors.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TimeSplit } from '../lib/request-timing.js';

/**
 * SERVER_TIMING_SPLIT: each answer's time split into lock wait, SQL, connection wait and Node (lib/request-timing.ts),
 * the parts adding up to `app`. The lock wait needs two sessions: its test is server-timing-split.postgres.test.ts.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ serverTimingSplit: true });
  token = await t.login();
});
afterAll(() => t.close());

function metrics(response: LightMyRequestResponse): Record<string, number> {
  const header = String(response.headers['server-timing']);
  return Object.fromEntries([...header.matchAll(/([a-z-]+);dur=([\d.]+)/g)].map(([, name, ms]) => [name, Number(ms)]));
}

const sumOfParts = (m: Record<string, number>) => m.lock! + m.sql! + m.pool! + m.node!;

describe('the split of a request time', () => {
  it('tells lock, sql, pool and node, adding up to the total within rounding', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/dictionary/contractor/create',
      token,
      payload: contractorBody(),
    });
    expect(created.statusCode).toBe(200);
    const m = metrics(created);
    expect(Object.keys(m).slice(0, 5)).toEqual(['app', 'lock', 'sql', 'pool', 'node']);
    expect(m.sql).toBeGreaterThan(0);
    // Five numbers each rounded to 0.01 ms.
    expect(Math.abs(sumOfParts(m) - m.app!)).toBeLessThanOrEqual(0.03);
  });

  it('gives overlapping statements one share of the wall time, never more than it', () => {
    const split = new TimeSplit();
    split.enter('sql');
    split.enter('lock');
    split.enter('sql');
    const busy = performance.now();
    while (performance.now() - busy < 5);
    split.leave('sql');
    split.leave('lock');
    split.leave('sql');
    const parts = Object.fromEntries(
      split
        .header(1_000)
        .split(', ')
        .map((p) => p.split(';dur=')),
    );
    expect(Number(parts.lock)).toBeGreaterThanOrEqual(5);
    expect(Number(parts.sql)).toBeLessThan(1);
    expect(Number(parts.lock) + Number(parts.sql) + Number(parts.pool) + Number(parts.node)).toBeCloseTo(1_000, 1);
  });
});
