import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deliveredBody,
  figureLines,
  moistureTerm,
  type Pair,
  seedPair,
  transportApi,
  transportBody,
} from '../../../test/fixtures/transports.js';
import { ADMIN_EMAIL, createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { inLockOrder, lockedTables, recordingDb } from '../../../test/lock-order.js';
import { invariantViolations } from '../../../test/trust/invariants.js';
import { auditLog, contractPriceOptions, transactions, transports, unloadings, users } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { decideTransport } from './service/decide.js';

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

const decide = (id: number, body: Record<string, unknown>) => api.call('POST', `decide/${id}`, body);
const REASON = 'Wilgotność 19,5 % — odbiorca nie przyjmie';

function expectRefusal(response: { statusCode: number; json: () => unknown }, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ message_code: code });
}

describe('POST /api/transport/decide/{id}', () => {
  let pair: Pair;
  let transportId: number;
  beforeEach(async () => {
    pair = await seedPair(t.db);
    // Only the purchase side's terms reject above 19 % moisture: its row alone is flagged.
    await t.db
      .update(contractPriceOptions)
      .set({ qualityTerms: [moistureTerm] })
      .where(eq(contractPriceOptions.contractId, pair.purchaseId));
    transportId = await api.createId(transportBody(pair), true);
    const delivered = await api.deliver(
      transportId,
      deliveredBody({
        real_cargo_quantity: 25_000,
        deductions: null,
        lab_results: [{ parameter: 'Wilgotność', value: 1950 }],
      }),
    );
    expect(delivered.json()).toMatchObject({ is_to_decide: true });
  });

  const rows = () => t.db.select().from(transactions).orderBy(asc(transactions.id));

  it('ACCEPT with a discount adds it to the flagged row’s deductions, clears the flag and keeps who and when', async () => {
    const before = await rows();
    const response = await decide(transportId, {
      decision: 'ACCEPT',
      discount_per_ton: 1_500,
      reason: 'Przyjęte z rabatem',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'DELIVERED', is_to_decide: false, decision: 'ACCEPT' });
    const after = await rows();
    // The flagged purchase row's paid kg (moisture shrink 19,5 % over 14,5 %) × 15,00 zł/t; the others unchanged.
    const paidKg = before[0]!.realQuantityKg!;
    expect(paidKg).toBe(23_538);
    expect(after.map((row) => row.deductions - before.find((old) => old.id === row.id)!.deductions)).toEqual([
      35_307, 0, 0,
    ]);
    const [unloading] = await t.db.select().from(unloadings);
    expect(unloading).toMatchObject({
      isToDecide: false,
      decision: 'ACCEPT',
      decisionNote: 'Przyjęte z rabatem',
      decisionDiscountPerTon: 1_500,
    });
    expect(unloading?.decidedBy).toBeTypeOf('number');
    expect(unloading?.decidedAt).toBeTypeOf('string');
    const details = (await api.details(transportId)).json();
    expect(details.history[0]).toMatchObject({ action: 'decision' });
  });

  it('REJECT sends the truck back: RETURN_TO_CLIENT, its goods rows removed, the freight kept, delivered kg out of the counters', async () => {
    const freight = (await rows()).filter((row) => row.kind === 'TRANSPORT');
    expect(freight).toHaveLength(1);
    const response = await decide(transportId, { decision: 'REJECT', reason: REASON });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'RETURN_TO_CLIENT', decision: 'REJECT', decision_note: REASON });
    expect(await rows()).toEqual(freight);
    const lines = await figureLines(t.db, pair.purchaseId, pair.salesId);
    expect(lines.purchase?.slice(1)).toEqual([0, 0, 0]);
    expect(lines.sale?.slice(1)).toEqual([0, 0, 0]);
    expect(lines.allocation?.slice(1)).toEqual([0, 0, 0]);
    // The project invariants hold: the rejected unloading stays on the returned transport with its freight row.
    expect(await invariantViolations(t.db)).toEqual([]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'decision'));
    expect(entry?.changes).toMatchObject({ status: { from: 'DELIVERED', to: 'RETURN_TO_CLIENT' } });
  });

  it('REDIRECT records the decision and its reason, the rows left for the statement’s move', async () => {
    const before = await rows();
    const response = await decide(transportId, { decision: 'REDIRECT', reason: 'Do innego odbiorcy: paszowa' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'DELIVERED', is_to_decide: false, decision: 'REDIRECT' });
    expect(await rows()).toEqual(before);
  });

  it('finds the waiting transports with the is_to_decide filter and counts them', async () => {
    const other = await api.createId(transportBody(pair, { cargo_quantity: 1_000 }), true);
    const listed = await api.list({ filter: { is_to_decide: true } });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ filtered: 1, to_decide_count: 1 });
    expect(listed.json().list.map((row: { id: number }) => row.id)).toEqual([transportId]);
    // The unfiltered page and a tab alone read the counter in the page's own statement, a search in its own.
    const unfiltered = (await api.list({})).json();
    expect(unfiltered.list.map((row: { id: number }) => row.id)).toContain(other);
    expect(unfiltered.to_decide_count).toBe(1);
    expect((await api.list({ filter: { tab: 'delivered' } })).json().to_decide_count).toBe(1);
    expect((await api.list({ search: 'nic takiego' })).json()).toMatchObject({ filtered: 0, to_decide_count: 1 });
    await decide(transportId, { decision: 'ACCEPT' });
    expect((await api.list({ filter: { is_to_decide: true } })).json()).toMatchObject({
      filtered: 0,
      to_decide_count: 0,
    });
  });

  it('refuses a second decision with TRANSPORT_ALREADY_DECIDED', async () => {
    await decide(transportId, { decision: 'ACCEPT' });
    expectRefusal(await decide(transportId, { decision: 'REJECT', reason: REASON }), 409, 'TRANSPORT_ALREADY_DECIDED');
  });

  it('refuses a transport that waits for no decision with TRANSPORT_NOT_TO_DECIDE', async () => {
    const onTheWay = await api.createId(transportBody(pair, { cargo_quantity: 1_000 }), true);
    expectRefusal(await decide(onTheWay, { decision: 'ACCEPT' }), 409, 'TRANSPORT_NOT_TO_DECIDE');
  });

  it('refuses a decision once a statement row is invoiced with TRANSPORT_DECISION_ROWS_CLOSED, nothing changed', async () => {
    await t.db.update(transactions).set({ invoiceNumber: 'FV/1/2026' }).where(eq(transactions.kind, 'SALES'));
    expectRefusal(
      await decide(transportId, { decision: 'REJECT', reason: REASON }),
      409,
      'TRANSPORT_DECISION_ROWS_CLOSED',
    );
    const [transport] = await t.db.select().from(transports).where(eq(transports.id, transportId));
    expect(transport?.status).toBe('DELIVERED');
    expect(await rows()).toHaveLength(3);
  });

  it('refuses REJECT and REDIRECT without a reason, and a discount on them, with VALIDATION_ERROR at the field', async () => {
    for (const decision of ['REJECT', 'REDIRECT']) {
      const response = await decide(transportId, { decision });
      expectRefusal(response, 400, 'VALIDATION_ERROR');
      expect(response.json().errors).toEqual([expect.objectContaining({ field: 'reason' })]);
    }
    const short = await decide(transportId, { decision: 'REJECT', reason: 'za mokre' });
    expect(short.json().errors).toEqual([expect.objectContaining({ field: 'reason', code: 'minLength' })]);
    const discounted = await decide(transportId, { decision: 'REJECT', reason: REASON, discount_per_ton: 100 });
    expect(discounted.json().errors).toEqual([expect.objectContaining({ field: 'discount_per_ton' })]);
    expectRefusal(await decide(transportId, { decision: 'MAYBE' }), 400, 'VALIDATION_ERROR');
  });

  it('refuses an unknown transport with TRANSPORT_NOT_FOUND', async () => {
    expectRefusal(await decide(999_999, { decision: 'ACCEPT' }), 404, 'TRANSPORT_NOT_FOUND');
  });

  it('takes its row locks in the one lock order (db/locks.ts): contracts, allocations, transports, transactions', async () => {
    const { db, statements } = recordingDb(t.db);
    const [admin] = await t.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    const ctx = { db, user: admin, config: t.config, log: t.app.log } as unknown as Ctx;
    await decideTransport(ctx, transportId, { decision: 'REJECT', reason: REASON, discountPerTon: 0 });
    const tables = lockedTables(statements);
    expect(tables).toEqual(['contracts', 'allocations', 'transports', 'transactions']);
    expect(tables).toEqual(inLockOrder(tables));
  });

  describe('roles', () => {
    it('lets a USER decide, as every transport write', async () => {
      const user = await t.userWithRole('USER');
      token = user.token;
      const response = await decide(transportId, { decision: 'ACCEPT' });
      expect(response.statusCode, response.body).toBe(200);
    });
  });
});
