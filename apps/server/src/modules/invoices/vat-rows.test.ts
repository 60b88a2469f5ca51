import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codeOf, insertDeliveredTransport, okJson, settlementApi } from '../../../test/fixtures/settlements.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';

/** RULES.md Invoices, VAT and KSeF: VAT rates per raw material and quality, dated; every statement row's VAT. */
let t: TestApp;
let token: string;
const api = () => settlementApi(t, () => token);
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
});
afterAll(() => t.close());

async function rowsOf(transportId: number) {
  const page = okJson(await api().list({ limit: 10, filter: { transport_id: transportId } }));
  return Object.fromEntries(page.list.map((row: { type: string }) => [row.type, row]));
}

const createRate = (body: Record<string, unknown>, as = token) =>
  t.call({ method: 'POST', url: '/api/cargo/vat-rate/create', token: as, payload: body });

describe('VAT on statement rows', () => {
  it('shows net, rate, VAT and gross in grosze: wheat 5 %, the carrier 23 %', async () => {
    // 24 537 kg at 1 234,56 zł/t = 30 292,40 zł net; 5 % = 1 514,62 zł.
    const d = await insertDeliveredTransport(t.db, { purchase: { price: 123_456 }, sale: { price: 130_001 } });
    const rows = await rowsOf(d.transport.id);
    expect(rows.PURCHASE).toMatchObject({
      net_value: 3_029_240,
      vat_rate: 5,
      vat_value: 151_462,
      gross_value: 3_180_702,
    });
    // 24 537 kg at 1 300,01 zł/t = 31 898,35 zł; 5 % = 1 594,9175 zł → 1 594,92 zł.
    expect(rows.SALES).toMatchObject({ net_value: 3_189_835, vat_rate: 5, vat_value: 159_492, gross_value: 3_349_327 });
    // 24 537 kg at 150 zł/t = 3 680,55 zł; 23 % = 846,5265 zł → 846,53 zł.
    expect(rows.TRANSPORT).toMatchObject({ net_value: 368_055, vat_rate: 23, vat_value: 84_653, gross_value: 452_708 });
  });

  it('takes deductions off the net before VAT', async () => {
    const d = await insertDeliveredTransport(t.db, {
      purchase: { price: 100_000 },
      realKg: 10_000,
      purchaseDeductions: 5_000,
    });
    const rows = await rowsOf(d.transport.id);
    expect(rows.PURCHASE).toMatchObject({ net_value: 995_000, vat_value: 49_750, gross_value: 1_044_750 });
  });

  it('gives rapeseed 8 % and a quality-specific rate wins over the raw material', async () => {
    const rapeseed = await insertDeliveredTransport(t.db, {
      purchase: { rawMaterialId: 3, rawMaterialQualityId: 8 },
      sale: { rawMaterialId: 3, rawMaterialQualityId: 8 },
      realQualityId: 8,
    });
    expect((await rowsOf(rapeseed.transport.id)).SALES).toMatchObject({ vat_rate: 8 });
    okJson(
      await createRate({
        subject: 'GOODS',
        raw_material_id: 3,
        quality_id: 8,
        rate_percent: 5,
        valid_from: '2026-01-01',
      }),
    );
    expect((await rowsOf(rapeseed.transport.id)).SALES).toMatchObject({ vat_rate: 5 });
  });

  it('applies a changed rate from its date only: earlier rows keep the old one', async () => {
    const march = await insertDeliveredTransport(t.db, { unloadingDate: '2026-03-04' });
    const may = await insertDeliveredTransport(t.db, { unloadingDate: '2026-05-04' });
    okJson(await createRate({ subject: 'GOODS', raw_material_id: 1, rate_percent: 8, valid_from: '2026-04-01' }));
    okJson(await createRate({ subject: 'SERVICE', rate_percent: 8, valid_from: '2026-04-01' }));
    expect((await rowsOf(march.transport.id)).SALES).toMatchObject({ vat_rate: 5 });
    expect((await rowsOf(march.transport.id)).TRANSPORT).toMatchObject({ vat_rate: 23 });
    expect((await rowsOf(may.transport.id)).SALES).toMatchObject({ vat_rate: 8 });
    expect((await rowsOf(may.transport.id)).TRANSPORT).toMatchObject({ vat_rate: 8 });
  });

  it('shows no VAT while a raw material has no rate', async () => {
    await t.db.execute('delete from vat_rates where raw_material_id = 1' as never);
    const d = await insertDeliveredTransport(t.db);
    expect((await rowsOf(d.transport.id)).SALES).toMatchObject({ vat_rate: null, vat_value: null, gross_value: null });
  });
});

describe('/api/cargo/vat-rate-list and /api/cargo/vat-rate/create', () => {
  it('lists the seeded rates: services 23 %, every raw material', async () => {
    const { list } = okJson(await t.call({ method: 'GET', url: '/api/cargo/vat-rate-list', token }));
    expect(list[0]).toMatchObject({ subject: 'SERVICE', raw_material_id: null, rate_percent: 23 });
    expect(list.filter((rate: { subject: string }) => rate.subject === 'GOODS')).toHaveLength(8);
  });

  it('refuses a rate the product does not issue, a second rate on the same day and a quality of another material', async () => {
    expect(
      codeOf(await createRate({ subject: 'GOODS', raw_material_id: 1, rate_percent: 7, valid_from: '2026-01-01' })),
    ).toBe('VALIDATION_ERROR');
    expect(codeOf(await createRate({ subject: 'GOODS', rate_percent: 5, valid_from: '2026-01-01' }))).toBe(
      'VALIDATION_ERROR',
    );
    okJson(await createRate({ subject: 'GOODS', raw_material_id: 1, rate_percent: 8, valid_from: '2026-01-01' }));
    const twice = await createRate({ subject: 'GOODS', raw_material_id: 1, rate_percent: 5, valid_from: '2026-01-01' });
    expect([twice.statusCode, codeOf(twice)]).toEqual([409, 'VALUE_IS_DUPLICATED']);
    const wrong = await createRate({
      subject: 'GOODS',
      raw_material_id: 1,
      quality_id: 8,
      rate_percent: 5,
      valid_from: '2026-02-01',
    });
    expect(codeOf(wrong)).toBe('RAW_MATERIAL_QUALITY_RELATION_NOT_FOUND');
  });

  it('lets only an ADMIN set a rate', async () => {
    const user = await t.userWithRole('USER');
    const refused = await createRate({ subject: 'SERVICE', rate_percent: 8, valid_from: '2026-01-01' }, user.token);
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'FORBIDDEN']);
    expect((await t.call({ method: 'GET', url: '/api/cargo/vat-rate-list', token: user.token })).statusCode).toBe(200);
  });
});
