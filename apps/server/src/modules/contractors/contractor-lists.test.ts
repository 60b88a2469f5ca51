import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Body, contact, contractorBody } from '../../../test/fixtures/contractors.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
});
afterAll(() => t.close());

const BASE = '/api/dictionary/contractor';

async function createId(overrides: Body = {}): Promise<number> {
  const response = await t.call({ method: 'POST', url: `${BASE}/create`, token, payload: contractorBody(overrides) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.id;
}

function fieldCodes(response: { json: () => { errors?: { field: string; code: string }[] } }) {
  return response.json().errors?.map((error) => `${error.field}:${error.code}`) ?? [];
}

describe('GET and POST /api/dictionary/contractor/list', () => {
  beforeEach(async () => {
    await createId({
      code: 'BETA',
      name: 'Beta Zboża',
      nip: '2222222222',
      phone_number: '+48 222',
      contact_list: [contact('Kowalski'), contact('Nowak'), contact('Lis')],
    });
    await createId({ code: 'ALFA', name: 'Alfa Rolnik', nip: null, pesel: '90010112345', phone_number: '+48 111' });
    await createId({ code: 'GAMMA', name: 'Gamma Trans', nip: '3333333333', phone_number: null });
  });

  const list = (query = '') => t.call({ method: 'GET', url: `${BASE}/list${query}`, token });
  const codes = (response: { json: () => { list: { code: string }[] } }) => response.json().list.map((row) => row.code);

  it('sorts by code ascending by default and answers filtered and total', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    expect(codes(response)).toEqual(['ALFA', 'BETA', 'GAMMA']);
    expect(response.json()).toMatchObject({ filtered: 3, total: 3 });
  });

  it('carries every contact of the row and the accounting address', async () => {
    const response = await list('?search=BETA');
    const [row] = response.json().list;
    expect(row.contact_list.map((c: Body) => c.last_name)).toEqual(['Kowalski', 'Nowak', 'Lis']);
    expect(row).toMatchObject({ nip: '2222222222', phone_number: '+48 222', accounting_address: { city: 'Poznań' } });
  });

  it('sorts by every sort key in both directions', async () => {
    expect(codes(await list('?order_by=code:desc'))).toEqual(['GAMMA', 'BETA', 'ALFA']);
    expect(codes(await list('?order_by=name:asc'))).toEqual(['ALFA', 'BETA', 'GAMMA']);
    expect(codes(await list('?order_by=nip:desc'))).toEqual(['ALFA', 'GAMMA', 'BETA']);
    expect(codes(await list('?order_by=pesel'))).toEqual(['ALFA', 'BETA', 'GAMMA']);
    expect(codes(await list('?order_by=phone_number:asc'))).toEqual(['ALFA', 'BETA', 'GAMMA']);
    expect(codes(await list('?order_by=id:desc'))).toEqual(['GAMMA', 'ALFA', 'BETA']);
  });

  it('refuses an unknown sort key or direction with INVALID_SORT_PARAMS', async () => {
    for (const orderBy of ['email', 'code:up']) {
      const response = await list(`?order_by=${orderBy}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message_code).toBe('INVALID_SORT_PARAMS');
    }
  });

  it('searches code, name, NIP, PESEL and phone number, case-insensitively', async () => {
    expect(codes(await list('?search=2222'))).toEqual(['BETA']);
    expect(codes(await list('?search=alfa%20ROL'))).toEqual(['ALFA']);
    expect(codes(await list('?search=900101'))).toEqual(['ALFA']);
    expect(codes(await list(`?search=${encodeURIComponent('+48 1')}`))).toEqual(['ALFA']);
    expect(codes(await list('?search=gam'))).toEqual(['GAMMA']);
    const none = await list('?search=100%25');
    expect(none.json()).toMatchObject({ list: [], filtered: 0, total: 3 });
  });

  it('pages with limit and offset', async () => {
    const response = await list('?limit=2&offset=2');
    expect(codes(response)).toEqual(['GAMMA']);
    expect(response.json()).toMatchObject({ filtered: 3, total: 3 });
    expect(Object.keys(response.json().list[0])).not.toContain('list_filtered');
    expect((await list('?search=alfa&limit=2&offset=2')).json()).toMatchObject({ list: [], filtered: 1, total: 3 });
    const invalid = await list('?limit=0');
    expect(invalid.statusCode).toBe(400);
    expect(fieldCodes(invalid)).toEqual(['limit:tooSmall']);
  });

  it('takes the same request as a POST body', async () => {
    const response = await t.call({
      method: 'POST',
      url: `${BASE}/list`,
      token,
      payload: { limit: 10, offset: 0, search: 'a', order_by: 'code:desc', filter: {} },
    });
    expect(response.statusCode).toBe(200);
    expect(codes(response)).toEqual(['GAMMA', 'BETA', 'ALFA']);
  });
});

describe('/api/dictionary/contractor/option-list and selected-option-list', () => {
  let ids: Record<string, number>;
  beforeEach(async () => {
    ids = {
      ZETA: await createId({ code: 'ZETA', name: 'Zeta', nip: '1111111111' }),
      ALFA: await createId({ code: 'ALFA', name: 'Alfa', nip: '2222222222' }),
      MIKE: await createId({
        code: 'MIKE',
        name: null,
        label: 'GR',
        nip: '3333333333',
        contact_list: [contact('Mike')],
      }),
    };
  });

  it('answers options ordered by code with "CODE – name" labels', async () => {
    const response = await t.call({ method: 'GET', url: `${BASE}/option-list?limit=2`, token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      list: [
        { value: ids.ALFA, label: 'ALFA – Alfa' },
        { value: ids.MIKE, label: 'MIKE' },
      ],
      filtered: 3,
      total: 3,
    });
  });

  it('searches and pages as a POST body too', async () => {
    const response = await t.call({
      method: 'POST',
      url: `${BASE}/option-list`,
      token,
      payload: { search: 'eta', limit: 10, offset: 0 },
    });
    expect(response.json()).toEqual({ list: [{ value: ids.ZETA, label: 'ZETA – Zeta' }], filtered: 1, total: 3 });
  });

  it('answers the options of the given ids, ignoring ids that do not exist', async () => {
    const get = await t.call({
      method: 'GET',
      url: `${BASE}/selected-option-list?include_ids=${ids.ZETA},${ids.ALFA},9999`,
      token,
    });
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual({
      list: [
        { value: ids.ALFA, label: 'ALFA – Alfa' },
        { value: ids.ZETA, label: 'ZETA – Zeta' },
      ],
    });
    const post = await t.call({
      method: 'POST',
      url: `${BASE}/selected-option-list`,
      token,
      payload: { include_ids: [ids.MIKE] },
    });
    expect(post.json()).toEqual({ list: [{ value: ids.MIKE, label: 'MIKE' }] });
    const repeated = await t.call({
      method: 'GET',
      url: `${BASE}/selected-option-list?include_ids=${ids.MIKE}&include_ids=${ids.ZETA}`,
      token,
    });
    expect(repeated.json().list).toHaveLength(2);
  });

  it('refuses include_ids that are not positive numbers', async () => {
    const response = await t.call({ method: 'GET', url: `${BASE}/selected-option-list?include_ids=a,b`, token });
    expect(response.statusCode).toBe(400);
    expect(response.json().message_code).toBe('VALIDATION_ERROR');
  });
});
