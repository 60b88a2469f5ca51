import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../harness.js';
import { type ApiRoute, apiRoutes, urlOf } from './route-table.js';

/**
 * Access matrix: every /api route of the server's own route table called as a guest, a USER, an ADMIN
 * and a user whose password has expired. The answer checked is the access decision only (401/403 or not); the
 * business answer (400, 404, ...) does not matter here. The expected lists below name every route whose rule is
 * not "any signed-in role", so a route that changes its rule, or a new route with a new rule, fails a test.
 */
const PUBLIC = [
  'GET /api/health',
  'POST /api/auth/login',
  'POST /api/auth/refresh-token',
  'POST /api/auth/reset-password-confirm',
  'POST /api/auth/reset-password-request',
  'POST /api/auth/reset-password-verify-code',
];

const ADMIN_ONLY = [
  'POST /api/cargo/vat-rate/create',
  'GET /api/profile/get/:id',
  'GET /api/profile/list',
  'GET /api/settings/company',
  'POST /api/profile/create',
  'POST /api/profile/list',
  'POST /api/profile/update/:id',
  'PUT /api/settings/company',
  // The transit tolerance per raw material is a cargo parameter like the VAT rates (spec/1 Cargo params: ADMIN).
  'PUT /api/cargo/transit-tolerance/:id',
  // CONTRIBUTING.md Price lists: ADMIN sets the purchase prices; traders read them (list, PDF).
  'POST /api/price-list/create',
  'POST /api/price-list/import',
];

/** What the password change needs: who am I, change it, sign out. */
const ALLOWED_WITH_EXPIRED_PASSWORD = [
  'DELETE /api/auth/logout',
  'GET /api/auth/me',
  'POST /api/profile/change-password',
];

let t: TestApp;
let routes: ApiRoute[];
const tokens = { admin: '', user: '', expiredAdmin: '', expiredUser: '' };

beforeAll(async () => {
  t = await createTestApp();
  routes = await apiRoutes(t.db);
  tokens.admin = await t.login();
  tokens.user = (await t.userWithRole('USER')).token;
  const expiredAdmin = await t.userWithRole('ADMIN');
  const expiredUser = await t.userWithRole('USER');
  for (const { id } of [expiredAdmin, expiredUser]) {
    await t.db.update(users).set({ passwordExpired: true }).where(eq(users.id, id));
  }
  tokens.expiredAdmin = expiredAdmin.token;
  tokens.expiredUser = expiredUser.token;
});
afterAll(() => t.close());

/** One call with no body: authentication runs on the request line and headers, before the body is read. */
function callAs(route: ApiRoute, token?: string) {
  return t.call({ method: route.method, url: urlOf(route), ...(token ? { token } : {}) });
}

async function decisions(token: string | undefined, select: (route: ApiRoute) => boolean) {
  const answers: { key: string; status: number; code?: string }[] = [];
  // Logout ends the session of the token: it is called last, so the other calls see a live one.
  const isLogout = (route: ApiRoute) => route.key === 'DELETE /api/auth/logout';
  const selected = routes.filter(select);
  for (const route of [...selected.filter((route) => !isLogout(route)), ...selected.filter(isLogout)]) {
    const response = await callAs(route, token);
    const isJson = String(response.headers['content-type']).startsWith('application/json');
    answers.push({
      key: route.key,
      status: response.statusCode,
      code: isJson ? response.json().message_code : undefined,
    });
  }
  return answers;
}

const keys = (select: (route: ApiRoute) => boolean) =>
  routes
    .filter(select)
    .map((route) => route.key)
    .sort();

