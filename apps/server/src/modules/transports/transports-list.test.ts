import { FILTERED_COUNT_CAP, transportOrderNumber } from '@grain/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Body, deliveredBody, type Pair, transportApi, transportBody } from '../../../test/fixtures/transports.js';
import { insertAllocation, insertContract, insertContractor } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { rowsOf } from '../../db/client.js';
import { rawMaterialQualities } from '../../db/schema/index.js';

let t: TestApp;
let token: string;
let api: ReturnType<typeof transportApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = transportApi(t, () => token);
});
afterAll(() => t.close());

function expectCode(
  response: { statusCode: number; json: () => { message_code: string } },
  status: number,
  code: string,
) {
  expect({ status: response.statusCode, code: response.json().message_code }).toEqual({ status, code });
}

/** Four transports over two pairs: T1 NEW, T2 ON_THE_WAY, T3 DELIVERED, T4 CANCELLED. */
const seed = {} as {
  t1: number;
  t2: number;
  t3: number;
  t4: number;
  pa: number;
  sy: number;
  qualityB: number;
};

beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
  const [qualityA, qualityB] = await t.db
    .select({ id: rawMaterialQualities.id })
    .from(rawMaterialQualities)
    .where(eq(rawMaterialQualities.rawMaterialId, 1))
    .orderBy(rawMaterialQualities.id)
    .limit(2);
  const contractor = (code: string, name: string) => insertContractor(t.db, { code, name });
  const [supplierA, supplierB, recipientX, recipientY, carrier1, carrier2] = [
    await contractor('AGRO-A', 'Agro A'),
    await contractor('BIO-B', 'Bio B'),
    await contractor('MLYN-X', 'Młyn X'),
    await contractor('PASZE-Y', 'Pasze Y'),
    await contractor('TRANS-1', 'Trans Jeden'),
    await contractor('LOGI-2', 'Logistyka Dwa'),
  ];
  const contract = (type: 'PURCHASE' | 'SALES', counterpartyId: number, qualityId: number, isGmp: boolean) =>
    insertContract(t.db, { type, counterpartyId, rawMaterialQualityId: qualityId, isGmp });
  const pa = await contract('PURCHASE', supplierA.id, qualityA!.id, true);
  const pb = await contract('PURCHASE', supplierB.id, qualityB!.id, false);
  const sx = await contract('SALES', recipientX.id, qualityA!.id, true);
  const sy = await contract('SALES', recipientY.id, qualityB!.id, false);
  await insertAllocation(t.db, pa.id, sx.id, 100_000);
  await insertAllocation(t.db, pb.id, sy.id, 100_000);
  const pairAX: Pair = { purchaseId: pa.id, salesId: sx.id, carrierId: carrier1.id, allocationId: 0 };
  const pairBY: Pair = { purchaseId: pb.id, salesId: sy.id, carrierId: carrier1.id, allocationId: 0 };
  const t1 = await api.createId(
    transportBody(pairAX, {
      registration_number: 'PO 11111',
      trailer_number: 'PT 1',
      driver_name: 'Adam Nowak',
      phone_number: '600 111 111',
      price_per_ton: 10_000,
      date_loading: '2026-03-01',
      date_unloading: '2026-03-03',
      is_gmp: true,
      gmp_number: 'GMP-111',
      comment: 'pilne',
    }),
  );
  const t2 = await api.createId(
    transportBody(pairAX, {
      carrier_id: carrier2.id,
      registration_number: 'WA 22222',
      trailer_number: null,
      driver_name: 'Bogdan Kowal',
      phone_number: '600 222 222',
      cargo_quantity: 20_000,
      date_loading: '2026-03-05',
      date_unloading: '2026-03-07',
      comment: null,
      confirmation_note: 'Odbiorca zgodził się',
    }),
    true,
  );
  const t3 = await api.createId(
    transportBody(pairBY, {
      registration_number: 'KR 33333',
      trailer_number: null,
      driver_name: 'Cezary Lis',
      phone_number: '600 333 333',
      cargo_quantity: 30_000,
      date_loading: '2026-03-10',
      date_unloading: '2026-03-12',
      comment: null,
    }),
    true,
  );
  await api.deliver(t3, deliveredBody({ real_cargo_quantity: 29_000, unloading_date: '2026-03-12' }));
  const t4 = await api.createId(
    transportBody(pairBY, {
      carrier_id: carrier2.id,
      registration_number: 'GD 44444',
      trailer_number: null,
      driver_name: 'Dariusz Wilk',
      phone_number: '600 444 444',
      cargo_quantity: 15_000,
      date_loading: '2026-03-15',
      date_unloading: '2026-03-16',
      comment: null,
    }),
  );
  await api.setStatus(t4, 'CANCELLED');
  Object.assign(seed, { t1, t2, t3, t4, pa: pa.id, sy: sy.id, qualityB: qualityB!.id });
});

