import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { okJson, PATHS, settlementApi } from '../../../test/fixtures/settlements.js';
import { deliveredBody, type Pair, seedPair, transportApi, transportBody } from '../../../test/fixtures/transports.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { invariantViolations, tableCounts } from '../../../test/trust/invariants.js';
import { auditLog, transactions, unloadings } from '../../db/schema/index.js';

/**
 * RULES.md Invoices, VAT and KSeF: a free deduction entered at delivery belongs to one side (purchase, sales or
 * transport) and is in that side's currency; it is never copied to another side. spec/2 section 7's one
 * `deductions` field is the purchase side's (packages/shared/src/transports.ts TransportDeliveredRequestSchema).
 */

let t: TestApp;
let token: string;
let api: ReturnType<typeof transportApi>;
const settlements = () => settlementApi(t, () => token);
beforeAll(async () => {
  t = await createTestApp();
  api = transportApi(t, () => token);
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
});
afterAll(() => t.close());

/** 24 510 kg: PLN purchase 1 010,50 zł/t → 24 767,36 zł; EUR sale 235,00 €/t → 5 759,85 €; freight 150,00 zł/t. */
const REAL = { real_cargo_quantity: 24_510, real_cargo_price: 101_050, deductions: undefined };
const VALUES = { PURCHASE: 2_476_736, SALES: 575_985, TRANSPORT: 367_650 };

async function rowsOf(transportId: number) {
  const rows = await t.db
    .select()
    .from(transactions)
    .where(eq(transactions.transportId, transportId))
    .orderBy(asc(transactions.id));
  return Object.fromEntries(rows.map((row) => [row.kind, row])) as Record<keyof typeof VALUES, (typeof rows)[number]>;
}

async function deliver(pair: Pair, body: Record<string, unknown>) {
  const id = await api.createId(transportBody(pair), true);
  const response = await api.deliver(id, deliveredBody({ ...REAL, ...body }));
  return { id, response };
}

const deductionsOf = async (transportId: number) => {
  const rows = await rowsOf(transportId);
  return [rows.PURCHASE.deductions, rows.SALES.deductions, rows.TRANSPORT.deductions];
};

describe('deductions at delivery, per side: a PLN purchase and an EUR sale', () => {
  let pair: Pair;
  beforeEach(async () => {
    pair = await seedPair(t.db, { sale: { currency: 'EUR', price: 23_500 } });
  });

  it("leaves the EUR sale's row untouched by the spec's one deductions field: 500,00 zł off the PLN purchase only", async () => {
    const { id, response } = await deliver(pair, { deductions: 50_000 });
    expect(response.statusCode, response.body).toBe(200);
    expect(await deductionsOf(id)).toEqual([50_000, 0, 0]);
    expect(response.json()).toMatchObject({
      deductions: 50_000,
      purchase_deductions: 50_000,
      sales_deductions: null,
      transport_deductions: null,
    });
  });

  it('takes an EUR sale deduction off the sales row only, leaving the PLN purchase and transport untouched', async () => {
    const { id, response } = await deliver(pair, { sales_deductions: 4_000 });
    expect(response.statusCode, response.body).toBe(200);
    expect(await deductionsOf(id)).toEqual([0, 4_000, 0]);
    const rows = await rowsOf(id);
    expect([rows.SALES.currency, rows.SALES.realValue]).toEqual(['EUR', VALUES.SALES]);
  });

  it('records each side in its own currency on the unloading, the answer and the audit entry', async () => {
    const body = { purchase_deductions: 50_000, sales_deductions: 4_000, transport_deductions: 700 };
    const { id, response } = await deliver(pair, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(await deductionsOf(id)).toEqual([50_000, 4_000, 700]);
    expect(response.json()).toMatchObject({ ...body, deductions: 50_000 });
    const [unloading] = await t.db.select().from(unloadings).where(eq(unloadings.transportId, id));
    expect(unloading).toMatchObject({ purchaseDeductions: 50_000, salesDeductions: 4_000, transportDeductions: 700 });
    const [entry] = await t.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'transport'), eq(auditLog.entityId, id), eq(auditLog.action, 'deliver')));
    expect(entry!.changes).toMatchObject({
      purchaseDeductions: { from: null, to: 50_000 },
      salesDeductions: { from: null, to: 4_000 },
      transportDeductions: { from: null, to: 700 },
    });
    expect(entry!.changes).not.toHaveProperty('deductions');
  });

  it('shows each row less its own deduction on the statement and settles it so, the invariants holding', async () => {
    const { id } = await deliver(pair, { purchase_deductions: 50_000, sales_deductions: 4_000 });
    const statement = okJson(await settlements().list({ filter: { transport_id: id } }));
    const byType = Object.fromEntries(statement.list.map((row: { type: string }) => [row.type, row]));
    expect(byType.PURCHASE).toMatchObject({ currency: 'PLN', deductions: 50_000, pln_value: VALUES.PURCHASE - 50_000 });
    // The EUR row has no PLN value until its rate is entered at settlement.
    expect(byType.SALES).toMatchObject({ currency: 'EUR', deductions: 4_000, pln_value: null });
    const rows = await rowsOf(id);
    okJson(await settlements().setSalesInvoice(rows.SALES.id));
    const settled = okJson(await settlements().settle(PATHS.settleSales, rows.SALES.id, { exchange_rate: 43_000 }));
    // (5 759,85 − 40,00) € × 4,3 = 24 595,36 zł: the EUR deduction, converted with its own row.
    expect(settled).toMatchObject({ final_value: VALUES.SALES - 4_000, pln_value: 2_459_536 });
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('refuses a spec deductions field that contradicts purchase_deductions, marking it and writing nothing', async () => {
    const id = await api.createId(transportBody(pair), true);
    const before = await tableCounts(t.db);
    const response = await api.deliver(id, deliveredBody({ ...REAL, deductions: 50_000, purchase_deductions: 40_000 }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      message_code: 'VALIDATION_ERROR',
      errors: [{ field: 'deductions', code: 'deductionsTwice' }],
    });
    expect(await tableCounts(t.db)).toEqual(before);
    const same = await api.deliver(id, deliveredBody({ ...REAL, deductions: 50_000, purchase_deductions: 50_000 }));
    expect(same.statusCode, same.body).toBe(200);
    expect(await deductionsOf(id)).toEqual([50_000, 0, 0]);
  });

  it('refuses a negative deduction on its own side', async () => {
    const id = await api.createId(transportBody(pair), true);
    const response = await api.deliver(id, deliveredBody({ ...REAL, sales_deductions: -1 }));
    expect(response.json()).toMatchObject({
      message_code: 'VALIDATION_ERROR',
      errors: [{ field: 'sales_deductions', code: 'nonNegative' }],
    });
  });
});

describe('deductions at delivery, per side: both goods sides in PLN', () => {
  it('never copies a purchase deduction to the sales row of the same currency either', async () => {
    const pair = await seedPair(t.db, { sale: { currency: 'PLN', price: 110_000 } });
    const purchaseOnly = await deliver(pair, { purchase_deductions: 990 });
    expect(await deductionsOf(purchaseOnly.id)).toEqual([990, 0, 0]);
    const everySide = await deliver(pair, {
      purchase_deductions: 990,
      sales_deductions: 1_500,
      transport_deductions: 300,
    });
    expect(await deductionsOf(everySide.id)).toEqual([990, 1_500, 300]);
    const rows = await rowsOf(everySide.id);
    expect(rows.SALES.plnValue).toBe(rows.SALES.realValue);
  });
});
