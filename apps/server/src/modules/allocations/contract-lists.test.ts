import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Body,
  filterQuery,
  insertTransport,
  messageCode,
  purchaseOf,
  qualityIdsOf,
  saleOf,
  setPairInTransport,
} from '../../../test/fixtures/allocations.js';
import { insertAllocation, insertContractor } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const T = 1000;

/**
 * One sale (SP/1) and the purchases around it:
 * ZK/1 ALFA  100 t, NEXT_SEASON, GMP+cert, FCA, quality A, Jan–Mar, 900,00        -> offered, nothing allocated
 * ZK/2 BETA   50 t +10 %, CPT, FOR, quality B, Apr–Jun, 1 100,00, 50 t to SP/9    -> offered: tolerance room left
 * ZK/3 ALFA   30 t, fully allocated to SP/9                                     -> not offered
 * ZK/4 ALFA   30 t, 20 t to SP/1 and 10 t to SP/9 (full), Feb                     -> offered: already on this sale
 * ZK/5 corn, ZK/6 CLOSED                                                        -> not offered
 */
let ids: Record<'sale' | 'otherSale' | 'zk1' | 'zk2' | 'zk4' | 'qualityA' | 'qualityB', number>;
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
  const [qualityA, qualityB] = await qualityIdsOf(t.db, 1);
  const alfa = await insertContractor(t.db, { code: 'ALFA', name: 'Alfa Zboża' });
  const beta = await insertContractor(t.db, { code: 'BETA', name: 'Beta Rolnik' });
  const recipient = await insertContractor(t.db, { code: 'MLYN', name: 'Młyn Wielki' });
  const otherRecipient = await insertContractor(t.db, { code: 'PASZE', name: 'Pasze sp. j.' });
  const sale = await saleOf(t.db, { documentNumber: 'SP/1', counterpartyId: recipient.id, cargoQuantityKg: 200 * T });
  const otherSale = await saleOf(t.db, {
    documentNumber: 'SP/9',
    counterpartyId: otherRecipient.id,
    cargoQuantityKg: 300 * T,
    rawMaterialQualityId: qualityB,
  });
  const common = { counterpartyId: alfa.id, rawMaterialQualityId: qualityA, price: 90_000 };
  const zk1 = await purchaseOf(t.db, {
    ...common,
    documentNumber: 'ZK/1',
    status: 'NEXT_SEASON',
    isGmp: true,
    isCert: true,
    dateOfReceiptFrom: '2026-01-01',
    dateOfReceiptTo: '2026-03-31',
    street: 'Polna',
    buildingNumber: '1',
    postCode: '60-001',
    city: 'Poznań',
  });
  const zk2 = await purchaseOf(t.db, {
    documentNumber: 'ZK/2',
    counterpartyId: beta.id,
    rawMaterialQualityId: qualityB,
    cargoQuantityKg: 50 * T,
    price: 110_000,
    freight: 'CPT',
    isFor: true,
    isTolerance: true,
    toleranceType: 'BUYER',
    toleranceUnit: 'PERCENT',
    toleranceQuantity: 1000,
    dateOfReceiptFrom: '2026-04-01',
    dateOfReceiptTo: '2026-06-30',
  });
  const zk3 = await purchaseOf(t.db, { ...common, documentNumber: 'ZK/3', cargoQuantityKg: 30 * T });
  const zk4 = await purchaseOf(t.db, {
    ...common,
    documentNumber: 'ZK/4',
    cargoQuantityKg: 30 * T,
    dateOfReceiptFrom: '2026-02-01',
    dateOfReceiptTo: '2026-02-28',
  });
  await purchaseOf(t.db, { documentNumber: 'ZK/5', rawMaterialId: 2 });
  await purchaseOf(t.db, { ...common, documentNumber: 'ZK/6', status: 'CLOSED' });
  await insertAllocation(t.db, zk2.id, otherSale.id, 50 * T);
  await insertAllocation(t.db, zk3.id, otherSale.id, 30 * T);
  await insertAllocation(t.db, zk4.id, sale.id, 20 * T);
  await insertAllocation(t.db, zk4.id, otherSale.id, 10 * T);
  await setPairInTransport(
    t.db,
    { purchaseId: zk4.id, salesId: sale.id },
    {
      inDeliveryKg: 5 * T,
      inDeliveryCount: 1,
      deliveredKg: 3 * T,
    },
  );
  ids = {
    sale: sale.id,
    otherSale: otherSale.id,
    zk1: zk1.id,
    zk2: zk2.id,
    zk4: zk4.id,
    qualityA: qualityA!,
    qualityB: qualityB!,
  };
});

