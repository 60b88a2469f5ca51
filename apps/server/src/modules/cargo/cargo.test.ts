import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { auditLog, qualityParams, rawMaterialQualities, rawMaterials } from '../../db/schema/index.js';
import { seedReferenceData } from '../../db/seed.js';

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

const get = (url: string, as = token) => t.call({ method: 'GET', url: `/api${url}`, token: as });

function createVariant(body: Record<string, unknown>, as = token) {
  return t.call({ method: 'POST', url: '/api/cargo/create-variant', token: as, payload: body });
}

function putParams(qualityId: number | string, params: unknown, as = token) {
  return t.call({ method: 'PUT', url: `/api/cargo/params/${qualityId}`, token: as, payload: { params } });
}

const POLISH_NAMES = ['Pszenica', 'Kukurydza', 'Rzepak', 'Jęczmień', 'Żyto', 'Pszenżyto', 'Owies', 'Soja'];

describe('GET /api/cargo/list and /api/cargo/tabs', () => {
  it('answers the seeded raw materials in id order, Pszenica = 1', async () => {
    for (const url of ['/cargo/list', '/cargo/tabs']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      const { list } = response.json();
      expect(list[0]).toEqual({ id: 1, name: 'wheat', translate_pl: 'Pszenica' });
      expect(list.map((row: { translate_pl: string }) => row.translate_pl)).toEqual(POLISH_NAMES);
    }
  });
});

describe('GET /api/cargo/list-with-qualities', () => {
  it('answers every raw material with its qualities', async () => {
    const response = await get('/cargo/list-with-qualities');
    expect(response.statusCode).toBe(200);
    const { list } = response.json();
    expect(list).toHaveLength(8);
    for (const material of list) expect(material.qualities.length).toBeGreaterThan(0);
    expect(list[0].qualities.map((quality: { title: string }) => quality.title)).toEqual([
      'Pszenica konsumpcyjna',
      'Pszenica paszowa',
      'Pszenica młynarska kl. A',
      'Pszenica młynarska kl. B',
    ]);
    expect(list[0].qualities[0]).toEqual({
      id: 1,
      raw_material_id: 1,
      title: 'Pszenica konsumpcyjna',
      is_variant: false,
    });
  });
});

describe('GET /api/cargo/get-all-quality-option/:id', () => {
  it('answers the qualities of the raw material as options', async () => {
    const response = await get('/cargo/get-all-quality-option/2');
    expect(response.statusCode).toBe(200);
    expect(response.json().list.map((option: { label: string }) => option.label)).toEqual([
      'Kukurydza paszowa',
      'Kukurydza sucha',
      'Kukurydza mokra',
    ]);
    expect(response.json().list[0]).toEqual({ value: expect.any(Number), label: 'Kukurydza paszowa' });
  });

  it('answers 404 RAW_MATERIAL_NOT_FOUND for a missing raw material and 400 for a bad id', async () => {
    const missing = await get('/cargo/get-all-quality-option/999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message_code).toBe('RAW_MATERIAL_NOT_FOUND');
    const bad = await get('/cargo/get-all-quality-option/x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message_code).toBe('ID_IS_NOT_A_NUMBER');
  });
});

describe('GET and POST /api/cargo/quality-option-list/:id', () => {
  it('searches and pages the qualities of one raw material', async () => {
    const response = await get('/cargo/quality-option-list/1?search=M%C5%81YNARSKA&limit=1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      list: [{ value: 3, label: 'Pszenica młynarska kl. A' }],
      filtered: 2,
      total: 4,
    });
    const post = await t.call({
      method: 'POST',
      url: '/api/cargo/quality-option-list/1',
      token,
      payload: { limit: 10, offset: 1 },
    });
    expect(post.json()).toMatchObject({ filtered: 4, total: 4 });
    expect(post.json().list).toHaveLength(3);
  });

  it('answers 404 RAW_MATERIAL_NOT_FOUND for a missing raw material', async () => {
    const response = await get('/cargo/quality-option-list/999');
    expect(response.statusCode).toBe(404);
    expect(response.json().message_code).toBe('RAW_MATERIAL_NOT_FOUND');
  });
});

describe('POST /api/cargo/create-variant', () => {
  it('adds a quality to the raw material, marked as a variant, with an audit entry', async () => {
    const response = await createVariant({ raw_material_id: 3, name: 'Rzepak ozimy' });
    expect(response.statusCode).toBe(200);
    const variant = response.json();
    expect(variant).toMatchObject({ raw_material_id: 3, title: 'Rzepak ozimy', is_variant: true });
    // Seeded qualities have fixed ids; the sequence starts after them.
    const [seededMax] = await t.db.select({ n: count() }).from(rawMaterialQualities);
    expect(variant.id).toBe(seededMax!.n);

    const options = (await get('/cargo/get-all-quality-option/3')).json().list;
    expect(options.at(-1)).toEqual({ value: variant.id, label: 'Rzepak ozimy' });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'raw_material_quality'), eq(auditLog.entityId, variant.id)));
    expect(entries).toHaveLength(1);
  });

  it('refuses a name the raw material already has, in any letter case, with NAME_IS_DUPLICATED', async () => {
    const response = await createVariant({ raw_material_id: 1, name: 'PSZENICA PASZOWA' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message_code).toBe('NAME_IS_DUPLICATED');
    const otherMaterial = await createVariant({ raw_material_id: 2, name: 'Pszenica paszowa' });
    expect(otherMaterial.statusCode).toBe(200);
  });

  it('answers 404 RAW_MATERIAL_NOT_FOUND for a missing raw material', async () => {
    const response = await createVariant({ raw_material_id: 999, name: 'Nowa' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message_code).toBe('RAW_MATERIAL_NOT_FOUND');
  });

  it('requires a name and a chosen raw material', async () => {
    const response = await createVariant({ raw_material_id: 0, name: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'raw_material_id', code: 'chooseItem' },
      { field: 'name', code: 'required' },
    ]);
  });
});

