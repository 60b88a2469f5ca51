import { FILTERED_COUNT_CAP, lineValue, transportOrderNumber } from '@grain/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  codeOf,
  type Delivery,
  insertDeliveredTransport,
  okJson,
  PATHS,
  settlementApi,
} from '../../../test/fixtures/settlements.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { rowsOf } from '../../db/client.js';

let t: TestApp;
let token: string;
const api = () => settlementApi(t, () => token);
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
});
afterAll(() => t.close());

type Row = Record<string, unknown> & { id: number; type: string };
const ids = (body: { list: Row[] }) => body.list.map((row) => row.id);

describe('POST /api/settlement/transaction-list', () => {
  it('shows the three rows of a delivery with planned, real and final figures', async () => {
    const delivery = await insertDeliveredTransport(t.db, {
      purchase: { price: 123_456 },
      sale: { price: 140_000 },
      realKg: 24_537,
      plannedKg: 25_000,
      purchaseDeductions: 5_000,
      registrationNumber: 'PO 12345',
      trailerNumber: 'PO 67890',
    });
    const body = okJson(await api().list());
    expect(body.total).toBe(3);
    expect(body.filtered).toBe(3);
    const byType = Object.fromEntries(body.list.map((row: Row) => [row.type, row]));
    expect(byType.PURCHASE).toMatchObject({
      id: delivery.purchaseTx.id,
      status: 'TO_SETTLEMENT',
      contract_id: delivery.purchase.id,
      purchase_agreement_document_number: delivery.purchase.documentNumber,
      sales_agreement_document_number: delivery.sale.documentNumber,
      contractor_id: delivery.purchase.counterpartyId,
      transport_id: delivery.transport.id,
      unloading_id: delivery.unloading.id,
      registration_number: 'PO 12345',
      trailer_number: 'PO 67890',
      currency: 'PLN',
      planned_quantity: 25_000,
      real_quantity: 24_537,
      final_quantity: null,
      planned_price: 123_456,
      real_price: 123_456,
      final_price: null,
      // 25 000 kg × 1 234,56 zł/t = 30 864,00 zł; 24 537 kg × 1 234,56 zł/t = 30 292,39872 zł → 30 292,40 zł.
      planned_value: 3_086_400,
      real_value: 3_029_240,
      final_value: null,
      exchange_rate: 10_000,
      // What settling would write by default (list and settle form agree): real value − deductions.
      pln_value: 3_024_240,
      deductions: 5_000,
      surcharges: 0,
      details: 'Wilgotność 14,2 %',
      date_loading: '2026-03-02',
      date_unloading: '2026-03-04',
      payment_date: null,
      invoice_number: null,
      invoice_date: null,
      accounting_method: 'VAT',
      split_from_id: null,
      settled_at: null,
    });
    expect(byType.PURCHASE.planned_quality_title).toEqual(expect.any(String));
    expect(byType.PURCHASE.real_quality_title).toEqual(expect.any(String));
    expect(byType.PURCHASE.final_quality_title).toBeNull();
    expect(byType.SALES).toMatchObject({
      contract_id: delivery.sale.id,
      contractor_id: delivery.sale.counterpartyId,
      planned_price: 140_000,
      real_value: lineValue(24_537, 140_000),
      purchase_agreement_document_number: delivery.purchase.documentNumber,
    });
    expect(byType.TRANSPORT).toMatchObject({
      contract_id: null,
      contractor_id: delivery.carrierId,
      purchase_id: delivery.purchase.id,
      sales_id: delivery.sale.id,
      real_value: lineValue(24_537, 15_000),
    });
    expect(byType.PURCHASE.contractor_code).toEqual(expect.stringMatching(/^K\d+/));
  });

  it('leaves the PLN value of a EUR row empty until its rate is known', async () => {
    await insertDeliveredTransport(t.db, { purchase: { currency: 'EUR', price: 21_000 } });
    const body = okJson(await api().list({ filter: { type: 'purchase' } }));
    expect(body.list[0]).toMatchObject({ currency: 'EUR', exchange_rate: null, pln_value: null });
  });

  it('answers GET with the filter as JSON text, like POST', async () => {
    await insertDeliveredTransport(t.db);
    const response = await api().get(PATHS.list, { limit: '10', filter: JSON.stringify({ type: 'sales' }) });
    const body = okJson(response);
    expect(body.list.map((row: Row) => row.type)).toEqual(['SALES']);
    expect(body).toMatchObject({ filtered: 1, total: 3 });
  });

  it('pages with limit and offset and counts filtered and total from the same conditions', async () => {
    for (let n = 0; n < 4; n++) await insertDeliveredTransport(t.db);
    const first = okJson(await api().list({ limit: 10, offset: 0, filter: { type: 'transport' } }));
    const second = okJson(await api().list({ limit: 10, offset: 10 }));
    expect(first).toMatchObject({ filtered: 4, total: 12 });
    expect(first.list).toHaveLength(4);
    expect(second.list).toHaveLength(2);
  });

  it('answers a tab page with its counts from one statement, on every page and past the last', async () => {
    for (let n = 0; n < 3; n++) await insertDeliveredTransport(t.db);
    const sales = { filter: { type: 'sales' } };
    const first = okJson(await api().list({ ...sales, limit: 2, offset: 0 }));
    const second = okJson(await api().list({ ...sales, limit: 2, offset: 2 }));
    expect(first).toMatchObject({ filtered: 3, total: 9 });
    expect(second).toMatchObject({ filtered: 3, total: 9 });
    expect([...ids(first), ...ids(second)]).toHaveLength(3);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(3);
    expect(Object.keys(first.list[0])).not.toContain('list_total');
    expect(okJson(await api().list({ ...sales, limit: 2, offset: 4 }))).toMatchObject({
      list: [],
      filtered: 3,
      total: 9,
    });
  });
});

