import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Body,
  filterQuery,
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
 * Pairs (allocation, in delivery / count, delivered -> to deliver):
 * A1 ZK/1 ALFA -> SP/1 MLYN   40 t, 10 t / 1, 5 t  -> 25 t   wheat A
 * A2 ZK/2 ALFA -> SP/1 MLYN   30 t                 -> 30 t   wheat B (sale needs GMP, purchase lacks it)
 * A3 ZK/2 ALFA -> SP/2 PASZE  20 t, delivered 20 t -> 0      wheat B
 * A4 ZK/3 BETA -> SP/3 PASZE  50 t, 25 t / 2       -> 25 t   corn
 * A5 ZK/1 ALFA -> SP/4 MLYN   10 t, SP/4 CLOSED: hidden unless the status filter asks for it
 */
let ids: Record<string, number>;
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
  const [wheatA, wheatB] = await qualityIdsOf(t.db, 1);
  const [corn] = await qualityIdsOf(t.db, 2);
  const alfa = await insertContractor(t.db, { code: 'ALFA', name: 'Alfa Zboża' });
  const beta = await insertContractor(t.db, { code: 'BETA', name: null });
  const mlyn = await insertContractor(t.db, { code: 'MLYN', name: 'Młyn Wielki' });
  const pasze = await insertContractor(t.db, { code: 'PASZE', name: 'Pasze sp. j.' });
  const zk1 = await purchaseOf(t.db, {
    documentNumber: 'ZK/1',
    counterpartyId: alfa.id,
    rawMaterialQualityId: wheatA,
    street: 'Polna',
    buildingNumber: '1',
    postCode: '60-001',
    city: 'Poznań',
    dateOfReceiptFrom: '2026-01-01',
    dateOfReceiptTo: '2026-01-31',
    isGmp: true,
    isCert: true,
    comments: 'Odbiór z magazynu',
  });
  const zk2 = await purchaseOf(t.db, {
    documentNumber: 'ZK/2',
    counterpartyId: alfa.id,
    rawMaterialQualityId: wheatB,
    freight: 'CPT',
    street: 'Leśna',
    buildingNumber: '5',
    postCode: '00-950',
    city: 'Warszawa',
    dateOfReceiptFrom: '2026-03-01',
    dateOfReceiptTo: '2026-03-31',
  });
  const zk3 = await purchaseOf(t.db, {
    documentNumber: 'ZK/3',
    counterpartyId: beta.id,
    rawMaterialId: 2,
    rawMaterialQualityId: corn,
    city: 'Gdańsk',
    dateOfReceiptFrom: '2026-06-01',
    dateOfReceiptTo: '2026-06-30',
  });
  const sp1 = await saleOf(t.db, {
    documentNumber: 'SP/1',
    counterpartyId: mlyn.id,
    street: 'Młyńska',
    buildingNumber: '2',
    postCode: '61-100',
    city: 'Poznań',
    dateOfReceiptFrom: '2026-02-01',
    dateOfReceiptTo: '2026-02-28',
    isGmp: true,
  });
  const sp2 = await saleOf(t.db, {
    documentNumber: 'SP/2',
    counterpartyId: pasze.id,
    freight: 'FCA',
    city: 'Kraków',
    dateOfReceiptFrom: '2026-04-01',
    dateOfReceiptTo: '2026-04-30',
  });
  const sp3 = await saleOf(t.db, { documentNumber: 'SP/3', counterpartyId: pasze.id, rawMaterialId: 2 });
  const sp4 = await saleOf(t.db, { documentNumber: 'SP/4', counterpartyId: mlyn.id, status: 'CLOSED' });
  const a1 = await insertAllocation(t.db, zk1.id, sp1.id, 40 * T);
  const a2 = await insertAllocation(t.db, zk2.id, sp1.id, 30 * T);
  const a3 = await insertAllocation(t.db, zk2.id, sp2.id, 20 * T);
  const a4 = await insertAllocation(t.db, zk3.id, sp3.id, 50 * T);
  const a5 = await insertAllocation(t.db, zk1.id, sp4.id, 10 * T);
  await setPairInTransport(t.db, a1, { inDeliveryKg: 10 * T, inDeliveryCount: 1, deliveredKg: 5 * T });
  await setPairInTransport(t.db, a3, { deliveredKg: 20 * T });
  await setPairInTransport(t.db, a4, { inDeliveryKg: 25 * T, inDeliveryCount: 2 });
  ids = {
    ...{ a1: a1.id, a2: a2.id, a3: a3.id, a4: a4.id, a5: a5.id, zk1: zk1.id, sp1: sp1.id },
    ...{ alfa: alfa.id, beta: beta.id, mlyn: mlyn.id, pasze: pasze.id, wheatA: wheatA!, wheatB: wheatB!, corn: corn! },
  };
});

