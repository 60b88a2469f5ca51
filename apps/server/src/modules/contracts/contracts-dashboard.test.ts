import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CORN,
  CORN_FEED,
  contact,
  contractApi,
  insertTransport,
  option,
  purchaseBody,
  salesBody,
} from '../../../test/fixtures/contracts.js';
import { insertAllocation, insertContract, insertContractor } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { allocations } from '../../db/schema/index.js';

let t: TestApp;
let token: string;
let api: ReturnType<typeof contractApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = contractApi(t, () => token);
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
});
afterAll(() => t.close());

const get = (url: string, as?: string) => api.call('GET', url, undefined, as);

describe('GET /api/contract/get-purchase-dashboard/{id}', () => {
  it('answers every derived value from allocations and transports (RULES.md Contracts)', async () => {
    const purchase = await api.createPurchase({
      is_tolerance: true,
      tolerance_type: 'BUYER',
      tolerance_quantity: 5_000,
      tolerance_unit: 'T',
    });
    const saleA = await insertContract(t.db, { type: 'SALES' });
    const saleB = await insertContract(t.db, { type: 'SALES' });
    await insertAllocation(t.db, purchase.id, saleA.id, 60_000);
    await insertAllocation(t.db, purchase.id, saleB.id, 45_000);
    await insertTransport(t.db, purchase.id, saleA.id, 'ON_THE_WAY', 25_000);
    await insertTransport(t.db, purchase.id, saleA.id, 'ON_THE_WAY', 20_000);
    await insertTransport(t.db, purchase.id, saleB.id, 'DELIVERED', 24_000);
    await t.db
      .update(allocations)
      .set({ confirmationNote: 'Brak GMP, zgoda klienta' })
      .where(eq(allocations.salesId, saleB.id));

    const response = await get(`get-purchase-dashboard/${purchase.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      cargo_quantity: 100_000,
      allocated: 105_000,
      in_delivery: 45_000,
      in_delivery_transport_count: 2,
      delivered: 24_000,
      realized: 69_000,
      to_pick_up: 31_000,
      allowed: -5_000,
      can_delete: false,
      tolerance_range: { min: 95_000, max: 105_000 },
      tolerance_upper_limit: 105_000,
      confirmation_notes_for_sales: ['Brak GMP, zgoda klienta'],
    });
  });

  it('shows the change history from the audit log, newest first, with who and when', async () => {
    const purchase = await api.createPurchase();
    const other = await t.userWithRole('USER');
    await api.call('POST', 'update-purchase-status', { status: 'ACTIVE', purchase_id: purchase.id }, other.token);
    const response = await get(`get-purchase-dashboard/${purchase.id}`);
    const history = response.json().history;
    expect(history).toMatchObject([
      {
        action: 'status',
        user_id: other.id,
        user_first_name: expect.stringMatching(/^Imię/),
        changes: { status: { from: 'NEW', to: 'ACTIVE' } },
      },
      { action: 'create', user_first_name: 'Adam', user_last_name: 'Admin' },
    ]);
    expect(Date.parse(history[0].created_at)).not.toBeNaN();
    expect(response.json()).toMatchObject({ created_at: expect.any(String), updated_at: expect.any(String) });
  });

  it('answers 404 CONTRACT_NOT_FOUND for a missing id and for a sales id', async () => {
    const sale = await api.createSales();
    for (const url of ['get-purchase-dashboard/9999', `get-purchase-dashboard/${sale.id}`]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().message_code).toBe('CONTRACT_NOT_FOUND');
    }
    expect((await get('get-purchase-dashboard/abc')).json().message_code).toBe('ID_IS_NOT_A_NUMBER');
  });
});

describe('GET /api/contract/get-sales-dashboard/{id}', () => {
  it('answers the sales figures, the percent tolerance and the recipient address', async () => {
    const recipient = await insertContractor(t.db, { code: 'ODB', city: 'Gdańsk', street: 'Portowa' });
    const sale = await api.createSales(
      { is_tolerance: true, tolerance_type: 'SELLER', tolerance_quantity: 250, tolerance_unit: 'PERCENT' },
      recipient.id,
    );
    const purchase = await insertContract(t.db, { type: 'PURCHASE' });
    await insertAllocation(t.db, purchase.id, sale.id, 70_000);
    await insertTransport(t.db, purchase.id, sale.id, 'ON_THE_WAY', 25_000);
    await insertTransport(t.db, purchase.id, sale.id, 'DELIVERED', 30_000);
    const response = await get(`get-sales-dashboard/${sale.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      recipient_code: 'ODB',
      recipient_address: { city: 'Gdańsk', street: 'Portowa' },
      allocated: 70_000,
      in_delivery: 25_000,
      delivered: 30_000,
      realized: 55_000,
      to_deliver: 45_000,
      to_allocate: 30_000,
      tolerance_range: { min: 97_500, max: 102_500 },
    });
    expect(response.json()).not.toHaveProperty('min_price');
  });
});

