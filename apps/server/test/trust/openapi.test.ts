import type { ErrorObject, ValidateFunction } from 'ajv';
import AjvModule from 'ajv';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { purchaseBody, salesBody } from '../fixtures/contracts.js';
import { invoiceableRows, saveInvoiceSettings } from '../fixtures/invoices.js';
import { insertDeliveredTransport } from '../fixtures/settlements.js';
import { seedPair, transportBody } from '../fixtures/transports.js';
import { insertContractor } from '../fixtures.js';
import { createTestApp, type TestApp, testConfig, testDatabase } from '../harness.js';
import { plausible, toQueryString, wireJsonSchema } from './arbitraries.js';
import { type ApiRoute, apiRoutes, urlOf } from './route-table.js';

/**
 * The OpenAPI document (`/api/docs/json`) says what the server does. Sampled real answers and refusals of
 * every route (guest, wrong role, bad and missing ids, unknown fields, plausible input, a body over 1 MB, a rate
 * limit) are checked against it: the status is documented for the operation and the body matches its schema; the
 * requests that succeeded match the documented request body and parameters (limits, defaults, nullable fields).
 */
const Ajv = AjvModule as unknown as typeof AjvModule.default;
const SEED = 20_261_125;
const SAMPLER = 'openapi-admin@example.com';
const USER = 'openapi-user@example.com';
/** Calls that end or change the caller's session: each gets a session of its own. */
const SESSION_ENDING = new Set(['DELETE /api/auth/logout', 'POST /api/profile/change-password']);
const routes = await apiRoutes((await testDatabase()).db);

