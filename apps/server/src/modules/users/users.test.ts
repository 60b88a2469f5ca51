import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { users } from '../../db/schema/index.js';

let t: TestApp;
let adminToken: string;
const ids: Record<string, number> = {};

/** Admin "Adam Admin" from the harness plus these; they never log in, so the hash is a placeholder. */
const PEOPLE = [
  { key: 'barbara', firstName: 'Barbara', lastName: 'Nowak', email: 'barbara@example.com' },
  { key: 'celina', firstName: 'Celina', lastName: 'Kowalska', email: 'celina@firma.pl', isNotifyOnSales: true },
  { key: 'dariusz', firstName: 'Dariusz', lastName: 'Zielinski', email: 'darek@example.com', active: false },
  { key: 'edward', firstName: 'Edward', lastName: 'Adamski', email: 'edward@example.com', isNotifyOnPurchase: true },
  { key: 'filip', firstName: 'Filip', lastName: 'Procent%', email: 'a_b@example.com' },
  { key: 'grzegorz', firstName: 'Grzegorz', lastName: 'Procentowy', email: 'axb@example.com' },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
  for (const { key, ...person } of PEOPLE) {
    const [row] = await t.db
      .insert(users)
      .values({ ...person, role: 'USER', passwordHash: 'placeholder', passwordExpired: false })
      .returning({ id: users.id });
    ids[key] = row!.id;
  }
});
afterAll(() => t.close());

const TOTAL = PEOPLE.length + 1;

function listGet(query: Record<string, string | number>, token = adminToken) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return t.call({ method: 'GET', url: `/api/profile/list?${search}`, token });
}

function listPost(payload: object, token = adminToken) {
  return t.call({ method: 'POST', url: '/api/profile/list', token, payload });
}

const firstNames = (body: { list: { first_name: string }[] }) => body.list.map((user) => user.first_name);

