import { amountInPolishWords } from '@grain/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveCompany } from '../../../test/fixtures/settings.js';
import { codeOf, insertDeliveredTransport, okJson } from '../../../test/fixtures/settlements.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { companySettings, contractors, invoiceNumberCounters, transactions } from '../../db/schema/index.js';
import { validateXml } from '../ksef/xml/validate.js';
import { RR_DECLARATION } from './pdf.js';

/** VAT RR invoices for flat-rate farmers (RULES.md Invoices, VAT and KSeF, VAT RR). */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
  await saveCompany(t, token, { rr_invoice_series: 'RR/{RRRR}/{NR}' });
});
afterAll(() => t.close());

const ACCOUNT = '61109010140000071219812874';
/** NIPs with a valid checksum that fit FA_RR's NIP pattern (the fixture NIPs start with zeros). */
const FARMER_NIPS = ['7740001454', '7251801126'];

const create = (body: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/rr-invoice/create', token, payload: body });
const pay = (id: number, body: Record<string, unknown>) =>
  t.call({ method: 'POST', url: `/api/rr-invoice/payment/${id}`, token, payload: body });
const list = async (query = '') => okJson(await t.call({ method: 'GET', url: `/api/rr-invoice/list${query}`, token }));

type FarmerValues = Partial<typeof contractors.$inferInsert>;
async function makeFarmer(id: number, values: FarmerValues = {}) {
  await t.db
    .update(contractors)
    .set({
      accountingMethod: 'RR',
      nip: FARMER_NIPS[0],
      bankAccount: ACCOUNT,
      flatRateDeclarationDate: '2026-01-02',
      ...values,
    })
    .where(eq(contractors.id, id));
}

/** Two deliveries bought from one flat-rate farmer, on 2026-03-04 and 2026-03-06. */
async function twoDeliveries(values: FarmerValues = {}) {
  const first = await insertDeliveredTransport(t.db, { purchase: { price: 80_000 }, realKg: 24_537 });
  const second = await insertDeliveredTransport(t.db, {
    purchaseId: first.purchase.id,
    salesId: first.sale.id,
    realKg: 25_010,
    unloadingDate: '2026-03-06',
  });
  await makeFarmer(first.purchase.counterpartyId, values);
  return { first, second, ids: [first.purchaseTx.id, second.purchaseTx.id] };
}

const counterTotal = async () =>
  (await t.db.select().from(invoiceNumberCounters)).reduce((sum, row) => sum + row.lastNumber, 0);

describe('POST /api/rr-invoice/create', () => {
  it('issues an RR invoice: its own series, a line per delivery, 7 % refund once on the sum, total in words', async () => {
    const { first, ids } = await twoDeliveries();
    const invoice = okJson(await create({ transaction_ids: ids, issue_date: '2026-03-09' }));
    const [row1, row2] = await t.db.select().from(transactions).where(eq(transactions.kind, 'PURCHASE'));
    expect(invoice).toMatchObject({
      number: 'RR/2026/0001',
      issue_date: '2026-03-09',
      purchase_date_from: '2026-03-04',
      purchase_date_to: '2026-03-06',
      farmer_id: first.purchase.counterpartyId,
      farmer_nip: FARMER_NIPS[0],
      farmer_account: ACCOUNT,
      refund_rate_percent: 7,
      has_xml: true,
      ksef_status: 'ISSUED',
      payment_status: 'UNPAID',
      paid_amount: 0,
      deductible_month: null,
    });
    expect(
      invoice.lines.map((line: Record<string, unknown>) => [line.quantity, line.unit, line.purchase_date]),
    ).toEqual([
      [24_537, 't', '2026-03-04'],
      [25_010, 't', '2026-03-06'],
    ]);
    // 24,537 t and 25,010 t at 800,00 zł/t: 19 629,60 + 20 008,00 = 39 637,60 zł; 7 % = 2 774,632 -> 2 774,63 zł.
    expect(invoice.net_total).toBe(3_963_760);
    expect(invoice.refund_total).toBe(277_463);
    expect(invoice.gross_total).toBe(4_241_223);
    expect(invoice.total_in_words).toBe('czterdzieści dwa tysiące czterysta dwanaście złotych 23/100');
    expect(invoice.total_in_words).toBe(amountInPolishWords(4_241_223));
    const lineRefunds = invoice.lines.map((line: { refund: number }) => line.refund);
    expect(lineRefunds.reduce((a: number, b: number) => a + b, 0)).toBe(277_463);
    expect([row1?.invoiceNumber, row2?.invoiceNumber]).toEqual(['RR/2026/0001', 'RR/2026/0001']);

    const xml = await t.call({ method: 'GET', url: `/api/rr-invoice/xml/${invoice.id}`, token });
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(await validateXml(xml.rawPayload, 'FA_RR')).toEqual({ valid: true, errors: [] });
    expect(xml.body).toContain('<P_12_2>czterdzieści dwa tysiące czterysta dwanaście złotych 23/100</P_12_2>');
    expect(xml.body).toContain('<P_4C>RR/2026/0001</P_4C>');

    const second = await insertDeliveredTransport(t.db, { purchaseId: first.purchase.id, salesId: first.sale.id });
    const next = okJson(await create({ transaction_ids: [second.purchaseTx.id], issue_date: '2026-03-10' }));
    expect(next.number).toBe('RR/2026/0002');
  });

  it('refuses a VAT supplier, rows of two farmers, SALES rows and rows already invoiced, using no number', async () => {
    const { first, ids } = await twoDeliveries();
    const vat = await insertDeliveredTransport(t.db);
    const other = await insertDeliveredTransport(t.db);
    await makeFarmer(other.purchase.counterpartyId, { nip: FARMER_NIPS[1] });
    const before = await counterTotal();

    const refusedVat = await create({ transaction_ids: [vat.purchaseTx.id] });
    expect([refusedVat.statusCode, codeOf(refusedVat)]).toEqual([409, 'RR_INVOICE_SUPPLIER_NOT_RR']);
    expect(refusedVat.json().errors).toEqual([{ field: 'transaction_ids', code: 'wrongType' }]);
    const twoFarmers = await create({ transaction_ids: [ids[0], other.purchaseTx.id] });
    expect(codeOf(twoFarmers)).toBe('INVOICE_ROWS_NOT_COMPATIBLE');
    expect(codeOf(await create({ transaction_ids: [first.salesTx.id] }))).toBe('VALUE_IS_WRONG');
    expect(codeOf(await create({ transaction_ids: [999_999] }))).toBe('SETTLEMENT_NOT_FOUND');
    expect(await counterTotal()).toBe(before);

    okJson(await create({ transaction_ids: [ids[0]], issue_date: '2026-03-09' }));
    const again = await create({ transaction_ids: ids, issue_date: '2026-03-09' });
    expect(codeOf(again)).toBe('INVOICE_ROW_ALREADY_INVOICED');
    await t.db.update(transactions).set({ invoiceNumber: 'FV 7/2026' }).where(eq(transactions.id, ids[1]!));
    expect(codeOf(await create({ transaction_ids: [ids[1]] }))).toBe('INVOICE_ROW_ALREADY_INVOICED');
  });

  it('names every missing farmer field, and the missing series', async () => {
    const { ids } = await twoDeliveries({ bankAccount: null, flatRateDeclarationDate: null });
    const refused = await create({ transaction_ids: ids });
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'RR_INVOICE_FARMER_DATA_MISSING']);
    expect(refused.json().errors).toEqual([
      { field: 'bank_account', code: 'required' },
      { field: 'flat_rate_declaration_date', code: 'required' },
    ]);
    await t.db.update(contractors).set({ bankAccount: ACCOUNT, flatRateDeclarationDate: '2026-01-02' });
    await t.db.update(companySettings).set({ rrInvoiceSeries: null });
    const noSeries = await create({ transaction_ids: ids });
    expect(codeOf(noSeries)).toBe('RR_INVOICE_SERIES_MISSING');
    expect(noSeries.json().errors).toEqual([{ field: 'rr_invoice_series', code: 'required' }]);
  });

  it('issues a paper RR invoice without XML for a farmer known only by PESEL', async () => {
    const { ids } = await twoDeliveries({ nip: null, pesel: '90010112345' });
    const invoice = okJson(await create({ transaction_ids: ids, issue_date: '2026-03-09' }));
    expect(invoice).toMatchObject({ farmer_nip: null, farmer_pesel: '90010112345', has_xml: false });
    const xml = await t.call({ method: 'GET', url: `/api/rr-invoice/xml/${invoice.id}`, token });
    expect([xml.statusCode, codeOf(xml)]).toEqual([409, 'RR_INVOICE_WITHOUT_XML']);
  });
});

