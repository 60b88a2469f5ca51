import { FILTERED_COUNT_CAP, listResponseSchema, PlainListRequestSchema } from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp, testConfig } from '../../test/harness.js';
import { buildApp } from '../app.js';
import { listRoute } from './list-route.js';

/**
 * Every list call is declared through listRoute, which refuses a page past a capped count whichever query helper
 * the list uses (lib/list.ts): checked here once for all lists, on a list answering a capped and an exact count.
 */
let t: TestApp;
let app: FastifyInstance;
let token: string;
const answer = listResponseSchema(z.object({ offset: z.number() }));
beforeAll(async () => {
  t = await createTestApp();
  app = await buildApp({ db: t.db, config: testConfig() });
  const route = { roles: ['ADMIN', 'USER'] as const, tags: ['test'], params: PlainListRequestSchema, answer };
  listRoute(app, '/api/test/capped-list', route, async (_ctx, params) => ({
    list: [{ offset: params.offset }],
    filtered: FILTERED_COUNT_CAP,
    filteredCapped: true,
    total: 5 * FILTERED_COUNT_CAP,
  }));
  listRoute(app, '/api/test/exact-list', route, async (_ctx, params) => ({
    list: [{ offset: params.offset }],
    filtered: 2 * FILTERED_COUNT_CAP,
    total: 5 * FILTERED_COUNT_CAP,
  }));
  await app.ready();
  token = await t.login();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const list = (path: string, method: 'GET' | 'POST', offset: number) =>
  app.inject({
    method,
    url: method === 'GET' ? `/api/test/${path}?limit=50&offset=${offset}&search=a` : `/api/test/${path}`,
    headers: { authorization: `Bearer ${token}` },
    ...(method === 'POST' ? { payload: { limit: 50, offset, search: 'a' } } : {}),
  });

describe('listRoute', () => {
  it('serves the last page a capped count reports and refuses any page from the cap on, GET and POST', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const last = await list('capped-list', method, FILTERED_COUNT_CAP - 50);
      expect(last.statusCode, last.body).toBe(200);
      expect(last.json()).toMatchObject({ filtered: FILTERED_COUNT_CAP, filtered_capped: true });
      for (const offset of [FILTERED_COUNT_CAP, 20_000 * 50]) {
        const past = await list('capped-list', method, offset);
        expect(past.statusCode, past.body).toBe(400);
        expect(past.json()).toMatchObject({
          message_code: 'VALIDATION_ERROR',
          errors: [{ field: 'offset', code: 'pastCappedCount' }],
        });
      }
    }
  });

  it('pages an exact count past the cap to its end', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const deep = await list('exact-list', method, FILTERED_COUNT_CAP + 50);
      expect(deep.statusCode, deep.body).toBe(200);
      expect(deep.json().list).toEqual([{ offset: FILTERED_COUNT_CAP + 50 }]);
    }
  });
});
