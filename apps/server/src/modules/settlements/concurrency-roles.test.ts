import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  codeOf,
  type Delivery,
  insertDeliveredTransport,
  okJson,
  PATHS,
  settlementApi,
} from '../../../test/fixtures/settlements.js';
import { insertContract } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { auditLog, transactions } from '../../db/schema/index.js';

let t: TestApp;
let token: string;
let d: Delivery;
const api = () => settlementApi(t, () => token);
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
  d = await insertDeliveredTransport(t.db, { realKg: 24_537 });
});
afterAll(() => t.close());

describe('parallel settlement calls (rows locked FOR UPDATE)', () => {
  it('lets exactly one of 10 parallel settles of one transaction succeed; the rest get WRONG_STATUS', async () => {
    okJson(await api().setPurchaseInvoice(d.purchaseTx.id));
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        api().settle(PATHS.settlePurchase, d.purchaseTx.id, { final_price: 100_000 + n }),
      ),
    );
    const succeeded = responses.filter((response) => response.statusCode === 200);
    expect(succeeded).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode !== 200).map(codeOf)).toEqual(
      Array(9).fill('WRONG_STATUS'),
    );
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, d.purchaseTx.id));
    expect(row!.finalPrice).toBe(succeeded[0]!.json().final_price);
    const settles = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, d.purchaseTx.id), eq(auditLog.action, 'settle')));
    expect(settles).toHaveLength(1);
  });

  it('never breaks the quantity sum under parallel splits of one row', async () => {
    const responses = await Promise.all(Array.from({ length: 10 }, () => api().split(d.salesTx.id, 2_999)));
    // 24 537 kg takes eight splits of 2 999 kg (23 992 kg), leaving 545 kg: the last two are VALUE_IS_WRONG.
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(8);
    expect(responses.filter((response) => response.statusCode !== 200).map(codeOf)).toEqual([
      'VALUE_IS_WRONG',
      'VALUE_IS_WRONG',
    ]);
    const [sums] = await t.db
      .select({
        rows: sql<number>`count(*)::int`,
        real: sql<number>`sum(${transactions.realQuantityKg})::bigint`.mapWith(Number),
        planned: sql<number>`sum(${transactions.plannedQuantityKg})::bigint`.mapWith(Number),
        realValue: sql<number>`sum(${transactions.realValue})::bigint`.mapWith(Number),
      })
      .from(transactions)
      .where(and(eq(transactions.transportId, d.transport.id), eq(transactions.kind, 'SALES')));
    expect(sums).toEqual({ rows: 9, real: 24_537, planned: 25_000, realValue: d.salesTx.realValue });
  });

  it('keeps the quantity sum when splits and a move of one row run in parallel', async () => {
    const target = await insertContract(t.db, { type: 'PURCHASE', counterpartyId: d.purchase.counterpartyId });
    const calls = [
      ...Array.from({ length: 4 }, () => api().split(d.purchaseTx.id, 1_000)),
      api().post(PATHS.movePurchase, { transaction_id: d.purchaseTx.id, purchase_id: target.id }),
    ];
    const responses = await Promise.all(calls);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.transportId, d.transport.id), eq(transactions.kind, 'PURCHASE')));
    expect(rows.reduce((sum, row) => sum + row.realQuantityKg!, 0)).toBe(24_537);
    expect(rows.find((row) => row.id === d.purchaseTx.id)!.contractId).toBe(target.id);
  });
});

describe('roles', () => {
  const everyCall = () => [
    { method: 'GET' as const, url: `${PATHS.list}?limit=10` },
    { method: 'POST' as const, url: PATHS.list, payload: {} },
    { method: 'POST' as const, url: PATHS.export, payload: { filter: { type: 'purchase' } } },
    {
      method: 'GET' as const,
      url: `${PATHS.purchaseList}?filter=${encodeURIComponent(`{"purchase_id":${d.purchase.id}}`)}`,
    },
    { method: 'POST' as const, url: PATHS.salesList, payload: { filter: { sales_id: d.sale.id } } },
    { method: 'POST' as const, url: PATHS.purchaseInvoice, payload: invoiceOf(d.purchaseTx.id) },
    { method: 'POST' as const, url: PATHS.salesInvoice, payload: invoiceOf(d.salesTx.id) },
    { method: 'POST' as const, url: PATHS.split, payload: { transaction_id: d.transportTx.id, quantity: 10 } },
    {
      method: 'POST' as const,
      url: PATHS.movePurchase,
      payload: { transaction_id: d.purchaseTx.id, purchase_id: d.purchase.id },
    },
    { method: 'POST' as const, url: PATHS.moveSales, payload: { transaction_id: d.salesTx.id, sales_id: d.sale.id } },
    { method: 'POST' as const, url: PATHS.settlePurchase, payload: { transaction_id: d.purchaseTx.id } },
    { method: 'POST' as const, url: PATHS.settleSales, payload: { transaction_id: d.salesTx.id } },
    { method: 'POST' as const, url: PATHS.settleTransport, payload: { transaction_id: d.transportTx.id } },
  ];
  const invoiceOf = (id: number) => ({ transaction_id: id, invoice_number: 'FV/1', invoice_date: '2026-03-10' });

  it('refuses every settlement call without a token with 401 UNAUTHORIZED', async () => {
    for (const call of everyCall()) {
      const response = await t.call(call);
      expect(response.statusCode, call.url).toBe(401);
      expect(codeOf(response)).toBe('UNAUTHORIZED');
    }
  });

  it('lets a USER make every settlement call', async () => {
    const user = await t.userWithRole('USER');
    await t.call({
      method: 'POST',
      url: PATHS.purchaseInvoice,
      token: user.token,
      payload: invoiceOf(d.transportTx.id),
    });
    for (const call of everyCall()) {
      const response = await t.call({ ...call, token: user.token });
      expect(response.statusCode, `${call.url}: ${response.body}`).toBe(200);
    }
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, d.transportTx.id));
    expect(row!.status).toBe('SETTLED');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settle')).limit(1);
    expect(entry!.userId).toBe(user.id);
  });

  it('refuses a USER whose password has expired with ACCESS_DENIED', async () => {
    const user = await t.userWithRole('USER');
    await t.db.execute(sql`update users set password_expired = true where id = ${user.id}`);
    const response = await t.call({ method: 'POST', url: PATHS.list, token: user.token, payload: {} });
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe('ACCESS_DENIED');
  });
});
