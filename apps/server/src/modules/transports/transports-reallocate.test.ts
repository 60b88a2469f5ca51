import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Body,
  deliveredBody,
  figureLines,
  type Pair,
  redirectBody,
  seedPair,
  transportApi,
  transportBody,
} from '../../../test/fixtures/transports.js';
import { type ContractFixture, insertAllocation, insertContract } from '../../../test/fixtures.js';
import { ADMIN_EMAIL, createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { advisoryLocksAfterRowLocks, inLockOrder, lockedTables, recordingDb } from '../../../test/lock-order.js';
import { transportCopies } from '../../db/copies.js';
import { allocations, auditLog, transports, users } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { reallocateTransport } from './service/reallocate.js';

let t: TestApp;
let token: string;
let api: ReturnType<typeof transportApi>;
let pair: Pair;
beforeAll(async () => {
  t = await createTestApp();
  api = transportApi(t, () => token);
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
  // The purchase has room for the extra pairs the cases allocate to it (the database holds the tolerance limit).
  pair = await seedPair(t.db, { purchase: { cargoQuantityKg: 200_000 } });
});
afterAll(() => t.close());

function expectCode(
  response: { statusCode: number; json: () => { message_code: string } },
  status: number,
  code: string,
) {
  expect({ status: response.statusCode, code: response.json().message_code }).toEqual({ status, code });
}

const newSale = (values: Partial<ContractFixture> = {}) => insertContract(t.db, { type: 'SALES', ...values });

describe('PATCH /api/transport/reallocate', () => {
  it("locks in the global order: the contracts, both pairs' allocations, then the transport (db/locks.ts)", async () => {
    const id = await api.createId(transportBody(pair), true);
    const target = await newSale();
    await insertAllocation(t.db, pair.purchaseId, target.id, 10_000);
    const { db, statements } = recordingDb(t.db);
    const [admin] = await t.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    const ctx = { db, user: admin, config: t.config, log: t.app.log } as unknown as Ctx;

    await reallocateTransport(ctx, {
      transportId: id,
      newSalesId: target.id,
      dateUnloading: '2026-03-06',
      cargoQuantity: 25_000,
      pricePerTon: 17_500,
      comment: null,
      confirmationNote: null,
      doubleBookingNote: null,
    });

    const tables = lockedTables(statements);
    expect(tables).toEqual(['contracts', 'allocations', 'transports']);
    expect(tables).toEqual(inLockOrder(tables));
    // RULES.md Transports: the truck and driver advisory locks come after every row lock, as on create and edit.
    expect(advisoryLocksAfterRowLocks(statements)).toBe(2);
    expect(await figureLines(t.db, pair.purchaseId, target.id)).toMatchObject({ allocation: [35_000, 25_000, 1, 0] });
  });

  it('moves an ON_THE_WAY transport, its allocated kg and its in_delivery share to a new pair', async () => {
    const id = await api.createId(transportBody(pair), true);
    const target = await newSale({ city: 'Gdańsk' });
    const response = await api.reallocate(redirectBody(id, target.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      status: 'ON_THE_WAY',
      sales_id: target.id,
      date_unloading: '2026-03-06',
      price_per_ton: 17_500,
      comment: 'Przekierowany do Gdańska',
      unloading_address_full: 'Gdańsk',
      sales_recipient: { document_number: target.documentNumber },
    });
    expect(await figureLines(t.db, pair.purchaseId, pair.salesId)).toEqual({
      allocation: [75_000, 0, 0, 0],
      purchase: [100_000, 25_000, 1, 0],
      sale: [75_000, 0, 0, 0],
    });
    expect(await figureLines(t.db, pair.purchaseId, target.id)).toEqual({
      allocation: [25_000, 25_000, 1, 0],
      purchase: [100_000, 25_000, 1, 0],
      sale: [25_000, 25_000, 1, 0],
    });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'reallocate'));
    expect(entries).toMatchObject([{ entity: 'transport', entityId: id, changes: { salesId: { to: target.id } } }]);
  });

  it('grows an existing allocation of the new pair, and the figures follow the delivery there', async () => {
    const id = await api.createId(transportBody(pair), true);
    const target = await newSale();
    await insertAllocation(t.db, pair.purchaseId, target.id, 40_000);
    expect((await api.reallocate(redirectBody(id, target.id))).statusCode).toBe(200);
    expect(await figureLines(t.db, pair.purchaseId, target.id)).toMatchObject({
      allocation: [65_000, 25_000, 1, 0],
      sale: [65_000, 25_000, 1, 0],
    });
    await api.deliver(id, deliveredBody({ real_cargo_quantity: 24_000 }));
    expect(await figureLines(t.db, pair.purchaseId, target.id)).toEqual({
      allocation: [65_000, 0, 0, 24_000],
      purchase: [140_000, 0, 0, 24_000],
      sale: [65_000, 0, 0, 24_000],
    });
    expect(await figureLines(t.db, pair.purchaseId, pair.salesId)).toMatchObject({ sale: [75_000, 0, 0, 0] });
  });

  it('removes the old pair allocation when the whole of it moves', async () => {
    const exact = await seedPair(t.db, { allocationKg: 25_000 });
    const id = await api.createId(transportBody(exact), true);
    const target = await newSale();
    expect((await api.reallocate(redirectBody(id, target.id))).statusCode).toBe(200);
    expect(await figureLines(t.db, exact.purchaseId, exact.salesId)).toMatchObject({
      allocation: null,
      sale: [0, 0, 0, 0],
    });
    const removed = await t.db.select().from(allocations).where(eq(allocations.id, exact.allocationId));
    expect(removed).toHaveLength(0);
  });

  for (const status of ['NEW', 'DELIVERED', 'CANCELLED'] as const) {
    it(`refuses a ${status} transport with NOT_REALLOCATABLE_TRANSPORT`, async () => {
      const id = await api.createId(transportBody(pair), status !== 'NEW');
      if (status === 'DELIVERED') await api.deliver(id, deliveredBody());
      if (status === 'CANCELLED') await api.setStatus(id, 'CANCELLED');
      const target = await newSale();
      expectCode(await api.reallocate(redirectBody(id, target.id)), 409, 'NOT_REALLOCATABLE_TRANSPORT');
    });
  }

  it('refuses a sale of another raw material with CONTRACT_IS_NOT_COMPATIBLE', async () => {
    const id = await api.createId(transportBody(pair), true);
    const maize = await newSale({ rawMaterialId: 2 });
    expectCode(await api.reallocate(redirectBody(id, maize.id)), 409, 'CONTRACT_IS_NOT_COMPATIBLE');
  });

  it('refuses a sale that is not NEW, NEXT_SEASON or ACTIVE with WRONG_STATUS', async () => {
    const id = await api.createId(transportBody(pair), true);
    const settling = await newSale({ status: 'TO_SETTLEMENT' });
    expectCode(await api.reallocate(redirectBody(id, settling.id)), 409, 'WRONG_STATUS');
    const nextSeason = await newSale({ status: 'NEXT_SEASON' });
    expect((await api.reallocate(redirectBody(id, nextSeason.id))).statusCode).toBe(200);
  });

  it('refuses a move past the new sale upper tolerance limit with ALLOCATE_QUANTITY_IS_TO_BIG', async () => {
    const id = await api.createId(transportBody(pair), true);
    const plain = await newSale({ cargoQuantityKg: 24_999 });
    expectCode(await api.reallocate(redirectBody(id, plain.id)), 409, 'ALLOCATE_QUANTITY_IS_TO_BIG');
    const percent = { cargoQuantityKg: 20_000, isTolerance: true, toleranceUnit: 'PERCENT' as const };
    const tooLittle = await newSale({ ...percent, toleranceQuantity: 2_499 });
    expectCode(await api.reallocate(redirectBody(id, tooLittle.id)), 409, 'ALLOCATE_QUANTITY_IS_TO_BIG');
    const enough = await newSale({ ...percent, toleranceQuantity: 2_500 });
    expect((await api.reallocate(redirectBody(id, enough.id))).statusCode).toBe(200);
  });

  it('counts the new sale allocations on other purchases against its limit, in tonnes tolerance too', async () => {
    const id = await api.createId(transportBody(pair), true);
    const target = await newSale({
      cargoQuantityKg: 30_000,
      isTolerance: true,
      toleranceUnit: 'T',
      toleranceQuantity: 4_999,
    });
    const otherPurchase = await insertContract(t.db, { type: 'PURCHASE' });
    await insertAllocation(t.db, otherPurchase.id, target.id, 10_000);
    expectCode(await api.reallocate(redirectBody(id, target.id)), 409, 'ALLOCATE_QUANTITY_IS_TO_BIG');
  });

  it('applies the GMP note rule to the new sale (GMP_NOT_SATISFIED)', async () => {
    const id = await api.createId(transportBody(pair), true);
    const gmpSale = await newSale({ isGmp: true });
    await insertAllocation(t.db, pair.purchaseId, gmpSale.id, 30_000);
    expectCode(await api.reallocate(redirectBody(id, gmpSale.id)), 409, 'GMP_NOT_SATISFIED');
    const response = await api.reallocate(redirectBody(id, gmpSale.id, { confirmation_note: 'Odbiorca akceptuje' }));
    expect(response.json()).toMatchObject({ gmp_not_satisfied: true, confirmation_note: 'Odbiorca akceptuje' });
  });

  it('asks for a note when the new pair is created and the sale needs a certificate the purchase lacks', async () => {
    const id = await api.createId(transportBody(pair), true);
    const certSale = await newSale({ isCert: true });
    expectCode(await api.reallocate(redirectBody(id, certSale.id)), 409, 'GMP_CERT_NOT_SATISFIED');
    const response = await api.reallocate(redirectBody(id, certSale.id, { confirmation_note: 'Bez certyfikatu, ok' }));
    expect(response.statusCode).toBe(200);
    const [created] = await t.db
      .select()
      .from(allocations)
      .where(and(eq(allocations.purchaseId, pair.purchaseId), eq(allocations.salesId, certSale.id)));
    expect(created?.confirmationNote).toBe('Bez certyfikatu, ok');
  });

  it('refuses with TRANSPORT_QUANTITY_IS_TO_BIG when the new pair cannot carry what it already has plus the transport', async () => {
    const id = await api.createId(transportBody(pair), true);
    const target = await newSale();
    await insertAllocation(t.db, pair.purchaseId, target.id, 10_000);
    // Written past the service to give the new pair more planned kg than its allocation.
    await t.db.insert(transports).values({
      purchaseId: pair.purchaseId,
      salesId: target.id,
      carrierId: pair.carrierId,
      cargoQuantityKg: 10_001,
      dateLoading: '2026-03-01',
      dateUnloading: '2026-03-02',
      ...transportCopies({ purchaseId: pair.purchaseId, salesId: target.id, carrierId: pair.carrierId }),
    });
    expectCode(await api.reallocate(redirectBody(id, target.id)), 409, 'TRANSPORT_QUANTITY_IS_TO_BIG');
  });

  it('refuses the current sale, a changed quantity and an unloading before loading', async () => {
    const id = await api.createId(transportBody(pair), true);
    const target = await newSale();
    const same = await api.reallocate(redirectBody(id, pair.salesId));
    expectCode(same, 400, 'VALIDATION_ERROR');
    expect(same.json().errors).toEqual([{ field: 'new_sales_id', code: 'chooseItem' }]);
    const quantity = await api.reallocate(redirectBody(id, target.id, { cargo_quantity: 20_000 }));
    expectCode(quantity, 400, 'VALUE_IS_WRONG');
    const early = await api.reallocate(redirectBody(id, target.id, { date_unloading: '2026-03-01' }));
    expect(early.json().errors).toEqual([{ field: 'date_unloading', code: 'dateUnloadingIsBefore' }]);
    const price = await api.reallocate(redirectBody(id, target.id, { price_per_ton: 0 }));
    expect(price.json().errors).toEqual([{ field: 'price_per_ton', code: 'positive' }]);
  });

  it('answers CONTRACT_NOT_FOUND for a new sale that is not a sale and TRANSPORT_NOT_FOUND for a missing transport', async () => {
    const id = await api.createId(transportBody(pair), true);
    expectCode(await api.reallocate(redirectBody(id, pair.purchaseId)), 404, 'CONTRACT_NOT_FOUND');
    expectCode(await api.reallocate(redirectBody(id, 9999)), 404, 'CONTRACT_NOT_FOUND');
    expectCode(await api.reallocate(redirectBody(9999, pair.salesId + 1)), 404, 'TRANSPORT_NOT_FOUND');
  });
});

