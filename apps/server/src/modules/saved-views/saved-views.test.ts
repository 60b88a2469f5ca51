import { SAVED_VIEW_STATE_MAX_BYTES, SAVED_VIEWS_PER_LIST_MAX, savedViewStateBytes } from '@grain/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { savedViews } from '../../db/schema/index.js';
import { SAVED_VIEW_BODY_LIMIT } from './routes.js';

/** RULES.md Transports, Saved views: saved views of the lists, per user. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = (await t.userWithRole('USER')).token;
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Body, as = token) =>
  t.call({ method, url: `/api/saved-view/${url}`, token: as, ...(payload ? { payload } : {}) });

const STATE = {
  search: 'pszenica',
  order_by: 'date_loading:desc',
  limit: 25,
  filter: [
    ['registrationNumber', 'WA 1'],
    ['status', ['NEW', 'ON_THE_WAY']],
  ],
  columns: { order: ['id', 'status'], hidden: ['comment'], density: 'comfortable' },
};
const view = (overrides: Body = {}): Body => ({ list_key: 'logistics', name: 'W drodze', state: STATE, ...overrides });

async function createId(body: Body, as = token): Promise<number> {
  const response = await call('POST', 'create', body, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}
const listOf = async (listKey: string, as = token) => {
  const response = await call('GET', `list?list_key=${listKey}`, undefined, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().list as { id: number; name: string; is_default: boolean; state: unknown }[];
};

describe('saved views', () => {
  it('saves a view and lists it back with its search, filters (names kept as sent), sort and columns', async () => {
    const id = await createId(view());
    const [saved] = await listOf('logistics');
    expect(saved).toMatchObject({ id, name: 'W drodze', list_key: 'logistics', is_default: false, state: STATE });
    expect(await listOf('statement')).toEqual([]);
  });

  it('keeps one default per user and list: a new default replaces the old one', async () => {
    const first = await createId(view({ name: 'A', is_default: true }));
    const second = await createId(view({ name: 'B', is_default: true }));
    expect((await listOf('logistics')).map((v) => [v.id, v.is_default])).toEqual([
      [first, false],
      [second, true],
    ]);
    expect((await call('PUT', `update/${first}`, { is_default: true })).statusCode).toBe(200);
    expect((await listOf('logistics')).map((v) => v.is_default)).toEqual([true, false]);
    expect((await call('PUT', `update/${first}`, { is_default: false })).json().is_default).toBe(false);
  });

  it('renames and overwrites the state; a duplicate name of the list is NAME_IS_DUPLICATED', async () => {
    const id = await createId(view({ name: 'A' }));
    await createId(view({ name: 'B' }));
    const renamed = await call('PUT', `update/${id}`, { name: 'C', state: { search: '', filter: [] } });
    expect(renamed.json()).toMatchObject({ name: 'C', state: { search: '', order_by: '', filter: [] } });
    const duplicate = await call('PUT', `update/${id}`, { name: 'B' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ message_code: 'NAME_IS_DUPLICATED', errors: [{ field: 'name' }] });
    expect((await call('POST', 'create', view({ name: 'B' }))).json().message_code).toBe('NAME_IS_DUPLICATED');
    // The same name on another list is another view.
    await createId(view({ name: 'B', list_key: 'statement' }));
  });

  it('validates with the shared schemas: list key from the enum, a name, a known state shape', async () => {
    const fields = async (body: Body) =>
      (await call('POST', 'create', body)).json().errors?.map((e: { field: string }) => e.field);
    expect(await fields(view({ list_key: 'nope' }))).toEqual(['list_key']);
    expect(await fields(view({ name: '  ' }))).toEqual(['name']);
    expect(await fields(view({ state: { ...STATE, limit: 7 } }))).toEqual(['state.limit']);
    expect(await fields(view({ state: { ...STATE, extra: 1 } }))).toEqual(['state.extra']);
    expect((await call('GET', 'list?list_key=nope')).statusCode).toBe(400);
    expect((await call('GET', 'list?list_key=logistics', undefined, '')).statusCode).toBe(401);
  });
});

/** A state whose JSON is about `bytes` long: one search text and filter values of up to 1000 letters. */
function stateOfAbout(bytes: number) {
  const values = Array.from({ length: Math.ceil(bytes / 1_003) }, () => 'x'.repeat(1_000));
  return { search: '', filter: [['tekst', values]] };
}

