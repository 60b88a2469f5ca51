import { eq, inArray } from 'drizzle-orm';
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
import { auditLog, transactions } from '../../db/schema/index.js';

let t: TestApp;
let token: string;
let d: Delivery;
const api = () => settlementApi(t, () => token);
const invoiceItem = (id: number, extra: Record<string, unknown> = {}) => ({
  transaction_id: id,
  invoice_number: `FV/${id}/2026`,
  invoice_date: '2026-03-10',
  payment_date: '2026-04-09',
  ...extra,
});
const threeRows = () => [d.purchaseTx.id, d.salesTx.id, d.transportTx.id];
const bulkInvoice = (items: unknown[], as = token) => api().post(PATHS.bulkInvoice, { items }, as);
const bulkSettle = (items: unknown[], as = token) => api().post(PATHS.bulkSettle, { items }, as);

async function storedRows(ids: number[]) {
  const rows = await t.db.select().from(transactions).where(inArray(transactions.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
  d = await insertDeliveredTransport(t.db, { realKg: 24_537, plannedKg: 25_000 });
});
afterAll(() => t.close());

describe('POST /api/contract/settlement-bulk-invoice', () => {
  it("sets the invoices of a delivered transport's three rows in one call, answering them in request order", async () => {
    const answer = okJson(await bulkInvoice(threeRows().map((id) => invoiceItem(id))));
    expect(answer.list.map((row: { id: number }) => row.id)).toEqual(threeRows());
    expect(answer.list.map((row: { type: string }) => row.type)).toEqual(['PURCHASE', 'SALES', 'TRANSPORT']);
    const stored = await storedRows(threeRows());
    for (const id of threeRows()) expect(stored.get(id)!.invoiceNumber).toBe(`FV/${id}/2026`);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'set-invoice'));
    expect(entries).toHaveLength(3);
  });

  it('writes nothing when one row is refused, and names that row (all or nothing)', async () => {
    okJson(await api().setPurchaseInvoice(d.transportTx.id));
    okJson(await api().settle(PATHS.settleTransport, d.transportTx.id));
    const response = await bulkInvoice([invoiceItem(d.purchaseTx.id), invoiceItem(d.transportTx.id)]);
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe('CANNOT_SET_INVOICE_ON_THIS_STATUS');
    expect(response.json().errors).toEqual([
      { field: 'items.1.transaction_id', code: 'CANNOT_SET_INVOICE_ON_THIS_STATUS' },
    ]);
    expect(response.json().message).toContain(`Transaction ${d.transportTx.id}`);
    expect((await storedRows([d.purchaseTx.id])).get(d.purchaseTx.id)!.invoiceNumber).toBeNull();
  });

  it('validates every item like the single call and refuses a row listed twice', async () => {
    const badDate = await bulkInvoice([invoiceItem(d.purchaseTx.id), invoiceItem(d.salesTx.id, { invoice_date: 'x' })]);
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errors).toContainEqual({ field: 'items.1.invoice_date', code: 'date' });
    const twice = await bulkInvoice([invoiceItem(d.purchaseTx.id), invoiceItem(d.purchaseTx.id)]);
    expect(twice.json().errors).toEqual([{ field: 'items.1.transaction_id', code: 'duplicateItem' }]);
    const none = await bulkInvoice([]);
    expect(none.json().errors).toEqual([{ field: 'items', code: 'required' }]);
  });

  it('answers SETTLEMENT_NOT_FOUND for a missing row and writes nothing', async () => {
    const response = await bulkInvoice([invoiceItem(d.salesTx.id), invoiceItem(999_999)]);
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toBe('SETTLEMENT_NOT_FOUND');
    expect(response.json().errors).toEqual([{ field: 'items.1.transaction_id', code: 'SETTLEMENT_NOT_FOUND' }]);
    expect((await storedRows([d.salesTx.id])).get(d.salesTx.id)!.invoiceNumber).toBeNull();
  });
});

describe('POST /api/contract/settlement-bulk-settle', () => {
  it("settles a delivered transport's three rows with their real figures in one call", async () => {
    okJson(await bulkInvoice(threeRows().map((id) => invoiceItem(id))));
    const answer = okJson(await bulkSettle(threeRows().map((id) => ({ transaction_id: id }))));
    expect(answer.list.every((row: { status: string }) => row.status === 'SETTLED')).toBe(true);
    const stored = await storedRows(threeRows());
    for (const id of threeRows()) {
      const row = stored.get(id)!;
      expect(row).toMatchObject({ status: 'SETTLED', finalQuantityKg: 24_537, finalPrice: row.realPrice });
    }
  });

  it('refuses with INVOICE_DATA_INCOMPLETE on the row without an invoice and settles none', async () => {
    okJson(await bulkInvoice([invoiceItem(d.purchaseTx.id), invoiceItem(d.transportTx.id)]));
    const response = await bulkSettle(threeRows().map((id) => ({ transaction_id: id })));
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe('INVOICE_DATA_INCOMPLETE');
    expect(response.json().errors).toEqual([{ field: 'items.1.transaction_id', code: 'INVOICE_DATA_INCOMPLETE' }]);
    const stored = await storedRows(threeRows());
    expect([...stored.values()].map((row) => row.status)).toEqual(['TO_SETTLEMENT', 'TO_SETTLEMENT', 'TO_SETTLEMENT']);
  });

  it('applies the single call rules per row: settling twice is WRONG_STATUS, a field error keeps its field', async () => {
    okJson(await bulkInvoice(threeRows().map((id) => invoiceItem(id))));
    okJson(await api().settle(PATHS.settleSales, d.salesTx.id));
    const twice = await bulkSettle([{ transaction_id: d.purchaseTx.id }, { transaction_id: d.salesTx.id }]);
    expect(codeOf(twice)).toBe('WRONG_STATUS');
    expect(twice.json().errors).toEqual([{ field: 'items.1.transaction_id', code: 'WRONG_STATUS' }]);
    const tooMuch = await bulkSettle([
      { transaction_id: d.purchaseTx.id },
      { transaction_id: d.transportTx.id, deductions: 900_000_000 },
    ]);
    expect(codeOf(tooMuch)).toBe('VALUE_IS_WRONG');
    expect(tooMuch.json().errors).toEqual([{ field: 'items.1.deductions', code: 'tooBig' }]);
    expect((await storedRows([d.purchaseTx.id])).get(d.purchaseTx.id)!.status).toBe('TO_SETTLEMENT');
  });
});

describe('roles', () => {
  it('refuses both bulk calls without a token with 401 UNAUTHORIZED', async () => {
    for (const url of [PATHS.bulkInvoice, PATHS.bulkSettle]) {
      const response = await t.call({ method: 'POST', url, payload: { items: [{ transaction_id: d.salesTx.id }] } });
      expect(response.statusCode).toBe(401);
    }
  });

  it('lets a USER invoice and settle several rows', async () => {
    const user = await t.userWithRole('USER');
    okJson(await bulkInvoice([invoiceItem(d.salesTx.id), invoiceItem(d.transportTx.id)], user.token));
    okJson(await bulkSettle([{ transaction_id: d.salesTx.id }, { transaction_id: d.transportTx.id }], user.token));
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settle')).limit(1);
    expect(entry!.userId).toBe(user.id);
  });
});