type Schema = Record<string, unknown>;
interface Operation {
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Sample {
  route: ApiRoute;
  url: string;
  payload?: unknown;
  response: LightMyRequestResponse;
}

let t: TestApp;
let adminToken: string;
let userToken: string;
let doc: { paths: Record<string, Record<string, Operation>> };
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const compiled = new Map<Schema, ValidateFunction>();
const samples: Sample[] = [];

beforeAll(async () => {
  t = await createTestApp({ authRateLimit: 100_000 });
  // An admin of its own: sampled input may rename or sign out whoever it names, the first admin included.
  adminToken = (await t.userWithRole('ADMIN', SAMPLER)).token;
  userToken = (await t.userWithRole('USER', USER)).token;
  // Records behind the small ids the sampled paths use (contracts, contractors, transports, transactions).
  for (let index = 0; index < 3; index += 1) await insertDeliveredTransport(t.db);
  // And an issued invoice: its details, XML and PDF answer (RULES.md Invoices, VAT and KSeF).
  const invoiced = await invoiceableRows(t.db, 1);
  await saveInvoiceSettings(t, adminToken);
  const issued = await t.call({
    method: 'POST',
    url: '/api/invoice/create',
    token: adminToken,
    payload: { transaction_ids: invoiced.ids },
  });
  if (issued.statusCode !== 200 || issued.json().id !== 1) throw new Error(`invoice not issued: ${issued.body}`);
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => t.close());

function operationOf(route: ApiRoute): Operation | undefined {
  return doc.paths[route.url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[route.method.toLowerCase()];
}

function validate(schema: Schema, value: unknown): ErrorObject[] {
  let check = compiled.get(schema);
  if (!check) {
    check = ajv.compile(schema);
    compiled.set(schema, check);
  }
  return check(value) ? [] : (check.errors ?? []);
}

const describeErrors = (errors: ErrorObject[]) =>
  errors
    .slice(0, 3)
    .map((error) => `${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`)
    .join('; ');

/** What in one answer (and, for a success, its request) the document does not say. */
function mismatches({ route, url, payload, response }: Sample): string[] {
  const operation = operationOf(route);
  if (!operation) return [`${route.key}: not in the document`];
  const found: string[] = [];
  const documented = operation.responses[String(response.statusCode)];
  if (!documented)
    return [`${route.key}: answered ${response.statusCode}, not documented (${response.body.slice(0, 120)})`];
  const type = String(response.headers['content-type'] ?? '').split(';')[0]!;
  const content = documented.content?.[type];
  if (!content)
    found.push(
      `${route.key}: ${response.statusCode} answered ${type}, documented ${Object.keys(documented.content ?? {})}`,
    );
  else if (type === 'application/json') {
    const errors = validate(content.schema, response.json());
    if (errors.length) found.push(`${route.key}: ${response.statusCode} answer: ${describeErrors(errors)}`);
  }
  if (response.statusCode < 300) {
    const bodySchema = operation.requestBody?.content['application/json']?.schema;
    if (bodySchema && payload !== undefined) {
      const errors = validate(bodySchema, payload);
      if (errors.length) found.push(`${route.key}: accepted a body the document refuses: ${describeErrors(errors)}`);
    }
    const query = new URL(url, 'http://x').searchParams;
    for (const parameter of operation.parameters ?? []) {
      if (parameter.in === 'query' && parameter.required && !query.has(parameter.name)) {
        found.push(`${route.key}: accepted a call without the required ${parameter.name}`);
      }
    }
  }
  return found;
}

async function sample(route: ApiRoute, url: string, options: { token?: string; payload?: unknown } = {}) {
  const response = await t.call({
    method: route.method,
    url,
    token: options.token,
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
  });
  samples.push({ route, url, payload: options.payload, response });
  return response;
}

function plausibleInput(route: ApiRoute, seed: number) {
  const pick = (schema: ApiRoute['body']) =>
    schema ? fc.sample(plausible(wireJsonSchema(schema)), { numRuns: 1, seed })[0] : undefined;
  return { body: pick(route.body), query: pick(route.querystring) };
}

describe('the OpenAPI document', () => {
  it('documents every route with its refusals in the error format', () => {
    for (const route of routes) {
      const operation = operationOf(route);
      expect(operation, route.key).toBeDefined();
      const statuses = Object.keys(operation!.responses);
      expect(statuses, route.key).toEqual(expect.arrayContaining(['200', '400', '404']));
      if (!route.isPublic) expect(statuses, route.key).toEqual(expect.arrayContaining(['401', '403']));
      if (route.method !== 'GET') expect(statuses, route.key).toEqual(expect.arrayContaining(['409', '413']));
      const error = operation!.responses['400']!.content!['application/json']!.schema;
      expect(error.required).toEqual(['message_code', 'message']);
    }
  });

  it('documents filter of GET lists as JSON text and limit/offset as optional with their defaults', () => {
    const lists = routes.filter((route) => route.method === 'GET' && route.querystring);
    const withFilter = lists.filter((route) => operationOf(route)!.parameters?.some((p) => p.name === 'filter'));
    expect(withFilter.length).toBeGreaterThan(10);
    for (const route of withFilter) {
      const parameters = Object.fromEntries(operationOf(route)!.parameters!.map((p) => [p.name, p]));
      expect(parameters.filter!.schema.type, route.key).toBe('string');
      expect(parameters.limit, route.key).toMatchObject({ required: false, schema: { default: expect.any(Number) } });
      expect(parameters.offset, route.key).toMatchObject({ required: false, schema: { default: 0 } });
    }
  });

  it('matches sampled answers and refusals of every route', async () => {
    // A plausible change-password body can name the sampler's own password as the old one and so succeed: the
    // sampler signs in with the new one from then on.
    let samplerPassword: string | undefined;
    for (const [index, route] of routes.entries()) {
      if (SESSION_ENDING.has(route.key)) adminToken = await t.login(SAMPLER, samplerPassword);
      await sample(route, urlOf(route, 1));
      await sample(route, urlOf(route, 1), { token: userToken });
      if (route.params) {
        await sample(route, urlOf(route, 'abc'), { token: adminToken });
        await sample(route, urlOf(route, 999_999), { token: adminToken });
      }
      if (route.body) await sample(route, urlOf(route, 1), { token: adminToken, payload: { no_such_field: 1 } });
      if (route.querystring) await sample(route, `${urlOf(route, 1)}?no_such_field=1`, { token: adminToken });
      for (const seed of [SEED + index, SEED + index + 1000]) {
        const { body, query } = plausibleInput(route, seed);
        const search = query ? `?${toQueryString(query)}` : '';
        await sample(route, `${urlOf(route, 1)}${search}`, { token: adminToken, payload: body });
      }
      if (SESSION_ENDING.has(route.key)) {
        const changed = samples.filter((s) => s.route === route && s.response.statusCode === 200);
        const newPassword = (changed.at(-1)?.payload as { new_password?: string } | undefined)?.new_password;
        if (newPassword) samplerPassword = newPassword;
        adminToken = await t.login(SAMPLER, samplerPassword);
        userToken = await t.login(USER);
      }
      if (route.method === 'GET' && route.querystring) {
        await sample(route, urlOf(route, 1), { token: adminToken });
        await sample(route, `${urlOf(route, 1)}?limit=25&offset=0&filter=${encodeURIComponent('{}')}`, {
          token: adminToken,
        });
      }
    }
    expect(samples.flatMap(mismatches)).toEqual([]);
    // Every signed-in sample ran with a live session: refusals of the role are 403, not a dead token's 401.
    // (logout itself ends the session its later samples use)
    const withDeadToken = samples.filter(
      (s) =>
        !SESSION_ENDING.has(s.route.key) && s.response.statusCode === 401 && s.response.body.includes('DENIED_TOKEN'),
    );
    expect(withDeadToken.map((s) => s.route.key)).toEqual([]);

    const answered = new Set(samples.filter((s) => s.response.statusCode < 300).map((s) => s.route.key));
    const refused = new Set(samples.filter((s) => s.response.statusCode >= 400).map((s) => s.route.key));
    // The health check takes no input and answers while the database does.
    expect(routes.filter((route) => !refused.has(route.key)).map((route) => route.key)).toEqual(['GET /api/health']);
    // Most routes also succeed with the sampled input; the writes that need a consistent body are covered below.
    console.info(
      `OpenAPI conformance: ${samples.length} answers checked, ${answered.size} of ${routes.length} routes answered 2xx`,
    );
    // Random bodies rarely make a consistent write (bulk statement calls, order sending and settings joined the
    // routes), so the bound is a sanity check that sampling reaches the handlers, not a coverage target.
    expect(answered.size).toBeGreaterThan(routes.length * 0.45);
    // About 900 calls one after another: a bound for a loaded two-core machine, not the 30 s of a single call.
  }, 180_000);

  it('matches the answers of the write forms the web app sends, nullable fields included', async () => {
    samples.length = 0;
    const find = (key: string) => routes.find((route) => route.key === key)!;
    const supplier = await insertContractor(t.db, { name: 'Dostawca OpenAPI' });
    const recipient = await insertContractor(t.db, { name: 'Odbiorca OpenAPI' });
    const withNulls = { document_number: null, comments: null, tolerance_type: null, min_price: null };
    await sample(find('POST /api/contract/create-purchase'), '/api/contract/create-purchase', {
      token: adminToken,
      payload: purchaseBody(supplier.id, withNulls),
    });
    await sample(find('POST /api/contract/create-sales'), '/api/contract/create-sales', {
      token: adminToken,
      payload: salesBody(recipient.id, { document_number: null }),
    });
    const pair = await seedPair(t.db);
    await sample(find('POST /api/transport/create'), '/api/transport/create', {
      token: adminToken,
      payload: transportBody(pair, { trailer_number: null, comment: null }),
    });
    await sample(find('POST /api/transport/in-progress-create'), '/api/transport/in-progress-create', {
      token: adminToken,
      payload: transportBody(pair, { status: 'ON_THE_WAY' }),
    });
    expect(samples.map((s) => s.response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(samples.flatMap(mismatches)).toEqual([]);
  });

  it('matches a body over 1 MB (413) and a rate limit (429)', async () => {
    samples.length = 0;
    const limited = await buildApp({ db: t.db, config: testConfig({ authRateLimit: 1 }) });
    try {
      const login = routes.find((route) => route.key === 'POST /api/auth/login')!;
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const payload = { email: 'limited@example.com', password: 'Wrong-pass1' };
        const response = await limited.inject({ method: 'POST', url: '/api/auth/login', payload });
        samples.push({ route: login, url: '/api/auth/login', payload, response });
      }
      const create = routes.find((route) => route.key === 'POST /api/contract/create-purchase')!;
      await sample(create, '/api/contract/create-purchase', {
        token: adminToken,
        payload: { comments: 'x'.repeat(1_100_000) },
      });
      expect(samples.map((s) => s.response.statusCode)).toEqual([401, 429, 413]);
      expect(samples.flatMap(mismatches)).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});
