import type { QualityTerm } from '@grain/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deliveredBody,
  moistureTerm,
  type Pair,
  proteinTerm,
  seedPair,
  transportApi,
  transportBody,
} from '../../../test/fixtures/transports.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import {
  contractPriceOptions,
  rawMaterialQualities,
  transactions,
  transports,
  unloadings,
} from '../../db/schema/index.js';

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

const impurities: QualityTerm = { ...moistureTerm, parameter: 'Zanieczyszczenia', rule: 'WEIGHT_1_TO_1', basis: 200 };

async function setTerms(contractId: number, terms: QualityTerm[]) {
  await t.db
    .update(contractPriceOptions)
    .set({ qualityTerms: terms })
    .where(eq(contractPriceOptions.contractId, contractId));
}

const LAB = [
  { parameter: 'Wilgotność', value: 1650 },
  { parameter: 'Białko', value: 1227 },
  { parameter: 'Zanieczyszczenia', value: 350 },
];

describe('delivery with lab results', () => {
  let pair: Pair;
  let transportId: number;
  beforeEach(async () => {
    pair = await seedPair(t.db);
    await setTerms(pair.purchaseId, [moistureTerm, proteinTerm]);
    await setTerms(pair.salesId, [{ ...moistureTerm, basis: 1500 }, impurities]);
    transportId = await api.createId(transportBody(pair), true);
  });

  it('creates the purchase and the sales rows each with its own paid weight, price lines and stored terms', async () => {
    const response = await api.deliver(
      transportId,
      deliveredBody({ real_cargo_quantity: 25_000, real_cargo_price: 101_050, deductions: null, lab_results: LAB }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ lab_results: LAB, is_to_decide: false, real_cargo_quantity: 25_000 });

    const rows = await t.db.select().from(transactions).orderBy(asc(transactions.id));
    const [purchase, sales, transport] = rows;
    // Purchase: 25 000 × 2 / 85,5 = 584,8 → 585 kg; proteinTerm 12,27 % = 2 whole steps of 0,1 % under 12,5 %: −4,00 zł/t.
    // 24,415 t × 1 010,50 = 24 671,36 zł; 24,415 t × 4,00 = 97,66 zł.
    expect(purchase).toMatchObject({
      kind: 'PURCHASE',
      realQuantityKg: 24_415,
      realPrice: 101_050,
      realValue: 2_467_136,
      deductions: 9_766,
      surcharges: 0,
    });
    expect(purchase!.qualitySettlement).toMatchObject({
      grossKg: 25_000,
      paidKg: 24_415,
      price: 100_650,
      value: 2_467_136 - 9_766,
      terms: [moistureTerm, proteinTerm],
      labResults: LAB,
      lines: [
        { parameter: 'Wilgotność', weightKg: 585, amount: 0 },
        { parameter: 'Białko', pricePerTonne: -400, amount: -9_766 },
      ],
    });
    // Sales by its own terms: 25 000 × 1,5 / 85 = 441,2 → 441 kg; impurities 1,5 % over: 375 kg; at 1 000,00 zł/t.
    expect(sales).toMatchObject({ kind: 'SALES', realQuantityKg: 24_184, realValue: 2_418_400, deductions: 0 });
    expect(sales!.qualitySettlement?.lines.map((line) => [line.parameter, line.weightKg])).toEqual([
      ['Wilgotność', 441],
      ['Zanieczyszczenia', 375],
    ]);
    // The carrier is paid on the unloaded weight.
    expect(transport).toMatchObject({ kind: 'TRANSPORT', realQuantityKg: 25_000, qualitySettlement: null });

    const statement = await t.call({
      method: 'POST',
      url: '/api/settlement/transaction-list',
      token,
      payload: { filter: { type: 'purchase' } },
    });
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json().list[0].quality_settlement).toMatchObject({
      paid_kg: 24_415,
      lines: [
        { parameter: 'Wilgotność', weight_kg: 585 },
        { parameter: 'Białko', amount: -9_766 },
      ],
    });
  });

  it("sums the deliveries on each contract's dashboard: tonnes and money deducted, average quality against terms", async () => {
    await api.deliver(transportId, deliveredBody({ real_cargo_quantity: 25_000, deductions: null, lab_results: LAB }));
    const dashboard = await t.call({
      method: 'GET',
      url: `/api/contract/get-purchase-dashboard/${pair.purchaseId}`,
      token,
    });
    expect(dashboard.json().quality_summary).toEqual({
      deliveries: 1,
      gross_kg: 25_000,
      paid_kg: 24_415,
      deducted_kg: 585,
      discounts: 9_766,
      premiums: 0,
      parameters: [
        { parameter: 'Wilgotność', unit: '%', basis: 1450, average: 1650, deliveries: 1 },
        { parameter: 'Białko', unit: '%', basis: 1250, average: 1227, deliveries: 1 },
      ],
    });
    const sales = await t.call({ method: 'GET', url: `/api/contract/get-sales-dashboard/${pair.salesId}`, token });
    expect(sales.json().quality_summary).toMatchObject({ paid_kg: 24_184, deducted_kg: 816, discounts: 0 });
  });

  it('shows positions in paid tonnes on request: contract quantity less the weight the lines took', async () => {
    await api.deliver(transportId, deliveredBody({ real_cargo_quantity: 25_000, deductions: null, lab_results: LAB }));
    const positions = async (body: object) => {
      const response = await t.call({ method: 'POST', url: '/api/dashboard/position', payload: body, token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json()[0];
    };
    expect(await positions({})).toMatchObject({ purchase: 100_000, sales: 100_000 });
    expect(await positions({ is_paid_weight: true })).toMatchObject({ purchase: 100_000 - 585, sales: 100_000 - 816 });
  });

  it("adds each side's free deduction on top of its own quality lines", async () => {
    await api.deliver(
      transportId,
      deliveredBody({
        real_cargo_quantity: 25_000,
        deductions: null,
        purchase_deductions: 1_000,
        sales_deductions: 400,
        lab_results: LAB,
      }),
    );
    const rows = await t.db.select().from(transactions).orderBy(asc(transactions.id));
    expect(rows.map((row) => row.deductions)).toEqual([10_766, 400, 0]);
  });

  it('flags the unloading "do decyzji" when a lab result passes a rejection limit, and still records it', async () => {
    const response = await api.deliver(
      transportId,
      deliveredBody({ real_cargo_quantity: 25_000, lab_results: [{ parameter: 'Wilgotność', value: 1950 }] }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'DELIVERED', is_to_decide: true });
    const [unloading] = await t.db.select().from(unloadings);
    expect(unloading).toMatchObject({ isToDecide: true, labResults: [{ parameter: 'Wilgotność', value: 1950 }] });
  });

  it("keeps unloaded kg without lab results, each row with its own side's deduction only", async () => {
    await api.deliver(transportId, deliveredBody({ real_cargo_quantity: 25_000, deductions: 1_250 }));
    const rows = await t.db.select().from(transactions).orderBy(asc(transactions.id));
    // RULES.md Invoices, VAT and KSeF: the spec's one deductions field is the purchase side's, never copied.
    expect(rows.map((row) => [row.realQuantityKg, row.deductions, row.surcharges, row.qualitySettlement])).toEqual([
      [25_000, 1_250, 0, null],
      [25_000, 0, 0, null],
      [25_000, 0, 0, null],
    ]);
    const [unloading] = await t.db.select().from(unloadings);
    expect(unloading).toMatchObject({ labResults: null, isToDecide: false });
  });

  it('refuses lab results outside physical ranges or not of the raw material with VALIDATION_ERROR, fields marked', async () => {
    const response = await api.deliver(
      transportId,
      deliveredBody({
        lab_results: [
          { parameter: 'Wilgotność', value: 10_001 },
          { parameter: 'Liczba opadania', value: 100_001 },
          { parameter: 'Gęstość', value: -1 },
          { parameter: 'Olej napędowy', value: 100 },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message_code).toBe('VALIDATION_ERROR');
    expect(response.json().errors).toEqual([
      { field: 'lab_results.0.value', code: 'tooBig' },
      { field: 'lab_results.1.value', code: 'tooBig' },
      { field: 'lab_results.2.value', code: 'nonNegative' },
      { field: 'lab_results.3.parameter', code: 'oneOf' },
    ]);
    const [transport] = await t.db.select().from(transports).where(eq(transports.id, transportId));
    expect(transport!.status).toBe('ON_THE_WAY');
    expect(await t.db.select().from(transactions)).toEqual([]);
  });

  it('refuses a fraction of a hundredth and a repeated parameter in the body itself', async () => {
    const fraction = await api.deliver(
      transportId,
      deliveredBody({ lab_results: [{ parameter: 'Wilgotność', value: 1650.5 }] }),
    );
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().errors).toEqual([{ field: 'lab_results.0.value', code: 'integer' }]);
    const repeated = await api.deliver(
      transportId,
      deliveredBody({
        lab_results: [
          { parameter: 'Wilgotność', value: 1650 },
          { parameter: 'wilgotność', value: 1650 },
        ],
      }),
    );
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().errors).toEqual([{ field: 'lab_results.1.parameter', code: 'nameExists' }]);
  });
});

describe("delivery of an additional option's quality (RULES.md Transports, Quality)", () => {
  it("settles each side by the delivered quality's option: its terms, and the sale at that option's price", async () => {
    const pair = await seedPair(t.db);
    await setTerms(pair.purchaseId, [moistureTerm]);
    await setTerms(pair.salesId, [moistureTerm]);
    const [main] = await t.db
      .select({ qualityId: contractPriceOptions.rawMaterialQualityId })
      .from(contractPriceOptions)
      .where(eq(contractPriceOptions.contractId, pair.purchaseId));
    const [{ rawMaterialId }] = (await t.db
      .select({ rawMaterialId: rawMaterialQualities.rawMaterialId })
      .from(rawMaterialQualities)
      .where(eq(rawMaterialQualities.id, main!.qualityId))) as [{ rawMaterialId: number }];
    const [other] = await t.db
      .insert(rawMaterialQualities)
      .values({ rawMaterialId, title: 'Paszowa mokra', isVariant: true })
      .returning({ id: rawMaterialQualities.id });
    // Both contracts take the wet quality as an additional option: a 13 % basis and drying at 10,00 zł/t per point.
    const wet: QualityTerm = { ...moistureTerm, basis: 1300, rejectionLimit: null, dryingFeePerPoint: 1000 };
    await t.db.insert(contractPriceOptions).values([
      { contractId: pair.purchaseId, price: 90_000, rawMaterialQualityId: other!.id, qualityTerms: [wet] },
      { contractId: pair.salesId, price: 95_000, rawMaterialQualityId: other!.id, qualityTerms: [] },
    ]);
    const transportId = await api.createId(transportBody(pair), true);

    const response = await api.deliver(
      transportId,
      deliveredBody({
        real_cargo_quantity: 25_000,
        real_cargo_quality_id: other!.id,
        real_cargo_price: 90_000,
        deductions: null,
        lab_results: [{ parameter: 'Wilgotność', value: 1650 }],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const [purchase, sales] = await t.db.select().from(transactions).orderBy(asc(transactions.id));
    // Purchase by the option's 13 %: 25 000 × 3,5 / 87 = 1 005,7 → 1 006 kg, paid 23 994 kg; drying 3,5 × 10,00 =
    // 35,00 zł/t: 23,994 t × 35,00 = 839,79 zł. Value 23,994 × 900,00 = 21 594,60 zł.
    expect(purchase).toMatchObject({
      realQuantityKg: 23_994,
      realPrice: 90_000,
      realValue: 2_159_460,
      deductions: 83_979,
    });
    expect(purchase!.qualitySettlement).toMatchObject({
      terms: [wet],
      lines: [{ parameter: 'Wilgotność', weightKg: 1006, pricePerTonne: -3500, amount: -83_979 }],
      value: 2_159_460 - 83_979,
    });
    // Sales: the option's 950,00 zł/t and its terms (none), not the main option's 14,5 % shrink.
    expect(sales).toMatchObject({ realQuantityKg: 25_000, realPrice: 95_000, realValue: 2_375_000, deductions: 0 });
    expect(sales!.qualitySettlement?.lines).toEqual([]);
    const statement = await t.call({
      method: 'POST',
      url: '/api/settlement/transaction-list',
      token,
      payload: { filter: { type: 'purchase' } },
    });
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json().list[0].quality_settlement.terms[0]).toMatchObject({
      is_percent_of_price: false,
      drying_fee_per_point: 1000,
    });
  });
});