describe('GET|POST /api/transport/contract-to-reallocate', () => {
  it('lists sales of the same raw material open for allocation, without the current one', async () => {
    const open = await newSale({
      cargoQuantityKg: 50_000,
      isTolerance: true,
      toleranceUnit: 'T',
      toleranceQuantity: 2_000,
    });
    await newSale({ rawMaterialId: 2 });
    await newSale({ status: 'TO_SETTLEMENT' });
    await newSale({ status: 'CANCELLED' });
    await insertContract(t.db, { type: 'PURCHASE' });
    const response = await api.call('POST', 'contract-to-reallocate', { filter: { current_sales_id: pair.salesId } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      filtered: 1,
      total: 1,
      list: [{ id: open.id, cargo_quantity: 50_000, allocated: 0, to_allocate: 50_000, tolerance_upper_limit: 52_000 }],
    });
  });

  it('searches document numbers and recipients, sorts, and takes GET with the filter as JSON text', async () => {
    const first = await newSale({ documentNumber: 'SP/2026/0100' });
    const second = await newSale({ documentNumber: 'SP/2026/0200' });
    const filter = encodeURIComponent(JSON.stringify({ current_sales_id: pair.salesId }));
    const sorted = await api.call('GET', `contract-to-reallocate?filter=${filter}&order_by=document_number:desc`);
    expect(sorted.json().list.map((row: Body) => row.id)).toEqual([second.id, first.id]);
    const searched = await api.call('GET', `contract-to-reallocate?filter=${filter}&search=0100`);
    expect(searched.json()).toMatchObject({ filtered: 1, total: 2, list: [{ id: first.id }] });
    expectCode(
      await api.call('GET', `contract-to-reallocate?filter=${filter}&order_by=price`),
      400,
      'INVALID_SORT_PARAMS',
    );
  });

  it('requires filter.current_sales_id naming a sale', async () => {
    const missing = await api.call('POST', 'contract-to-reallocate', {});
    expectCode(missing, 400, 'VALIDATION_ERROR');
    expect(missing.json().errors).toEqual([{ field: 'filter.current_sales_id', code: 'required' }]);
    const wrongKind = await api.call('POST', 'contract-to-reallocate', {
      filter: { current_sales_id: pair.purchaseId },
    });
    expectCode(wrongKind, 404, 'CONTRACT_NOT_FOUND');
  });
});

describe('GET|POST /api/transport/purchase-contract-to-reallocate', () => {
  it('lists purchases of the same raw material open for allocation, without the current one', async () => {
    const open = await insertContract(t.db, { type: 'PURCHASE', status: 'NEW' });
    await insertContract(t.db, { type: 'PURCHASE', rawMaterialId: 3 });
    const response = await api.call('POST', 'purchase-contract-to-reallocate', {
      filter: { current_purchase_id: pair.purchaseId },
    });
    expect(response.json()).toMatchObject({ filtered: 1, list: [{ id: open.id, status: 'NEW' }] });
    const wrongKind = await api.call('POST', 'purchase-contract-to-reallocate', {
      filter: { current_purchase_id: pair.salesId },
    });
    expectCode(wrongKind, 404, 'CONTRACT_NOT_FOUND');
  });
});