describe('statement filters', () => {
  let a: Delivery;
  let b: Delivery;
  beforeEach(async () => {
    a = await insertDeliveredTransport(t.db, {
      dateLoading: '2026-02-01',
      unloadingDate: '2026-02-03',
      registrationNumber: 'WA 11111',
    });
    b = await insertDeliveredTransport(t.db, {
      dateLoading: '2026-05-01',
      unloadingDate: '2026-05-02',
      registrationNumber: 'KR 22222',
    });
    okJson(
      await api().setPurchaseInvoice(b.purchaseTx.id, { invoice_number: 'FV/777/2026', payment_date: '2026-06-15' }),
    );
    okJson(await api().settle(PATHS.settlePurchase, b.purchaseTx.id));
  });

  it.each([
    ['all', 6],
    ['purchase', 2],
    ['sales', 2],
    ['transport', 2],
    ['settled', 1],
    ['to_settlement', 5],
  ])('type %s keeps %i rows', async (type, count) => {
    const body = okJson(await api().list({ filter: { type } }));
    expect(body.filtered).toBe(count);
    expect(body.total).toBe(6);
    if (type === 'settled') expect(ids(body)).toEqual([b.purchaseTx.id]);
  });

  it('answers totals of the filtered rows (tonnes, net and gross per currency) that the listed rows add up to', async () => {
    type Listed = Row & {
      currency: string;
      final_quantity: number | null;
      real_quantity: number | null;
      planned_quantity: number | null;
      net_value: number;
      gross_value: number | null;
    };
    for (const [filter, search] of [
      [{}, ''],
      [{ type: 'purchase' }, ''],
      [{ type: 'settled' }, ''],
      [{}, 'KR'],
    ] as const) {
      const body = okJson(await api().list({ filter, search, limit: 50 }));
      const rows = body.list as Listed[];
      expect(rows.length).toBe(body.filtered);
      const byCurrency = new Map<string, { sum_net: number; sum_gross: number; without_vat: number }>();
      for (const row of rows) {
        const sums = byCurrency.get(row.currency) ?? { sum_net: 0, sum_gross: 0, without_vat: 0 };
        sums.sum_net += row.net_value;
        if (row.gross_value === null) sums.without_vat += 1;
        else sums.sum_gross += row.gross_value;
        byCurrency.set(row.currency, sums);
      }
      const quantity = rows.reduce(
        (sum, row) => sum + (row.final_quantity ?? row.real_quantity ?? row.planned_quantity ?? 0),
        0,
      );
      expect(body.total_data, JSON.stringify([filter, search])).toEqual({
        sum_quantity: quantity,
        by_currency: [...byCurrency].map(([currency, sums]) => ({ currency, ...sums })),
      });
    }
    // A filter narrows the totals as it narrows the rows.
    const settled = okJson(await api().list({ filter: { type: 'settled' } }));
    const all = okJson(await api().list({}));
    expect(settled.total_data.sum_quantity).toBeLessThan(all.total_data.sum_quantity);
  });

  it('answers no totals past the capped count, for the whole statement and a tab alone as for a search', async () => {
    const columns = await t.db.execute(sql`select string_agg(quote_ident(column_name), ', ') as cols
      from information_schema.columns
      where table_schema = current_schema() and table_name = 'transactions' and column_name <> 'id'
        and is_generated = 'NEVER'`);
    const copied = sql.raw(rowsOf<{ cols: string }>(columns)[0]!.cols);
    await t.db.execute(sql`insert into transactions (${copied}) select ${copied} from transactions,
      generate_series(1, ${FILTERED_COUNT_CAP}) where id = ${a.purchaseTx.id}`);
    const bySupplier = { filter: { contractor_id: [a.purchase.counterpartyId] } };
    for (const request of [{}, { filter: { type: 'purchase' } }, bySupplier]) {
      expect(okJson(await api().list(request)).total_data, JSON.stringify(request)).toBeNull();
    }
    // The filtered list's count comes from its totals' statement (they count the matches up to the cap first).
    expect(okJson(await api().list(bySupplier))).toMatchObject({ filtered: FILTERED_COUNT_CAP, filtered_capped: true });
    const pastCap = await api().list({ ...bySupplier, offset: FILTERED_COUNT_CAP });
    expect(pastCap.statusCode, pastCap.body).toBe(400);
    expect(pastCap.json().errors).toEqual([{ field: 'offset', code: 'pastCappedCount' }]);
    const narrower = { filter: { contractor_id: [a.purchase.counterpartyId], type: 'sales' } };
    expect(okJson(await api().list(narrower))).toMatchObject({ filtered: 0, total_data: { sum_quantity: 0 } });
    // A tab the counters know to be small is still summed.
    expect(okJson(await api().list({ filter: { type: 'sales' } })).total_data).not.toBeNull();
  });

  it('refuses an unknown type with 400 VALIDATION_ERROR on filter.type', async () => {
    const response = await api().list({ filter: { type: 'paid' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'filter.type', code: 'oneOf' }]);
  });

  it('filters by contractor, transport and date ranges', async () => {
    const byContractor = okJson(await api().list({ filter: { contractor_id: [a.sale.counterpartyId] } }));
    expect(ids(byContractor)).toEqual([a.salesTx.id]);
    const byTransport = okJson(await api().list({ filter: { transport_id: b.transport.id } }));
    expect(ids(byTransport).sort()).toEqual([b.purchaseTx.id, b.salesTx.id, b.transportTx.id].sort());
    const loadedInFebruary = okJson(
      await api().list({ filter: { date_loading: { from: '2026-02-01', to: '2026-02-28' } } }),
    );
    expect(loadedInFebruary.filtered).toBe(3);
    const unloadedFromMay = okJson(await api().list({ filter: { date_unloading: { from: '2026-05-01' } } }));
    expect(unloadedFromMay.filtered).toBe(3);
    const paidInJune = okJson(await api().list({ filter: { payment_date: { from: '2026-06-01', to: '2026-06-30' } } }));
    expect(ids(paidInJune)).toEqual([b.purchaseTx.id]);
  });

  it('refuses a transport id that is not a positive whole number with 400 VALIDATION_ERROR', async () => {
    for (const transportId of [0, -3, 1.5, 'abc']) {
      const response = await api().list({ filter: { transport_id: transportId } });
      expect(response.statusCode).toBe(400);
      expect(codeOf(response)).toBe('VALIDATION_ERROR');
      expect(response.json().errors[0].field).toBe('filter.transport_id');
    }
  });

  it('refuses a date range whose from is after its to', async () => {
    const response = await api().list({ filter: { date_loading: { from: '2026-03-01', to: '2026-02-01' } } });
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe('VALIDATION_ERROR');
  });

  it('searches document numbers, contractor code and name, registration and invoice numbers, and ids', async () => {
    const search = async (term: string) => ids(okJson(await api().list({ search: term, limit: 50 }))).sort();
    const all = (d: Delivery) => [d.purchaseTx.id, d.salesTx.id, d.transportTx.id].sort();
    expect(await search(a.purchase.documentNumber)).toEqual(all(a));
    expect(await search(b.sale.documentNumber.toLowerCase())).toEqual(all(b));
    expect(await search('wa 111')).toEqual(all(a));
    expect(await search('777/2026')).toEqual([b.purchaseTx.id]);
    const supplier = okJson(await api().list({ search: 'Kontrahent', limit: 50 }));
    expect(supplier.filtered).toBe(6);
    const carrierCode = b.transportTx.contractorId;
    const carrier = await t.db.query.contractors.findFirst({ where: (c, { eq }) => eq(c.id, carrierCode) });
    expect(await search(carrier!.code)).toEqual([b.transportTx.id]);
    expect(await search(String(b.transport.id))).toEqual(expect.arrayContaining(all(b)));
    expect(await search('%')).toEqual([]);
  });

  it("finds a transport's rows by its order number ZT/<year>/<id>, not under another year", async () => {
    const search = async (term: string) => ids(okJson(await api().list({ search: term, limit: 50 }))).sort();
    const { createdAt } = (await t.db.query.transports.findFirst({
      where: (tr, { eq }) => eq(tr.id, b.transport.id),
    }))!;
    const number = transportOrderNumber(b.transport.id, createdAt);
    expect(await search(number)).toEqual([b.purchaseTx.id, b.salesTx.id, b.transportTx.id].sort());
    expect(await search(number.toLowerCase().replace(/^zt/, 'zt '))).toHaveLength(3);
    const otherYear = transportOrderNumber(b.transport.id, `${Number(createdAt.slice(0, 4)) - 1}-01-01`);
    expect(await search(otherYear)).toEqual([]);
  });
});

