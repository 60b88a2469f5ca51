import { lineValue } from '@grain/shared';
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
import { firstQualityOf, insertContract, insertContractor } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { auditLog, contracts, transactions } from '../../db/schema/index.js';

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
  d = await insertDeliveredTransport(t.db, {
    purchase: { price: 123_457 },
    plannedKg: 25_003,
    realKg: 24_537,
    purchaseDeductions: 1_001,
  });
});
afterAll(() => t.close());

/** Sums over every row of a kind of the transport: what a split must keep exact. */
async function sumsOf(transportId: number, kind: 'PURCHASE' | 'SALES' | 'TRANSPORT') {
  const [row] = await t.db
    .select({
      rows: sql<number>`count(*)::int`,
      planned: sql<number>`sum(${transactions.plannedQuantityKg})::bigint`.mapWith(Number),
      real: sql<number>`sum(${transactions.realQuantityKg})::bigint`.mapWith(Number),
      plannedValue: sql<number>`sum(${transactions.plannedValue})::bigint`.mapWith(Number),
      realValue: sql<number>`sum(${transactions.realValue})::bigint`.mapWith(Number),
      deductions: sql<number>`sum(${transactions.deductions})::bigint`.mapWith(Number),
    })
    .from(transactions)
    .where(and(eq(transactions.transportId, transportId), eq(transactions.kind, kind)));
  return row!;
}

describe('POST /api/contract/settlement-split', () => {
  it('splits an odd quantity off into a new row and keeps every sum exact', async () => {
    const before = await sumsOf(d.transport.id, 'PURCHASE');
    const body = okJson(await api().split(d.purchaseTx.id, 7_777));
    expect(body.created).toMatchObject({
      type: 'PURCHASE',
      status: 'TO_SETTLEMENT',
      split_from_id: d.purchaseTx.id,
      contract_id: d.purchase.id,
      contractor_id: d.purchase.counterpartyId,
      real_quantity: 7_777,
      // 25 003 × 7 777 / 24 537 = 7 924,7 → 7 925.
      planned_quantity: 7_925,
      planned_price: 123_457,
      real_price: 123_457,
      deductions: 317,
    });
    expect(body.original).toMatchObject({
      id: d.purchaseTx.id,
      real_quantity: 24_537 - 7_777,
      planned_quantity: 25_003 - 7_925,
      deductions: 1_001 - 317,
      split_from_id: null,
    });
    expect(body.created.real_value + body.original.real_value).toBe(lineValue(24_537, 123_457));
    expect(body.created.planned_value + body.original.planned_value).toBe(lineValue(25_003, 123_457));
    expect(await sumsOf(d.transport.id, 'PURCHASE')).toEqual({ ...before, rows: 2 });
  });

  it('splits a split row again and still adds up to the delivery', async () => {
    const before = await sumsOf(d.transport.id, 'SALES');
    const first = okJson(await api().split(d.salesTx.id, 1));
    const second = okJson(await api().split(first.original.id, 12_345));
    const third = okJson(await api().split(second.created.id, 3));
    expect(third.created.split_from_id).toBe(second.created.id);
    expect(await sumsOf(d.transport.id, 'SALES')).toEqual({ ...before, rows: 4 });
  });

  it('copies the invoice data and the exchange rate to the new row', async () => {
    okJson(await api().setSalesInvoice(d.salesTx.id, { invoice_number: 'FV/9' }));
    const body = okJson(await api().split(d.salesTx.id, 1_000));
    expect(body.created).toMatchObject({ invoice_number: 'FV/9', invoice_date: '2026-03-10', exchange_rate: 10_000 });
  });

  it('refuses 0, the whole quantity and more with VALUE_IS_WRONG or a validation error', async () => {
    for (const quantity of [24_537, 24_538, 1_000_000]) {
      const response = await api().split(d.purchaseTx.id, quantity);
      expect(response.statusCode).toBe(400);
      expect(codeOf(response)).toBe('VALUE_IS_WRONG');
    }
    const zero = await api().split(d.purchaseTx.id, 0);
    expect(zero.json().errors).toEqual([{ field: 'quantity', code: 'positive' }]);
    const fraction = await api().split(d.purchaseTx.id, 1.5);
    expect(fraction.json().errors).toEqual([{ field: 'quantity', code: 'integer' }]);
    expect(await sumsOf(d.transport.id, 'PURCHASE')).toMatchObject({ rows: 1, real: 24_537 });
  });

  it('refuses a SETTLED row with WRONG_STATUS', async () => {
    okJson(await api().setPurchaseInvoice(d.transportTx.id));
    okJson(await api().settle(PATHS.settleTransport, d.transportTx.id));
    const response = await api().split(d.transportTx.id, 100);
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe('WRONG_STATUS');
  });

  it('answers 404 SETTLEMENT_NOT_FOUND for a missing transaction', async () => {
    const response = await api().split(31_337, 100);
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toBe('SETTLEMENT_NOT_FOUND');
  });

  it('writes audit entries for the original and the new row', async () => {
    const body = okJson(await api().split(d.transportTx.id, 2_000));
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'transaction'));
    expect(entries.map((entry) => [entry.entityId, entry.action])).toEqual([
      [d.transportTx.id, 'split'],
      [body.created.id, 'create'],
    ]);
  });
});

