import { lineValue, toPln } from '@grain/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  codeOf,
  type Delivery,
  insertDeliveredTransport,
  okJson,
  PATHS,
  settlementApi,
} from '../../../test/fixtures/settlements.js';
import { firstQualityOf } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { auditLog, rawMaterialQualities, transactions } from '../../db/schema/index.js';
import { contractSettlementTotals, hasUnsettledTransactions } from './service/index.js';

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
  d = await insertDeliveredTransport(t.db, { purchase: { price: 123_456 }, realKg: 24_537, plannedKg: 25_000 });
});
afterAll(() => t.close());

async function stored(id: number) {
  const [row] = await t.db.select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

describe('POST /api/contract/settlement-set-purchase-invoice and -set-sales-invoice', () => {
  it('sets invoice number, invoice date and payment date and answers the row', async () => {
    const row = okJson(await api().setPurchaseInvoice(d.purchaseTx.id, { invoice_number: ' FV/1/2026 ' }));
    expect(row).toMatchObject({
      id: d.purchaseTx.id,
      invoice_number: 'FV/1/2026',
      invoice_date: '2026-03-10',
      payment_date: '2026-04-09',
      status: 'TO_SETTLEMENT',
    });
    const sales = okJson(await api().setSalesInvoice(d.salesTx.id, { payment_date: null }));
    expect(sales).toMatchObject({ invoice_number: `FV/${d.salesTx.id}/2026`, payment_date: null });
  });

  it('takes a TRANSPORT row through the purchase path (the carrier invoice is received like a supplier one)', async () => {
    const row = okJson(await api().setPurchaseInvoice(d.transportTx.id));
    expect(row).toMatchObject({ type: 'TRANSPORT', invoice_number: `FV/${d.transportTx.id}/2026` });
  });

  it('overwrites an earlier invoice while TO_SETTLEMENT and writes an audit entry each time', async () => {
    okJson(await api().setSalesInvoice(d.salesTx.id, { invoice_number: 'FV/1' }));
    okJson(await api().setSalesInvoice(d.salesTx.id, { invoice_number: 'FV/2' }));
    expect((await stored(d.salesTx.id)).invoiceNumber).toBe('FV/2');
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'transaction'), eq(auditLog.entityId, d.salesTx.id)));
    expect(entries.map((entry) => entry.action)).toEqual(['set-invoice', 'set-invoice']);
    expect(entries[1]!.changes).toMatchObject({ invoiceNumber: { from: 'FV/1', to: 'FV/2' } });
  });

  it('refuses a row of the other side with VALUE_IS_WRONG', async () => {
    for (const response of [
      await api().setSalesInvoice(d.purchaseTx.id),
      await api().setSalesInvoice(d.transportTx.id),
      await api().setPurchaseInvoice(d.salesTx.id),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(codeOf(response)).toBe('VALUE_IS_WRONG');
    }
  });

  it('refuses a SETTLED row with CANNOT_SET_INVOICE_ON_THIS_STATUS', async () => {
    okJson(await api().setPurchaseInvoice(d.purchaseTx.id));
    okJson(await api().settle(PATHS.settlePurchase, d.purchaseTx.id));
    const response = await api().setPurchaseInvoice(d.purchaseTx.id, { invoice_number: 'FV/korekta' });
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe('CANNOT_SET_INVOICE_ON_THIS_STATUS');
  });

  it('answers 404 SETTLEMENT_NOT_FOUND for a missing transaction', async () => {
    const response = await api().setPurchaseInvoice(999_999);
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toBe('SETTLEMENT_NOT_FOUND');
  });

  it('validates the body: required number and date, real dates, payment not before invoice', async () => {
    const missing = await api().post(PATHS.purchaseInvoice, { transaction_id: d.purchaseTx.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'invoice_number', code: 'required' },
        { field: 'invoice_date', code: 'required' },
      ]),
    );
    const early = await api().setPurchaseInvoice(d.purchaseTx.id, { payment_date: '2026-03-01' });
    expect(early.json().errors).toEqual([{ field: 'payment_date', code: 'dateToIsBefore' }]);
    const notADate = await api().setPurchaseInvoice(d.purchaseTx.id, { invoice_date: '2026-02-30' });
    expect(notADate.json().errors).toEqual([{ field: 'invoice_date', code: 'date' }]);
    const unknown = await api().setPurchaseInvoice(d.purchaseTx.id, { amount: 1 });
    expect(unknown.json().errors).toEqual([{ field: 'amount', code: 'unknownField' }]);
  });
});

