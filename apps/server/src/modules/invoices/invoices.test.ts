import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveCompany } from '../../../test/fixtures/settings.js';
import { codeOf, insertDeliveredTransport, okJson } from '../../../test/fixtures/settlements.js';
import { insertContractor } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { contractors, invoiceNumberCounters, invoices, transactions } from '../../db/schema/index.js';
import { validateXml } from '../ksef/xml/validate.js';

/** Sales invoices issued from statement rows (RULES.md Invoices, VAT and KSeF). */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
  await saveCompany(t, token, { invoice_series: 'FV/{RRRR}/{MM}/{NR}', bank_account: 'PL61109010140000071219812874' });
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, as = token) =>
  t.call({ method: 'POST', url: '/api/invoice/create', token: as, payload: body });

/** Two trucks to one recipient on one sales contract. */
async function twoTrucks() {
  const first = await delivery({
    sale: { price: 100_000 },
    realKg: 24_537,
    unloadingDate: '2026-03-04',
  });
  const second = await delivery({
    salesId: first.sale.id,
    purchaseId: first.purchase.id,
    realKg: 25_010,
    unloadingDate: '2026-03-06',
  });
  return { first, second, ids: [first.salesTx.id, second.salesTx.id] };
}

let nipSerial = 0;
/** A NIP with a valid checksum that also fits the FA(3) pattern (the fixture NIPs start with zeros). */
function invoiceableNip(): string {
  for (;;) {
    nipSerial += 1;
    const digits = `77${String(nipSerial).padStart(7, '0')}`;
    const sum = [6, 5, 7, 2, 3, 4, 5, 6, 7].reduce((acc, weight, i) => acc + weight * Number(digits[i]), 0) % 11;
    if (sum < 10) return `${digits}${sum}`;
  }
}

/** A delivery whose recipient can be invoiced (a NIP KSeF takes). */
async function delivery(options: Parameters<typeof insertDeliveredTransport>[1] = {}) {
  const d = await insertDeliveredTransport(t.db, options);
  if (!options.salesId) {
    await t.db.update(contractors).set({ nip: invoiceableNip() }).where(eq(contractors.id, d.sale.counterpartyId));
  }
  return d;
}

async function counterCount() {
  return (await t.db.select().from(invoiceNumberCounters)).reduce((sum, row) => sum + row.lastNumber, 0);
}