describe('GET and POST /api/profile/list', () => {
  it('sorts by first_name ascending by default and answers filtered and total', async () => {
    const response = await listGet({ limit: 50 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(firstNames(body)).toEqual(['Adam', 'Barbara', 'Celina', 'Dariusz', 'Edward', 'Filip', 'Grzegorz']);
    expect(body.filtered).toBe(TOTAL);
    expect(body.total).toBe(TOTAL);
  });

  it('answers each user in snake_case with no password fields', async () => {
    const body = (await listGet({ limit: 1 })).json();
    expect(Object.keys(body.list[0]).sort()).toEqual([
      'active',
      'created_at',
      'email',
      'first_name',
      'id',
      'is_notify_on_certificates',
      'is_notify_on_purchase',
      'is_notify_on_sales',
      'last_name',
      'role',
      'updated_at',
    ]);
    expect(Object.keys(body).sort()).toEqual(['filtered', 'list', 'total']);
  });

  it("sorts by order_by 'last_name:desc'", async () => {
    const body = (await listGet({ limit: 50, order_by: 'last_name:desc' })).json();
    expect(body.list.map((user: { last_name: string }) => user.last_name)).toEqual([
      'Zielinski',
      'Procentowy',
      'Procent%',
      'Nowak',
      'Kowalska',
      'Admin',
      'Adamski',
    ]);
  });

  it('sorts ascending when order_by names only the key', async () => {
    const body = (await listGet({ limit: 3, order_by: 'email' })).json();
    expect(body.list.map((user: { email: string }) => user.email)).toEqual([
      'a_b@example.com',
      'admin@example.com',
      'axb@example.com',
    ]);
  });

  it.each(['password_hash', 'firstName', 'first_name:up', 'constructor', '__proto__'])(
    'refuses order_by %s with 400 INVALID_SORT_PARAMS',
    async (orderBy) => {
      const response = await listGet({ order_by: orderBy });
      expect(response.statusCode).toBe(400);
      expect(response.json().message_code).toBe('INVALID_SORT_PARAMS');
    },
  );

  it('searches first name, last name and e-mail, ignoring letter case', async () => {
    expect(firstNames((await listGet({ search: 'NOWAK' })).json())).toEqual(['Barbara']);
    expect(firstNames((await listGet({ search: 'celi' })).json())).toEqual(['Celina']);
    expect(firstNames((await listGet({ search: 'firma.pl' })).json())).toEqual(['Celina']);
    // "adam" is Adam's first name, Edward Adamski's last name and admin@ is not a match.
    expect(firstNames((await listGet({ search: 'adam' })).json())).toEqual(['Adam', 'Edward']);
  });

  it('answers filtered for the search and total for everything', async () => {
    const body = (await listGet({ search: 'example.com' })).json();
    expect(body.filtered).toBe(TOTAL - 1);
    expect(body.total).toBe(TOTAL);
  });

  it('takes % and _ in the search literally', async () => {
    expect(firstNames((await listGet({ search: 'nt%' })).json())).toEqual(['Filip']);
    expect(firstNames((await listGet({ search: 'a_b' })).json())).toEqual(['Filip']);
  });

  it('ignores a search of only spaces', async () => {
    expect((await listGet({ search: '   ' })).json().filtered).toBe(TOTAL);
  });

  it('pages with limit and offset; filtered does not depend on the page', async () => {
    const body = (await listGet({ limit: 2, offset: 2 })).json();
    expect(firstNames(body)).toEqual(['Celina', 'Dariusz']);
    expect(body.filtered).toBe(TOTAL);
    const last = (await listGet({ limit: 2, offset: 6 })).json();
    expect(firstNames(last)).toEqual(['Grzegorz']);
    expect((await listGet({ limit: 2, offset: 100 })).json()).toEqual({ list: [], filtered: TOTAL, total: TOTAL });
    // A searched page past its end still counts the search (the counts are then read apart).
    const pastSearch = (await listGet({ search: 'example.com', limit: 2, offset: 100 })).json();
    expect(pastSearch).toEqual({ list: [], filtered: TOTAL - 1, total: TOTAL });
  });

  it('answers 10 users when no limit is given', async () => {
    for (let i = 0; i < 5; i++) {
      await t.db.insert(users).values({
        email: `zz${i}@example.com`,
        firstName: `Zenon${i}`,
        lastName: 'Extra',
        passwordHash: 'placeholder',
      });
    }
    const body = (await listGet({})).json();
    expect(body.list).toHaveLength(10);
    await listPost({});
    expect((await listPost({})).json().list).toHaveLength(10);
    const { sql } = await import('drizzle-orm');
    await t.db.execute(sql`delete from users where last_name = 'Extra'`);
  });

  it('filters by active: GET takes the filter as JSON text', async () => {
    const inactive = (await listGet({ filter: JSON.stringify({ active: false }) })).json();
    expect(firstNames(inactive)).toEqual(['Dariusz']);
    expect(inactive.filtered).toBe(1);
    expect(inactive.total).toBe(TOTAL);
  });

  it('answers the same to POST with the fields in the body', async () => {
    const query = { limit: 2, offset: 1, search: 'a', order_by: 'last_name:asc' };
    const viaGet = (await listGet({ ...query, filter: JSON.stringify({ active: true }) })).json();
    const viaPost = (await listPost({ ...query, filter: { active: true } })).json();
    expect(viaPost).toEqual(viaGet);
    expect(viaPost.list).toHaveLength(2);
  });

  it.each([
    [{ limit: 'ten' }, 'limit', 'wrongType'],
    [{ limit: 0 }, 'limit', 'tooSmall'],
    [{ limit: 101 }, 'limit', 'tooBig'],
    [{ limit: 2.5 }, 'limit', 'integer'],
    [{ offset: -1 }, 'offset', 'tooSmall'],
    [{ filter: '{not json' }, 'filter', 'wrongType'],
    [{ filter: JSON.stringify({ active: 'yes' }) }, 'filter.active', 'wrongType'],
    [{ filter: JSON.stringify({ role: 'ADMIN' }) }, 'filter.role', 'unknownField'],
    [{ page: 2 }, 'page', 'unknownField'],
  ])('refuses the query %j with VALIDATION_ERROR on %s', async (query, field, code) => {
    const response = await listGet(query as Record<string, string | number>);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message_code: 'VALIDATION_ERROR', errors: [{ field, code }] });
  });

  it('refuses a wrongly typed POST body field with VALIDATION_ERROR', async () => {
    const response = await listPost({ search: 42, filter: { active: 'no' } });
    expect(response.json().errors).toEqual([
      { field: 'search', code: 'wrongType' },
      { field: 'filter.active', code: 'wrongType' },
    ]);
  });
});

describe('GET and POST /api/profile/option-list', () => {
  it('answers active users as { value, label, email } sorted by first name', async () => {
    const response = await t.call({ method: 'GET', url: '/api/profile/option-list?limit=100', token: adminToken });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.list[1]).toEqual({ value: ids.barbara, label: 'Barbara Nowak', email: 'barbara@example.com' });
    expect(body.list.map((option: { label: string }) => option.label)).not.toContain('Dariusz Zielinski');
    expect(body.filtered).toBe(TOTAL - 1);
    expect(body.total).toBe(TOTAL - 1);
  });

  it('searches and keeps total as the count of all options', async () => {
    const body = (
      await t.call({
        method: 'POST',
        url: '/api/profile/option-list',
        token: adminToken,
        payload: { search: 'procent' },
      })
    ).json();
    expect(body.list.map((option: { label: string }) => option.label)).toEqual([
      'Filip Procent%',
      'Grzegorz Procentowy',
    ]);
    expect(body.filtered).toBe(2);
    expect(body.total).toBe(TOTAL - 1);
  });

  it('pages with limit and offset', async () => {
    const body = (
      await t.call({ method: 'GET', url: '/api/profile/option-list?limit=2&offset=2', token: adminToken })
    ).json();
    expect(body.list.map((option: { label: string }) => option.label)).toEqual(['Celina Kowalska', 'Edward Adamski']);
  });

  it('refuses a limit over 100 with VALIDATION_ERROR', async () => {
    const response = await t.call({ method: 'GET', url: '/api/profile/option-list?limit=101', token: adminToken });
    expect(response.json().errors).toEqual([{ field: 'limit', code: 'tooBig' }]);
  });
});