describe('POST /api/contract/settlement-reallocate-purchase and -reallocate', () => {
  it('moves a PURCHASE row to another purchase of the same supplier and raw material, re-based on its price', async () => {
    const target = await insertContract(t.db, {
      type: 'PURCHASE',
      counterpartyId: d.purchase.counterpartyId,
      price: 110_000,
      status: 'TO_SETTLEMENT',
    });
    const row = okJson(
      await api().post(PATHS.movePurchase, { transaction_id: d.purchaseTx.id, purchase_id: target.id }),
    );
    expect(row).toMatchObject({
      contract_id: target.id,
      purchase_id: target.id,
      purchase_agreement_document_number: target.documentNumber,
      sales_agreement_document_number: d.sale.documentNumber,
      planned_price: 110_000,
      planned_value: lineValue(25_003, 110_000),
      real_price: 123_457,
      real_quantity: 24_537,
    });
    const list = okJson(await api().post(PATHS.purchaseList, { filter: { purchase_id: target.id } }));
    expect(list.list.map((item: { id: number }) => item.id)).toEqual([d.purchaseTx.id]);
    const old = okJson(await api().post(PATHS.purchaseList, { filter: { purchase_id: d.purchase.id } }));
    expect(old.list).toEqual([]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'move'));
    expect(entry!.changes).toMatchObject({ contractId: { from: d.purchase.id, to: target.id } });
  });

  it('moves a SALES row to another sale of the same recipient', async () => {
    const target = await insertContract(t.db, { type: 'SALES', counterpartyId: d.sale.counterpartyId });
    const row = okJson(await api().post(PATHS.moveSales, { transaction_id: d.salesTx.id, sales_id: target.id }));
    expect(row).toMatchObject({ contract_id: target.id, sales_id: target.id, purchase_id: d.purchase.id });
  });

  it('answers the row unchanged when it is on that contract already', async () => {
    const row = okJson(await api().post(PATHS.moveSales, { transaction_id: d.salesTx.id, sales_id: d.sale.id }));
    expect(row).toMatchObject({ contract_id: d.sale.id, planned_value: d.salesTx.plannedValue });
  });

  it('refuses another counterparty, raw material or currency with CONTRACT_IS_NOT_COMPATIBLE', async () => {
    const supplierId = d.purchase.counterpartyId;
    const maize = await firstQualityOf(t.db, 2);
    const targets = [
      await insertContract(t.db, { type: 'PURCHASE', counterpartyId: (await insertContractor(t.db)).id }),
      await insertContract(t.db, {
        type: 'PURCHASE',
        counterpartyId: supplierId,
        rawMaterialId: 2,
        rawMaterialQualityId: maize,
      }),
      await insertContract(t.db, { type: 'PURCHASE', counterpartyId: supplierId, currency: 'EUR' }),
    ];
    for (const target of targets) {
      const response = await api().post(PATHS.movePurchase, {
        transaction_id: d.purchaseTx.id,
        purchase_id: target.id,
      });
      expect(response.statusCode).toBe(409);
      expect(codeOf(response)).toBe('CONTRACT_IS_NOT_COMPATIBLE');
    }
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, d.purchaseTx.id));
    expect(row!.contractId).toBe(d.purchase.id);
  });

  it('refuses a CLOSED or CANCELLED target with WRONG_STATUS', async () => {
    for (const status of ['CLOSED', 'CANCELLED'] as const) {
      const target = await insertContract(t.db, { type: 'SALES', counterpartyId: d.sale.counterpartyId, status });
      const response = await api().post(PATHS.moveSales, { transaction_id: d.salesTx.id, sales_id: target.id });
      expect(response.statusCode).toBe(409);
      expect(codeOf(response)).toBe('WRONG_STATUS');
    }
  });

  it('refuses a missing contract or one of the other side with 404 CONTRACT_NOT_FOUND', async () => {
    for (const purchaseId of [987_654, d.sale.id]) {
      const response = await api().post(PATHS.movePurchase, {
        transaction_id: d.purchaseTx.id,
        purchase_id: purchaseId,
      });
      expect(response.statusCode).toBe(404);
      expect(codeOf(response)).toBe('CONTRACT_NOT_FOUND');
    }
  });

  it('refuses a row of another kind with VALUE_IS_WRONG and a missing row with SETTLEMENT_NOT_FOUND', async () => {
    const wrongKind = await api().post(PATHS.moveSales, { transaction_id: d.purchaseTx.id, sales_id: d.sale.id });
    expect(codeOf(wrongKind)).toBe('VALUE_IS_WRONG');
    const transport = await api().post(PATHS.movePurchase, {
      transaction_id: d.transportTx.id,
      purchase_id: d.purchase.id,
    });
    expect(codeOf(transport)).toBe('VALUE_IS_WRONG');
    const missing = await api().post(PATHS.moveSales, { transaction_id: 55_555, sales_id: d.sale.id });
    expect(missing.statusCode).toBe(404);
    expect(codeOf(missing)).toBe('SETTLEMENT_NOT_FOUND');
  });

  it('refuses a SETTLED row with WRONG_STATUS', async () => {
    const target = await insertContract(t.db, { type: 'SALES', counterpartyId: d.sale.counterpartyId });
    okJson(await api().setSalesInvoice(d.salesTx.id));
    okJson(await api().settle(PATHS.settleSales, d.salesTx.id));
    const response = await api().post(PATHS.moveSales, { transaction_id: d.salesTx.id, sales_id: target.id });
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe('WRONG_STATUS');
  });
});