type Response = Awaited<ReturnType<TestApp['call']>>;
const list = (query = '') => t.call({ method: 'GET', url: `/api/transport/get-to-assign-list${query}`, token });
/** The rows as A1..A5, in the order answered. */
const pairs = (response: Response) =>
  response.json().list.map((row: { id: number }) => Object.keys(ids).find((key) => ids[key] === row.id));
/** Which pairs a filter keeps, in name order (the default sort is newest first). */
const filtered = async (filter: Body) => pairs(await list(filterQuery(filter))).sort();

describe('GET /api/transport/get-to-assign-list', () => {
  it('answers one row per pair with every field of the transports-to-assign row', async () => {
    const response = await list();
    expect(response.statusCode, response.body).toBe(200);
    const row = response.json().list.find((entry: Body) => entry.id === ids.a1);
    expect(row).toEqual({
      id: ids.a1,
      purchase_id: ids.zk1,
      sales_id: ids.sp1,
      purchase_agreement_document_number: 'ZK/1',
      sales_agreement_document_number: 'SP/1',
      purchase_supplier_id: ids.alfa,
      purchase_supplier_code: 'ALFA',
      // The short names beside the codes (contractors shown by name, not code alone).
      purchase_supplier_name: 'Alfa Zboża',
      sales_recipient_id: ids.mlyn,
      sales_recipient_code: 'MLYN',
      sales_recipient_name: 'Młyn Wielki',
      purchase_freight: 'FCA',
      sales_freight: 'CPT',
      purchase_address: { city: 'Poznań', post_code: '60-001', street: 'Polna', building_number: '1' },
      sales_address: { city: 'Poznań', post_code: '61-100', street: 'Młyńska', building_number: '2' },
      purchase_address_full: 'Polna 1, 60-001 Poznań',
      sales_address_full: 'Młyńska 2, 61-100 Poznań',
      date_of_loading_from: '2026-01-01',
      date_of_loading_to: '2026-01-31',
      date_of_unloading_from: '2026-02-01',
      date_of_unloading_to: '2026-02-28',
      to_deliver: 25 * T,
      in_delivery: 10 * T,
      in_delivery_transport_count: 1,
      delivered: 5 * T,
      allocated: 40 * T,
      cargo_name: 'Pszenica konsumpcyjna',
      raw_material_id: 1,
      raw_material_quality_id: ids.wheatA,
      purchase_comments: 'Odbiór z magazynu',
      confirmation_note: null,
      sales_is_gmp: true,
      purchase_is_gmp: true,
      sales_is_cert: false,
      purchase_is_cert: true,
      purchase_status: 'ACTIVE',
      sales_status: 'ACTIVE',
    });
    const gdansk = response.json().list.find((entry: Body) => entry.id === ids.a4);
    expect(gdansk.purchase_address_full).toBe('Gdańsk');
  });

  it('hides pairs with a cancelled or closed contract by default; newest first', async () => {
    const response = await list();
    expect(pairs(response)).toEqual(['a4', 'a3', 'a2', 'a1']);
    expect(response.json()).toMatchObject({ filtered: 4, total: 5 });
  });

  it('sums delivered, in delivery, transport count and to deliver over every filtered row, not the page', async () => {
    const page = await list('?limit=10&offset=3');
    expect(pairs(page)).toEqual(['a1']);
    expect(page.json().total_data).toEqual({
      sum_delivered: 25 * T,
      sum_in_delivery: 35 * T,
      sum_in_delivery_transport_count: 3,
      sum_to_deliver: 80 * T,
    });
    const toDeliver = await list(filterQuery({ has_to_deliver: true }));
    expect(toDeliver.json()).toMatchObject({
      filtered: 3,
      total_data: {
        sum_delivered: 5 * T,
        sum_in_delivery: 35 * T,
        sum_in_delivery_transport_count: 3,
        sum_to_deliver: 80 * T,
      },
    });
    const none = await list('?search=nothing-like-this');
    expect(none.json()).toEqual({
      list: [],
      filtered: 0,
      total: 5,
      total_data: { sum_delivered: 0, sum_in_delivery: 0, sum_in_delivery_transport_count: 0, sum_to_deliver: 0 },
    });
  });

  it('sums the rows of a status filter alone from the totals kept per status pair, which follow a status change', async () => {
    const withClosed = await list(filterQuery({ sales_contract_status: ['ACTIVE', 'CLOSED'] }));
    expect(pairs(withClosed)).toEqual(['a5', 'a4', 'a3', 'a2', 'a1']);
    const allFive = {
      filtered: 5,
      total_data: {
        sum_delivered: 25 * T,
        sum_in_delivery: 35 * T,
        sum_in_delivery_transport_count: 3,
        sum_to_deliver: 90 * T,
      },
    };
    expect(withClosed.json()).toMatchObject(allFive);
    expect((await list(filterQuery({ purchase_contract_status: ['CLOSED'] }))).json()).toMatchObject({
      filtered: 0,
      total_data: { sum_to_deliver: 0 },
    });
    await t.db.execute(sql`update contracts set status = 'ACTIVE' where document_number = 'SP/4'`);
    const reopened = await list();
    expect(pairs(reopened)).toEqual(['a5', 'a4', 'a3', 'a2', 'a1']);
    expect(reopened.json()).toMatchObject(allFive);
  });

  it('searches document numbers, counterparty codes, addresses, cargo name and comments', async () => {
    expect(pairs(await list('?search=ZK%2F3'))).toEqual(['a4']);
    expect(pairs(await list('?search=sp%2F2'))).toEqual(['a3']);
    expect(pairs(await list('?search=mlyn'))).toEqual(['a2', 'a1']);
    expect(pairs(await list('?search=beta'))).toEqual(['a4']);
    expect(pairs(await list(`?search=${encodeURIComponent('Leśna 5')}`))).toEqual(['a3', 'a2']);
    expect(pairs(await list('?search=61-100'))).toEqual(['a2', 'a1']);
    expect(pairs(await list('?search=kukurydza'))).toEqual(['a4']);
    expect(pairs(await list('?search=magazynu'))).toEqual(['a1']);
  });

  it('filters by counterparties, raw material and quality', async () => {
    expect(await filtered({ purchase_supplier_id: [ids.beta] })).toEqual(['a4']);
    expect(await filtered({ purchase_supplier_code: ['ALFA'] })).toEqual(['a1', 'a2', 'a3']);
    expect(await filtered({ sales_recipient_id: [ids.pasze] })).toEqual(['a3', 'a4']);
    expect(await filtered({ sales_recipient_code: 'MLYN' })).toEqual(['a1', 'a2']);
    expect(await filtered({ raw_material_id: 2 })).toEqual(['a4']);
    expect(await filtered({ raw_material_quality_id: [ids.wheatB, ids.corn] })).toEqual(['a2', 'a3', 'a4']);
  });

  it('filters by GMP, certificate, freight and what is left to deliver', async () => {
    expect(await filtered({ purchase_is_gmp: true })).toEqual(['a1']);
    expect(await filtered({ sales_is_gmp: true })).toEqual(['a1', 'a2']);
    expect(await filtered({ sales_is_gmp: 'false' })).toEqual(['a3', 'a4']);
    expect(await filtered({ purchase_is_cert: true })).toEqual(['a1']);
    expect(await filtered({ sales_is_cert: false })).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(await filtered({ purchase_freight: 'CPT' })).toEqual(['a2', 'a3']);
    expect(await filtered({ sales_freight: ['FCA'] })).toEqual(['a3']);
    expect(await filtered({ has_to_deliver: true })).toEqual(['a1', 'a2', 'a4']);
    expect(await filtered({ has_to_deliver: false })).toEqual(['a3']);
    expect(await filtered({ purchase_is_gmp: '', has_to_deliver: null })).toEqual(['a1', 'a2', 'a3', 'a4']);
  });

  it('filters by loading and unloading periods overlapping the range, and by contract status', async () => {
    expect(await filtered({ date_of_loading: { from: '2026-03-15' } })).toEqual(['a2', 'a3', 'a4']);
    expect(await filtered({ date_of_loading: { to: '2026-01-15' } })).toEqual(['a1']);
    // SP/3 takes deliveries all year.
    expect(await filtered({ date_of_unloading: { from: '2026-04-10', to: '2026-04-20' } })).toEqual(['a3', 'a4']);
    expect(await filtered({ date_of_unloading: { to: '2026-02-01' } })).toEqual(['a1', 'a2', 'a4']);
    expect(await filtered({ sales_contract_status: ['CLOSED'] })).toEqual(['a5']);
    expect(await filtered({ sales_contract_status: ['ACTIVE', 'CLOSED'] })).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(await filtered({ purchase_contract_status: ['NEW'] })).toEqual([]);
  });

  it('refuses a bad filter with VALIDATION_ERROR', async () => {
    for (const filter of [
      { date_of_loading: { from: '2026-05-01', to: '2026-04-01' } },
      { is_cert: true },
      { sales_contract_status: ['OPEN'] },
      { purchase_supplier_id: [0] },
    ]) {
      const response = await list(filterQuery(filter));
      expect(response.statusCode, JSON.stringify(filter)).toBe(400);
      expect(messageCode(response)).toBe('VALIDATION_ERROR');
    }
    expect(messageCode(await list('?filter=%7Bnot-json'))).toBe('VALIDATION_ERROR');
  });

  it.each([
    ['sales_agreement_document_number:desc', ['a4', 'a3', 'a2', 'a1']],
    ['purchase_agreement_document_number', ['a1', 'a2', 'a3', 'a4']],
    ['purchase_supplier_code:desc', ['a4', 'a3', 'a2', 'a1']],
    ['sales_recipient_code:asc', ['a1', 'a2', 'a3', 'a4']],
    ['purchase_address_full', ['a4', 'a2', 'a3', 'a1']],
    ['sales_address_full', ['a3', 'a1', 'a2', 'a4']],
    ['to_deliver:desc', ['a2', 'a4', 'a1', 'a3']],
    ['in_delivery:desc', ['a4', 'a1', 'a3', 'a2']],
    ['delivered:desc', ['a3', 'a1', 'a4', 'a2']],
    ['raw_material_quality_title', ['a4', 'a1', 'a2', 'a3']],
    ['sales_is_gmp:desc', ['a2', 'a1', 'a4', 'a3']],
    ['created_at', ['a1', 'a2', 'a3', 'a4']],
  ])('sorts by %s', async (orderBy, expected) => {
    expect(pairs(await list(`?order_by=${orderBy}`))).toEqual(expected);
  });

  it('refuses an unknown sort key or direction with INVALID_SORT_PARAMS', async () => {
    for (const orderBy of ['purchase_comments', 'id', 'to_deliver:sideways', 'toDeliver']) {
      const response = await list(`?order_by=${orderBy}`);
      expect(response.statusCode).toBe(400);
      expect(messageCode(response)).toBe('INVALID_SORT_PARAMS');
    }
  });

  it('takes the same request as a POST body', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/transport/get-to-assign-list',
      token,
      payload: {
        limit: 25,
        offset: 0,
        search: 'alfa',
        order_by: 'to_deliver:asc',
        filter: { sales_recipient_id: [ids.mlyn], has_to_deliver: true },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(pairs(response)).toEqual(['a1', 'a2']);
    expect(response.json()).toMatchObject({ filtered: 2, total: 5, total_data: { sum_to_deliver: 55 * T } });
  });
});

