import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deliveredBody,
  figureLines,
  type Pair,
  seedPair,
  transportApi,
  transportBody,
} from '../../../test/fixtures/transports.js';
import { firstQualityOf } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { contractors, contracts, transactions, transports, unloadings } from '../../db/schema/index.js';

let t: TestApp;
let token: string;
let api: ReturnType<typeof transportApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = transportApi(t, () => token);
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
});
afterAll(() => t.close());

function expectCode(
  response: { statusCode: number; json: () => { message_code: string } },
  status: number,
  code: string,
) {
  expect({ status: response.statusCode, code: response.json().message_code }).toEqual({ status, code });
}

/** 24 510 kg x 1 010,50 PLN/t = 24 767,355 PLN: a half grosz that rounds away from zero. */
const REAL = { real_cargo_quantity: 24_510, real_cargo_price: 101_050 };

describe('PATCH /api/transport/set-status-delivered/:id', () => {
  let pair: Pair;
  beforeEach(async () => {
    pair = await seedPair(t.db, { sale: { currency: 'EUR', price: 23_500 } });
    await t.db
      .update(contractors)
      .set({ accountingMethod: 'RR' })
      .where(eq(contractors.id, await supplierOf(pair)));
  });

  async function supplierOf(p: Pair) {
    const [row] = await t.db
      .select({ id: contracts.counterpartyId })
      .from(contracts)
      .where(eq(contracts.id, p.purchaseId));
    return row!.id;
  }

  it('creates one unloading and answers the transport DELIVERED with real next to planned values', async () => {
    const id = await api.createId(transportBody(pair, { price_per_ton: 15_033 }), true);
    const response = await api.deliver(id, deliveredBody(REAL));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      status: 'DELIVERED',
      cargo_quantity: 25_000,
      value: 375_825,
      unloading_date: '2026-03-05',
      real_cargo_quantity: 24_510,
      real_cargo_price: 101_050,
      real_cargo_value: 2_476_736,
      real_cargo_quality_id: null,
      real_transport_price: 15_033,
      real_value: 368_459,
      deductions: 1_250,
      details: 'Wilgotność 14,8%',
    });
    const rows = await t.db.select().from(unloadings);
    expect(rows).toMatchObject([{ transportId: id, realCargoQuantityKg: 24_510, realCargoPrice: 101_050 }]);
  });

  it('writes the PURCHASE, SALES and TRANSPORT transactions in TO_SETTLEMENT, rounded to minor units', async () => {
    const id = await api.createId(transportBody(pair, { price_per_ton: 15_033 }), true);
    await api.deliver(id, deliveredBody(REAL));
    const [unloading] = await t.db.select().from(unloadings);
    const quality = await firstQualityOf(t.db);
    const rows = await t.db.select().from(transactions).orderBy(asc(transactions.id));
    const common = {
      status: 'TO_SETTLEMENT',
      transportId: id,
      unloadingId: unloading!.id,
      plannedQuantityKg: 25_000,
      realQuantityKg: 24_510,
      details: 'Wilgotność 14,8%',
      dateLoading: '2026-03-02',
      dateUnloading: '2026-03-05',
      finalQuantityKg: null,
      finalPrice: null,
      finalValue: null,
      invoiceNumber: null,
    };
    expect(rows).toMatchObject([
      {
        ...common,
        kind: 'PURCHASE',
        contractId: pair.purchaseId,
        currency: 'PLN',
        plannedQualityId: quality,
        realQualityId: quality,
        plannedPrice: 100_000,
        realPrice: 101_050,
        plannedValue: 2_500_000,
        realValue: 2_476_736,
        exchangeRate: 10_000,
        plnValue: 2_476_736,
        deductions: 1_250,
        accountingMethod: 'RR',
      },
      {
        ...common,
        kind: 'SALES',
        contractId: pair.salesId,
        currency: 'EUR',
        plannedQualityId: quality,
        realQualityId: quality,
        plannedPrice: 23_500,
        realPrice: 23_500,
        plannedValue: 587_500,
        realValue: 575_985,
        exchangeRate: null,
        plnValue: null,
        // The spec's deductions field is the PLN purchase side's: never copied onto the EUR row (RULES.md Invoices).
        deductions: 0,
        accountingMethod: 'VAT',
      },
      {
        ...common,
        kind: 'TRANSPORT',
        contractId: null,
        contractorId: pair.carrierId,
        currency: 'PLN',
        plannedQualityId: null,
        realQualityId: null,
        plannedPrice: 15_033,
        realPrice: 15_033,
        plannedValue: 375_825,
        realValue: 368_459,
        exchangeRate: 10_000,
        plnValue: 368_459,
        deductions: 0,
        accountingMethod: 'VAT',
      },
    ]);
    expect(rows[0]!.contractorId).toBe(await supplierOf(pair));
  });

  it('moves the planned kg out of in_delivery and the real kg into delivered on the pair and both contracts', async () => {
    const id = await api.createId(transportBody(pair), true);
    await api.createId(transportBody(pair, { cargo_quantity: 10_000 }), true);
    await api.deliver(id, deliveredBody(REAL));
    expect(await figureLines(t.db, pair.purchaseId, pair.salesId)).toEqual({
      allocation: [100_000, 10_000, 1, 24_510],
      purchase: [100_000, 10_000, 1, 24_510],
      sale: [100_000, 10_000, 1, 24_510],
    });
  });

  it('records the real quality when given and refuses one of another raw material', async () => {
    const id = await api.createId(transportBody(pair), true);
    const rye = await firstQualityOf(t.db, 5);
    expectCode(
      await api.deliver(id, deliveredBody({ real_cargo_quality_id: rye })),
      404,
      'RAW_MATERIAL_QUALITY_RELATION_NOT_FOUND',
    );
    const wheat = await firstQualityOf(t.db, 1);
    const response = await api.deliver(id, deliveredBody({ real_cargo_quality_id: wheat }));
    expect(response.json()).toMatchObject({
      real_cargo_quality_id: wheat,
      real_cargo_quality_title: expect.any(String),
    });
  });

  it('refuses a second delivery, and a delivery that is not ON_THE_WAY, with WRONG_STATUS', async () => {
    const id = await api.createId(transportBody(pair), true);
    expect((await api.deliver(id, deliveredBody())).statusCode).toBe(200);
    expectCode(await api.deliver(id, deliveredBody()), 409, 'WRONG_STATUS');
    const planned = await api.createId(transportBody(pair));
    expectCode(await api.deliver(planned, deliveredBody()), 409, 'WRONG_STATUS');
    expect(await t.db.select().from(unloadings)).toHaveLength(1);
    expect(await t.db.select().from(transactions)).toHaveLength(3);
  });

  it('maps the unique unloading per transport to WRONG_STATUS and leaves nothing half-written', async () => {
    const id = await api.createId(transportBody(pair), true);
    await t.db.insert(unloadings).values({
      transportId: id,
      unloadingDate: '2026-03-05',
      realCargoQuantityKg: 1,
      realCargoPrice: 1,
    });
    expectCode(await api.deliver(id, deliveredBody()), 409, 'WRONG_STATUS');
    const [row] = await t.db.select({ status: transports.status }).from(transports).where(eq(transports.id, id));
    expect(row?.status).toBe('ON_THE_WAY');
    expect(await t.db.select().from(transactions)).toHaveLength(0);
    expect(await figureLines(t.db, pair.purchaseId, pair.salesId)).toMatchObject({
      allocation: [100_000, 25_000, 1, 0],
    });
  });

  it('accepts a real quantity above what the pair has room for, growing its allocation', async () => {
    const small = await seedPair(t.db, { allocationKg: 50_000 });
    const id = await api.createId(transportBody(small), true);
    await api.createId(transportBody(small));
    expect((await api.deliver(id, deliveredBody({ real_cargo_quantity: 25_001 }))).statusCode).toBe(200);
    expect(await figureLines(t.db, small.purchaseId, small.salesId)).toMatchObject({
      allocation: [50_001, 0, 0, 25_001],
      purchase: [50_001, 0, 0, 25_001],
      sale: [50_001, 0, 0, 25_001],
    });
  });

  it('counts delivered kg against the allocation for later transports', async () => {
    const small = await seedPair(t.db, { allocationKg: 50_000 });
    const id = await api.createId(transportBody(small), true);
    await api.deliver(id, deliveredBody({ real_cargo_quantity: 30_000 }));
    expectCode(await api.create(transportBody(small, { cargo_quantity: 20_001 })), 409, 'TRANSPORT_QUANTITY_IS_TO_BIG');
    expect((await api.create(transportBody(small, { cargo_quantity: 20_000 }))).statusCode).toBe(200);
  });

  it('accepts a real quantity of 0 (nothing arrived) with zero real values', async () => {
    const id = await api.createId(transportBody(pair), true);
    const response = await api.deliver(id, deliveredBody({ real_cargo_quantity: 0 }));
    expect(response.json()).toMatchObject({ status: 'DELIVERED', real_cargo_quantity: 0, real_value: 0 });
    expect(await figureLines(t.db, pair.purchaseId, pair.salesId)).toMatchObject({ sale: [100_000, 0, 0, 0] });
  });

  it('validates the delivered form', async () => {
    const id = await api.createId(transportBody(pair), true);
    const early = await api.deliver(id, deliveredBody({ unloading_date: '2026-03-01' }));
    expectCode(early, 400, 'VALIDATION_ERROR');
    expect(early.json().errors).toEqual([{ field: 'unloading_date', code: 'dateUnloadingIsBefore' }]);
    const invalid = await api.deliver(id, deliveredBody({ real_cargo_price: -1, unloading_date: undefined }));
    expect(invalid.json().errors).toEqual([
      { field: 'unloading_date', code: 'required' },
      { field: 'real_cargo_price', code: 'nonNegative' },
    ]);
  });

  it('makes the delivered transport read-only', async () => {
    const id = await api.createId(transportBody(pair), true);
    await api.deliver(id, deliveredBody());
    expectCode(await api.update(id, transportBody(pair)), 409, 'NOT_EDITABLE_TRANSPORT');
    expectCode(await api.setStatus(id, 'ON_THE_WAY'), 409, 'WRONG_STATUS');
  });

  it('answers 404 TRANSPORT_NOT_FOUND', async () => {
    expectCode(await api.deliver(9999, deliveredBody()), 404, 'TRANSPORT_NOT_FOUND');
  });
});
