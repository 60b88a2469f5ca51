import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  allocate,
  allocatedKgOf,
  insertTransport,
  messageCode,
  pairsOf,
  purchaseOf,
  saleOf,
  setPairInTransport,
  sumOfPairsOf,
} from '../../../test/fixtures/allocations.js';
import { insertAllocation } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { auditLog, contracts, transports } from '../../db/schema/index.js';

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

const T = 1000;

async function expectRefused(response: Awaited<ReturnType<typeof allocate>>, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(messageCode(response)).toBe(code);
}

describe('POST /api/contract/allocate-contract/:id — create, edit, remove', () => {
  it('creates the pair and raises allocated on both contracts', async () => {
    const purchase = await purchaseOf(t.db);
    const sale = await saleOf(t.db);
    const response = await allocate(t, token, sale.id, purchase.id, 40 * T, null);
    expect(response.statusCode, response.body).toBe(200);
    const [pair] = await pairsOf(t.db);
    expect(response.json()).toEqual({
      id: pair!.id,
      purchase_id: purchase.id,
      sales_id: sale.id,
      cargo_quantity: 40 * T,
      confirmation_note: null,
      change: 'CREATED',
      purchase_allocated: 40 * T,
      sales_allocated: 40 * T,
    });
    expect(pair).toMatchObject({ purchaseId: purchase.id, salesId: sale.id, quantityKg: 40 * T });
    expect(await allocatedKgOf(t.db, purchase.id)).toBe(40 * T);
    expect(await allocatedKgOf(t.db, sale.id)).toBe(40 * T);
  });

  it('allocating the same pair again edits it: one row, totals moved by the difference', async () => {
    const purchase = await purchaseOf(t.db);
    const sale = await saleOf(t.db);
    const otherSale = await saleOf(t.db);
    await insertAllocation(t.db, purchase.id, otherSale.id, 20 * T);
    await allocate(t, token, sale.id, purchase.id, 40 * T);
    const response = await allocate(t, token, sale.id, purchase.id, 55 * T, 'bez uwag do partii');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      change: 'UPDATED',
      cargo_quantity: 55 * T,
      confirmation_note: 'bez uwag do partii',
      purchase_allocated: 75 * T,
      sales_allocated: 55 * T,
    });
    expect((await pairsOf(t.db)).filter((pair) => pair.salesId === sale.id)).toHaveLength(1);
    const lowered = await allocate(t, token, sale.id, purchase.id, 10 * T);
    expect(lowered.json()).toMatchObject({ change: 'UPDATED', purchase_allocated: 30 * T, sales_allocated: 10 * T });
    expect(await allocatedKgOf(t.db, purchase.id)).toBe(await sumOfPairsOf(t.db, purchase.id));
    expect(await allocatedKgOf(t.db, sale.id)).toBe(await sumOfPairsOf(t.db, sale.id));
  });

  it('removes the pair with 0 and lowers both totals back', async () => {
    const purchase = await purchaseOf(t.db);
    const sale = await saleOf(t.db);
    const otherPurchase = await purchaseOf(t.db);
    await insertAllocation(t.db, otherPurchase.id, sale.id, 15 * T);
    const created = (await allocate(t, token, sale.id, purchase.id, 40 * T)).json();
    const response = await allocate(t, token, sale.id, purchase.id, 0);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: created.id,
      purchase_id: purchase.id,
      sales_id: sale.id,
      cargo_quantity: 0,
      confirmation_note: null,
      change: 'REMOVED',
      purchase_allocated: 0,
      sales_allocated: 15 * T,
    });
    expect((await pairsOf(t.db)).map((pair) => pair.purchaseId)).toEqual([otherPurchase.id]);
    expect(await allocatedKgOf(t.db, purchase.id)).toBe(0);
    expect(await allocatedKgOf(t.db, sale.id)).toBe(15 * T);
  });

  it('writes an audit entry for create, edit and removal', async () => {
    const purchase = await purchaseOf(t.db);
    const sale = await saleOf(t.db);
    const { id } = (await allocate(t, token, sale.id, purchase.id, 40 * T)).json();
    await allocate(t, token, sale.id, purchase.id, 50 * T);
    await allocate(t, token, sale.id, purchase.id, 0);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'allocation'), eq(auditLog.entityId, id)))
      .orderBy(auditLog.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[0]!.changes).toMatchObject({ purchaseId: purchase.id, salesId: sale.id, quantityKg: 40 * T });
    expect(entries[1]!.changes).toMatchObject({ quantityKg: { from: 40 * T, to: 50 * T } });
    expect(entries[2]!.userId).not.toBeNull();
  });

  it('an edit that changes nothing answers the pair and writes no audit entry', async () => {
    const purchase = await purchaseOf(t.db);
    const sale = await saleOf(t.db);
    const { id } = (await allocate(t, token, sale.id, purchase.id, 40 * T, 'uwaga do pary')).json();
    const response = await allocate(t, token, sale.id, purchase.id, 40 * T, 'uwaga do pary');
    expect(response.json()).toMatchObject({
      id,
      change: 'UPDATED',
      purchase_allocated: 40 * T,
      sales_allocated: 40 * T,
    });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'allocation'));
    expect(entries.map((entry) => entry.action)).toEqual(['create']);
  });

  it('refuses 0 on a pair that does not exist yet (positive on add)', async () => {
    const purchase = await purchaseOf(t.db);
    const sale = await saleOf(t.db);
    const response = await allocate(t, token, sale.id, purchase.id, 0);
    await expectRefused(response, 400, 'VALIDATION_ERROR');
    expect(response.json().errors).toEqual([{ field: 'cargo_quantity', code: 'positive' }]);
    expect(await pairsOf(t.db)).toEqual([]);
  });

  it('refuses a negative, fractional or missing quantity and unknown keys with VALIDATION_ERROR', async () => {
    const purchase = await purchaseOf(t.db);
    const sale = await saleOf(t.db);
    for (const payload of [
      { purchase_id: purchase.id, cargo_quantity: -1 },
      { purchase_id: purchase.id, cargo_quantity: 1.5 },
      { purchase_id: purchase.id },
      { purchase_id: 0, cargo_quantity: 10 },
      { purchase_id: purchase.id, cargo_quantity: 10, price: 1 },
    ]) {
      const response = await t.call({
        method: 'POST',
        url: `/api/contract/allocate-contract/${sale.id}`,
        token,
        payload,
      });
      await expectRefused(response, 400, 'VALIDATION_ERROR');
    }
  });

  it('refuses a path id that is not a positive integer with ID_IS_NOT_A_NUMBER', async () => {
    const purchase = await purchaseOf(t.db);
    for (const id of ['abc', '0', '-3', '1.5']) {
      await expectRefused(await allocate(t, token, id, purchase.id, 10), 400, 'ID_IS_NOT_A_NUMBER');
    }
  });
});