describe('GET /api/transport/get-to-assign-filter-option', () => {
  it('answers the suppliers, recipients, raw materials and qualities present in allocations', async () => {
    const response = await t.call({ method: 'GET', url: '/api/transport/get-to-assign-filter-option', token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      suppliers: [
        { value: ids.alfa, label: 'ALFA – Alfa Zboża' },
        { value: ids.beta, label: 'BETA' },
      ],
      recipients: [
        { value: ids.mlyn, label: 'MLYN – Młyn Wielki' },
        { value: ids.pasze, label: 'PASZE – Pasze sp. j.' },
      ],
      raw_materials: [
        { value: 1, label: 'Pszenica' },
        { value: 2, label: 'Kukurydza' },
      ],
      qualities: [
        { value: ids.wheatA, label: 'Pszenica konsumpcyjna' },
        { value: ids.wheatB, label: 'Pszenica paszowa' },
        { value: ids.corn, label: 'Kukurydza paszowa' },
      ],
    });
  });

  it('answers empty lists when nothing is allocated', async () => {
    await resetDatabase(t.db);
    token = await t.login();
    const response = await t.call({ method: 'GET', url: '/api/transport/get-to-assign-filter-option', token });
    expect(response.json()).toEqual({ suppliers: [], recipients: [], raw_materials: [], qualities: [] });
  });
});