describe('the route table', () => {
  it('holds the whole API: every route of the OpenAPI document and nothing else', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
      )
      .filter((key) => !key.startsWith('HEAD '))
      .sort();
    expect(routes.map((route) => route.key)).toEqual(documented);
    expect(routes.length).toBeGreaterThan(90);
  });

  it('gives every route an access rule: roles or public', () => {
    const withoutRule = routes.filter((route) => !route.isPublic && !route.roles?.length).map((route) => route.key);
    expect(withoutRule).toEqual([]);
    const both = routes.filter((route) => route.isPublic && route.roles).map((route) => route.key);
    expect(both).toEqual([]);
  });

  it('names only the known roles', () => {
    const roles = new Set(routes.flatMap((route) => route.roles ?? []));
    expect([...roles].sort()).toEqual(['ADMIN', 'USER']);
  });

  it('has exactly the expected public routes', () => {
    expect(keys((route) => route.isPublic)).toEqual([...PUBLIC].sort());
  });

  it('has exactly the expected ADMIN-only routes', () => {
    expect(keys((route) => !route.isPublic && !route.roles?.includes('USER'))).toEqual([...ADMIN_ONLY].sort());
  });

  it('lets only what the password change needs through an expired password', () => {
    expect(keys((route) => route.allowExpiredPassword)).toEqual([...ALLOWED_WITH_EXPIRED_PASSWORD].sort());
  });
});

describe('a guest', () => {
  it('is refused with 401 UNAUTHORIZED on every route that is not public', async () => {
    const answers = await decisions(undefined, (route) => !route.isPublic);
    expect(answers.length).toBeGreaterThan(80);
    expect(answers.filter((answer) => answer.status !== 401 || answer.code !== 'UNAUTHORIZED')).toEqual([]);
  });

  it('reaches every public route (never 401 or 403)', async () => {
    const answers = await decisions(undefined, (route) => route.isPublic);
    expect(answers).toHaveLength(PUBLIC.length);
    expect(answers.filter((answer) => answer.status === 401 || answer.status === 403)).toEqual([]);
  });

  it('is refused with a forged or malformed token like any guest, never let through', async () => {
    for (const token of ['abc', 'a.b.c', `${tokens.admin}x`]) {
      const answers = await decisions(token, (route) => !route.isPublic);
      expect(answers.filter((answer) => answer.status !== 401)).toEqual([]);
    }
  });
});

describe('a USER', () => {
  it('is refused with 403 FORBIDDEN on every ADMIN-only route', async () => {
    const answers = await decisions(tokens.user, (route) => ADMIN_ONLY.includes(route.key));
    expect(answers).toHaveLength(ADMIN_ONLY.length);
    expect(answers.filter((answer) => answer.status !== 403 || answer.code !== 'FORBIDDEN')).toEqual([]);
  });

  it('is let through on every other route', async () => {
    const answers = await decisions(tokens.user, (route) => !ADMIN_ONLY.includes(route.key));
    expect(answers.length).toBeGreaterThan(80);
    expect(answers.filter((answer) => answer.status === 401 || answer.status === 403)).toEqual([]);
  });
});

describe('an ADMIN', () => {
  it('is let through on every route', async () => {
    const answers = await decisions(tokens.admin, () => true);
    expect(answers).toHaveLength(routes.length);
    expect(answers.filter((answer) => answer.status === 401 || answer.status === 403)).toEqual([]);
  });
});

describe('a user whose password has expired', () => {
  const needsSession = (route: ApiRoute) => !route.isPublic;

  it('as ADMIN is refused with 403 ACCESS_DENIED everywhere except what the password change needs', async () => {
    const answers = await decisions(tokens.expiredAdmin, needsSession);
    const refused = answers.filter((answer) => answer.status === 403 && answer.code === 'ACCESS_DENIED');
    const through = answers.filter((answer) => answer.status !== 401 && answer.status !== 403);
    expect(through.map((answer) => answer.key).sort()).toEqual([...ALLOWED_WITH_EXPIRED_PASSWORD].sort());
    expect(refused).toHaveLength(answers.length - ALLOWED_WITH_EXPIRED_PASSWORD.length);
  });

  it('as USER is refused with ACCESS_DENIED on its routes and FORBIDDEN on ADMIN-only ones', async () => {
    const answers = await decisions(tokens.expiredUser, needsSession);
    const expected = (key: string) =>
      ADMIN_ONLY.includes(key)
        ? 'FORBIDDEN'
        : ALLOWED_WITH_EXPIRED_PASSWORD.includes(key)
          ? 'through'
          : 'ACCESS_DENIED';
    const wrong = answers.filter((answer) => {
      const decision = answer.status === 401 || answer.status === 403 ? answer.code : 'through';
      return decision !== expected(answer.key);
    });
    expect(wrong).toEqual([]);
  });
});