describe('GET /api/contract/get-sales-dashboard/{id}: recipient id and speculative tonnes', () => {
  it('answers sales_recipient_id and the tonnes from purchases whose agreement is not SIGNED', async () => {
    const recipient = await insertContractor(t.db);
    const sale = await insertContract(t.db, { type: 'SALES', counterpartyId: recipient.id, cargoQuantityKg: 300_000 });
    const signed = await insertContract(t.db, { type: 'PURCHASE', agreementStatus: 'SIGNED' });
    const toSign = await insertContract(t.db, { type: 'PURCHASE', agreementStatus: 'TO_SIGN' });
    const empty = await insertContract(t.db, { type: 'PURCHASE', agreementStatus: 'EMPTY' });
    await insertAllocation(t.db, signed.id, sale.id, 90_000);
    await insertAllocation(t.db, toSign.id, sale.id, 60_000);
    await insertAllocation(t.db, empty.id, sale.id, 40_000);
    await insertTransport(t.db, signed.id, sale.id, 'ON_THE_WAY', 25_000);
    await insertTransport(t.db, toSign.id, sale.id, 'ON_THE_WAY', 20_000);
    await insertTransport(t.db, toSign.id, sale.id, 'NEW', 10_000);
    await insertTransport(t.db, empty.id, sale.id, 'DELIVERED', 15_000);
    await insertTransport(t.db, empty.id, sale.id, 'CANCELLED', 5_000);
    const response = await get(`get-sales-dashboard/${sale.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      sales_recipient_id: recipient.id,
      recipient_id: recipient.id,
      allocated: 190_000,
      allocated_speculative: 100_000,
      in_delivery_speculative: 30_000,
      over_delivered: 0,
      over_delivery_notes: [],
    });
  });
});

describe('price options, supplier and recipient of a contract', () => {
  it('lists the price options of a purchase and of a sale, main first', async () => {
    const purchase = await api.createPurchase({ additional_cargo_option: [option(95_000), option(96_000)] });
    const response = await get(`get-purchase-price-option-list/${purchase.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().list.map((entry: { price: number; is_main_option: boolean }) => entry.price)).toEqual([
      100_000, 95_000, 96_000,
    ]);
    expect(response.json().list[0]).toMatchObject({
      is_main_option: true,
      raw_material_quality_title: expect.any(String),
    });
    const sale = await api.createSales();
    expect((await get(`get-sales-price-option-list/${sale.id}`)).json().list).toHaveLength(1);
    expect((await get(`get-sales-price-option-list/${purchase.id}`)).json().message_code).toBe('CONTRACT_NOT_FOUND');
  });

  it('answers the supplier of a purchase and the recipient of a sale with their addresses and contacts', async () => {
    const supplier = await insertContractor(t.db, { code: 'DOST', city: 'Leszno' });
    const purchase = await api.createPurchase({}, supplier.id);
    const response = await get(`get-purchase-supplier/${purchase.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: supplier.id,
      code: 'DOST',
      accounting_address: { city: 'Leszno' },
      additional_address: [],
      contact_list: [],
    });
    const sale = await api.createSales();
    expect((await get(`get-sales-recipient/${sale.id}`)).json().id).toBe(sale.recipient_id);
    expect((await get(`get-sales-recipient/${purchase.id}`)).json().message_code).toBe('CONTRACT_NOT_FOUND');
    expect((await get(`get-purchase-supplier/${sale.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/cargo/sales-quality-option-list/{salesId}', () => {
  it("answers the qualities of the sale's raw material", async () => {
    const sale = await api.createSales({
      raw_material_id: CORN,
      main_cargo_option: { price: 1, raw_material_quality_id: CORN_FEED },
    });
    const response = await t.call({ method: 'GET', url: `/api/cargo/sales-quality-option-list/${sale.id}`, token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().list.map((entry: { value: number }) => entry.value)).toEqual([5, 6, 7]);
    const purchase = await api.createPurchase();
    const wrong = await t.call({ method: 'GET', url: `/api/cargo/sales-quality-option-list/${purchase.id}`, token });
    expect(wrong.json().message_code).toBe('CONTRACT_NOT_FOUND');
  });
});

describe('roles', () => {
  const guestCalls: [string, string][] = [
    ['POST', '/api/contract/create-purchase'],
    ['PUT', '/api/contract/update-purchase/1'],
    ['DELETE', '/api/contract/delete-purchase/1'],
    ['GET', '/api/contract/get-purchase-list'],
    ['POST', '/api/contract/get-purchase-list'],
    ['POST', '/api/contract/update-purchase-status'],
    ['POST', '/api/contract/update-purchase-agreement-status'],
    ['POST', '/api/contract/export-purchase-list-to-excel'],
    ['GET', '/api/contract/get-purchase-price-option-list/1'],
    ['GET', '/api/contract/get-purchase-dashboard/1'],
    ['GET', '/api/contract/get-purchase-supplier/1'],
    ['POST', '/api/contract/create-sales'],
    ['PUT', '/api/contract/update-sales/1'],
    ['DELETE', '/api/contract/delete-sales/1'],
    ['GET', '/api/contract/get-sales-list'],
    ['POST', '/api/contract/get-sales-list'],
    ['POST', '/api/contract/update-sales-status'],
    ['POST', '/api/contract/update-sales-agreement-status'],
    ['POST', '/api/contract/export-sales-list-to-excel'],
    ['GET', '/api/contract/get-sales-price-option-list/1'],
    ['GET', '/api/contract/get-sales-dashboard/1'],
    ['GET', '/api/contract/get-sales-recipient/1'],
    ['GET', '/api/cargo/sales-quality-option-list/1'],
  ];

  it('refuses every contract call to a guest with 401', async () => {
    for (const [method, url] of guestCalls) {
      const response = await t.call({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lets a USER create, list, change, export and delete contracts', async () => {
    const user = await t.userWithRole('USER');
    const supplier = await insertContractor(t.db);
    const as = user.token;
    const created = await api.call('POST', 'create-purchase', purchaseBody(supplier.id, { user_id: user.id }), as);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    expect(created.json().owner_name).toMatch(/^Imię/);
    expect((await api.call('POST', 'get-purchase-list', {}, as)).json().total).toBe(1);
    const update = purchaseBody(supplier.id, { user_id: user.id, contact_list: [contact('Nowy')] });
    expect((await api.call('PUT', `update-purchase/${id}`, update, as)).statusCode).toBe(200);
    expect(
      (await api.call('POST', 'update-purchase-status', { status: 'ACTIVE', purchase_id: id }, as)).statusCode,
    ).toBe(200);
    expect((await api.call('POST', 'export-purchase-list-to-excel', {}, as)).statusCode).toBe(200);
    expect((await get(`get-purchase-dashboard/${id}`, as)).statusCode).toBe(200);
    expect((await api.call('DELETE', `delete-purchase/${id}`, undefined, as)).statusCode).toBe(200);
    const recipient = await insertContractor(t.db);
    expect((await api.call('POST', 'create-sales', salesBody(recipient.id), as)).statusCode).toBe(200);
  });
});