describe('POST /api/invoice/create', () => {
  it('issues one invoice with a line per row, VAT per rate total, the first number of the series, and marks the rows', async () => {
    const { first, ids } = await twoTrucks();
    const invoice = okJson(await create({ transaction_ids: ids, issue_date: '2026-03-09' }));
    expect(invoice).toMatchObject({
      number: 'FV/2026/03/0001',
      status: 'ISSUED',
      kind: 'VAT',
      issue_date: '2026-03-09',
      sale_date: null,
      sale_date_from: '2026-03-04',
      sale_date_to: '2026-03-06',
      due_date: '2026-03-23',
      buyer_id: first.sale.counterpartyId,
      currency: 'PLN',
      // 24 537 kg + 25 010 kg at 1 000,00 zł/t = 24 537,00 + 25 010,00 zł; 5 % of 49 547,00 zł = 2 477,35 zł.
      net_total: 4_954_700,
      vat_total: 247_735,
      gross_total: 5_202_435,
      ksef_number: null,
    });
    expect(invoice.lines).toEqual([
      expect.objectContaining({
        position: 1,
        transaction_id: ids[0],
        quantity: 24_537,
        unit_net_price: 100_000,
        net_value: 2_453_700,
        vat_rate: 5,
        cn_code: '1001',
      }),
      expect.objectContaining({
        position: 2,
        transaction_id: ids[1],
        quantity: 25_010,
        net_value: 2_501_000,
        vat_rate: 5,
      }),
    ]);
    expect(invoice.totals_by_rate).toEqual([{ vat_rate: 5, net_value: 4_954_700, vat_value: 247_735 }]);
    const rows = await t.db.select().from(transactions).where(eq(transactions.id, ids[0]!));
    expect(rows[0]).toMatchObject({ invoiceNumber: 'FV/2026/03/0001', invoiceDate: '2026-03-09' });

    const listed = okJson(await t.call({ method: 'GET', url: '/api/invoice/list?search=2026/03', token }));
    expect(listed).toMatchObject({ filtered: 1, total: 1, list: [{ number: 'FV/2026/03/0001' }] });
    const details = okJson(await t.call({ method: 'GET', url: `/api/invoice/details/${invoice.id}`, token }));
    expect(details).toEqual(invoice);
  });

  it('stores FA(3) bytes that pass the official XSD and answers exactly them', async () => {
    const { ids } = await twoTrucks();
    const invoice = okJson(await create({ transaction_ids: ids, issue_date: '2026-03-09' }));
    const response = await t.call({ method: 'GET', url: `/api/invoice/xml/${invoice.id}`, token });
    expect(response.headers['content-type']).toContain('application/xml');
    const bytes = response.rawPayload;
    expect((await validateXml(bytes, 'FA')).valid).toBe(true);
    const text = bytes.toString('utf8');
    expect(text).toContain('<P_2>FV/2026/03/0001</P_2>');
    expect(text).toContain('<P_13_3>49547.00</P_13_3>');
    expect(text).toContain('<P_14_3>2477.35</P_14_3>');
    expect(text).toContain('<P_15>52024.35</P_15>');
    const [stored] = await t.db.select({ xmlSha256: invoices.xmlSha256 }).from(invoices);
    expect(stored?.xmlSha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('numbers without gaps: a refused issue uses no number, and 20 issues at once take 1 to 20', async () => {
    const other = await delivery();
    const { ids } = await twoTrucks();
    expect(codeOf(await create({ transaction_ids: [ids[0], other.salesTx.id] }))).toBe('INVOICE_ROWS_NOT_COMPATIBLE');
    expect(await counterCount()).toBe(0);

    const deliveries = [];
    for (let i = 0; i < 20; i += 1) deliveries.push(await delivery());
    const answers = await Promise.all(
      deliveries.map((d) => create({ transaction_ids: [d.salesTx.id], issue_date: '2026-03-09' })),
    );
    const numbers = answers.map((answer) => okJson(answer).number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `FV/2026/03/${String(i + 1).padStart(4, '0')}`));
  });

  it('refuses, naming the field, and issues nothing: other kinds, rows already invoiced, a second currency', async () => {
    const { first, ids } = await twoTrucks();
    const purchase = await create({ transaction_ids: [first.purchaseTx.id] });
    expect([purchase.statusCode, codeOf(purchase), purchase.json().errors]).toEqual([
      400,
      'VALUE_IS_WRONG',
      [{ field: 'transaction_ids', code: expect.any(String) }],
    ]);
    okJson(await create({ transaction_ids: [ids[0]] }));
    const twice = await create({ transaction_ids: ids });
    expect([twice.statusCode, codeOf(twice)]).toEqual([409, 'INVOICE_ROW_ALREADY_INVOICED']);
    const manual = await delivery();
    await t.db.update(transactions).set({ invoiceNumber: 'FV/OBCA/1' }).where(eq(transactions.id, manual.salesTx.id));
    expect(codeOf(await create({ transaction_ids: [manual.salesTx.id] }))).toBe('INVOICE_ROW_ALREADY_INVOICED');
    expect(codeOf(await create({ transaction_ids: [999_999] }))).toBe('SETTLEMENT_NOT_FOUND');
    expect(await counterCount()).toBe(1);
  });

  it('refuses a buyer without a valid NIP, missing company settings and a raw material without a VAT rate', async () => {
    const buyer = await insertContractor(t.db, { nip: null, pesel: '44051401359' });
    const noNip = await insertDeliveredTransport(t.db, { sale: { counterpartyId: buyer.id } });
    const refused = await create({ transaction_ids: [noNip.salesTx.id] });
    expect([refused.statusCode, codeOf(refused), refused.json().errors[0].field]).toEqual([
      409,
      'INVOICE_BUYER_ID_MISSING',
      'nip',
    ]);

    await t.db.execute('delete from vat_rates where raw_material_id = 1' as never);
    const noRate = await delivery();
    expect(codeOf(await create({ transaction_ids: [noRate.salesTx.id] }))).toBe('VAT_RATE_MISSING');

    await t.db.execute('update company_settings set invoice_series = null' as never);
    const noSeries = await delivery({
      sale: { rawMaterialId: 2 },
      purchase: { rawMaterialId: 2 },
    });
    const missing = await create({ transaction_ids: [noSeries.salesTx.id] });
    expect([codeOf(missing), missing.json().errors[0].field]).toEqual(['INVOICE_SETTINGS_MISSING', 'invoice_series']);
    expect(await counterCount()).toBe(0);
  });

  it('lets a USER issue, refuses a guest and answers INVOICE_NOT_FOUND for an unknown id', async () => {
    const user = await t.userWithRole('USER');
    const { ids } = await twoTrucks();
    expect(okJson(await create({ transaction_ids: ids }, user.token)).number).toMatch(/^FV\/\d{4}\/\d{2}\/0001$/);
    expect(
      (await t.call({ method: 'POST', url: '/api/invoice/create', payload: { transaction_ids: ids } })).statusCode,
    ).toBe(401);
    const missing = await t.call({ method: 'GET', url: '/api/invoice/details/999', token });
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'INVOICE_NOT_FOUND']);
  });
});
