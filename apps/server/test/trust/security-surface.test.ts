import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { camelToSnake } from '@grain/shared';
import { asc } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { auditLog, users } from '../../src/db/schema/index.js';
import { purchaseBody, salesBody } from '../fixtures/contracts.js';
import { insertDeliveredTransport } from '../fixtures/settlements.js';
import { insertContractor } from '../fixtures.js';
import { createTestApp, TEST_PASSWORD, type TestApp, testConfig, testDatabase } from '../harness.js';
import { type JsonSchema, plausible, wireJsonSchema } from './arbitraries.js';
import { tableCounts } from './invariants.js';
import { apiRoutes, urlOf } from './route-table.js';

/**
 * OWASP ASVS level 2 for what the server exposes: security headers and CSP on the web app, no mass
 * assignment on any route, no formula from user text in exported spreadsheets, and an audit log the API cannot
 * change. Each is checked over the whole route table or the whole file, not one example.
 */
const routes = await apiRoutes((await testDatabase()).db);

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

describe('the web app with a build present', () => {
  let app: FastifyInstance;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'grain-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
    );
    writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1);');
    app = await buildApp({ db: t.db, config: testConfig({ webDist }) });
  });
  afterAll(() => app.close());

  it.each(['/', '/contracts/purchase', '/assets/app.js', '/api/health'])(
    'serves %s with CSP and the security headers',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      const csp = String(response.headers['content-security-policy']);
      const directives = Object.fromEntries(
        csp
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      expect(directives['default-src']).toEqual(["'self'"]);
      expect(directives['script-src']).toEqual(["'self'"]);
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
      expect(directives['base-uri']).toEqual(["'self'"]);
      expect(csp).not.toMatch(/unsafe-eval/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['x-powered-by']).toBeUndefined();
    },
  );

  it.each(['/', '/assets/app.js', '/api/health'])(
    'sends neither HSTS nor upgrade-insecure-requests over plain HTTP on a LAN name (%s)',
    async (url) => {
      for (const headers of [{ host: 'biuro:3000' }, { host: '192.168.1.20:3000', 'x-forwarded-proto': 'https' }]) {
        const response = await app.inject({ method: 'GET', url, headers });
        expect(response.statusCode).toBe(200);
        expect(response.headers['strict-transport-security']).toBeUndefined();
        expect(String(response.headers['content-security-policy'] ?? '')).not.toContain('upgrade-insecure-requests');
      }
    },
  );

  it('sends HSTS and upgrade-insecure-requests when a trusted proxy says the request came over TLS', async () => {
    const behindProxy = await buildApp({ db: t.db, config: testConfig({ webDist, trustProxy: true }) });
    try {
      for (const url of ['/', '/api/health']) {
        const response = await behindProxy.inject({
          method: 'GET',
          url,
          headers: { host: 'biuro.example.com', 'x-forwarded-proto': 'https' },
        });
        expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{6,}/);
        expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      }
    } finally {
      await behindProxy.close();
    }
  });

  it('answers the app for its own routes and 404 for a missing asset or API path', async () => {
    for (const url of ['/', '/allocations']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.body).toContain('<div id="root">');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/assets/missing.js', '/assets/', '/api/missing']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message_code).toBe('NOT_FOUND');
    }
  });

  it('does not serve files outside the build folder', async () => {
    for (const url of ['/../package.json', '/assets/../../package.json', '/%2e%2e/%2e%2e/package.json']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('"name"');
    }
  });
});