describe('POST /api/contract/allocate-contract/:id — contracts and statuses', () => {
  it('refuses with 404 CONTRACT_NOT_FOUND when a contract is missing or of the wrong type', async () => {
    const purchase = await purchaseOf(t.db);
    const sale = await saleOf(t.db);
    const otherSale = await saleOf(t.db);
    await expectRefused(await allocate(t, token, 99_999, purchase.id, 10), 404, 'CONTRACT_NOT_FOUND');
    await expectRefused(await allocate(t, token, sale.id, 99_999, 10), 404, 'CONTRACT_NOT_FOUND');
    await expectRefused(await allocate(t, token, purchase.id, purchase.id, 10), 404, 'CONTRACT_NOT_FOUND');
    await expectRefused(await allocate(t, token, purchase.id, sale.id, 10), 404, 'CONTRACT_NOT_FOUND');
    await expectRefused(await allocate(t, token, sale.id, otherSale.id, 10), 404, 'CONTRACT_NOT_FOUND');
    expect(await pairsOf(t.db)).toEqual([]);
  });

  it('refuses contracts of different raw materials with CONTRACT_IS_NOT_COMPATIBLE', async () => {
    const wheat = await purchaseOf(t.db, { rawMaterialId: 1 });
    const cornSale = await saleOf(t.db, { rawMaterialId: 2 });
    await expectRefused(await allocate(t, token, cornSale.id, wheat.id, 10 * T), 409, 'CONTRACT_IS_NOT_COMPATIBLE');
    expect(await allocatedKgOf(t.db, wheat.id)).toBe(0);
  });

  it('accepts NEW, NEXT_SEASON and ACTIVE on both sides', async () => {
    for (const status of ['NEW', 'NEXT_SEASON', 'ACTIVE'] as const) {
      const purchase = await purchaseOf(t.db, { status });
      const sale = await saleOf(t.db, { status });
      expect((await allocate(t, token, sale.id, purchase.id, 10 * T)).statusCode).toBe(200);
    }
  });

  it.each(['TO_SETTLEMENT', 'CLOSED', 'CANCELLED'] as const)(
    'refuses a %s purchase or sale with WRONG_STATUS',
    async (status) => {
      const openPurchase = await purchaseOf(t.db);
      const openSale = await saleOf(t.db);
      const purchase = await purchaseOf(t.db, { status });
      const sale = await saleOf(t.db, { status });
      await expectRefused(await allocate(t, token, openSale.id, purchase.id, 10 * T), 409, 'WRONG_STATUS');
      await expectRefused(await allocate(t, token, sale.id, openPurchase.id, 10 * T), 409, 'WRONG_STATUS');
      expect(await pairsOf(t.db)).toEqual([]);
    },
  );

  it('refuses to edit or remove a pair once a contract has left the allocatable statuses', async () => {
    const purchase = await purchaseOf(t.db);
    const sale = await saleOf(t.db);
    await allocate(t, token, sale.id, purchase.id, 40 * T);
    await t.db.update(contracts).set({ status: 'TO_SETTLEMENT' }).where(eq(contracts.id, sale.id));
    await expectRefused(await allocate(t, token, sale.id, purchase.id, 30 * T), 409, 'WRONG_STATUS');
    await expectRefused(await allocate(t, token, sale.id, purchase.id, 0), 409, 'WRONG_STATUS');
    expect(await allocatedKgOf(t.db, purchase.id)).toBe(40 * T);
  });
});