describe('statement sort', () => {
  it('sorts by id descending unless told otherwise', async () => {
    await insertDeliveredTransport(t.db);
    await insertDeliveredTransport(t.db);
    const body = okJson(await api().list());
    const listed = ids(body);
    expect(listed).toEqual([...listed].sort((x, y) => y - x));
  });

  it.each([
    'contractor_code',
    'transport_id',
    'registration_number',
    'trailer_number',
    'date_loading',
    'date_unloading',
    'id',
  ])('sorts by %s both ways (the answer field of the same name)', async (key) => {
    await insertDeliveredTransport(t.db, {
      registrationNumber: 'BB 2',
      trailerNumber: 'ZZ 1',
      dateLoading: '2026-04-01',
      unloadingDate: '2026-04-05',
    });
    await insertDeliveredTransport(t.db, {
      registrationNumber: 'AA 1',
      trailerNumber: 'YY 9',
      dateLoading: '2026-01-01',
      unloadingDate: '2026-01-02',
    });
    const values = async (direction: string) =>
      okJson(await api().list({ order_by: `${key}:${direction}` })).list.map((row: Row) => row[key]);
    const ascending = await values('asc');
    const compare = (x: unknown, y: unknown) => (String(x).padStart(12, '0') < String(y).padStart(12, '0') ? -1 : 1);
    const sortedCopy = (list: unknown[]) => [...list].sort((x, y) => (x === y ? 0 : compare(x, y)));
    expect(ascending).toEqual(sortedCopy(ascending));
    expect(await values('desc')).toEqual(sortedCopy(ascending).reverse());
  });

  it('sorts by payment date with rows without one after those with one (ascending)', async () => {
    const d = await insertDeliveredTransport(t.db);
    okJson(await api().setSalesInvoice(d.salesTx.id, { payment_date: '2026-05-01' }));
    okJson(await api().setPurchaseInvoice(d.purchaseTx.id, { payment_date: '2026-04-01' }));
    const body = okJson(await api().list({ order_by: 'payment_date:asc' }));
    expect(body.list.map((row: Row) => row.payment_date)).toEqual(['2026-04-01', '2026-05-01', null]);
  });

  it('sorts by invoice number and by invoice date, rows without an invoice last (ascending)', async () => {
    const d = await insertDeliveredTransport(t.db);
    okJson(
      await api().setSalesInvoice(d.salesTx.id, {
        invoice_number: 'FV/2/2026',
        invoice_date: '2026-04-01',
        payment_date: '2026-06-30',
      }),
    );
    okJson(
      await api().setPurchaseInvoice(d.purchaseTx.id, {
        invoice_number: 'FV/1/2026',
        invoice_date: '2026-05-01',
        payment_date: '2026-06-30',
      }),
    );
    const byNumber = okJson(await api().list({ order_by: 'invoice_number:asc' }));
    expect(byNumber.list.map((row: Row) => row.invoice_number)).toEqual(['FV/1/2026', 'FV/2/2026', null]);
    const byDate = okJson(await api().list({ order_by: 'invoice_date:desc' }));
    expect(byDate.list.map((row: Row) => row.invoice_date)).toEqual([null, '2026-05-01', '2026-04-01']);
  });

  it('refuses an unknown sort key with 400 INVALID_SORT_PARAMS', async () => {
    for (const orderBy of ['value', 'pln_value:asc', 'id:sideways']) {
      const response = await api().list({ order_by: orderBy });
      expect(response.statusCode).toBe(400);
      expect(codeOf(response)).toBe('INVALID_SORT_PARAMS');
    }
  });
});
