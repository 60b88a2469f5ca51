import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, transports, users } from '../../src/db/schema/index.js';
import { type Body, contractApi, fieldCodes, option, purchaseBody } from '../fixtures/contracts.js';
import { seedPair, transportApi, transportBody } from '../fixtures/transports.js';
import { insertContractor } from '../fixtures.js';
import { createTestApp, type TestApp } from '../harness.js';

/**
 * The spec's own fields are accepted, read-only fields a client echoes back from a GET into an update
 * are ignored (never written), and fields nobody knows are still refused.
 */
let t: TestApp;
let token: string;
let contractsApi: ReturnType<typeof contractApi>;
let transportsApi: ReturnType<typeof transportApi>;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  contractsApi = contractApi(t, () => token);
  transportsApi = transportApi(t, () => token);
});
afterAll(() => t.close());

const createdPurchase = (overrides: Body = {}): Promise<Body> => contractsApi.createPurchase(overrides);
const createPurchaseCall = async (overrides: Body) =>
  contractsApi.call('POST', 'create-purchase', purchaseBody((await insertContractor(t.db)).id, overrides));

describe('price option is_main_option (spec/1 Price option)', () => {
  it('is accepted as true on the main option and false on additional ones', async () => {
    const created = await createdPurchase({
      main_cargo_option: {
        price: 100_000,
        raw_material_quality_id: 1,
        is_contractual_quality: false,
        is_main_option: true,
      },
      additional_cargo_option: [option(95_000, { is_main_option: false })],
    });
    expect((created.main_cargo_option as Body).is_main_option).toBe(true);
    expect((created.additional_cargo_option as Body[])[0]!.is_main_option).toBe(false);
  });

  it('is refused the other way round with VALIDATION_ERROR on the field', async () => {
    const response = await createPurchaseCall({
      main_cargo_option: { price: 100_000, raw_material_quality_id: 1, is_main_option: false },
      additional_cargo_option: [option(95_000, { is_main_option: true })],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message_code).toBe('VALIDATION_ERROR');
    expect(fieldCodes(response).sort()).toEqual([
      'additional_cargo_option.0.is_main_option:oneOf',
      'main_cargo_option.is_main_option:oneOf',
    ]);
  });
});

describe('POST /api/transport/in-progress-create status', () => {
  it('accepts status ON_THE_WAY, the transport form field', async () => {
    const pair = await seedPair(t.db);
    const response = await transportsApi.createOnTheWay(transportBody(pair, { status: 'ON_THE_WAY' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('ON_THE_WAY');
  });

  it.each(['NEW', 'DELIVERED', 'CANCELLED', 'nonsense'])('refuses status %s with VALIDATION_ERROR', async (status) => {
    const pair = await seedPair(t.db);
    const response = await transportsApi.createOnTheWay(transportBody(pair, { status }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message_code).toBe('VALIDATION_ERROR');
    expect(fieldCodes(response)).toEqual(['status:oneOf']);
  });
});

describe('read-only fields echoed back into an update', () => {
  it('PUT update-purchase takes the dashboard answer back, ignoring id, dates and figures', async () => {
    const created = await createdPurchase({ additional_cargo_option: [option(95_000)] });
    const id = created.id as number;
    const dashboard = (await contractsApi.call('GET', `get-purchase-dashboard/${id}`)).json() as Body;
    const body = {
      ...dashboard,
      purchase_supplier_id: dashboard.supplier_id,
      id: 999,
      created_at: '2000-01-01T00:00:00.000Z',
      allocated: 123,
      comments: 'Zmieniony komentarz',
    };
    const response = await contractsApi.call('PUT', `update-purchase/${id}`, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      comments: 'Zmieniony komentarz',
      allocated: 0,
      created_at: created.created_at,
    });
    expect((await t.db.select().from(contracts).where(eq(contracts.id, 999))).length).toBe(0);
  });

  it('PUT update-purchase still refuses a field neither the form nor the answer knows', async () => {
    const created = await createdPurchase();
    const dashboard = (await contractsApi.call('GET', `get-purchase-dashboard/${created.id}`)).json() as Body;
    const response = await contractsApi.call('PUT', `update-purchase/${created.id}`, {
      ...dashboard,
      purchase_supplier_id: dashboard.supplier_id,
      password_hash: 'x',
      main_cargo_option: { ...(dashboard.main_cargo_option as Body), secret: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response).sort()).toEqual([
      'main_cargo_option.secret:unknownField',
      'password_hash:unknownField',
    ]);
  });

  it('PUT contractor update takes get-one result back', async () => {
    const { id } = await insertContractor(t.db, { name: 'Agro Echo' });
    const got = await t.call({ method: 'GET', url: `/api/dictionary/contractor/get-one/${id}`, token });
    const result = got.json().result as Body;
    const response = await t.call({
      method: 'PUT',
      url: `/api/dictionary/contractor/update/${id}`,
      token,
      payload: { ...result, id: 12345, name: 'Agro Echo 2' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toMatchObject({ id, name: 'Agro Echo 2' });
  });

  it('POST profile update takes get back', async () => {
    const user = await t.userWithRole('USER', 'echo-user@example.com');
    const got = (await t.call({ method: 'GET', url: `/api/profile/get/${user.id}`, token })).json() as Body;
    const response = await t.call({
      method: 'POST',
      url: `/api/profile/update/${user.id}`,
      token,
      payload: { ...got, first_name: 'Echo', updated_at: '2000-01-01T00:00:00.000Z' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.firstName).toBe('Echo');
    expect(String(row!.updatedAt)).not.toContain('2000');
  });

  it('PUT transport update takes details back, ignoring status and real values', async () => {
    const pair = await seedPair(t.db);
    const id = await transportsApi.createId(transportBody(pair));
    const details = (await transportsApi.details(id)).json() as Body;
    const response = await transportsApi.update(id, { ...details, status: 'DELIVERED', comment: 'Echo' });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.db.select().from(transports).where(eq(transports.id, id));
    expect(row).toMatchObject({ status: 'NEW', comment: 'Echo' });
  });
});