describe('POST /api/contract/allocate-contract/:id — quantity limits', () => {
  it('refuses when the purchase would pass its quantity (no tolerance) with ALLOCATE_QUANTITY_IS_TO_BIG', async () => {
    const purchase = await purchaseOf(t.db, { cargoQuantityKg: 100 * T });
    const first = await saleOf(t.db);
    const second = await saleOf(t.db);
    expect((await allocate(t, token, first.id, purchase.id, 60 * T)).statusCode).toBe(200);
    await expectRefused(
      await allocate(t, token, second.id, purchase.id, 40 * T + 1),
      409,
      'ALLOCATE_QUANTITY_IS_TO_BIG',
    );
    expect((await allocate(t, token, second.id, purchase.id, 40 * T)).json().purchase_allocated).toBe(100 * T);
    expect(await allocatedKgOf(t.db, second.id)).toBe(40 * T);
  });

  it('refuses when the sale would pass its own quantity', async () => {
    const sale = await saleOf(t.db, { cargoQuantityKg: 50 * T });
    const first = await purchaseOf(t.db);
    const second = await purchaseOf(t.db);
    expect((await allocate(t, token, sale.id, first.id, 30 * T)).statusCode).toBe(200);
    await expectRefused(await allocate(t, token, sale.id, second.id, 20 * T + 1), 409, 'ALLOCATE_QUANTITY_IS_TO_BIG');
    expect(await allocatedKgOf(t.db, second.id)).toBe(0);
  });

  it('lets the purchase go up to quantity + tolerance in tonnes (unit T, kg)', async () => {
    const purchase = await purchaseOf(t.db, {
      cargoQuantityKg: 100 * T,
      isTolerance: true,
      toleranceType: 'BUYER',
      toleranceUnit: 'T',
      toleranceQuantity: 5 * T,
    });
    const sale = await saleOf(t.db, { cargoQuantityKg: 200 * T });
    await expectRefused(
      await allocate(t, token, sale.id, purchase.id, 105 * T + 1),
      409,
      'ALLOCATE_QUANTITY_IS_TO_BIG',
    );
    expect((await allocate(t, token, sale.id, purchase.id, 105 * T)).statusCode).toBe(200);
  });

  it('lets the purchase go up to quantity × (1 + percent / 100), floored to the kilogram (unit PERCENT)', async () => {
    // 12 345 kg + 2.5 % = 12 653.625 kg: the limit is 12 653 kg.
    const purchase = await purchaseOf(t.db, {
      cargoQuantityKg: 12_345,
      isTolerance: true,
      toleranceType: 'SELLER',
      toleranceUnit: 'PERCENT',
      toleranceQuantity: 250,
    });
    const sale = await saleOf(t.db);
    await expectRefused(await allocate(t, token, sale.id, purchase.id, 12_654), 409, 'ALLOCATE_QUANTITY_IS_TO_BIG');
    expect((await allocate(t, token, sale.id, purchase.id, 12_653)).statusCode).toBe(200);
  });

  it('applies the sale tolerance to the sale and ignores tolerance terms when isTolerance is off', async () => {
    const sale = await saleOf(t.db, {
      cargoQuantityKg: 100 * T,
      isTolerance: true,
      toleranceUnit: 'PERCENT',
      toleranceQuantity: 1000,
    });
    const purchase = await purchaseOf(t.db, { cargoQuantityKg: 300 * T });
    expect((await allocate(t, token, sale.id, purchase.id, 110 * T)).statusCode).toBe(200);
    const offSale = await saleOf(t.db, {
      cargoQuantityKg: 100 * T,
      isTolerance: false,
      toleranceUnit: 'T',
      toleranceQuantity: 5 * T,
    });
    await expectRefused(
      await allocate(t, token, offSale.id, purchase.id, 100 * T + 1),
      409,
      'ALLOCATE_QUANTITY_IS_TO_BIG',
    );
  });

  it('checks an edit against the other pairs: growing past the limit is refused, shrinking always passes', async () => {
    const purchase = await purchaseOf(t.db, { cargoQuantityKg: 100 * T });
    const sale = await saleOf(t.db);
    const otherSale = await saleOf(t.db);
    await insertAllocation(t.db, purchase.id, otherSale.id, 70 * T);
    await allocate(t, token, sale.id, purchase.id, 30 * T);
    await expectRefused(await allocate(t, token, sale.id, purchase.id, 30 * T + 1), 409, 'ALLOCATE_QUANTITY_IS_TO_BIG');
    // At the limit, a shrinking edit still goes through.
    expect((await allocate(t, token, sale.id, purchase.id, 20 * T)).json().purchase_allocated).toBe(90 * T);
  });
});

