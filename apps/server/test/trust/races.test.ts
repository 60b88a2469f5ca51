import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { auditLog, contracts, mailOutbox, transactions, transports, unloadings } from '../../src/db/schema/index.js';
import { purchaseBody } from '../fixtures/contracts.js';
import { PATHS, settlementApi } from '../fixtures/settlements.js';
import { deliveredBody, type Pair, seedPair, transportApi, transportBody } from '../fixtures/transports.js';
import { insertContract, insertContractor } from '../fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../harness.js';
import { invariantViolations } from './invariants.js';

/**
 * Races: parallel requests on the same rows, then every RULES.md invariant checked on what the database
 * holds (invariants.ts). The module suites race one call against itself (allocations/concurrency, transports-
 * concurrency, settlements/concurrency-roles); these race different calls against each other. They mean most on
 * PostgreSQL (TEST_DATABASE_URL, a pool of 20), where the calls really overlap; on PGlite they interleave between
 * statements and must hold all the same.
 */
let t: TestApp;
let token: string;
let transport: ReturnType<typeof transportApi>;
const settlement = () => settlementApi(t, () => token);

beforeAll(async () => {
  t = await createTestApp();
  transport = transportApi(t, () => token);
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
});
afterAll(() => t.close());

const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);
const codes = (responses: LightMyRequestResponse[]) =>
  responses.filter((response) => response.statusCode !== 200).map((response) => response.json().message_code);

async function expectSound() {
  expect(await invariantViolations(t.db)).toEqual([]);
}

async function onTheWay(pair: Pair, kg: number) {
  return transport.createId(transportBody(pair, { cargo_quantity: kg }), true);
}

/** A transport delivered through the API, so its unloading, transactions and counters are the service's own. */
async function delivered(pair: Pair, kg = 25_000) {
  const id = await onTheWay(pair, kg);
  const response = await transport.deliver(id, deliveredBody({ real_cargo_quantity: kg }));
  expect(response.statusCode, response.body).toBe(200);
  return t.db.select().from(transactions).where(eq(transactions.transportId, id)).orderBy(transactions.id);
}

describe('status changes of one contract', () => {
  it('lets exactly one of 12 parallel changes from ACTIVE win, with one audit entry and one mail', async () => {
    const purchase = await insertContract(t.db, { type: 'PURCHASE', emailNotificationList: ['handel@example.com'] });
    const targets = Array.from({ length: 12 }, (_, index) => (index % 2 ? 'CANCELLED' : 'TO_SETTLEMENT'));
    const responses = await Promise.all(
      targets.map((status) =>
        t.call({
          method: 'POST',
          url: '/api/contract/update-purchase-status',
          token,
          payload: { purchase_id: purchase.id, status },
        }),
      ),
    );
    expect(statuses(responses).filter((status) => status === 200)).toHaveLength(1);
    expect(codes(responses)).toEqual(Array(11).fill('WRONG_STATUS'));
    const winner = responses.find((response) => response.statusCode === 200)!.json().status;
    const [row] = await t.db.select().from(contracts).where(eq(contracts.id, purchase.id));
    expect(row!.status).toBe(winner);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, purchase.id), eq(auditLog.action, 'status')));
    expect(entries).toHaveLength(1);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(1);
    await expectSound();
  });

  it('never leaves a CANCELLED contract with a transport in progress when cancel races transport creates', async () => {
    const pair = await seedPair(t.db, { allocationKg: 100_000 });
    const responses = await Promise.all([
      ...Array.from({ length: 4 }, () => transport.create(transportBody(pair, { cargo_quantity: 10_000 }))),
      t.call({
        method: 'POST',
        url: '/api/contract/update-purchase-status',
        token,
        payload: { purchase_id: pair.purchaseId, status: 'CANCELLED' },
      }),
      ...Array.from({ length: 4 }, () => transport.createOnTheWay(transportBody(pair, { cargo_quantity: 10_000 }))),
    ]);
    const cancel = responses[4]!;
    const created = responses.filter((response, index) => index !== 4 && response.statusCode === 200);
    if (cancel.statusCode === 200) {
      // The cancel came first: every create after it is refused, and none came before it.
      expect(created).toHaveLength(0);
    } else {
      expect(cancel.json().message_code).toBe('PURCHASE_CONTRACT_IS_IN_TRANSPORT');
      expect(created.length).toBeGreaterThan(0);
    }
    expect(codes(responses.filter((_, index) => index !== 4))).toEqual(Array(8 - created.length).fill('WRONG_STATUS'));
    await expectSound();
  });
});