describe('GET /api/cargo/params/:id', () => {
  it('answers the quality with its typed parameters', async () => {
    const response = await get('/cargo/params/1');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: 1, raw_material_id: 1, title: 'Pszenica konsumpcyjna', is_variant: false });
    expect(body.params).toEqual(
      expect.arrayContaining([
        { id: expect.any(Number), name: 'Wilgotność', type: 'number', unit: '%', value: 14.5 },
        { id: expect.any(Number), name: 'Liczba opadania', type: 'number', unit: 's', value: 250 },
        { id: expect.any(Number), name: 'Wolna od GMO', type: 'boolean', unit: null, value: true },
        { id: expect.any(Number), name: 'Zapach', type: 'string', unit: null, value: 'naturalny, bez obcych zapachów' },
      ]),
    );
  });

  it('answers 404 RAW_MATERIAL_QUALITY_RELATION_NOT_FOUND for a missing quality', async () => {
    const response = await get('/cargo/params/9999');
    expect(response.statusCode).toBe(404);
    expect(response.json().message_code).toBe('RAW_MATERIAL_QUALITY_RELATION_NOT_FOUND');
  });
});

describe('PUT /api/cargo/params/:id', () => {
  const params = [
    { name: 'Wilgotność', type: 'number', unit: '%', value: 15 },
    { name: 'Wolna od GMO', type: 'boolean', unit: null, value: false },
    { name: 'Uwagi', type: 'string', value: 'po suszeniu' },
    { name: 'Białko', type: 'number', unit: '%', value: null },
  ];

  it('replaces the parameter list in the given order and writes an audit entry', async () => {
    const response = await putParams(2, params);
    expect(response.statusCode).toBe(200);
    const expected = [
      { name: 'Wilgotność', type: 'number', unit: '%', value: 15 },
      { name: 'Wolna od GMO', type: 'boolean', unit: null, value: false },
      { name: 'Uwagi', type: 'string', unit: null, value: 'po suszeniu' },
      { name: 'Białko', type: 'number', unit: '%', value: null },
    ];
    expect(response.json().params.map(({ id: _id, ...param }: { id: number }) => param)).toEqual(expected);
    const reread = (await get('/cargo/params/2')).json();
    expect(reread.params.map(({ id: _id, ...param }: { id: number }) => param)).toEqual(expected);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'raw_material_quality'), eq(auditLog.entityId, 2)));
    expect(entry).toMatchObject({ action: 'update_params' });
  });

  it('accepts an empty list', async () => {
    const response = await putParams(2, []);
    expect(response.statusCode).toBe(200);
    expect(response.json().params).toEqual([]);
  });

  it('refuses a value not of its type with RAW_MATERIAL_WRONG_DATA_TYPE', async () => {
    const response = await putParams(2, [
      { name: 'Wilgotność', type: 'number', unit: '%', value: '15' },
      { name: 'GMO', type: 'boolean', value: 1 },
      { name: 'Opis', type: 'string', value: 'ok' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message_code: 'RAW_MATERIAL_WRONG_DATA_TYPE',
      errors: [
        { field: 'params.0.value', code: 'wrongType' },
        { field: 'params.1.value', code: 'wrongType' },
      ],
    });
    const unchanged = (await get('/cargo/params/2')).json().params;
    expect(unchanged.find((param: { name: string }) => param.name === 'Wilgotność').value).toBe(14.5);
  });

  it('flags a repeated name on the repeated item and checks the type and the name', async () => {
    const response = await putParams(2, [
      { name: 'Wilgotność', type: 'number', value: 1 },
      { name: 'wilgotność', type: 'number', value: 2 },
      { name: '', type: 'date', value: null },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'params.2.name', code: 'required' },
      { field: 'params.2.type', code: 'oneOf' },
    ]);
    const duplicate = await putParams(2, [
      { name: 'Wilgotność', type: 'number', value: 1 },
      { name: 'wilgotność', type: 'number', value: 2 },
    ]);
    expect(duplicate.json().errors).toEqual([{ field: 'params.1.name', code: 'nameExists' }]);
  });

  it('answers 404 RAW_MATERIAL_QUALITY_RELATION_NOT_FOUND for a missing quality', async () => {
    const response = await putParams(9999, params);
    expect(response.statusCode).toBe(404);
    expect(response.json().message_code).toBe('RAW_MATERIAL_QUALITY_RELATION_NOT_FOUND');
  });
});