describe('POST /api/contract/settlement-purchase, -sales, -transport', () => {
  it('refuses a row without invoice number and date with INVOICE_DATA_INCOMPLETE', async () => {
    const response = await api().settle(PATHS.settlePurchase, d.purchaseTx.id);
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe('INVOICE_DATA_INCOMPLETE');
    expect((await stored(d.purchaseTx.id)).status).toBe('TO_SETTLEMENT');
  });

  it('settles with the real figures by default: 24 537 kg × 1 234,56 zł/t = 30 292,40 zł', async () => {
    okJson(await api().setPurchaseInvoice(d.purchaseTx.id));
    const row = okJson(await api().settle(PATHS.settlePurchase, d.purchaseTx.id));
    expect(row).toMatchObject({
      status: 'SETTLED',
      final_quantity: 24_537,
      final_price: 123_456,
      final_value: 3_029_240,
      final_quality_id: d.purchaseTx.realQualityId,
      exchange_rate: 10_000,
      pln_value: 3_029_240,
    });
    expect(row.final_quality_title).toEqual(row.real_quality_title);
    expect(Date.parse(row.settled_at)).not.toBeNaN();
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, d.purchaseTx.id), eq(auditLog.action, 'settle')));
    // The transport's history shows each settled figure from -> to (RULES.md "Everything that changes data").
    expect(audit[0]!.changes).toMatchObject({
      status: { from: 'TO_SETTLEMENT', to: 'SETTLED' },
      finalValue: { from: null, to: 3_029_240 },
      plnValue: { from: null, to: 3_029_240 },
    });
  });

  it('takes final figures, deductions and surcharges: value = kg × price / 1000 − deductions + surcharges', async () => {
    okJson(await api().setSalesInvoice(d.salesTx.id));
    const row = okJson(
      await api().settle(PATHS.settleSales, d.salesTx.id, {
        final_quantity: 24_001,
        final_price: 99_999,
        deductions: 1_234,
        surcharges: 567,
      }),
    );
    // 24 001 × 99 999 / 1000 = 2 400 075,999 → 2 400 076; − 1 234 + 567 = 2 399 409.
    expect(lineValue(24_001, 99_999)).toBe(2_400_076);
    expect(row).toMatchObject({
      final_quantity: 24_001,
      final_price: 99_999,
      deductions: 1_234,
      surcharges: 567,
      final_value: 2_399_409,
      pln_value: 2_399_409,
    });
  });

  it('rounds half a minor unit away from zero', async () => {
    okJson(await api().setSalesInvoice(d.salesTx.id));
    // 1 kg × 500 minor/t = 0,5 minor → 1; 3 kg × 500 = 1,5 → 2.
    const row = okJson(await api().settle(PATHS.settleSales, d.salesTx.id, { final_quantity: 3, final_price: 500 }));
    expect(row.final_value).toBe(2);
  });

  it('refuses deductions larger than the value with VALUE_IS_WRONG', async () => {
    okJson(await api().setSalesInvoice(d.salesTx.id));
    const response = await api().settle(PATHS.settleSales, d.salesTx.id, { final_price: 0, deductions: 1 });
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe('VALUE_IS_WRONG');
  });

  it('settles a TRANSPORT row through settlement-transport only', async () => {
    okJson(await api().setPurchaseInvoice(d.transportTx.id));
    const wrongPath = await api().settle(PATHS.settlePurchase, d.transportTx.id);
    expect(codeOf(wrongPath)).toBe('VALUE_IS_WRONG');
    const row = okJson(await api().settle(PATHS.settleTransport, d.transportTx.id));
    expect(row).toMatchObject({ type: 'TRANSPORT', status: 'SETTLED', final_value: lineValue(24_537, 15_000) });
  });

  it.each([
    [PATHS.settleSales, 'purchaseTx'],
    [PATHS.settleTransport, 'salesTx'],
    [PATHS.settlePurchase, 'salesTx'],
  ] as const)('%s refuses a %s with VALUE_IS_WRONG', async (path, key) => {
    const response = await api().settle(path, d[key].id);
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe('VALUE_IS_WRONG');
  });

  it('refuses settling twice with WRONG_STATUS and keeps the first figures', async () => {
    okJson(await api().setPurchaseInvoice(d.purchaseTx.id));
    okJson(await api().settle(PATHS.settlePurchase, d.purchaseTx.id));
    const response = await api().settle(PATHS.settlePurchase, d.purchaseTx.id, { final_price: 1 });
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe('WRONG_STATUS');
    expect((await stored(d.purchaseTx.id)).finalPrice).toBe(123_456);
  });

  it('answers 404 SETTLEMENT_NOT_FOUND for a missing transaction', async () => {
    const response = await api().settle(PATHS.settleTransport, 424_242);
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toBe('SETTLEMENT_NOT_FOUND');
  });

  it('validates the body: positive quantity, non-negative amounts, integer rate', async () => {
    const response = await api().settle(PATHS.settlePurchase, d.purchaseTx.id, {
      final_quantity: 0,
      final_price: -1,
      deductions: 1.5,
      exchange_rate: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'final_quantity', code: 'positive' },
        { field: 'final_price', code: 'nonNegative' },
        { field: 'deductions', code: 'integer' },
        { field: 'exchange_rate', code: 'positive' },
      ]),
    );
  });

  it('takes a final quality of the same raw material and refuses another one', async () => {
    okJson(await api().setPurchaseInvoice(d.purchaseTx.id));
    const maize = await firstQualityOf(t.db, 2);
    const refused = await api().settle(PATHS.settlePurchase, d.purchaseTx.id, { final_quality_id: maize });
    expect(refused.statusCode).toBe(404);
    expect(codeOf(refused)).toBe('RAW_MATERIAL_QUALITY_RELATION_NOT_FOUND');
    const [other] = await t.db
      .select({ id: rawMaterialQualities.id })
      .from(rawMaterialQualities)
      .where(eq(rawMaterialQualities.rawMaterialId, 1))
      .orderBy(rawMaterialQualities.id)
      .offset(1)
      .limit(1);
    const row = okJson(await api().settle(PATHS.settlePurchase, d.purchaseTx.id, { final_quality_id: other!.id }));
    expect(row.final_quality_id).toBe(other!.id);
  });
});