describe('deliveries', () => {
  it('delivers one transport once when deliveries race a status change and a removal of it', async () => {
    const pair = await seedPair(t.db);
    const id = await onTheWay(pair, 25_000);
    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () => transport.deliver(id, deliveredBody())),
      transport.setStatus(id, 'CANCELLED'),
      transport.remove(id),
      transport.setStatus(id, 'NEW'),
    ]);
    const [row] = await t.db.select().from(transports).where(eq(transports.id, id));
    const deliveries = responses.slice(0, 5).filter((response) => response.statusCode === 200);
    expect(deliveries.length).toBeLessThanOrEqual(1);
    expect(await t.db.select().from(unloadings)).toHaveLength(row?.status === 'DELIVERED' ? 1 : 0);
    expect(await t.db.select().from(transactions)).toHaveLength(row?.status === 'DELIVERED' ? 3 : 0);
    await expectSound();
  });

  it('never passes the allocation when parallel deliveries arrive above plan', async () => {
    // Five 18 t transports (90 t planned) on a 100 t allocation arrive with 22 t each: only some fit.
    const pair = await seedPair(t.db, { allocationKg: 100_000 });
    const ids: number[] = [];
    for (let index = 0; index < 5; index += 1) ids.push(await onTheWay(pair, 18_000));
    const responses = await Promise.all(
      ids.map((id) => transport.deliver(id, deliveredBody({ real_cargo_quantity: 22_000 }))),
    );
    const accepted = statuses(responses).filter((status) => status === 200).length;
    expect(codes(responses)).toEqual(Array(5 - accepted).fill('TRANSPORT_QUANTITY_IS_TO_BIG'));
    expect(accepted).toBe(2);
    const [committed] = rowsOf<{ kg: string }>(
      await t.db.execute(
        sql`select (select coalesce(sum(real_cargo_quantity_kg), 0) from unloadings)
          + (select coalesce(sum(cargo_quantity_kg), 0) from transports where status = 'ON_THE_WAY') as kg`,
      ),
    );
    expect(Number(committed!.kg)).toBe(2 * 22_000 + 3 * 18_000);
    await expectSound();
  });

  it('records every parallel over-delivery that carries a note, growing the allocation once per kilogram', async () => {
    // The same five arrivals with an over-delivery note: all recorded, 110 t on a 100 t pair.
    const pair = await seedPair(t.db, { allocationKg: 100_000 });
    const ids: number[] = [];
    for (let index = 0; index < 5; index += 1) ids.push(await onTheWay(pair, 18_000));
    const note = 'Nadwyżka na wadze, przyjęta';
    const responses = await Promise.all(
      ids.map((id) => transport.deliver(id, deliveredBody({ real_cargo_quantity: 22_000, over_delivery_note: note }))),
    );
    expect(statuses(responses)).toEqual(Array(5).fill(200));
    const [row] = rowsOf<{ quantity_kg: string; over_kg: string }>(
      await t.db.execute(
        sql`select (select quantity_kg from allocations) as quantity_kg,
          (select sum(purchase_over_delivered_kg) from unloadings) as over_kg`,
      ),
    );
    expect({ allocation: Number(row!.quantity_kg), over: Number(row!.over_kg) }).toEqual({
      allocation: 110_000,
      over: 10_000,
    });
    await expectSound();
  });
});

describe('settlement', () => {
  it('settles each row once when settles, invoices and splits of one delivery race', async () => {
    const pair = await seedPair(t.db);
    const [purchaseTx, salesTx, transportTx] = await delivered(pair);
    const api = settlement();
    for (const [path, row] of [
      [PATHS.purchaseInvoice, purchaseTx!],
      [PATHS.salesInvoice, salesTx!],
    ] as const) {
      await api.post(path, {
        transaction_id: row.id,
        invoice_number: `FV/${row.id}`,
        invoice_date: '2026-03-10',
        payment_date: '2026-04-09',
      });
    }
    await api.post(PATHS.split, { transaction_id: transportTx!.id, quantity: 1_000 });
    await Promise.all([
      ...Array.from({ length: 3 }, () => api.settle(PATHS.settlePurchase, purchaseTx!.id)),
      ...Array.from({ length: 3 }, () => api.settle(PATHS.settleSales, salesTx!.id)),
      ...Array.from({ length: 3 }, () => api.split(purchaseTx!.id, 5_000)),
      ...Array.from({ length: 3 }, () => api.split(salesTx!.id, 5_000)),
      api.setPurchaseInvoice(purchaseTx!.id, { invoice_number: 'FV/LATE' }),
    ]);
    await expectSound();
  });

  it('never closes a contract while an unsettled row is moved onto it', async () => {
    const supplier = await insertContractor(t.db);
    const target = await insertContract(t.db, {
      type: 'PURCHASE',
      counterpartyId: supplier.id,
      status: 'TO_SETTLEMENT',
    });
    const pair = await seedPair(t.db, { purchase: { counterpartyId: supplier.id } });
    const [purchaseTx] = await delivered(pair);
    const responses = await Promise.all([
      settlement().post(PATHS.movePurchase, { transaction_id: purchaseTx!.id, purchase_id: target.id }),
      t.call({
        method: 'POST',
        url: '/api/contract/update-purchase-status',
        token,
        payload: { purchase_id: target.id, status: 'CLOSED' },
      }),
    ]);
    expect(statuses(responses)).not.toEqual([200, 200]);
    await expectSound();
  });
});

describe('document numbers', () => {
  it('gives every contract a different number when automatic and hand-given numbers race', async () => {
    const year = new Date().getFullYear();
    const supplier = await insertContractor(t.db);
    const handGiven = [3, 4, 5, 6, 7, 8].map((n) => `ZK/${year}/${String(n).padStart(4, '0')}`);
    const bodies = [
      ...Array.from({ length: 10 }, () => purchaseBody(supplier.id)),
      ...handGiven.map((number) => purchaseBody(supplier.id, { document_number: number })),
    ];
    const responses = await Promise.all(
      bodies.map((body) => t.call({ method: 'POST', url: '/api/contract/create-purchase', token, payload: body })),
    );
    // An automatic number is the server's choice: it is never refused as a duplicate.
    expect(statuses(responses.slice(0, 10))).toEqual(Array(10).fill(200));
    expect(codes(responses.slice(10)).every((code) => code === 'DOCUMENT_NUMBER_IS_DUPLICATED')).toBe(true);
    const numbers = (await t.db.select({ number: contracts.documentNumber }).from(contracts)).map((row) => row.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.length).toBe(statuses(responses).filter((status) => status === 200).length);
    await expectSound();
  });
});