/** `count` copies of a transport, written by SQL (a capped count needs more than 10 000 matches). */
async function copyTransport(id: number, count: number) {
  const result = await t.db.execute(sql`select string_agg(quote_ident(column_name), ', ') as cols
    from information_schema.columns
    where table_schema = current_schema() and table_name = 'transports' and column_name <> 'id'
      and is_generated = 'NEVER'`);
  const columns = sql.raw(rowsOf<{ cols: string }>(result)[0]!.cols);
  await t.db.execute(
    sql`insert into transports (${columns}) select ${columns} from transports, generate_series(1, ${count}) where id = ${id}`,
  );
}

async function ids(body: Body): Promise<number[]> {
  const response = await api.list(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().list.map((row: Body) => row.id);
}

describe('GET|POST /api/transport/list', () => {
  it('answers every transport newest first with filtered and total counts', async () => {
    const response = await api.list({});
    expect(response.json()).toMatchObject({ filtered: 4, total: 4 });
    expect(await ids({})).toEqual([seed.t4, seed.t3, seed.t2, seed.t1]);
  });

  it('filters by tab: all, active (NEW and ON_THE_WAY) and delivered', async () => {
    expect(await ids({ filter: { tab: 'all' } })).toEqual([seed.t4, seed.t3, seed.t2, seed.t1]);
    expect(await ids({ filter: { tab: 'active' } })).toEqual([seed.t2, seed.t1]);
    expect(await ids({ filter: { tab: 'delivered' } })).toEqual([seed.t3]);
    expect(await ids({ filter: { tab: 'active', status: ['NEW'] } })).toEqual([seed.t1]);
    expect(await ids({ filter: { status: ['CANCELLED', 'DELIVERED'] } })).toEqual([seed.t4, seed.t3]);
  });

  it('answers a tab or a status page with its counts from one statement, past the last page too', async () => {
    const active = (await api.list({ filter: { tab: 'active' } })).json();
    expect(active).toMatchObject({ filtered: 2, total: 4 });
    expect(Object.keys(active.list[0])).not.toContain('list_total');
    // The same statement again with another page: limit and offset are not fixed by the first call.
    const second = (await api.list({ filter: { tab: 'active' }, limit: 1, offset: 1 })).json();
    expect(second).toMatchObject({ filtered: 2, total: 4, list: [{ id: seed.t1 }] });
    expect((await api.list({ filter: { tab: 'active' }, offset: 10 })).json()).toMatchObject({
      list: [],
      filtered: 2,
      total: 4,
    });
    const statuses = { filter: { status: ['DELIVERED', 'CANCELLED'] } };
    expect((await api.list(statuses)).json()).toMatchObject({ filtered: 2, total: 4 });
    expect((await api.list({ filter: { tab: 'delivered', status: ['NEW'] } })).json()).toMatchObject({
      list: [],
      filtered: 0,
      total: 4,
    });
  });

  it('filters by codes, qualities, contracts and the dashboards purchase_id / sales_id', async () => {
    expect(await ids({ filter: { purchase_supplier_code: ['AGRO-A'] } })).toEqual([seed.t2, seed.t1]);
    expect(await ids({ filter: { sales_recipient_code: ['PASZE-Y'] } })).toEqual([seed.t4, seed.t3]);
    expect(await ids({ filter: { carrier_code: ['TRANS-1'] } })).toEqual([seed.t3, seed.t1]);
    expect(await ids({ filter: { raw_material_quality_id: [seed.qualityB] } })).toEqual([seed.t4, seed.t3]);
    expect(await ids({ filter: { purchase_agreement_document_number_id: [seed.pa] } })).toEqual([seed.t2, seed.t1]);
    expect(await ids({ filter: { sales_agreement_document_number_id: [seed.sy] } })).toEqual([seed.t4, seed.t3]);
    expect(await ids({ filter: { purchase_id: seed.pa } })).toEqual([seed.t2, seed.t1]);
    expect(await ids({ filter: { sales_id: seed.sy, tab: 'active' } })).toEqual([]);
    expect(await ids({ filter: { transport_id: seed.t3 } })).toEqual([seed.t3]);
  });

  it('filters text fields by a case-insensitive part', async () => {
    expect(await ids({ filter: { registration_number: 'wa 22' } })).toEqual([seed.t2]);
    expect(await ids({ filter: { trailer_number: 'pt' } })).toEqual([seed.t1]);
    expect(await ids({ filter: { driver_name: 'LIS' } })).toEqual([seed.t3]);
    expect(await ids({ filter: { phone_number: '444' } })).toEqual([seed.t4]);
    expect(await ids({ filter: { driver_name: '%' } })).toEqual([]);
  });

  it('filters date ranges, the real quantity (exact or range) and the GMP flags', async () => {
    expect(await ids({ filter: { date_loading: { from: '2026-03-05', to: '2026-03-10' } } })).toEqual([
      seed.t3,
      seed.t2,
    ]);
    expect(await ids({ filter: { date_unloading: { to: '2026-03-03' } } })).toEqual([seed.t1]);
    expect(await ids({ filter: { real_cargo_quantity: 29_000 } })).toEqual([seed.t3]);
    expect(await ids({ filter: { real_cargo_quantity: { from: 29_001 } } })).toEqual([]);
    expect(await ids({ filter: { real_cargo_quantity: { from: 28_000, to: 30_000 } } })).toEqual([seed.t3]);
    expect(await ids({ filter: { purchase_is_gmp: true } })).toEqual([seed.t2, seed.t1]);
    expect(await ids({ filter: { sales_is_gmp: false, purchase_is_gmp: '' } })).toEqual([seed.t4, seed.t3]);
  });

  it('finds a transport by its id, typed as "3002" or "#3002"', async () => {
    expect(await ids({ search: String(seed.t3) })).toContain(seed.t3);
    expect(await ids({ search: `#${seed.t3}` })).toEqual([seed.t3]);
    expect(await ids({ search: ` #${seed.t2} ` })).toEqual([seed.t2]);
    expect(await ids({ search: '#99999999' })).toEqual([]);
  });

  it('finds a transport by its order number ZT/<year>/<id>, in any case, and not under another year', async () => {
    const [row] = rowsOf<{ year: number }>(
      await t.db.execute(sql`select extract(year from created_at)::int as year from transports where id = ${seed.t3}`),
    );
    const number = transportOrderNumber(seed.t3, `${row!.year}-01-01`);
    expect(await ids({ search: number })).toEqual([seed.t3]);
    expect(await ids({ search: ` ${number.toLowerCase()} ` })).toEqual([seed.t3]);
    expect(await ids({ search: `ZT/${row!.year - 1}/${seed.t3}` })).toEqual([]);
    expect(await ids({ search: `ZT/${row!.year}/99999999` })).toEqual([]);
  });

  it('searches carrier name, driver name, GMP number, phone, registration and comment', async () => {
    expect(await ids({ search: 'logistyka' })).toEqual([seed.t4, seed.t2]);
    expect(await ids({ search: 'Nowak' })).toEqual([seed.t1]);
    expect(await ids({ search: 'gmp-111' })).toEqual([seed.t1]);
    expect(await ids({ search: '600 333' })).toEqual([seed.t3]);
    expect(await ids({ search: 'kr 333' })).toEqual([seed.t3]);
    expect(await ids({ search: 'PILNE' })).toEqual([seed.t1]);
    expect((await api.list({ search: 'pilne' })).json()).toMatchObject({ filtered: 1, total: 4 });
  });

  it('sorts by the whitelisted keys and pages', async () => {
    expect(await ids({ order_by: 'cargo_quantity' })).toEqual([seed.t4, seed.t2, seed.t1, seed.t3]);
    expect(await ids({ order_by: 'carrier_name:desc' })).toEqual([seed.t3, seed.t1, seed.t4, seed.t2]);
    expect(await ids({ order_by: 'recipient_code:asc' })).toEqual([seed.t1, seed.t2, seed.t3, seed.t4]);
    expect(await ids({ order_by: 'date_loading:desc', limit: 2, offset: 1 })).toEqual([seed.t3, seed.t2]);
    expect((await ids({ order_by: 'real_cargo_quantity' }))[0]).toBe(seed.t3);
    for (const key of ['status', 'date_unloading', 'price_per_ton', 'registration_number', 'supplier_code']) {
      expect((await ids({ order_by: key })).length).toBe(4);
    }
    for (const key of ['purchase_document_number', 'sales_document_number', 'unloading_date', 'id']) {
      expect((await ids({ order_by: `${key}:desc` })).length).toBe(4);
    }
  });

  it('refuses a page past the capped count with VALIDATION_ERROR pastCappedCount on offset', async () => {
    await copyTransport(seed.t1, FILTERED_COUNT_CAP);
    const last = { search: 'pilne', limit: 50, offset: FILTERED_COUNT_CAP - 50 };
    const served = await api.list(last);
    expect(served.statusCode, served.body).toBe(200);
    expect(served.json()).toMatchObject({ filtered: FILTERED_COUNT_CAP, filtered_capped: true, total_data: null });
    // A tab or a status alone is counted by the row counters: past the cap its sums are not read (null); a status
    // with few rows is still summed.
    expect((await api.list({ limit: 10 })).json()).toMatchObject({ total_data: null, to_decide_count: 0 });
    expect((await api.list({ filter: { status: ['NEW'] } })).json().total_data).toBeNull();
    expect((await api.list({ filter: { status: ['DELIVERED'] } })).json().total_data).toMatchObject({
      sum_in_delivery: 0,
      sum_delivered: 29_000,
    });
    expect(served.json().list).toHaveLength(50);
    for (const offset of [FILTERED_COUNT_CAP, 20_000 * 50]) {
      const past = await api.list({ ...last, offset });
      expect(past.statusCode, past.body).toBe(400);
      expect(past.json()).toMatchObject({
        message_code: 'VALIDATION_ERROR',
        errors: [{ field: 'offset', code: 'pastCappedCount' }],
      });
    }
    // Without a search the count is exact (the row counters): its pages go on to the end.
    const exact = await api.list({ limit: 50, offset: FILTERED_COUNT_CAP });
    expect(exact.json()).toMatchObject({ filtered: FILTERED_COUNT_CAP + 4, total: FILTERED_COUNT_CAP + 4 });
    expect(exact.json().list).toHaveLength(4);
  });

  it('answers the totals of the filtered rows (planned, in delivery, delivered) that the listed rows add up to', async () => {
    type Listed = { status: string; cargo_quantity: number; real_cargo_quantity: number | null };
    const sumsOf = (rows: Listed[]) => ({
      sum_planned: rows.reduce((sum, row) => sum + row.cargo_quantity, 0),
      sum_in_delivery: rows.filter((r) => r.status === 'ON_THE_WAY').reduce((sum, r) => sum + r.cargo_quantity, 0),
      sum_delivered: rows
        .filter((r) => r.status === 'DELIVERED')
        .reduce((sum, r) => sum + (r.real_cargo_quantity ?? r.cargo_quantity), 0),
    });
    const filters = [
      {},
      { tab: 'active' },
      { status: ['DELIVERED'] },
      { purchase_supplier_code: ['AGRO-A'] },
      { registration_number: 'KR' },
    ];
    for (const filter of filters) {
      const body = (await api.list({ filter, limit: 50 })).json();
      expect(body.list.length).toBe(body.filtered);
      expect(body.total_data, JSON.stringify(filter)).toEqual(sumsOf(body.list));
    }
    // The page does not narrow the totals: they are the filtered rows', not the page's.
    const page = (await api.list({ limit: 1 })).json();
    expect(page.list).toHaveLength(1);
    expect(page.total_data.sum_planned).toBe(25_000 + 20_000 + 30_000 + 15_000);
    expect(page.total_data).toMatchObject({ sum_in_delivery: 20_000, sum_delivered: 29_000 });
    expect((await api.list({ search: 'nic takiego' })).json().total_data).toEqual({
      sum_planned: 0,
      sum_in_delivery: 0,
      sum_delivered: 0,
    });
  });

  it('refuses an unknown sort key or direction with INVALID_SORT_PARAMS', async () => {
    expectCode(await api.list({ order_by: 'driver_document_id' }), 400, 'INVALID_SORT_PARAMS');
    expectCode(await api.list({ order_by: 'id:sideways' }), 400, 'INVALID_SORT_PARAMS');
  });

  it('refuses unknown filter keys and values', async () => {
    const unknown = await api.list({ filter: { colour: 'red' } });
    expect(unknown.json().errors).toEqual([{ field: 'filter.colour', code: 'unknownField' }]);
    const tab = await api.list({ filter: { tab: 'archive' } });
    expect(tab.json().errors).toEqual([{ field: 'filter.tab', code: 'oneOf' }]);
  });

  it('takes GET with the filter as JSON text', async () => {
    const filter = encodeURIComponent(JSON.stringify({ tab: 'active', purchase_supplier_code: ['AGRO-A'] }));
    const response = await api.call('GET', `list?limit=10&offset=0&order_by=id:asc&filter=${filter}&search=a`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().list.map((row: Body) => row.id)).toEqual([seed.t1, seed.t2]);
  });

  it('answers every logistics column with real figures next to planned ones and the GMP warning', async () => {
    const rows: Body[] = (await api.list({ order_by: 'id:asc' })).json().list;
    const [first, second, third] = rows as Body[];
    expect(first).toMatchObject({
      status: 'NEW',
      purchase_supplier: { code: 'AGRO-A', is_gmp: true },
      sales_recipient: { code: 'MLYN-X', is_gmp: true },
      carrier_code: 'TRANS-1',
      carrier_name: 'Trans Jeden',
      is_gmp: true,
      gmp_not_satisfied: false,
      real_cargo_quantity: null,
    });
    expect(second).toMatchObject({ gmp_not_satisfied: true, confirmation_note: 'Odbiorca zgodził się' });
    expect(third).toMatchObject({
      status: 'DELIVERED',
      cargo_quantity: 30_000,
      real_cargo_quantity: 29_000,
      value: 450_000,
      real_value: 435_000,
      real_cargo_price: 101_050,
      unloading_date: '2026-03-12',
      deductions: 1_250,
    });
  });
});

describe('GET /api/transport/get-filter-option', () => {
  it('offers the suppliers, recipients, carriers, qualities and contracts that transports use', async () => {
    await insertContractor(t.db, { code: 'UNUSED', name: 'Nieużywany' });
    const response = await api.call('GET', 'get-filter-option');
    expect(response.statusCode, response.body).toBe(200);
    const options = response.json();
    expect(options.suppliers).toEqual([
      { value: 'AGRO-A', label: 'AGRO-A – Agro A' },
      { value: 'BIO-B', label: 'BIO-B – Bio B' },
    ]);
    expect(options.recipients.map((option: Body) => option.value)).toEqual(['MLYN-X', 'PASZE-Y']);
    expect(options.carriers.map((option: Body) => option.value)).toEqual(['LOGI-2', 'TRANS-1']);
    expect(options.qualities).toHaveLength(2);
    expect(options.purchase_document_numbers.map((option: Body) => option.value)).toContain(seed.pa);
    expect(options.sales_document_numbers.map((option: Body) => option.value)).toContain(seed.sy);
  });
});

describe('GET|POST /api/transport/filter-option-list', () => {
  const options = async (filter: Body, rest: Body = {}) => {
    const response = await api.call('POST', 'filter-option-list', { filter, ...rest });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { list: { value: string; label: string }[]; has_more: boolean };
  };

  it("searches one select's options on the server, among the values transports use", async () => {
    await insertContractor(t.db, { code: 'BIO-UNUSED', name: 'Bio nieużywany' });
    expect(await options({ field: 'suppliers' }, { search: 'bio' })).toEqual({
      list: [{ value: 'BIO-B', label: 'BIO-B – Bio B' }],
      has_more: false,
    });
    const numbers = await options({ field: 'purchase_document_numbers' });
    expect(numbers.list.map((option) => option.value)).toContain(String(seed.pa));
    expect((await options({ field: 'sales_document_numbers' }, { search: 'ZK/' })).list).toEqual([]);
  });

  it('pages: one row more than the page says whether another page follows', async () => {
    expect(await options({ field: 'carriers' }, { limit: 1 })).toEqual({
      list: [{ value: 'LOGI-2', label: 'LOGI-2 – Logistyka Dwa' }],
      has_more: true,
    });
    expect(await options({ field: 'carriers' }, { limit: 1, offset: 1 })).toEqual({
      list: [{ value: 'TRANS-1', label: 'TRANS-1 – Trans Jeden' }],
      has_more: false,
    });
  });

  it('answers the labels of exactly the chosen values, from GET with the filter as JSON', async () => {
    const filter = JSON.stringify({ field: 'sales_document_numbers', values: [String(seed.sy), 'x', '999999'] });
    const response = await api.call('GET', `filter-option-list?filter=${encodeURIComponent(filter)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().list).toEqual([{ value: String(seed.sy), label: expect.stringMatching(/^SP\//) }]);
  });

  it('refuses an unknown select with VALIDATION_ERROR', async () => {
    expectCode(await api.call('POST', 'filter-option-list', { filter: { field: 'drivers' } }), 400, 'VALIDATION_ERROR');
    expectCode(await api.call('POST', 'filter-option-list', {}), 400, 'VALIDATION_ERROR');
  });
});

describe('roles', () => {
  it('lets a USER plan, move, deliver and read transports', async () => {
    const user = await t.userWithRole('USER');
    const asUser = transportApi(t, () => user.token);
    expect((await asUser.list({})).statusCode).toBe(200);
    expect((await asUser.details(seed.t1)).statusCode).toBe(200);
    expect((await asUser.setStatus(seed.t1, 'ON_THE_WAY')).statusCode).toBe(200);
    expect((await asUser.deliver(seed.t1, deliveredBody())).statusCode).toBe(200);
    expect((await asUser.call('GET', 'get-filter-option')).statusCode).toBe(200);
    expect((await asUser.call('POST', 'filter-option-list', { filter: { field: 'carriers' } })).statusCode).toBe(200);
  });

  it('refuses a guest on every transport call with UNAUTHORIZED', async () => {
    const calls: [string, string][] = [
      ['POST', 'create'],
      ['POST', 'in-progress-create'],
      ['PUT', `update/${seed.t1}`],
      ['DELETE', `remove/${seed.t1}`],
      ['GET', `details/${seed.t1}`],
      ['GET', 'list'],
      ['POST', 'list'],
      ['GET', 'get-filter-option'],
      ['GET', 'filter-option-list'],
      ['POST', 'filter-option-list'],
      ['PATCH', 'update-status'],
      ['PATCH', `set-status-delivered/${seed.t2}`],
      ['GET', `check-if-can-be-set-on-the-way/${seed.t1}`],
      ['GET', 'contract-to-reallocate'],
      ['POST', 'contract-to-reallocate'],
      ['GET', 'purchase-contract-to-reallocate'],
      ['POST', 'purchase-contract-to-reallocate'],
      ['PATCH', 'reallocate'],
    ];
    for (const [method, url] of calls) {
      const response = await t.call({ method: method as 'GET', url: `/api/transport/${url}`, payload: {} });
      expect({ url, status: response.statusCode, code: response.json().message_code }).toEqual({
        url,
        status: 401,
        code: 'UNAUTHORIZED',
      });
    }
  });
});