describe('POST /api/contract/allocate-contract/:id — what the pair has in transport', () => {
  it('refuses an edit below in delivery + delivered of the pair with ALLOCATE_QUANTITY_IS_TO_BIG', async () => {
    const purchase = await purchaseOf(t.db);
    const sale = await saleOf(t.db);
    await allocate(t, token, sale.id, purchase.id, 60 * T);
    await setPairInTransport(
      t.db,
      { purchaseId: purchase.id, salesId: sale.id },
      {
        inDeliveryKg: 25 * T,
        inDeliveryCount: 1,
        deliveredKg: 10 * T,
      },
    );
    await expectRefused(await allocate(t, token, sale.id, purchase.id, 35 * T - 1), 409, 'ALLOCATE_QUANTITY_IS_TO_BIG');
    expect((await allocate(t, token, sale.id, purchase.id, 35 * T)).json().purchase_allocated).toBe(35 * T);
  });

  it('counts planned NEW transports of the pair too, and not cancelled ones', async () => {
    const purchase = await purchaseOf(t.db);
    const sale = await saleOf(t.db);
    const pair = { purchaseId: purchase.id, salesId: sale.id };
    await allocate(t, token, sale.id, purchase.id, 60 * T);
    await insertTransport(t.db, pair, 20 * T, 'NEW');
    await insertTransport(t.db, pair, 25 * T, 'CANCELLED');
    await expectRefused(await allocate(t, token, sale.id, purchase.id, 20 * T - 1), 409, 'ALLOCATE_QUANTITY_IS_TO_BIG');
    expect((await allocate(t, token, sale.id, purchase.id, 20 * T)).statusCode).toBe(200);
  });

  it.each([
    ['in delivery', { inDeliveryKg: 1, inDeliveryCount: 1 }],
    ['delivered', { deliveredKg: 1 }],
  ])('refuses removal while the pair has something %s', async (_label, values) => {
    const purchase = await purchaseOf(t.db);
    const sale = await saleOf(t.db);
    await allocate(t, token, sale.id, purchase.id, 60 * T);
    await setPairInTransport(t.db, { purchaseId: purchase.id, salesId: sale.id }, values);
    await expectRefused(await allocate(t, token, sale.id, purchase.id, 0), 409, 'ALLOCATE_QUANTITY_IS_TO_BIG');
    expect(await pairsOf(t.db)).toHaveLength(1);
    expect(await allocatedKgOf(t.db, purchase.id)).toBe(60 * T);
  });

  it('refuses removal while a NEW transport is planned on the pair, allows it once that is cancelled', async () => {
    const purchase = await purchaseOf(t.db);
    const sale = await saleOf(t.db);
    await allocate(t, token, sale.id, purchase.id, 60 * T);
    const transport = await insertTransport(t.db, { purchaseId: purchase.id, salesId: sale.id }, 25 * T, 'NEW');
    await expectRefused(await allocate(t, token, sale.id, purchase.id, 0), 409, 'ALLOCATE_QUANTITY_IS_TO_BIG');
    await t.db.update(transports).set({ status: 'CANCELLED' }).where(eq(transports.id, transport.id));
    expect((await allocate(t, token, sale.id, purchase.id, 0)).json().change).toBe('REMOVED');
  });
});

