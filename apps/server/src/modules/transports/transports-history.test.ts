import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveCompany } from '../../../test/fixtures/settings.js';
import { PATHS, settlementApi } from '../../../test/fixtures/settlements.js';
import {
  deliveredBody,
  type Pair,
  redirectBody,
  seedPair,
  transportApi,
  transportBody,
} from '../../../test/fixtures/transports.js';
import { insertAllocation, insertContract, insertContractor } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { recordingDb } from '../../../test/lock-order.js';
import { auditLog, contractors, transactions } from '../../db/schema/index.js';
import { transportHistory } from './queries/history.js';

/**
 * The answer is snake_case on the wire, the keys of each entry's changes included (the web reads them back camelCase).
 *
 * RULES.md "Everything that changes data": the transport details answer its history, like the contract dashboards:
 * who, when, and each field from what to what (status, dates, quantities, carrier, vehicle, redirect, delivery,
 * the settlement of its statement rows), newest first, in one statement however long it is.
 */
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

type Entry = {
  id: number;
  entity: string;
  entity_id: number;
  entity_kind: string | null;
  action: string;
  changes: Record<string, unknown>;
  created_at: string;
  user_id: number | null;
  user_first_name: string | null;
  user_last_name: string | null;
};

async function historyOf(id: number, as = token): Promise<Entry[]> {
  const response = await t.call({ method: 'GET', url: `/api/transport/details/${id}`, token: as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().history;
}

async function onTheWay(pair: Pair, overrides = {}) {
  return api.createId(transportBody(pair, overrides), true);
}

describe('GET /api/transport/details/{id} history', () => {
  it('answers who changed what and when, newest first: create, edit, status, delivery, each field from → to', async () => {
    const pair = await seedPair(t.db);
    const id = await api.createId(transportBody(pair, { registration_number: 'PO 11111', comment: 'Rampa 3' }));
    const user = await t.userWithRole('USER');
    const otherCarrier = await insertContractor(t.db, { code: 'PRZEW2', name: 'Szybki Transport' });
    const [carrier] = await t.db.select().from(contractors).where(eq(contractors.id, pair.carrierId));
    const asUser = transportApi(t, () => user.token);
    const edit = await asUser.update(
      id,
      transportBody(pair, {
        registration_number: 'PO 22222',
        carrier_id: otherCarrier.id,
        cargo_quantity: 30_000,
        date_unloading: '2026-03-05',
        comment: 'Rampa 5',
      }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await api.setStatus(id, 'ON_THE_WAY')).statusCode).toBe(200);
    const delivered = await api.deliver(id, deliveredBody({ real_cargo_quantity: 29_500 }));
    expect(delivered.statusCode, delivered.body).toBe(200);

    const history = await historyOf(id);
    expect(history.map((entry) => entry.action)).toEqual(['deliver', 'status', 'update', 'create']);
    expect(history.map((entry) => entry.id)).toEqual([...history.map((entry) => entry.id)].sort((a, b) => b - a));
    const [deliver, status, update, create] = history as [Entry, Entry, Entry, Entry];
    expect(create).toMatchObject({
      entity: 'transport',
      entity_id: id,
      user_first_name: 'Adam',
      user_last_name: 'Admin',
    });
    expect(update).toMatchObject({ user_id: user.id, user_first_name: expect.stringMatching(/^Imię/) });
    expect(update.changes).toEqual({
      registration_number: { from: 'PO 11111', to: 'PO 22222' },
      carrier_id: { from: pair.carrierId, to: otherCarrier.id },
      carrier: { from: `${carrier!.code} – Trans-Kurier`, to: 'PRZEW2 – Szybki Transport' },
      cargo_quantity_kg: { from: 25_000, to: 30_000 },
      date_unloading: { from: '2026-03-04', to: '2026-03-05' },
      comment: { from: 'Rampa 3', to: 'Rampa 5' },
      driver_document_id: { from: expect.any(String), to: expect.any(String) },
    });
    expect(status.changes).toEqual({ status: { from: 'NEW', to: 'ON_THE_WAY' } });
    expect(deliver.changes).toMatchObject({
      status: { from: 'ON_THE_WAY', to: 'DELIVERED' },
      unloading_date: { from: null, to: '2026-03-05' },
      real_cargo_quantity_kg: { from: null, to: 29_500 },
      real_cargo_price: { from: null, to: 101_050 },
      purchase_deductions: { from: null, to: 1_250 },
      details: { from: null, to: 'Wilgotność 14,8%' },
    });
    expect(deliver.changes).not.toHaveProperty('purchase_over_delivered_kg');
    expect(Date.parse(deliver.created_at)).not.toBeNaN();
    // Both roles see transports: the USER reads the same history.
    expect(await historyOf(id, user.token)).toEqual(history);
  });

  it('shows a redirect: the sale by its number and every field from → to', async () => {
    const pair = await seedPair(t.db, { allocationKg: 50_000 });
    const id = await onTheWay(pair, { comment: 'Rampa 3' });
    const target = await insertContract(t.db, { type: 'SALES', documentNumber: 'SP/CEL/1' });
    await insertAllocation(t.db, pair.purchaseId, target.id, 50_000);
    const [oldSale] = await t.db.query.contracts.findMany({ where: (c, { eq: equals }) => equals(c.id, pair.salesId) });
    const response = await api.reallocate(redirectBody(id, target.id));
    expect(response.statusCode, response.body).toBe(200);

    const [redirect] = await historyOf(id);
    expect(redirect).toMatchObject({ action: 'reallocate' });
    expect(redirect!.changes).toMatchObject({
      sales_id: { from: pair.salesId, to: target.id },
      sales_document_number: { from: oldSale!.documentNumber, to: 'SP/CEL/1' },
      date_unloading: { from: '2026-03-04', to: '2026-03-06' },
      price_per_ton: { from: 15_000, to: 17_500 },
      comment: { from: 'Rampa 3', to: 'Przekierowany do Gdańska' },
      confirmation_note: { from: null, to: null },
    });
  });

  it("includes the settlement of its own statement rows (invoice, settle, split) with each row's kind", async () => {
    const pair = await seedPair(t.db);
    const id = await onTheWay(pair);
    expect((await api.deliver(id, deliveredBody())).statusCode).toBe(200);
    // Another transport's rows are settled too: none of their entries may appear in this history.
    const other = await onTheWay(pair);
    expect((await api.deliver(other, deliveredBody())).statusCode).toBe(200);
    const rows = await t.db.select().from(transactions).orderBy(transactions.id);
    const rowOf = (transportId: number, kind: string) =>
      rows.find((row) => row.transportId === transportId && row.kind === kind)!;
    const settlements = settlementApi(t, () => token);
    const purchaseRow = rowOf(id, 'PURCHASE');
    expect((await settlements.setPurchaseInvoice(purchaseRow.id)).statusCode).toBe(200);
    expect((await settlements.settle(PATHS.settlePurchase, purchaseRow.id)).statusCode).toBe(200);
    expect((await settlements.split(rowOf(id, 'TRANSPORT').id, 10_000)).statusCode).toBe(200);
    expect((await settlements.setPurchaseInvoice(rowOf(other, 'PURCHASE').id)).statusCode).toBe(200);
    expect((await settlements.setSalesInvoice(rowOf(other, 'SALES').id)).statusCode).toBe(200);

    const history = await historyOf(id);
    const ownRows = await t.db.select().from(transactions).where(eq(transactions.transportId, id));
    const own = new Set(ownRows.map((row) => row.id));
    const rowEntries = history.filter((entry) => entry.entity === 'transaction');
    expect(rowEntries.map((entry) => [entry.entity_kind, entry.action])).toEqual([
      ['TRANSPORT', 'create'],
      ['TRANSPORT', 'split'],
      ['PURCHASE', 'settle'],
      ['PURCHASE', 'set-invoice'],
    ]);
    expect(rowEntries.every((entry) => own.has(entry.entity_id))).toBe(true);
    const [created, split, settle, invoice] = rowEntries as [Entry, Entry, Entry, Entry];
    expect(created.changes).toMatchObject({ split_from_id: rowOf(id, 'TRANSPORT').id });
    expect(split.changes).toMatchObject({ quantity_kg: 10_000, real_quantity_kg: { from: 24_500, to: 14_500 } });
    expect(settle.changes).toMatchObject({
      status: { from: 'TO_SETTLEMENT', to: 'SETTLED' },
      final_quantity_kg: { from: null, to: purchaseRow.realQuantityKg },
    });
    expect(invoice.changes).toMatchObject({ invoice_number: { from: null, to: `FV/${purchaseRow.id}/2026` } });
    expect(history.filter((entry) => entry.entity === 'transport').map((entry) => entry.action)).toEqual([
      'deliver',
      'create',
    ]);
  });

  it('shows the transport order sent to the carrier', async () => {
    await saveCompany(t, token);
    const pair = await seedPair(t.db);
    await t.db.update(contractors).set({ email: 'dyspozytor@example.com' }).where(eq(contractors.id, pair.carrierId));
    const id = await api.createId(transportBody(pair));
    const sent = await t.call({ method: 'POST', url: `/api/transport/send-order/${id}`, token });
    expect(sent.statusCode, sent.body).toBe(200);
    const [entry] = await historyOf(id);
    expect(entry).toMatchObject({
      action: 'send_order',
      changes: { order_number: sent.json().order_number, recipient: 'dyspozytor@example.com' },
    });
  });

  it('answers a long history whole, in one statement', async () => {
    const pair = await seedPair(t.db);
    const id = await onTheWay(pair);
    expect((await api.deliver(id, deliveredBody())).statusCode).toBe(200);
    const [row] = await t.db.select().from(transactions).where(eq(transactions.transportId, id)).limit(1);
    const many = (entity: string, entityId: number, count: number) =>
      Array.from({ length: count }, (_, index) => ({
        userId: 1,
        entity,
        entityId,
        action: 'update',
        changes: { comment: { from: `${index}`, to: `${index + 1}` } },
      }));
    await t.db.insert(auditLog).values(many('transport', id, 1_500));
    await t.db.insert(auditLog).values(many('transaction', row!.id, 500));
    // Entries of other records with the same ids stay out.
    await t.db.insert(auditLog).values(many('purchase_contract', id, 50));
    await t.db.insert(auditLog).values(many('transport', id + 1, 50));

    const { db, statements } = recordingDb(t.db);
    const history = await transportHistory(db, id);
    expect(statements).toHaveLength(1);
    const ownEntries = await t.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'transport'), eq(auditLog.entityId, id)));
    expect(history).toHaveLength(ownEntries.length + 500);
    expect((await historyOf(id)).length).toBe(history.length);
  });

  it('audits a removal with what it took away, from → to', async () => {
    const pair = await seedPair(t.db);
    const id = await api.createId(transportBody(pair, { comment: 'Rampa 3' }));
    expect((await api.remove(id)).statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'transport'), eq(auditLog.entityId, id), eq(auditLog.action, 'delete')));
    expect(entry!.changes).toMatchObject({
      status: { from: 'NEW', to: null },
      cargoQuantityKg: { from: 25_000, to: null },
      comment: { from: 'Rampa 3', to: null },
    });
  });

  it('answers TRANSPORT_NOT_FOUND for a transport that does not exist', async () => {
    const response = await api.details(999);
    expect([response.statusCode, response.json().message_code]).toEqual([404, 'TRANSPORT_NOT_FOUND']);
  });
});
