import { AMOUNT_MAX, MESSAGE_CODES, nipFromSerial } from '@grain/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, contact, contractorBody } from '../fixtures/contractors.js';
import { contact as contractContact, option, purchaseBody, salesBody } from '../fixtures/contracts.js';
import { PATHS } from '../fixtures/settlements.js';
import { deliveredBody, seedPair, transportApi, transportBody } from '../fixtures/transports.js';
import { insertContractor } from '../fixtures.js';
import { createTestApp, type TestApp, testDatabase } from '../harness.js';
import { type JsonSchema, wireJsonSchema } from './arbitraries.js';
import { invariantViolations, tableCounts } from './invariants.js';
import { type ApiRoute, apiRoutes } from './route-table.js';

/**
 * Bad input that passes validation: a valid request of each write flow with one field at a time set to
 * the edge its schema allows (largest and smallest number, longest text, text a database chokes on). Generated
 * requests rarely get this far (bad-input.test.ts); these all reach the services, the arithmetic and the database.
 * Never a 5xx, every refusal a catalogue code and no write on a refusal, and the data stays sound.
 */
type Body = Record<string, unknown>;

const routes = new Map((await apiRoutes((await testDatabase()).db)).map((route) => [route.key, route]));

let t: TestApp;
let token: string;
const transports = () => transportApi(t, () => token);

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

function nodeAt(schema: JsonSchema, path: (string | number)[]): JsonSchema {
  let node = schema;
  for (const key of path) {
    const branch = (node.anyOf ?? node.oneOf)?.find((candidate) => candidate.type !== 'null') ?? node;
    node =
      typeof key === 'number'
        ? (branch.items ?? {})
        : (Object.entries(branch.properties ?? {}).find(
            ([name]) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) === key,
          )?.[1] ?? {});
  }
  return (node.anyOf ?? node.oneOf)?.find((candidate) => candidate.type !== 'null') ?? node;
}

/** The values at the edge of what the field's schema lets through. */
function edgesOf(node: JsonSchema, current: unknown): unknown[] {
  if (node.enum) return node.enum.filter((value) => value !== current);
  if (node.type === 'integer' || node.type === 'number') {
    return [node.maximum ?? Number.MAX_SAFE_INTEGER, node.minimum ?? Number.MIN_SAFE_INTEGER];
  }
  if (node.type === 'string' && typeof current === 'string') {
    const longest = Math.min(node.maxLength ?? 10_000, 10_000);
    return ['ż'.repeat(longest), "'; drop table contracts; --", '=HYPERLINK("http://x")'];
  }
  if (node.type === 'boolean') return [!current];
  return [];
}

function leaves(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : Object.entries(value);
  return entries.flatMap(([key, item]) => leaves(item, [...prefix, key]));
}

function withValue(body: Body, path: (string | number)[], value: unknown): Body {
  const copy = structuredClone(body);
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = value;
  return copy;
}

function problemOf(response: LightMyRequestResponse, what: string): string | null {
  if (response.statusCode >= 500) return `${what}: ${response.statusCode} ${response.body}`;
  if (response.statusCode < 400) return null;
  const code = response.json().message_code as keyof typeof MESSAGE_CODES;
  return MESSAGE_CODES[code] === response.statusCode ? null : `${what}: ${response.statusCode} ${code}`;
}

interface Flow {
  route: string;
  /** A fresh valid request: its url and body (state it needs is created on each call). */
  request: () => Promise<{ url: string; body: Body }>;
}

/** Every edge of every field of the flow's valid request, one at a time. */
async function probe(flow: Flow) {
  const route = routes.get(flow.route) as ApiRoute;
  const schema = wireJsonSchema(route.body!);
  const valid = await flow.request();
  const accepted = await t.call({ method: route.method, url: valid.url, token, payload: valid.body });
  expect(accepted.statusCode, `the valid ${flow.route}: ${accepted.body}`).toBe(200);
  const { body: template } = await flow.request();
  const problems: string[] = [];
  let tried = 0;
  for (const path of leaves(template)) {
    for (const value of edgesOf(
      nodeAt(schema, path),
      path.reduce<unknown>((at, key) => (at as Body)[key], template),
    )) {
      const { url, body } = await flow.request();
      const before = await tableCounts(t.db);
      const response = await t.call({ method: route.method, url, token, payload: withValue(body, path, value) });
      tried += 1;
      const what = `${flow.route} ${path.join('.')}=${JSON.stringify(value).slice(0, 40)}`;
      const problem = problemOf(response, what);
      if (problem) problems.push(problem);
      else if (response.statusCode >= 400) {
        expect(await tableCounts(t.db), `${what} refused ${response.json().message_code} but wrote`).toEqual(before);
      }
    }
  }
  expect(tried).toBeGreaterThanOrEqual(3);
  expect(problems).toEqual([]);
  expect(await invariantViolations(t.db)).toEqual([]);
}

let serial = 0;
const fresh = () => {
  serial += 1;
  return serial;
};

async function onTheWayTransport() {
  const pair = await seedPair(t.db, { allocationKg: 100_000 });
  return { pair, id: await transports().createId(transportBody(pair), true) };
}

async function deliveredTransaction(kind: 'PURCHASE' | 'TRANSPORT') {
  const { id } = await onTheWayTransport();
  const delivered = await transports().deliver(id, deliveredBody());
  expect(delivered.statusCode, delivered.body).toBe(200);
  const [row] = await t.db.query.transactions.findMany({
    where: (x, { and, eq }) => and(eq(x.transportId, id), eq(x.kind, kind)),
  });
  return row!.id;
}