describe('exchange rates', () => {
  let eur: Delivery;
  beforeEach(async () => {
    eur = await insertDeliveredTransport(t.db, { sale: { currency: 'EUR', price: 25_050 }, realKg: 24_537 });
    okJson(await api().setSalesInvoice(eur.salesTx.id));
  });

  it('refuses a EUR row without a rate with VALUE_IS_MISSING on exchange_rate', async () => {
    const response = await api().settle(PATHS.settleSales, eur.salesTx.id);
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe('VALUE_IS_MISSING');
    expect(response.json().errors).toEqual([{ field: 'exchange_rate', code: 'required' }]);
  });

  it('converts the final value of a EUR row through the rate × 10 000', async () => {
    const row = okJson(await api().settle(PATHS.settleSales, eur.salesTx.id, { exchange_rate: 42_512 }));
    // 24 537 kg × 250,50 EUR/t = 614 651,85 cents → 614 652; × 4,2512 = 2 613 008,58 gr → 2 613 009 (26 130,09 zł).
    expect(row.final_value).toBe(614_652);
    expect(toPln(614_652, 42_512)).toBe(2_613_009);
    expect(row).toMatchObject({ currency: 'EUR', exchange_rate: 42_512, pln_value: 2_613_009 });
  });

  it('keeps PLN at 10 000 and refuses another rate for a PLN row with VALUE_IS_WRONG', async () => {
    okJson(await api().setPurchaseInvoice(eur.purchaseTx.id));
    const wrong = await api().settle(PATHS.settlePurchase, eur.purchaseTx.id, { exchange_rate: 1 });
    expect(wrong.statusCode).toBe(400);
    expect(codeOf(wrong)).toBe('VALUE_IS_WRONG');
    const row = okJson(await api().settle(PATHS.settlePurchase, eur.purchaseTx.id, { exchange_rate: 10_000 }));
    expect(row).toMatchObject({ exchange_rate: 10_000, pln_value: row.final_value });
  });
});

describe('settlements feed the contracts', () => {
  it('counts what is settled and left per contract and answers whether anything is unsettled', async () => {
    const second = await insertDeliveredTransport(t.db, {
      purchaseId: d.purchase.id,
      salesId: d.sale.id,
      realKg: 10_001,
    });
    expect(await hasUnsettledTransactions(t.db, d.purchase.id)).toBe(true);
    okJson(await api().setPurchaseInvoice(d.purchaseTx.id));
    okJson(await api().settle(PATHS.settlePurchase, d.purchaseTx.id, { surcharges: 100 }));
    expect(await contractSettlementTotals(t.db, d.purchase.id)).toEqual({
      settledCount: 1,
      settledQuantity: 24_537,
      settledValue: 3_029_240 + 100,
      settledPlnValue: 3_029_240 + 100,
      toSettleCount: 1,
      toSettleQuantity: 10_001,
    });
    okJson(await api().setPurchaseInvoice(second.purchaseTx.id));
    okJson(await api().settle(PATHS.settlePurchase, second.purchaseTx.id));
    expect(await hasUnsettledTransactions(t.db, d.purchase.id)).toBe(false);
    expect(await hasUnsettledTransactions(t.db, d.sale.id)).toBe(true);
  });
});