describe('POST /api/rr-invoice/payment/{id} and the list', () => {
  it('shows unpaid, paid in part, then deductible in the month of the transfer that completed it', async () => {
    const { ids } = await twoDeliveries();
    const invoice = okJson(await create({ transaction_ids: ids, issue_date: '2026-03-09' }));
    const title = 'Zapłata za fakturę VAT RR/2026/0001 z dnia 09.03.2026';
    const part = okJson(
      await pay(invoice.id, { paid_at: '2026-03-30', amount: 1_000_000, account: `PL${ACCOUNT}`, title }),
    );
    expect(part).toMatchObject({ payment_status: 'PARTIAL', paid_amount: 1_000_000, deductible_month: null });
    const paid = okJson(await pay(invoice.id, { paid_at: '2026-04-02', amount: 3_241_223, account: ACCOUNT, title }));
    expect(paid).toMatchObject({ payment_status: 'DEDUCTIBLE', deductible_month: '2026-04' });
    expect(paid.payments).toHaveLength(2);
    const listed = await list(`?filter=${encodeURIComponent('{"deductible_month":"2026-04"}')}`);
    expect(listed.list.map((row: { number: string }) => row.number)).toEqual(['RR/2026/0001']);
    expect((await list(`?filter=${encodeURIComponent('{"deductible_month":"2026-03"}')}`)).list).toEqual([]);
  });

  it('shows cash as not deductible, and a transfer without the number in its title as not qualifying', async () => {
    const { ids } = await twoDeliveries();
    const cash = okJson(await create({ transaction_ids: [ids[0]], issue_date: '2026-03-09' }));
    const transfer = okJson(await create({ transaction_ids: [ids[1]], issue_date: '2026-03-09' }));
    okJson(await pay(cash.id, { paid_at: '2026-03-10', amount: cash.gross_total, method: 'CASH' }));
    const paidWrong = okJson(
      await pay(transfer.id, {
        paid_at: '2026-03-10',
        amount: transfer.gross_total,
        account: ACCOUNT,
        title: 'pszenica',
      }),
    );
    expect(paidWrong.payment_status).toBe('NOT_QUALIFYING');
    const listed = await list(`?filter=${encodeURIComponent('{"payment_status":["CASH"]}')}`);
    expect(listed.list.map((row: { id: number; payment_status: string }) => [row.id, row.payment_status])).toEqual([
      [cash.id, 'CASH'],
    ]);
    expect((await list()).total).toBe(2);
  });

  it('refuses a transfer without account or title and an account whose checksum fails, naming the field', async () => {
    const { ids } = await twoDeliveries();
    const invoice = okJson(await create({ transaction_ids: ids }));
    const missing = await pay(invoice.id, { paid_at: '2026-03-10', amount: 100 });
    expect(missing.json().errors).toEqual([
      { field: 'account', code: 'required' },
      { field: 'title', code: 'required' },
    ]);
    const wrong = await pay(invoice.id, {
      paid_at: '2026-03-10',
      amount: 100,
      account: '61109010140000071219812875',
      title: 'x',
    });
    expect(wrong.json().errors).toEqual([{ field: 'account', code: 'iban' }]);
    expect(codeOf(await pay(999_999, { paid_at: '2026-03-10', amount: 100, method: 'CASH' }))).toBe(
      'RR_INVOICE_NOT_FOUND',
    );
  });
});