describe('mass assignment', () => {
  const FORBIDDEN = [
    'id',
    'role',
    'password_hash',
    'active',
    'created_by',
    'created_at',
    'user_id',
    'status',
    'allocated_kg',
  ];
  const bodyRoutes = routes.filter((route) => route.body);

  function openObjects(node: JsonSchema, path: string, found: string[]) {
    if (
      node.type === 'object' &&
      node.properties &&
      (node as { additionalProperties?: unknown }).additionalProperties !== false
    ) {
      found.push(path || '(body)');
    }
    for (const [key, child] of Object.entries(node.properties ?? {})) openObjects(child, `${path}.${key}`, found);
    for (const child of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])])
      openObjects(child, path, found);
    if (node.items) openObjects(node.items, `${path}[]`, found);
  }

  it('has every request object closed: no route takes a field its schema does not name', () => {
    const open: string[] = [];
    for (const route of routes) {
      for (const part of ['body', 'querystring', 'params'] as const) {
        const schema = route[part];
        if (schema) openObjects(wireJsonSchema(schema), `${route.key} ${part}`, open);
      }
    }
    expect(open).toEqual([]);
  });

  it.each(bodyRoutes.map((route) => [route.key, route] as const))(
    '%s refuses id, role, password_hash and the like by name, writing nothing',
    async (_, route) => {
      const declared = new Set(Object.keys(wireJsonSchema(route.body!).properties ?? {}).map(camelToSnake));
      const injected = FORBIDDEN.filter((key) => !declared.has(key));
      const before = await tableCounts(t.db);
      const response = await t.call({
        method: route.method,
        url: urlOf(route, 1),
        token,
        payload: Object.fromEntries(injected.map((key) => [key, key === 'role' ? 'ADMIN' : 1])),
      });
      expect(response.statusCode).toBe(400);
      const unknown = (response.json().errors ?? []).filter((error: { code: string }) => error.code === 'unknownField');
      expect(unknown.map((error: { field: string }) => error.field).sort()).toEqual([...injected].sort());
      expect(await tableCounts(t.db)).toEqual(before);
    },
  );

  it('keeps a USER from making themselves ADMIN through their own password change', async () => {
    const user = await t.userWithRole('USER', 'climber@example.com');
    const response = await t.call({
      method: 'POST',
      url: '/api/profile/change-password',
      token: user.token,
      payload: { old_password: TEST_PASSWORD, new_password: 'Climb-high1', role: 'ADMIN', id: 1 },
    });
    expect(response.statusCode).toBe(400);
    const me = await t.call({ method: 'GET', url: '/api/auth/me', token: user.token });
    expect(me.json()).toMatchObject({ id: user.id, role: 'USER' });
  });
});

describe('exported spreadsheets', () => {
  const TEXTS = ['=HYPERLINK("http://evil.example","x")', '+48 600 100 200', '-2+3', '@SUM(A1:A9)', '\t=1+1', '\r=1+1'];

  it.each([
    ['purchase', 'export-purchase-list-to-excel'],
    ['sales', 'export-sales-list-to-excel'],
  ] as const)('never turn user text into a formula (%s list)', async (kind, path) => {
    for (const [index, text] of TEXTS.entries()) {
      const counterparty = await insertContractor(t.db, { name: text, code: `F${kind[0]}${index}` });
      const body = (kind === 'purchase' ? purchaseBody : salesBody)(counterparty.id, {
        document_number: `${text.slice(0, 20)}/${kind}/${index}`,
        comments: text,
        address: { street: text, building_number: '1', post_code: '60-001', city: text, country_code: 'PL' },
      });
      const created = await t.call({ method: 'POST', url: `/api/contract/create-${kind}`, token, payload: body });
      expect(created.statusCode, created.body).toBe(200);
    }
    const response = await t.call({ method: 'POST', url: `/api/contract/${path}`, token, payload: {} });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const texts: string[] = [];
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
        expect(cell.formula).toBeUndefined();
        if (typeof cell.value === 'string') texts.push(cell.value);
      }),
    );
    // Every hostile text is in the file, as plain text.
    for (const text of TEXTS)
      expect(texts.filter((value) => value.includes(text.trim())).length).toBeGreaterThanOrEqual(2);
  });
});

describe('the audit log', () => {
  it('has no route of its own', () => {
    expect(routes.filter((route) => /audit|history|log(?!in|out)/i.test(route.url)).map((route) => route.key)).toEqual(
      [],
    );
  });

  it('is only ever inserted into by the server code, never updated or deleted', () => {
    const root = resolve(import.meta.dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.ts$/.test(name) && !/\.test\.ts$|test|fixtures|harness|trust/.test(path)) {
          const text = readFileSync(path, 'utf8');
          if (/\.(update|delete)\(\s*auditLog\b|(update|delete\s+from|truncate)\s+"?audit_log/i.test(text))
            offenders.push(path);
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });

  it('keeps every entry as it was after every route is called as ADMIN', async () => {
    await insertDeliveredTransport(t.db);
    const targets = await t.db.select({ id: users.id }).from(users);
    expect(targets.length).toBeGreaterThan(0);
    const snapshot = await t.db.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(snapshot.length).toBeGreaterThan(3);
    const admin = await t.login();
    for (const route of routes) {
      const samples = route.body
        ? fc.sample(plausible(wireJsonSchema(route.body)), { numRuns: 3, seed: 10 })
        : [undefined];
      for (const payload of samples) {
        await t.call({
          method: route.method,
          url: urlOf(route, 1),
          token: admin,
          ...(payload ? { payload: payload as object } : {}),
        });
      }
    }
    const after = await t.db.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(after.length).toBeGreaterThanOrEqual(snapshot.length);
    expect(after.slice(0, snapshot.length)).toEqual(snapshot);
  });
});
