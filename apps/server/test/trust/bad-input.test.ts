import { MESSAGE_CODES } from '@grain/shared';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeliveredTransport } from '../fixtures/settlements.js';
import { createTestApp, type TestApp, testDatabase } from '../harness.js';
import { broken, toQueryString, wireJsonSchema } from './arbitraries.js';
import { tableCounts } from './invariants.js';
import { type ApiRoute, apiRoutes, urlOf } from './route-table.js';

/**
 * Bad input on every route: inputs generated from each route's own zod schema with fast-check (a
 * plausible request with one thing broken), plus malformed JSON and path ids that are not ids. Whatever arrives:
 * never a 5xx, every refusal a catalogue code with its status, and nothing written when the request is refused.
 * The runs per route are fixed (FUZZ_RUNS, default 20) and so is the seed (FUZZ_SEED), so CI is repeatable.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

const routes = await apiRoutes((await testDatabase()).db);
const withInput = routes.filter((route) => route.body || route.querystring || route.params);
const withParams = routes.filter((route) => route.params);
const withBody = routes.filter((route) => route.body);

let t: TestApp;
let token: string;
let counts: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp({ authRateLimit: 100_000 });
  token = await t.login();
  // Records behind the small ids the generated paths use (contracts, contractors, transports, transactions).
  for (let index = 0; index < 3; index += 1) await insertDeliveredTransport(t.db);
  counts = await tableCounts(t.db);
});
afterAll(() => t.close());

function describeProblem(route: ApiRoute, response: LightMyRequestResponse, input: unknown): string | null {
  const sent = JSON.stringify(input)?.slice(0, 300);
  if (response.statusCode >= 500) return `${route.key} answered ${response.statusCode} ${response.body} to ${sent}`;
  if (response.statusCode < 400) return null;
  let code: unknown;
  try {
    code = response.json().message_code;
  } catch {
    return `${route.key} refused without a JSON body: ${response.body.slice(0, 200)}`;
  }
  if (typeof code !== 'string' || !Object.hasOwn(MESSAGE_CODES, code))
    return `${route.key} answered unknown code ${code}`;
  if (MESSAGE_CODES[code as keyof typeof MESSAGE_CODES] !== response.statusCode) {
    return `${route.key} answered ${code} with status ${response.statusCode}`;
  }
  return null;
}

/** Sends one request and checks the answer and, when it is a refusal, that no table changed. */
async function send(route: ApiRoute, options: { url: string; payload?: unknown; raw?: string }, input: unknown) {
  const response = await t.call({
    method: route.method,
    url: options.url,
    token,
    ...(options.raw !== undefined
      ? { payload: options.raw, headers: { 'content-type': 'application/json' } }
      : options.payload !== undefined
        ? { payload: JSON.stringify(options.payload), headers: { 'content-type': 'application/json' } }
        : {}),
  });
  const problem = describeProblem(route, response, input);
  const after = await tableCounts(t.db);
  if (!problem && response.statusCode >= 400) {
    expect(
      after,
      `${route.key} refused ${response.json().message_code} but wrote: ${JSON.stringify(input)?.slice(0, 300)}`,
    ).toEqual(counts);
  }
  counts = after;
  return problem;
}

describe('generated bad input on every route', () => {
  it('covers every route that takes input', () => {
    expect(withInput.length).toBeGreaterThan(80);
  });

  it.each(withInput.map((route) => [route.key, route] as const))(
    '%s: never a 5xx, a catalogue code, no write on refusal',
    async (_, route) => {
      const body = route.body ? broken(wireJsonSchema(route.body)) : fc.constant(undefined);
      const query = route.querystring ? broken(wireJsonSchema(route.querystring)) : fc.constant(undefined);
      const id = fc.constantFrom(1, 2, 3, 999_999);
      const problems: string[] = [];
      await fc.assert(
        fc.asyncProperty(body, query, id, async (bodyInput, queryInput, pathId) => {
          const search = queryInput ? `?${toQueryString(queryInput.value)}` : '';
          const url = `${urlOf(route, pathId)}${search}`;
          const problem = await send(route, { url, payload: bodyInput?.value }, { body: bodyInput, query: queryInput });
          if (problem) problems.push(problem);
          return problem === null;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      expect(problems).toEqual([]);
    },
  );
});

describe('malformed requests on every route', () => {
  it.each(withBody.map((route) => [route.key, route] as const))(
    '%s: malformed JSON is 400 BAD_REQUEST and writes nothing',
    async (_, route) => {
      for (const raw of ['{"a":', '{a:1}', '[1,2', 'null', '"text"', '{"__proto__":{"role":"ADMIN"}}']) {
        expect(await send(route, { url: urlOf(route, 1), raw }, raw)).toBeNull();
      }
      const response = await t.call({
        method: route.method,
        url: urlOf(route, 1),
        token,
        payload: '{"a":',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message_code).toBe('BAD_REQUEST');
    },
  );

  it.each(withParams.map((route) => [route.key, route] as const))(
    '%s: a path id that is not an id is 400 ID_IS_NOT_A_NUMBER',
    async (_, route) => {
      for (const id of ['abc', '-1', '0', '1.5', '1e3', '9999999999999', '0x10', '%20', '1;drop']) {
        const response = await t.call({ method: route.method, url: urlOf(route, id), token });
        expect(response.statusCode, `${route.key} id ${id}`).toBe(400);
        expect(response.json().message_code, `${route.key} id ${id}`).toBe('ID_IS_NOT_A_NUMBER');
      }
      expect(await tableCounts(t.db)).toEqual(counts);
    },
  );
});

describe('text the database cannot store', () => {
  it.each([
    [
      'a NUL in a body field',
      'POST',
      '/api/contract/settlement-set-purchase-invoice',
      { transaction_id: 1, invoice_number: 'FV\u0000', invoice_date: '2026-03-01' },
      'invoice_number',
    ],
    [
      'half a surrogate pair in a JSON value',
      'PUT',
      '/api/cargo/params/1',
      { params: [{ name: 'a', type: 'string', value: '\ud800' }] },
      'params.0.value',
    ],
    ['a NUL in a nested body field', 'POST', '/api/dictionary/contractor/list', { search: 'a\u0000' }, 'search'],
  ] as const)('refuses %s with 400 VALIDATION_ERROR naming the field', async (_, method, url, payload, field) => {
    const before = await tableCounts(t.db);
    const response = await t.call({ method, url, token, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field, code: 'wrongType' }]);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('refuses a NUL inside the JSON-encoded filter of a GET list', async () => {
    const filter = encodeURIComponent(JSON.stringify({ purchase_supplier_code: ['a\u0000'] }));
    const response = await t.call({
      method: 'GET',
      url: `/api/transport/get-to-assign-list?limit=10&offset=0&filter=${filter}`,
      token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'filter.purchase_supplier_code.0', code: 'wrongType' }]);
  });
});