describe('reference data seed', () => {
  it('runs again without duplicating rows or putting back edited parameters', async () => {
    const countRows = async () => ({
      materials: (await t.db.select({ n: count() }).from(rawMaterials))[0]!.n,
      qualities: (await t.db.select({ n: count() }).from(rawMaterialQualities))[0]!.n,
      params: (await t.db.select({ n: count() }).from(qualityParams))[0]!.n,
    });
    await putParams(1, [{ name: 'Wilgotność', type: 'number', unit: '%', value: 14 }]);
    const before = await countRows();
    await seedReferenceData(t.db);
    expect(await countRows()).toEqual(before);
    expect((await get('/cargo/params/1')).json().params).toHaveLength(1);
    expect(before.materials).toBe(8);
  });
});

describe('roles', () => {
  it('refuses a guest on every cargo call with 401 UNAUTHORIZED', async () => {
    const calls = [
      { method: 'GET', url: '/api/cargo/list' },
      { method: 'GET', url: '/api/cargo/tabs' },
      { method: 'GET', url: '/api/cargo/list-with-qualities' },
      { method: 'GET', url: '/api/cargo/get-all-quality-option/1' },
      { method: 'GET', url: '/api/cargo/quality-option-list/1' },
      { method: 'POST', url: '/api/cargo/quality-option-list/1' },
      { method: 'POST', url: '/api/cargo/create-variant' },
      { method: 'GET', url: '/api/cargo/params/1' },
      { method: 'PUT', url: '/api/cargo/params/1' },
    ] as const;
    for (const call of calls) {
      const response = await t.call({ ...call, payload: call.method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
  });

  it('lets a USER read cargo, add a variant and edit parameters', async () => {
    const user = await t.userWithRole('USER');
    expect((await get('/cargo/tabs', user.token)).statusCode).toBe(200);
    expect((await createVariant({ raw_material_id: 1, name: 'Pszenica ekologiczna' }, user.token)).statusCode).toBe(
      200,
    );
    expect((await putParams(1, [], user.token)).statusCode).toBe(200);
  });
});
