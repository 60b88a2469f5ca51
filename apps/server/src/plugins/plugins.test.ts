import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp, testConfig } from '../../test/harness.js';
import { buildApp } from '../app.js';
import type { ZodTypeProvider } from './wire.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it("answers { status: 'ok', version: '0.0.37' }, the package version", async () => {
    const response = await t.call({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', version: '0.0.37' });
    const rootPackage = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../package.json'), 'utf8'));
    expect(response.json().version).toBe(rootPackage.version);
  });

  it('tells its own time in a Server-Timing header, as every answer does', async () => {
    const response = await t.call({ method: 'GET', url: '/api/health' });
    const duration = /^app;dur=(\d+\.\d{2})$/.exec(String(response.headers['server-timing']));
    expect(duration).not.toBeNull();
    expect(Number(duration![1])).toBeGreaterThan(0);
    const refusal = await t.call({ method: 'GET', url: '/api/profile/list' });
    expect(refusal.statusCode).toBe(401);
    expect(refusal.headers['server-timing']).toMatch(/^app;dur=/);
  });
});

describe('GET /api/docs/json', () => {
  let doc: { openapi: string; paths: Record<string, Record<string, unknown>> };
  beforeAll(async () => {
    doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
  });

  it('is an OpenAPI 3 document listing POST /api/auth/login with snake_case names', () => {
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths['/api/auth/login']?.post as {
      requestBody: { content: { 'application/json': { schema: { properties: object } } } };
      responses: { 200: { content: { 'application/json': { schema: { properties: object } } } } };
    };
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties).sort()).toEqual([
      'email',
      'password',
    ]);
    expect(Object.keys(login.responses[200].content['application/json'].schema.properties).sort()).toEqual([
      'refresh_token',
      'token',
    ]);
  });

  it('names query parameters and answer fields in snake_case', () => {
    const list = doc.paths['/api/profile/list']?.get as { parameters: { name: string }[] };
    expect(list.parameters.map((parameter) => parameter.name)).toContain('order_by');
    const me = JSON.stringify(doc.paths['/api/auth/me']);
    expect(me).toContain('"first_name"');
    expect(me).toContain('"password_expired"');
  });

  it('says on every list call that an offset past a capped count is refused (pastCappedCount)', () => {
    const lists = Object.entries(doc.paths).filter(([path, methods]) => {
      const parameters = (methods.get as { parameters?: { name: string }[] } | undefined)?.parameters ?? [];
      return path.includes('list') && parameters.some((parameter) => parameter.name === 'offset');
    });
    expect(lists.map(([path]) => path)).toEqual(expect.arrayContaining(['/api/transport/list']));
    for (const [path, methods] of lists) {
      const get = methods.get as { parameters: { name: string; description?: string; schema?: object }[] };
      const offset = JSON.stringify(get.parameters.find((parameter) => parameter.name === 'offset'));
      expect(offset, path).toContain('pastCappedCount');
      expect(JSON.stringify(methods.post), path).toContain('pastCappedCount');
    }
  });

  it('has no camelCase property name anywhere', () => {
    const names: string[] = [];
    const walk = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'properties' && value && typeof value === 'object') names.push(...Object.keys(value));
        walk(value);
      }
    };
    walk(doc.paths);
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((name) => /[A-Z]/.test(name))).toEqual([]);
  });

  it('is served with a UI at /api/docs', async () => {
    const response = await t.call({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('the route table', () => {
  const PUBLIC = [
    'GET /api/health',
    'POST /api/auth/login',
    'POST /api/auth/refresh-token',
    'POST /api/auth/reset-password-request',
    'POST /api/auth/reset-password-verify-code',
    'POST /api/auth/reset-password-confirm',
  ];

  it('answers a guest 401 UNAUTHORIZED on every documented route except the public ones', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const open: string[] = [];
    let checked = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        const route = `${method.toUpperCase()} ${path}`;
        const url = path.replace(/\{[^}]+\}/g, '1');
        const response = await t.call({ method: method.toUpperCase() as 'GET', url });
        checked += 1;
        if (response.statusCode !== 401) open.push(route);
        else expect(response.json().message_code, route).toBe('UNAUTHORIZED');
      }
    }
    expect(checked).toBeGreaterThan(15);
    expect(open.sort()).toEqual([...PUBLIC].sort());
  });

  it('asks for a token even when the request target is in absolute form', async () => {
    const app = await buildApp({ db: t.db, config: testConfig() });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const answer = await new Promise<string>((done, fail) => {
        let text = '';
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(
            `GET http://localhost:${port}/api/profile/list HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
          ),
        );
        socket.on('data', (chunk) => {
          text += chunk;
        });
        socket.on('end', () => done(text));
        socket.on('error', fail);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 401/);
      expect(answer).toContain('"message_code":"UNAUTHORIZED"');
    } finally {
      await app.close();
    }
  });
});

describe('secure by default', () => {
  const fresh = () => buildApp({ db: t.db, config: testConfig() });

  it('refuses to start when an /api route declares neither config.roles nor config.public', async () => {
    const app = await fresh();
    await expect(
      (async () => {
        app.get('/api/unguarded', async () => ({}));
        await app.ready();
      })(),
    ).rejects.toThrow(/GET \/api\/unguarded declares neither config.roles nor config.public/);
    await app.close().catch(() => {});
  });

  it('refuses such a route inside a plugin with the /api prefix', async () => {
    const app = await fresh();
    app.register(
      async (api) => {
        api.post('/unguarded', async () => ({}));
      },
      { prefix: '/api' },
    );
    await expect(app.ready()).rejects.toThrow(/POST \/api\/unguarded declares neither/);
    await app.close().catch(() => {});
  });

  it('accepts routes that declare roles or public, and routes outside /api', async () => {
    const app = await fresh();
    app.get('/api/guarded', { config: { roles: ['ADMIN'] } }, async () => ({}));
    app.get('/api/open', { config: { public: true } }, async () => ({}));
    app.get('/robots.txt', async () => 'User-agent: *');
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});

describe('errors', () => {
  let app: FastifyInstance;
  const logLines: string[] = [];
  beforeAll(async () => {
    app = await buildApp({
      db: t.db,
      config: testConfig(),
      logger: { level: 'error', stream: { write: (line: string) => logLines.push(line) } },
    });
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/test/throw', { config: { public: true } }, async () => {
      throw new Error('select password_hash from users where id = 1');
    });
    r.get('/api/test/sql', { config: { public: true } }, async () => {
      await t.db.execute(sql`select secret_column from no_such_table`);
      return {};
    });
    r.get(
      '/api/test/response',
      { config: { public: true }, schema: { response: { 200: z.object({ id: z.number() }) } } },
      async () => ({ id: 'not-a-number' }) as unknown as { id: number },
    );
    r.get(
      '/api/test/extra',
      { config: { public: true }, schema: { response: { 200: z.object({ id: z.number() }) } } },
      async () => ({ id: 1, passwordHash: 'scrypt$...' }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(['/api/test/throw', '/api/test/sql', '/api/test/response'])(
    'answers %s with 500 INTERNAL_ERROR and no stack, SQL or detail',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message_code: 'INTERNAL_ERROR', message: 'Internal error' });
      expect(response.body).not.toMatch(/stack|select|no_such_table|password|at \//i);
    },
  );

  it('logs the unknown failure', () => {
    const logged = logLines.join('\n');
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('no_such_table');
  });

  it('drops fields that the response schema does not name', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/extra' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1 });
  });

  it('answers an unknown /api path with 404 NOT_FOUND', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-path'],
      ['POST', '/api/auth/no-such-call'],
      ['GET', '/api'],
      ['DELETE', '/api/health'],
    ] as const) {
      const response = await t.call({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json(), `${method} ${url}`).toEqual({ message_code: 'NOT_FOUND', message: 'NOT_FOUND' });
    }
  });

  it('answers any other path with 404 NOT_FOUND when no web build is present', async () => {
    const response = await t.call({ method: 'GET', url: '/positions' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message_code).toBe('NOT_FOUND');
  });

  it('renders every refusal as { message_code, message } with a JSON content type', async () => {
    const response = await t.call({ method: 'GET', url: '/api/auth/me' });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Object.keys(response.json()).sort()).toEqual(['message', 'message_code']);
  });
});

describe('security headers', () => {
  it.each([
    ['an answer', '/api/health'],
    ['a refusal', '/api/auth/me'],
    ['a missing path', '/api/nothing-here'],
  ])('are present on %s', async (_, url) => {
    const response = await t.call({ method: 'GET', url });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    // HSTS only over TLS (trust/security-surface.test.ts); these calls are plain HTTP.
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('prototype pollution', () => {
  it.each(['{"__proto__":{"limit":1}}', '{"constructor":{"prototype":{"limit":1}}}', '{"filter":{"__proto__":{}}}'])(
    'refuses the body %s with 400 BAD_REQUEST',
    async (payload) => {
      const response = await t.call({
        method: 'POST',
        url: '/api/profile/list',
        token: await t.login(),
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message_code).toBe('BAD_REQUEST');
    },
  );

  it('refuses __proto__ in the query string as an unknown field', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/profile/list?__proto__=a&__proto__=b',
      token: await t.login(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: '__proto__', code: 'unknownField' }]);
  });
});

describe('snake_case wire format', () => {
  it('answers snake_case keys and reads snake_case request keys', async () => {
    const token = await t.login();
    const response = await t.call({
      method: 'POST',
      url: '/api/profile/list',
      token,
      payload: { order_by: 'last_name:desc', limit: 1 },
    });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().list[0])).toEqual(expect.arrayContaining(['first_name', 'last_name']));
  });
});