describe('per-side lists: /api/contract/settlement-purchase-list and -sales-list', () => {
  it("lists one contract's rows of its side with the contract's settlement figures in total_data", async () => {
    const second = await insertDeliveredTransport(t.db, { purchaseId: d.purchase.id, salesId: d.sale.id, realKg: 999 });
    okJson(await api().setPurchaseInvoice(second.purchaseTx.id));
    okJson(await api().settle(PATHS.settlePurchase, second.purchaseTx.id));
    const body = okJson(await api().post(PATHS.purchaseList, { filter: { purchase_id: d.purchase.id } }));
    expect(body.list.map((row: { id: number }) => row.id)).toEqual([second.purchaseTx.id, d.purchaseTx.id]);
    expect(body).toMatchObject({ filtered: 2, total: 2 });
    expect(body.total_data).toEqual({
      settled_count: 1,
      settled_quantity: 999,
      settled_value: lineValue(999, 123_457),
      settled_pln_value: lineValue(999, 123_457),
      to_settle_count: 1,
      to_settle_quantity: 24_537,
    });
    const open = okJson(
      await api().get(PATHS.purchaseList, {
        filter: JSON.stringify({ purchase_id: d.purchase.id, status: 'TO_SETTLEMENT' }),
      }),
    );
    expect(open.list.map((row: { id: number }) => row.id)).toEqual([d.purchaseTx.id]);
    expect(open).toMatchObject({ filtered: 1, total: 2, total_data: { to_settle_count: 1 } });
    const sales = okJson(await api().post(PATHS.salesList, { filter: { sales_id: d.sale.id }, order_by: 'id:asc' }));
    expect(sales.list.map((row: { id: number }) => row.id)).toEqual([d.salesTx.id, second.salesTx.id]);
  });

  it('requires the contract id, and refuses a missing one or one of the other side with CONTRACT_NOT_FOUND', async () => {
    const noFilter = await api().post(PATHS.purchaseList, {});
    expect(noFilter.statusCode).toBe(400);
    expect(noFilter.json().errors).toEqual([{ field: 'filter.purchase_id', code: 'required' }]);
    const missing = await api().post(PATHS.salesList, { filter: { sales_id: 777_777 } });
    expect(missing.statusCode).toBe(404);
    expect(codeOf(missing)).toBe('CONTRACT_NOT_FOUND');
    const otherSide = await api().post(PATHS.salesList, { filter: { sales_id: d.purchase.id } });
    expect(codeOf(otherSide)).toBe('CONTRACT_NOT_FOUND');
    const badSort = await api().post(PATHS.salesList, { filter: { sales_id: d.sale.id }, order_by: 'value' });
    expect(codeOf(badSort)).toBe('INVALID_SORT_PARAMS');
  });

  it('answers empty figures for a contract without transactions', async () => {
    const empty = await insertContract(t.db, { type: 'SALES' });
    await t.db.update(contracts).set({ status: 'CLOSED' }).where(eq(contracts.id, empty.id));
    const body = okJson(await api().post(PATHS.salesList, { filter: { sales_id: empty.id } }));
    expect(body).toEqual({
      list: [],
      filtered: 0,
      total: 0,
      total_data: {
        settled_count: 0,
        settled_quantity: 0,
        settled_value: 0,
        settled_pln_value: 0,
        to_settle_count: 0,
        to_settle_quantity: 0,
      },
    });
  });
});