describe('GET /api/rr-invoice/pdf/{id}', () => {
  it('prints the lines, the total in words, the art. 116 declaration and both signature lines', async () => {
    const { ids } = await twoDeliveries();
    const invoice = okJson(await create({ transaction_ids: ids, issue_date: '2026-03-09' }));
    const response = await t.call({ method: 'GET', url: `/api/rr-invoice/pdf/${invoice.id}`, token });
    expect(response.headers['content-type']).toBe('application/pdf');
    const { pages, text: raw } = await pdfText(response.rawPayload);
    const text = raw.replace(/\s+/g, ' ');
    expect(pages).toBe(1);
    expect(text).toContain('Faktura VAT RR');
    expect(text).toContain('nr RR/2026/0001');
    expect(text).toContain('Słownie: czterdzieści dwa tysiące czterysta dwanaście złotych 23/100');
    expect(text).toContain('42 412,23 zł');
    expect(text).toContain(RR_DECLARATION);
    expect(text).toContain('Podpis nabywcy (wystawcy faktury)');
    expect(text).toContain('Podpis dostawcy (rolnika ryczałtowego)');
    expect(text).toContain('PL61 1090 1014 0000 0712 1981 2874');
  });
});

describe('roles', () => {
  it('refuses a caller without a token', async () => {
    const response = await t.call({ method: 'GET', url: '/api/rr-invoice/list' });
    expect(response.statusCode).toBe(401);
  });
});