const FLOWS: Flow[] = [
  {
    route: 'POST /api/contract/create-purchase',
    request: async () => ({
      url: '/api/contract/create-purchase',
      body: purchaseBody((await insertContractor(t.db)).id, {
        document_number: `B/${fresh()}`,
        is_tolerance: true,
        tolerance_type: 'BUYER',
        tolerance_quantity: 500,
        tolerance_unit: 'PERCENT',
        additional_cargo_option: [option(95_000)],
        contact_list: [contractContact('Nowak')],
      }),
    }),
  },
  {
    route: 'POST /api/contract/create-sales',
    request: async () => ({
      url: '/api/contract/create-sales',
      body: salesBody((await insertContractor(t.db)).id, { document_number: `S/${fresh()}` }),
    }),
  },
  {
    route: 'POST /api/dictionary/contractor/create',
    request: async () => {
      const n = fresh();
      return {
        url: '/api/dictionary/contractor/create',
        body: contractorBody({
          code: `B${n}`,
          nip: nipFromSerial(70_000_000 + n),
          additional_address: [address('Gniezno')],
          contact_list: [contact('Kowalski')],
        }),
      };
    },
  },
  {
    route: 'POST /api/contract/allocate-contract/:id',
    request: async () => {
      const pair = await seedPair(t.db, { allocationKg: null });
      return {
        url: `/api/contract/allocate-contract/${pair.salesId}`,
        body: { purchase_id: pair.purchaseId, cargo_quantity: 50_000, confirmation_note: null },
      };
    },
  },
  {
    route: 'POST /api/transport/in-progress-create',
    request: async () => ({ url: '/api/transport/in-progress-create', body: transportBody(await seedPair(t.db)) }),
  },
  {
    route: 'PATCH /api/transport/set-status-delivered/:id',
    request: async () => ({
      url: `/api/transport/set-status-delivered/${(await onTheWayTransport()).id}`,
      body: deliveredBody(),
    }),
  },
  {
    route: 'POST /api/contract/settlement-split',
    request: async () => ({
      url: PATHS.split,
      body: { transaction_id: await deliveredTransaction('PURCHASE'), quantity: 1_000 },
    }),
  },
  {
    route: 'POST /api/contract/settlement-transport',
    request: async () => {
      const id = await deliveredTransaction('TRANSPORT');
      await t.call({
        method: 'POST',
        url: PATHS.purchaseInvoice,
        token,
        payload: {
          transaction_id: id,
          invoice_number: 'FV/T/1',
          invoice_date: '2026-03-10',
          payment_date: '2026-04-09',
        },
      });
      return {
        url: PATHS.settleTransport,
        body: { transaction_id: id, final_quantity: 24_000, final_price: 15_000, deductions: 0, surcharges: 0 },
      };
    },
  },
];

describe('edge values on valid requests of every write flow', () => {
  it.each(FLOWS.map((flow) => [flow.route, flow] as const))(
    '%s: never a 5xx, no write on refusal, sound data',
    async (_, flow) => {
      await probe(flow);
    },
  );
});

describe('the largest amounts the API accepts', () => {
  it('flow from allocation to settlement with exact values and no 5xx on any screen', async () => {
    const pair = await seedPair(t.db, {
      allocationKg: null,
      purchase: { cargoQuantityKg: AMOUNT_MAX, price: AMOUNT_MAX },
      sale: { cargoQuantityKg: AMOUNT_MAX, price: AMOUNT_MAX },
    });
    const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Body) => {
      const response = await t.call({ method, url, token, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
      return response;
    };
    await call('POST', `/api/contract/allocate-contract/${pair.salesId}`, {
      purchase_id: pair.purchaseId,
      cargo_quantity: AMOUNT_MAX,
      confirmation_note: null,
    });
    const created = await call(
      'POST',
      '/api/transport/in-progress-create',
      transportBody(pair, { cargo_quantity: AMOUNT_MAX, price_per_ton: AMOUNT_MAX }),
    );
    const id = created.json().id as number;
    await call(
      'PATCH',
      `/api/transport/set-status-delivered/${id}`,
      deliveredBody({ real_cargo_quantity: AMOUNT_MAX, real_cargo_price: AMOUNT_MAX, deductions: AMOUNT_MAX }),
    );
    const rows = await t.db.query.transactions.findMany({ where: (x, { eq }) => eq(x.transportId, id) });
    expect(rows.map((row) => row.realValue)).toEqual([1e15, 1e15, 1e15]);
    const purchaseRow = rows.find((row) => row.kind === 'PURCHASE')!;
    await call('POST', PATHS.purchaseInvoice, {
      transaction_id: purchaseRow.id,
      invoice_number: 'FV/MAX',
      invoice_date: '2026-03-10',
      payment_date: '2026-04-09',
    });
    const settled = await call('POST', PATHS.settlePurchase, {
      transaction_id: purchaseRow.id,
      surcharges: AMOUNT_MAX,
      deductions: 0,
    });
    expect(settled.json().final_value).toBe(1e15 + AMOUNT_MAX);
    for (const url of [
      `/api/transport/details/${id}`,
      `/api/contract/get-purchase-dashboard/${pair.purchaseId}`,
      `/api/contract/get-sales-dashboard/${pair.salesId}`,
    ]) {
      await call('GET', url);
    }
    for (const url of [
      '/api/transport/list',
      '/api/settlement/transaction-list',
      '/api/contract/get-purchase-list',
      '/api/dashboard/position',
    ]) {
      await call('POST', url, {});
    }
    await call('POST', '/api/contract/export-purchase-list-to-excel', {});
    expect(await invariantViolations(t.db)).toEqual([]);
  });
});