describe('POST /api/contract/allocate-contract/:id — GMP and certificate', () => {
  it.each([
    ['GMP', { isGmp: true }, { isGmp: false }],
    ['certificate', { isCert: true }, { isCert: false }],
  ])(
    'requires a note of 10+ characters when the sale needs %s the purchase lacks',
    async (_label, saleFlags, purchaseFlags) => {
      const purchase = await purchaseOf(t.db, purchaseFlags);
      const sale = await saleOf(t.db, saleFlags);
      await expectRefused(await allocate(t, token, sale.id, purchase.id, 10 * T), 409, 'GMP_CERT_NOT_SATISFIED');
      await expectRefused(
        await allocate(t, token, sale.id, purchase.id, 10 * T, '123456789'),
        409,
        'GMP_CERT_NOT_SATISFIED',
      );
      await expectRefused(
        await allocate(t, token, sale.id, purchase.id, 10 * T, '   krótka   '),
        409,
        'GMP_CERT_NOT_SATISFIED',
      );
      const response = await allocate(t, token, sale.id, purchase.id, 10 * T, '  Klient zgodził się  ');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().confirmation_note).toBe('Klient zgodził się');
      expect((await pairsOf(t.db))[0]!.confirmationNote).toBe('Klient zgodził się');
    },
  );

  it('asks for the note again on an edit of a mismatched pair, but not on its removal', async () => {
    const purchase = await purchaseOf(t.db, { isGmp: false });
    const sale = await saleOf(t.db, { isGmp: true });
    await allocate(t, token, sale.id, purchase.id, 10 * T, 'Klient zgodził się');
    await expectRefused(await allocate(t, token, sale.id, purchase.id, 20 * T), 409, 'GMP_CERT_NOT_SATISFIED');
    expect((await allocate(t, token, sale.id, purchase.id, 0)).json().change).toBe('REMOVED');
  });

  it('needs no note when the purchase has what the sale needs, or the sale needs nothing', async () => {
    const certified = await purchaseOf(t.db, { isGmp: true, isCert: true });
    const plain = await purchaseOf(t.db);
    const demanding = await saleOf(t.db, { isGmp: true, isCert: true });
    const easy = await saleOf(t.db);
    expect((await allocate(t, token, demanding.id, certified.id, 10 * T)).statusCode).toBe(200);
    expect((await allocate(t, token, easy.id, certified.id, 10 * T)).statusCode).toBe(200);
    expect((await allocate(t, token, easy.id, plain.id, 10 * T)).statusCode).toBe(200);
  });

  it('checks the limits before the note', async () => {
    const purchase = await purchaseOf(t.db, { cargoQuantityKg: 10 * T });
    const sale = await saleOf(t.db, { isCert: true });
    await expectRefused(await allocate(t, token, sale.id, purchase.id, 11 * T), 409, 'ALLOCATE_QUANTITY_IS_TO_BIG');
  });
});
