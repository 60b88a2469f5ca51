import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorBody } from '../../test/fixtures/contractors.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { withWriteTransaction } from '../db/locks.js';

/**
 * SERVER_TIMING_SPLIT's lock part, PostgreSQL only (vitest.config.ts: *.postgres.test.ts run in the PostgreSQL pass):
 * a wait for a row lock needs two sessions; PGlite has one, and a second transaction there waits for the connection.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ serverTimingSplit: true });
  token = await t.login();
});
afterAll(() => t.close());

const metrics = (response: LightMyRequestResponse): Record<string, number> =>
  Object.fromEntries(
    [...String(response.headers['server-timing']).matchAll(/([a-z-]+);dur=([\d.]+)/g)].map(([, name, ms]) => [
      name,
      Number(ms),
    ]),
  );

describe('the split of a request time on PostgreSQL', () => {
  it('counts the wait for a row another transaction holds as lock', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/dictionary/contractor/create',
      token,
      payload: contractorBody({ code: 'LOCKED', nip: '7740001454' }),
    });
    const id = (created.json().result as { id: number }).id;
    const HOLD_MS = 300;
    let answer: Promise<LightMyRequestResponse> | undefined;
    await withWriteTransaction(t.db, async (tx) => {
      await tx.execute(sql`select id from contractors where id = ${id} for update`);
      // The update locks the contractor first (contractors/queries.ts): it waits for this transaction.
      answer = t.call({
        method: 'PUT',
        url: `/api/dictionary/contractor/update/${id}`,
        token,
        payload: contractorBody({ code: 'LOCKED', nip: '7740001454', name: 'Zmieniona' }),
      });
      // Held from the moment the update is seen waiting (a lock not granted) for HOLD_MS.
      for (let tries = 0; tries < 200; tries++) {
        const waiting = await t.db.execute(sql`select 1 from pg_locks where not granted`);
        if ((waiting as unknown as { rows: unknown[] }).rows.length) break;
        await new Promise((done) => setTimeout(done, 10));
      }
      await new Promise((done) => setTimeout(done, HOLD_MS));
    });
    const response = await answer!;
    expect(response.statusCode).toBe(200);
    const m = metrics(response);
    expect(m.lock).toBeGreaterThanOrEqual(HOLD_MS);
    expect(m.app).toBeGreaterThanOrEqual(m.lock!);
    expect(Math.abs(m.lock! + m.sql! + m.pool! + m.node! - m.app!)).toBeLessThanOrEqual(0.03);
  });
});
