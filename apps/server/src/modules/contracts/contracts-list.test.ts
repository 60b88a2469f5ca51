import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Body,
  CORN,
  CORN_FEED,
  contractApi,
  insertTransport,
  WHEAT_FEED,
} from '../../../test/fixtures/contracts.js';
import { insertAllocation, insertContract, insertContractor } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';

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

type Row = Record<string, unknown>;

async function purchaseList(body: Body = {}) {
  const response = await api.call('POST', 'get-purchase-list', { limit: 50, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { list: Row[]; filtered: number; total: number };
}

const numbers = (page: { list: Row[] }) => page.list.map((row) => row.document_number);

/** Four purchases and one sale that differ in every filtered and searched field. */
async function seedContracts() {
  const agro = await insertContractor(t.db, { code: 'AGRO', name: 'Agro Handel' });
  const farm = await insertContractor(t.db, { code: 'FARM', name: 'Farma Zielona' });
  const other = await t.userWithRole('USER');
  const a = await insertContract(t.db, {
    type: 'PURCHASE',
    documentNumber: 'A-1',
    counterpartyId: agro.id,
    status: 'NEW',
    cargoQuantityKg: 50_000,
    price: 90_000,
    dateOfReceiptFrom: '2026-01-01',
    dateOfReceiptTo: '2026-01-31',
    street: 'Polna',
    city: 'Poznań',
    postCode: '60-001',
    comments: 'pilne',
  });
  const b = await insertContract(t.db, {
    type: 'PURCHASE',
    documentNumber: 'B-2',
    counterpartyId: farm.id,
    status: 'ACTIVE',
    agreementStatus: 'SIGNED',
    rawMaterialQualityId: WHEAT_FEED,
    cargoQuantityKg: 150_000,
    price: 110_000,
    isCert: true,
    isGmp: true,
    dateOfReceiptFrom: '2026-03-01',
    dateOfReceiptTo: '2026-04-30',
    street: 'Leśna',
    city: 'Kalisz',
    postCode: '62-800',
    userId: other.id,
  });
  const c = await insertContract(t.db, {
    type: 'PURCHASE',
    documentNumber: 'C-3',
    counterpartyId: agro.id,
    status: 'CANCELLED',
    agreementStatus: 'TO_SIGN',
    rawMaterialId: CORN,
    rawMaterialQualityId: CORN_FEED,
    cargoQuantityKg: 250_000,
    price: 80_000,
    isFor: true,
    freight: 'CPT',
    dateOfReceiptFrom: '2026-06-01',
    dateOfReceiptTo: '2026-08-31',
    city: 'Gniezno',
  });
  const d = await insertContract(t.db, { type: 'PURCHASE', documentNumber: 'D-4', counterpartyId: farm.id });
  const sale = await insertContract(t.db, { type: 'SALES', documentNumber: 'S-1', counterpartyId: agro.id });
  return { a, b, c, d, sale, otherUserId: other.id };
}

describe('GET and POST /api/contract/get-purchase-list', () => {
  it('answers the rows of one kind, newest first, with list, filtered and total', async () => {
    await seedContracts();
    const page = await purchaseList();
    expect(numbers(page)).toEqual(['D-4', 'C-3', 'B-2', 'A-1']);
    expect(page).toMatchObject({ filtered: 4, total: 4 });
  });

  it('applies no default filter: the web app sends NEW + ACTIVE and raw material 1 itself', async () => {
    await seedContracts();
    const page = await purchaseList({ filter: { contract_status: ['NEW', 'ACTIVE'], raw_material_id: 1 } });
    expect(numbers(page)).toEqual(['D-4', 'B-2', 'A-1']);
    expect(page).toMatchObject({ filtered: 3, total: 4 });
    // An exact count below the cap says nothing more.
    expect(page).not.toHaveProperty('filtered_capped');
  });

  it('carries what a row needs, with the derived values and canDelete', async () => {
    const { a, sale } = await seedContracts();
    await insertAllocation(t.db, a.id, sale.id, 30_000);
    await insertTransport(t.db, a.id, sale.id, 'ON_THE_WAY', 10_000);
    await insertTransport(t.db, a.id, sale.id, 'DELIVERED', 5_000);
    const page = await purchaseList({ search: 'A-1' });
    expect(page.list[0]).toMatchObject({
      document_number: 'A-1',
      supplier_code: 'AGRO',
      supplier_name: 'Agro Handel',
      raw_material_quality_title: 'Pszenica konsumpcyjna',
      address: 'Polna, 60-001 Poznań',
      owner_name: 'Adam Admin',
      cargo_quantity: 50_000,
      allocated: 30_000,
      in_delivery: 10_000,
      in_delivery_transport_count: 1,
      delivered: 5_000,
      realized: 15_000,
      to_pick_up: 35_000,
      allowed: 20_000,
      can_delete: false,
    });
    const d = (await purchaseList({ search: 'D-4' })).list[0];
    expect(d).toMatchObject({ can_delete: true, allocated: 0 });
  });

  it('sums the tonnage of every filtered contract in total_data, not only the page', async () => {
    const { a, sale } = await seedContracts();
    await insertAllocation(t.db, a.id, sale.id, 30_000);
    await insertTransport(t.db, a.id, sale.id, 'ON_THE_WAY', 10_000);
    await insertTransport(t.db, a.id, sale.id, 'DELIVERED', 5_000);
    const filter = { contract_status: ['NEW', 'ACTIVE'], raw_material_id: 1 };
    const page = (await api.call('POST', 'get-purchase-list', { limit: 10, offset: 2, filter })).json();
    expect(page.list).toHaveLength(1);
    expect(page.total_data).toEqual({
      sum_cargo_quantity: 50_000 + 150_000 + 100_000,
      sum_allocated: 30_000,
      sum_in_delivery: 10_000,
      sum_delivered: 5_000,
      sum_remaining: 35_000 + 150_000 + 100_000,
    });
    const none = (await api.call('POST', 'get-purchase-list', { limit: 10, search: 'nothing-like-this' })).json();
    expect(none.total_data).toMatchObject({ sum_cargo_quantity: 0, sum_remaining: 0 });
  });

  it('takes the same request as a query string, the filter as JSON text', async () => {
    await seedContracts();
    const filter = encodeURIComponent(JSON.stringify({ contract_status: ['ACTIVE'], is_cert: true }));
    const response = await t.call({
      method: 'GET',
      url: `/api/contract/get-purchase-list?limit=10&offset=0&order_by=document_number:asc&filter=${filter}`,
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(numbers(response.json())).toEqual(['B-2']);
  });

  it('pages with limit and offset', async () => {
    await seedContracts();
    const page = await purchaseList({ limit: 10, offset: 2, order_by: 'document_number' });
    expect(numbers(page)).toEqual(['C-3', 'D-4']);
    expect(page.filtered).toBe(4);
  });
});

describe('search (spec/1: number, counterparty, freight address, post code, comments)', () => {
  const cases: [string, string[]][] = [
    ['b-2', ['B-2']],
    ['agro', ['C-3', 'A-1']],
    ['zielona', ['D-4', 'B-2']],
    ['leśna', ['B-2']],
    ['gniezno', ['C-3']],
    ['62-800', ['B-2']],
    ['PILNE', ['A-1']],
    ['100%', []],
  ];
  for (const [search, expected] of cases) {
    it(`finds "${search}"`, async () => {
      await seedContracts();
      const page = await purchaseList({ search });
      expect(numbers(page)).toEqual(expected);
      expect(page.filtered).toBe(expected.length);
      expect(page.total).toBe(4);
    });
  }
});

describe('filters (spec/2 Contract list filter)', () => {
  const cases: [string, (ids: Awaited<ReturnType<typeof seedContracts>>) => Body, string[]][] = [
    ['rawMaterialQualityId', () => ({ raw_material_quality_id: [WHEAT_FEED, CORN_FEED] }), ['C-3', 'B-2']],
    ['isCert', () => ({ is_cert: true }), ['B-2']],
    ['isFor', () => ({ is_for: true }), ['C-3']],
    ['isGmp false', () => ({ is_gmp: false }), ['D-4', 'C-3', 'A-1']],
    ['freight', () => ({ freight: 'CPT' }), ['C-3']],
    ['cargoQuantity from', () => ({ cargo_quantity: { from: 100_000 } }), ['D-4', 'C-3', 'B-2']],
    ['cargoQuantity range', () => ({ cargo_quantity: { from: 100_000, to: 150_000 } }), ['D-4', 'B-2']],
    ['price to', () => ({ price: { to: 90_000 } }), ['C-3', 'A-1']],
    [
      'receipt period overlapping a date range',
      () => ({ date_of_receipt_from: '2026-01-15', date_of_receipt_to: '2026-03-01' }),
      ['D-4', 'B-2', 'A-1'],
    ],
    ['receipt from after a date', () => ({ date_of_receipt_from: '2026-05-01' }), ['D-4', 'C-3']],
    [
      'receipt from as a range',
      () => ({ date_of_receipt_from: { from: '2026-02-01', to: '2026-06-01' } }),
      ['C-3', 'B-2'],
    ],
    ['receipt to as a range', () => ({ date_of_receipt_to: { to: '2026-02-01' } }), ['A-1']],
    ['agreementStatus', () => ({ agreement_status: ['SIGNED', 'TO_SIGN'] }), ['C-3', 'B-2']],
    ['contractStatus', () => ({ contract_status: ['CANCELLED'] }), ['C-3']],
    ['ownerId', (ids) => ({ owner_id: ids.otherUserId }), ['B-2']],
    ['rawMaterialId', () => ({ raw_material_id: CORN }), ['C-3']],
    [
      'text values and empty strings as the form sends them',
      () => ({ raw_material_id: '2', is_for: 'true', price: '' }),
      ['C-3'],
    ],
    ['a single status instead of a list', () => ({ contract_status: 'ACTIVE' }), ['D-4', 'B-2']],
  ];
  for (const [name, filter, expected] of cases) {
    it(`filters by ${name}`, async () => {
      const seeded = await seedContracts();
      const page = await purchaseList({ filter: filter(seeded) });
      expect(numbers(page)).toEqual(expected);
      expect(page).toMatchObject({ filtered: expected.length, total: 4 });
    });
  }

  it('refuses an unknown filter key, a reversed range and receipt dates out of order', async () => {
    for (const filter of [
      { colour: 'red' },
      { cargo_quantity: { from: 10, to: 5 } },
      { date_of_receipt_from: '2026-05-01', date_of_receipt_to: '2026-04-01' },
    ]) {
      const response = await api.call('POST', 'get-purchase-list', { filter });
      expect(response.statusCode).toBe(400);
      expect(response.json().message_code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('sort (spec/1 contract lists)', () => {
  const keys: [string, string[]][] = [
    ['id', ['A-1', 'B-2', 'C-3', 'D-4']],
    ['document_number', ['A-1', 'B-2', 'C-3', 'D-4']],
    ['supplier_code', ['A-1', 'C-3', 'B-2', 'D-4']],
    ['cargo_quantity', ['A-1', 'D-4', 'B-2', 'C-3']],
    ['price', ['C-3', 'A-1', 'D-4', 'B-2']],
    ['date_of_receipt_from', ['A-1', 'D-4', 'B-2', 'C-3']],
    ['date_of_receipt_to', ['A-1', 'B-2', 'C-3', 'D-4']],
    ['status', ['B-2', 'D-4', 'C-3', 'A-1']],
    ['agreement_status', ['A-1', 'D-4', 'B-2', 'C-3']],
    ['created_at', ['A-1', 'B-2', 'C-3', 'D-4']],
    ['raw_material_quality_title', ['C-3', 'A-1', 'D-4', 'B-2']],
  ];
  for (const [key, ascending] of keys) {
    it(`sorts by ${key} ascending and descending`, async () => {
      await seedContracts();
      expect(numbers(await purchaseList({ order_by: `${key}:asc` }))).toEqual(ascending);
      const descending = numbers(await purchaseList({ order_by: `${key}:desc` }));
      expect(descending).toHaveLength(4);
      // Ties (same value) keep the id tiebreaker in the same direction, so the reverse holds.
      expect(descending).toEqual([...ascending].reverse());
    });
  }

  it('refuses an unknown key, a key of the other kind and a bad direction with INVALID_SORT_PARAMS', async () => {
    for (const orderBy of ['colour', 'recipient_code', 'price:up']) {
      const response = await api.call('POST', 'get-purchase-list', { order_by: orderBy });
      expect(response.statusCode).toBe(400);
      expect(response.json().message_code).toBe('INVALID_SORT_PARAMS');
    }
  });

  it('keeps the newest first when created_at ties', async () => {
    await seedContracts();
    await t.db.execute(sql`update contracts set created_at = '2026-01-01T00:00:00Z'`);
    expect(numbers(await purchaseList())).toEqual(['D-4', 'C-3', 'B-2', 'A-1']);
  });
});

describe('GET and POST /api/contract/get-sales-list', () => {
  it('lists sales with recipient fields and the sales figures, sorted by recipient_code', async () => {
    const { a, sale } = await seedContracts();
    await insertAllocation(t.db, a.id, sale.id, 40_000);
    await insertTransport(t.db, a.id, sale.id, 'DELIVERED', 25_000);
    const other = await insertContract(t.db, {
      type: 'SALES',
      documentNumber: 'S-2',
      counterpartyId: (await insertContractor(t.db, { code: 'ZETA' })).id,
    });
    const response = await api.call('POST', 'get-sales-list', { order_by: 'recipient_code:desc' });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(numbers(page)).toEqual([other.documentNumber, 'S-1']);
    expect(page.list[1]).toMatchObject({
      recipient_code: 'AGRO',
      allocated: 40_000,
      delivered: 25_000,
      realized: 25_000,
      to_deliver: 75_000,
      to_allocate: 60_000,
      can_delete: false,
    });
    expect(page).toMatchObject({ filtered: 2, total: 2 });
    const supplierKey = await api.call('POST', 'get-sales-list', { order_by: 'supplier_code' });
    expect(supplierKey.json().message_code).toBe('INVALID_SORT_PARAMS');
  });

  it('searches and filters sales like purchases', async () => {
    await seedContracts();
    const response = await t.call({
      method: 'GET',
      url: `/api/contract/get-sales-list?search=agro&filter=${encodeURIComponent('{"contract_status":["ACTIVE"]}')}`,
      token,
    });
    expect(numbers(response.json())).toEqual(['S-1']);
  });
});