describe('GET /api/profile/get/:id', () => {
  it('answers the user', async () => {
    const response = await t.call({ method: 'GET', url: `/api/profile/get/${ids.celina}`, token: adminToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: ids.celina,
      email: 'celina@firma.pl',
      first_name: 'Celina',
      last_name: 'Kowalska',
      role: 'USER',
      active: true,
      is_notify_on_purchase: false,
      is_notify_on_sales: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(response.json()).not.toHaveProperty('password_hash');
  });

  it('answers created_at and updated_at as ISO 8601 timestamps', async () => {
    const body = (await t.call({ method: 'GET', url: `/api/profile/get/${ids.celina}`, token: adminToken })).json();
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
    expect(body.created_at).toMatch(iso);
    expect(body.updated_at).toMatch(iso);
    expect(Math.abs(Date.parse(body.created_at) - Date.now())).toBeLessThan(10 * 60_000);
  });

  it('answers 404 USER_NOT_FOUND for a missing id', async () => {
    const response = await t.call({ method: 'GET', url: '/api/profile/get/999999', token: adminToken });
    expect(response.statusCode).toBe(404);
    expect(response.json().message_code).toBe('USER_NOT_FOUND');
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers 400 ID_IS_NOT_A_NUMBER for id %s', async (id) => {
    const response = await t.call({ method: 'GET', url: `/api/profile/get/${id}`, token: adminToken });
    expect(response.statusCode).toBe(400);
    expect(response.json().message_code).toBe('ID_IS_NOT_A_NUMBER');
  });
});

describe('GET /api/profile/get-default-email-list-for-purchase and -sales', () => {
  it('answers the active users who asked for purchase mail', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/profile/get-default-email-list-for-purchase',
      token: adminToken,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ list: ['edward@example.com'] });
  });

  it('answers the active users who asked for sales mail, without inactive ones', async () => {
    await t.db.insert(users).values({
      email: 'inactive-sales@example.com',
      firstName: 'Ina',
      lastName: 'Aktywna',
      passwordHash: 'placeholder',
      active: false,
      isNotifyOnSales: true,
    });
    const response = await t.call({
      method: 'GET',
      url: '/api/profile/get-default-email-list-for-sales',
      token: adminToken,
    });
    expect(response.json()).toEqual({ list: ['celina@firma.pl'] });
  });
});

describe('roles', () => {
  let userToken: string;
  beforeAll(async () => {
    userToken = (await t.userWithRole('USER')).token;
  });

  const ADMIN_ONLY = [
    { method: 'GET', url: '/api/profile/list' },
    { method: 'POST', url: '/api/profile/list', payload: {} },
    {
      method: 'POST',
      url: '/api/profile/create',
      payload: { email: 'x@example.com', first_name: 'X', last_name: 'Y', role: 'ADMIN', password: 'Ziarno-Nowe8!' },
    },
    { method: 'GET', url: '/api/profile/get/1' },
    {
      method: 'POST',
      url: '/api/profile/update/1',
      payload: { email: 'x@example.com', first_name: 'X', last_name: 'Y', role: 'USER', active: true },
    },
  ] as const;

  const ANY_ROLE = [
    { method: 'GET', url: '/api/profile/option-list' },
    { method: 'POST', url: '/api/profile/option-list', payload: {} },
    { method: 'GET', url: '/api/profile/get-default-email-list-for-purchase' },
    { method: 'GET', url: '/api/profile/get-default-email-list-for-sales' },
  ] as const;

  it.each([...ADMIN_ONLY, ...ANY_ROLE])('refuses a guest on $method $url with 401 UNAUTHORIZED', async (route) => {
    const response = await t.call({ ...route });
    expect(response.statusCode).toBe(401);
    expect(response.json().message_code).toBe('UNAUTHORIZED');
  });

  it.each(ADMIN_ONLY)('refuses a USER on $method $url with 403 FORBIDDEN', async (route) => {
    const response = await t.call({ ...route, token: userToken });
    expect(response.statusCode).toBe(403);
    expect(response.json().message_code).toBe('FORBIDDEN');
  });

  it('leaves the data alone when a USER tries to create or update', async () => {
    const before = await t.db.select().from(users);
    for (const route of ADMIN_ONLY.filter((r) => r.method === 'POST')) await t.call({ ...route, token: userToken });
    expect(await t.db.select().from(users)).toEqual(before);
  });

  it.each(ANY_ROLE)('allows a USER on $method $url', async (route) => {
    const response = await t.call({ ...route, token: userToken });
    expect(response.statusCode).toBe(200);
  });
});