describe('size budget (RULES.md: a view is small, 16 KB at most; SAVED_VIEWS_PER_LIST_MAX per user and list)', () => {
  it('refuses a state over 16 KB with VALIDATION_ERROR viewTooBig on state, on create and on update', async () => {
    const big = stateOfAbout(SAVED_VIEW_STATE_MAX_BYTES + 500);
    expect(savedViewStateBytes(big)).toBeGreaterThan(SAVED_VIEW_STATE_MAX_BYTES);
    const created = await call('POST', 'create', view({ state: big }));
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({
      message_code: 'VALIDATION_ERROR',
      errors: [{ field: 'state', code: 'viewTooBig' }],
    });
    const id = await createId(view());
    const updated = await call('PUT', `update/${id}`, { state: big });
    expect(updated.json()).toMatchObject({ errors: [{ field: 'state', code: 'viewTooBig' }] });
    expect((await listOf('logistics'))[0]!.state).toEqual(STATE);
  });

  it('accepts a state just under 16 KB', async () => {
    const large = stateOfAbout(SAVED_VIEW_STATE_MAX_BYTES - 1_500);
    expect(savedViewStateBytes(large)).toBeLessThanOrEqual(SAVED_VIEW_STATE_MAX_BYTES);
    expect((await call('POST', 'create', view({ state: large }))).statusCode).toBe(200);
  });

  it('answers a body over the route limit 413 PAYLOAD_TOO_LARGE without parsing it', async () => {
    const huge = { ...view(), state: { search: 'x'.repeat(SAVED_VIEW_BODY_LIMIT) } };
    const response = await call('POST', 'create', huge);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message_code: 'PAYLOAD_TOO_LARGE' });
    const id = await createId(view());
    expect((await call('PUT', `update/${id}`, { state: huge.state })).statusCode).toBe(413);
  });

  it(`refuses view ${SAVED_VIEWS_PER_LIST_MAX + 1} of a list with 409 SAVED_VIEW_LIMIT_REACHED; other lists and users are free`, async () => {
    for (let i = 1; i <= SAVED_VIEWS_PER_LIST_MAX; i++) await createId(view({ name: `Widok ${i}` }));
    const refused = await call('POST', 'create', view({ name: 'Jeden za dużo' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message_code: 'SAVED_VIEW_LIMIT_REACHED' });
    expect(await listOf('logistics')).toHaveLength(SAVED_VIEWS_PER_LIST_MAX);
    await createId(view({ name: 'Jeden za dużo', list_key: 'statement' }));
    await createId(view({ name: 'Jeden za dużo' }), (await t.userWithRole('USER')).token);
  });

  it('holds the count for creates sent at the same moment', async () => {
    for (let i = 1; i <= SAVED_VIEWS_PER_LIST_MAX - 3; i++) await createId(view({ name: `Widok ${i}` }));
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call('POST', 'create', view({ name: `Równoległy ${i}` }))),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(3);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(5);
    expect(await t.db.select({ id: savedViews.id }).from(savedViews)).toHaveLength(SAVED_VIEWS_PER_LIST_MAX);
  });
});

describe('roles', () => {
  it('is owner-only: another user neither lists, changes nor removes it', async () => {
    const id = await createId(view());
    const other = (await t.userWithRole('ADMIN')).token;
    expect(await listOf('logistics', other)).toEqual([]);
    expect((await call('PUT', `update/${id}`, { name: 'Cudzy' }, other)).json().message_code).toBe('NOT_FOUND');
    expect((await call('DELETE', `remove/${id}`, undefined, other)).statusCode).toBe(404);
    expect(await listOf('logistics')).toHaveLength(1);
    expect((await call('DELETE', `remove/${id}`)).statusCode).toBe(200);
    expect(await listOf('logistics')).toEqual([]);
  });
});

describe('page size per user and list (spec/1 General list behaviour: 10, 25, 50)', () => {
  const pageSizeOf = async (listKey: string, as = token) => {
    const response = await t.call({ method: 'GET', url: `/api/saved-view/page-size?list_key=${listKey}`, token: as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().page_size as number | null;
  };
  const choose = (payload: Body, as = token) =>
    t.call({ method: 'PUT', url: '/api/saved-view/page-size', token: as, payload });

  it('keeps the chosen size per list and per user; a second choice replaces the first', async () => {
    expect(await pageSizeOf('logistics')).toBeNull();
    const chosen = await choose({ list_key: 'logistics', page_size: 50 });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ list_key: 'logistics', page_size: 50 });
    expect(await pageSizeOf('logistics')).toBe(50);
    expect(await pageSizeOf('statement')).toBeNull();
    expect((await choose({ list_key: 'logistics', page_size: 25 })).statusCode).toBe(200);
    expect(await pageSizeOf('logistics')).toBe(25);
    // Another user, of either role, keeps their own.
    const admin = (await t.userWithRole('ADMIN')).token;
    expect(await pageSizeOf('logistics', admin)).toBeNull();
    expect((await choose({ list_key: 'logistics', page_size: 10 }, admin)).statusCode).toBe(200);
    expect(await pageSizeOf('logistics', admin)).toBe(10);
    expect(await pageSizeOf('logistics')).toBe(25);
  });

  it('validates the list key and the size with the shared schema, and needs a signed-in user', async () => {
    const fields = async (payload: Body) => {
      const response = await choose(payload);
      expect(response.statusCode).toBe(400);
      return response.json().errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`);
    };
    expect(await fields({ list_key: 'logistics', page_size: 20 })).toEqual(['page_size:oneOf']);
    expect(await fields({ list_key: 'logistics', page_size: '25' })).toEqual(['page_size:wrongType']);
    expect(await fields({ list_key: 'nope', page_size: 25 })).toEqual(['list_key:oneOf']);
    expect(await fields({ list_key: 'logistics', page_size: 25, extra: 1 })).toEqual(['extra:unknownField']);
    expect((await t.call({ method: 'GET', url: '/api/saved-view/page-size?list_key=nope', token })).statusCode).toBe(
      400,
    );
    expect((await choose({ list_key: 'logistics', page_size: 25 }, '')).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/saved-view/page-size?list_key=logistics' })).statusCode).toBe(401);
  });
});