type Response = Awaited<ReturnType<TestApp['call']>>;
const documentNumbers = (response: Response) =>
  response.json().list.map((row: { document_number: string }) => row.document_number);

describe('GET and POST /api/contract/get-purchase-contract-to-allocate/:id', () => {
  const list = (query = '') =>
    t.call({ method: 'GET', url: `/api/contract/get-purchase-contract-to-allocate/${ids.sale}${query}`, token });

  it('offers purchases of the same raw material in NEW/NEXT_SEASON/ACTIVE with room left or on this sale', async () => {
    const response = await list();
    expect(response.statusCode, response.body).toBe(200);
    // Default order: date of receipt from, ascending.
    expect(documentNumbers(response)).toEqual(['ZK/1', 'ZK/4', 'ZK/2']);
    expect(response.json()).toMatchObject({ filtered: 3, total: 3 });
  });

  it('offers a purchase while its allocated total is below the upper tolerance limit computed as rules.ts does', async () => {
    // 12 345 kg + 2.5 % = 12 653.625 kg, floored to 12 653 kg, in SQL as in toleranceUpperLimitKg.
    const tolerance = {
      cargoQuantityKg: 12_345,
      isTolerance: true,
      toleranceUnit: 'PERCENT',
      toleranceQuantity: 250,
    } as const;
    const roomLeft = await purchaseOf(t.db, { ...tolerance, documentNumber: 'ZK/7', dateOfReceiptFrom: '2026-12-01' });
    const full = await purchaseOf(t.db, { ...tolerance, documentNumber: 'ZK/8', dateOfReceiptFrom: '2026-12-01' });
    await insertAllocation(t.db, roomLeft.id, ids.otherSale, 12_652);
    await insertAllocation(t.db, full.id, ids.otherSale, 12_653);
    const rows = (await list()).json().list as Body[];
    expect(rows.map((row) => row.document_number)).toEqual(['ZK/1', 'ZK/4', 'ZK/2', 'ZK/7']);
    expect(rows[3]).toMatchObject({ tolerance_upper_limit: 12_653, allocated: 12_652, allowed: -307 });
  });

  it("answers the purchase's figures and the pair seen from the sale", async () => {
    // The pair's NEW transports are its planned kg (what an edit cannot go below with in delivery and delivered).
    await insertTransport(t.db, { purchaseId: ids.zk4, salesId: ids.sale }, 4 * T, 'NEW');
    await insertTransport(t.db, { purchaseId: ids.zk4, salesId: ids.sale }, 2 * T, 'CANCELLED');
    const rows = (await list()).json().list as Body[];
    expect(rows.find((row) => row.id === ids.zk2)).toEqual({
      id: ids.zk2,
      supplier_id: expect.any(Number),
      supplier_code: 'BETA',
      supplier_name: 'Beta Rolnik',
      document_number: 'ZK/2',
      status: 'ACTIVE',
      raw_material_id: 1,
      raw_material_quality_id: ids.qualityB,
      raw_material_quality_title: expect.any(String),
      cargo_quantity: 50 * T,
      price: 110_000,
      currency: 'PLN',
      freight: 'CPT',
      is_gmp: false,
      is_cert: false,
      is_for: true,
      date_of_receipt_from: '2026-04-01',
      date_of_receipt_to: '2026-06-30',
      address: { street: null, building_number: null, post_code: null, city: 'Poznań', country_code: 'PL' },
      allocated: 50 * T,
      tolerance_upper_limit: 55 * T,
      allowed: 0,
      allocation_id: null,
      allocated_on_purchase: 0,
      planned_on_purchase: 0,
      in_delivery_on_purchase: 0,
      in_delivery_transport_count_on_purchase: 0,
      delivered_on_purchase: 0,
      confirmation_note: null,
    });
    expect(rows.find((row) => row.id === ids.zk4)).toMatchObject({
      allocated: 30 * T,
      allowed: 0,
      tolerance_upper_limit: 30 * T,
      allocation_id: expect.any(Number),
      allocated_on_purchase: 20 * T,
      planned_on_purchase: 4 * T,
      in_delivery_on_purchase: 5 * T,
      in_delivery_transport_count_on_purchase: 1,
      delivered_on_purchase: 3 * T,
    });
  });

  it('searches document number, supplier code and supplier name', async () => {
    expect(documentNumbers(await list('?search=beta'))).toEqual(['ZK/2']);
    expect(documentNumbers(await list(`?search=${encodeURIComponent('alfa zb')}`))).toEqual(['ZK/1', 'ZK/4']);
    expect(documentNumbers(await list('?search=ZK%2F4'))).toEqual(['ZK/4']);
    expect((await list('?search=nothing')).json()).toMatchObject({ list: [], filtered: 0, total: 3 });
  });

  it('filters with the contract list filter', async () => {
    const filtered = async (filter: Body) => documentNumbers(await list(filterQuery(filter)));
    expect(await filtered({ raw_material_quality_id: [ids.qualityB] })).toEqual(['ZK/2']);
    expect(await filtered({ is_gmp: true })).toEqual(['ZK/1']);
    expect(await filtered({ is_cert: false })).toEqual(['ZK/4', 'ZK/2']);
    expect(await filtered({ is_for: 'true' })).toEqual(['ZK/2']);
    expect(await filtered({ freight: 'CPT' })).toEqual(['ZK/2']);
    expect(await filtered({ freight: ['FCA', 'CPT'] })).toEqual(['ZK/1', 'ZK/4', 'ZK/2']);
    expect(await filtered({ cargo_quantity: { from: 40 * T } })).toEqual(['ZK/1', 'ZK/2']);
    expect(await filtered({ cargo_quantity: { from: 40 * T, to: 60 * T } })).toEqual(['ZK/2']);
    expect(await filtered({ price: { to: 100_000 } })).toEqual(['ZK/1', 'ZK/4']);
    // Receipt periods overlapping the dates.
    expect(await filtered({ date_of_receipt_from: '2026-03-15' })).toEqual(['ZK/1', 'ZK/2']);
    expect(await filtered({ date_of_receipt_to: '2026-01-31' })).toEqual(['ZK/1']);
    expect(await filtered({ date_of_receipt_from: '2026-02-10', date_of_receipt_to: '2026-02-20' })).toEqual([
      'ZK/1',
      'ZK/4',
    ]);
    expect(await filtered({ is_gmp: '', freight: [], raw_material_quality_id: [] })).toEqual(['ZK/1', 'ZK/4', 'ZK/2']);
  });

  it('refuses a bad filter with VALIDATION_ERROR', async () => {
    for (const filter of [
      { date_of_receipt_from: '2026-05-01', date_of_receipt_to: '2026-04-01' },
      { freight: 'SHIP' },
      { contract_status: ['NEW'] },
      { price: { from: 10, to: 5 } },
    ]) {
      const response = await list(filterQuery(filter));
      expect(response.statusCode, JSON.stringify(filter)).toBe(400);
      expect(messageCode(response)).toBe('VALIDATION_ERROR');
    }
  });

  it('sorts by its keys in both directions and refuses others with INVALID_SORT_PARAMS', async () => {
    expect(documentNumbers(await list('?order_by=document_number:desc'))).toEqual(['ZK/4', 'ZK/2', 'ZK/1']);
    // Equal sort values fall back to the id, in the same direction.
    expect(documentNumbers(await list('?order_by=supplier_code:desc'))).toEqual(['ZK/2', 'ZK/4', 'ZK/1']);
    expect(documentNumbers(await list('?order_by=cargo_quantity'))).toEqual(['ZK/4', 'ZK/2', 'ZK/1']);
    expect(documentNumbers(await list('?order_by=price:desc'))).toEqual(['ZK/2', 'ZK/4', 'ZK/1']);
    expect(documentNumbers(await list('?order_by=allowed:desc'))).toEqual(['ZK/1', 'ZK/4', 'ZK/2']);
    expect(documentNumbers(await list('?order_by=allocated_on_purchase:desc'))).toEqual(['ZK/4', 'ZK/2', 'ZK/1']);
    expect(documentNumbers(await list('?order_by=date_of_receipt_to:desc'))).toEqual(['ZK/2', 'ZK/1', 'ZK/4']);
    expect(documentNumbers(await list('?order_by=raw_material_quality_title:desc'))).toEqual(['ZK/2', 'ZK/4', 'ZK/1']);
    expect(documentNumbers(await list('?order_by=id:desc'))).toEqual(['ZK/4', 'ZK/2', 'ZK/1']);
    for (const orderBy of ['recipient_code', 'document_number:up', 'documentNumber']) {
      expect(messageCode(await list(`?order_by=${orderBy}`))).toBe('INVALID_SORT_PARAMS');
    }
  });

  it('pages, and takes the same request as a POST body', async () => {
    const page = await list('?limit=2&offset=2');
    expect(documentNumbers(page)).toEqual(['ZK/2']);
    expect(page.json()).toMatchObject({ filtered: 3, total: 3 });
    const response = await t.call({
      method: 'POST',
      url: `/api/contract/get-purchase-contract-to-allocate/${ids.sale}`,
      token,
      payload: { limit: 10, offset: 0, search: 'alfa', order_by: 'document_number:desc', filter: { is_gmp: false } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(documentNumbers(response)).toEqual(['ZK/4']);
    expect(response.json()).toMatchObject({ filtered: 1, total: 3 });
  });

  it('answers 404 CONTRACT_NOT_FOUND for a purchase id or an unknown id', async () => {
    for (const id of [ids.zk1, 99_999]) {
      const response = await t.call({
        method: 'GET',
        url: `/api/contract/get-purchase-contract-to-allocate/${id}`,
        token,
      });
      expect(response.statusCode).toBe(404);
      expect(messageCode(response)).toBe('CONTRACT_NOT_FOUND');
    }
  });
});

describe('GET and POST /api/contract/get-allocated-sales/:id (the sale dashboard)', () => {
  const list = (salesId: number, query = '') =>
    t.call({ method: 'GET', url: `/api/contract/get-allocated-sales/${salesId}${query}`, token });

  it('lists the purchases allocated to the sale with the pair seen from the sale', async () => {
    const response = await list(ids.otherSale);
    expect(response.statusCode, response.body).toBe(200);
    expect(documentNumbers(response)).toEqual(['ZK/2', 'ZK/3', 'ZK/4']);
    const mine = (await list(ids.sale)).json();
    expect(mine).toMatchObject({ filtered: 1, total: 1 });
    expect(mine.list[0]).toMatchObject({
      id: ids.zk4,
      sales_id: ids.sale,
      allocation_id: expect.any(Number),
      supplier_code: 'ALFA',
      document_number: 'ZK/4',
      allocated: 30 * T,
      allowed: 0,
      allocated_on_purchase: 20 * T,
      planned_on_purchase: 0,
      in_delivery_on_purchase: 5 * T,
      in_delivery_transport_count_on_purchase: 1,
      delivered_on_purchase: 3 * T,
    });
  });

  it('searches, filters, sorts by the pair figures and refuses an unknown key', async () => {
    expect(documentNumbers(await list(ids.otherSale, '?search=beta'))).toEqual(['ZK/2']);
    expect(documentNumbers(await list(ids.otherSale, filterQuery({ freight: 'FCA' })))).toEqual(['ZK/3', 'ZK/4']);
    expect(documentNumbers(await list(ids.otherSale, '?order_by=allocated_on_purchase:desc'))).toEqual([
      'ZK/2',
      'ZK/3',
      'ZK/4',
    ]);
    expect(documentNumbers(await list(ids.otherSale, '?order_by=allocated_on_purchase'))).toEqual([
      'ZK/4',
      'ZK/3',
      'ZK/2',
    ]);
    expect(documentNumbers(await list(ids.otherSale, '?order_by=in_delivery_on_purchase'))).toHaveLength(3);
    expect(documentNumbers(await list(ids.otherSale, '?order_by=delivered_on_purchase:desc'))).toHaveLength(3);
    expect(messageCode(await list(ids.otherSale, '?order_by=allocated_for_sales'))).toBe('INVALID_SORT_PARAMS');
    const post = await t.call({
      method: 'POST',
      url: `/api/contract/get-allocated-sales/${ids.otherSale}`,
      token,
      payload: { limit: 10, offset: 1, order_by: 'document_number' },
    });
    expect(documentNumbers(post)).toEqual(['ZK/3', 'ZK/4']);
    expect(post.json()).toMatchObject({ filtered: 3, total: 3 });
  });

  it('answers 404 CONTRACT_NOT_FOUND when the id is not a sale', async () => {
    expect(messageCode(await list(ids.zk1))).toBe('CONTRACT_NOT_FOUND');
  });
});

describe('GET and POST /api/contract/get-purchase-allocated-contract/:id (the purchase dashboard)', () => {
  const list = (purchaseId: number, query = '') =>
    t.call({ method: 'GET', url: `/api/contract/get-purchase-allocated-contract/${purchaseId}${query}`, token });

  it('lists the sales the purchase is allocated to with the pair seen from the purchase', async () => {
    const response = await list(ids.zk4);
    expect(response.statusCode, response.body).toBe(200);
    expect(documentNumbers(response)).toEqual(['SP/1', 'SP/9']);
    expect(response.json().list[0]).toMatchObject({
      allocation_id: expect.any(Number),
      purchase_id: ids.zk4,
      sales_id: ids.sale,
      recipient_code: 'MLYN',
      recipient_name: 'Młyn Wielki',
      cargo_quantity: 200 * T,
      allocated: 20 * T,
      to_allocate: 180 * T,
      allocated_for_sales: 20 * T,
      in_delivery_for_sales: 5 * T,
      in_delivery_transport_count_for_sales: 1,
      delivered_for_sales: 3 * T,
    });
    expect(response.json()).toMatchObject({ filtered: 2, total: 2 });
    expect((await list(ids.zk1)).json()).toMatchObject({ list: [], filtered: 0, total: 0 });
  });

  it('searches recipient code and name, sorts by the pair figures and refuses an unknown key', async () => {
    expect(documentNumbers(await list(ids.zk4, '?search=pasze'))).toEqual(['SP/9']);
    expect(documentNumbers(await list(ids.zk4, '?search=MLYN'))).toEqual(['SP/1']);
    expect(documentNumbers(await list(ids.zk4, '?order_by=allocated_for_sales'))).toEqual(['SP/9', 'SP/1']);
    expect(documentNumbers(await list(ids.zk4, '?order_by=recipient_code:desc'))).toEqual(['SP/9', 'SP/1']);
    expect(documentNumbers(await list(ids.zk4, '?order_by=delivered_for_sales:desc'))).toEqual(['SP/1', 'SP/9']);
    expect(documentNumbers(await list(ids.zk4, '?order_by=in_delivery_for_sales:desc'))).toEqual(['SP/1', 'SP/9']);
    expect(messageCode(await list(ids.zk4, '?order_by=supplier_code'))).toBe('INVALID_SORT_PARAMS');
    const post = await t.call({
      method: 'POST',
      url: `/api/contract/get-purchase-allocated-contract/${ids.zk4}`,
      token,
      payload: { filter: { raw_material_quality_id: [ids.qualityB] } },
    });
    expect(documentNumbers(post)).toEqual(['SP/9']);
  });

  it('answers 404 CONTRACT_NOT_FOUND when the id is not a purchase', async () => {
    expect(messageCode(await list(ids.sale))).toBe('CONTRACT_NOT_FOUND');
  });
});

describe('POST /api/contract/get-allocated-value', () => {
  const value = (payload: Body) => t.call({ method: 'POST', url: '/api/contract/get-allocated-value', token, payload });

  it("answers the pair's allocated kilograms, or null when the pair has none", async () => {
    expect((await value({ sales_id: ids.sale, purchase_id: ids.zk4 })).json()).toEqual({ value: 20 * T });
    expect((await value({ sales_id: ids.sale, purchase_id: ids.zk1 })).json()).toEqual({ value: null });
    expect((await value({ sales_id: 99_999, purchase_id: ids.zk1 })).json()).toEqual({ value: null });
  });

  it('refuses a body without both ids with VALIDATION_ERROR', async () => {
    const response = await value({ sales_id: ids.sale });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'purchase_id', code: 'required' }]);
  });
});
