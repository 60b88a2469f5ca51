import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMPANY, saveCompany } from '../../../test/fixtures/settings.js';
import { codeOf, insertDeliveredTransport, okJson } from '../../../test/fixtures/settlements.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { contractors, invoiceNumberCounters, invoices } from '../../db/schema/index.js';
import { validateXml } from '../ksef/xml/validate.js';

/** Corrections (KOR) of sales invoices and the seller kept as issued (RULES.md Invoices, VAT and KSeF). */
let t: TestApp;
let token: string;
const SERIES = {
  invoice_series: 'FV/{RRRR}/{MM}/{NR}',
  correction_series: 'FK/{RRRR}/{MM}/{NR}',
  bank_account: 'PL61109010140000071219812874',
};
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
  await saveCompany(t, token, SERIES);
});
afterAll(() => t.close());

let nipSerial = 500;
/** A NIP with a valid checksum that also fits the FA(3) pattern. */
function invoiceableNip(): string {
  for (;;) {
    nipSerial += 1;
    const digits = `77${String(nipSerial).padStart(7, '0')}`;
    const sum = [6, 5, 7, 2, 3, 4, 5, 6, 7].reduce((acc, weight, i) => acc + weight * Number(digits[i]), 0) % 11;
    if (sum < 10) return `${digits}${sum}`;
  }
}

/** An invoice of two trucks (24 537 kg and 25 010 kg at 1 000,00 zł/t, 5 %) issued on 2026-03-09. */
async function issuedInvoice() {
  const first = await insertDeliveredTransport(t.db, { sale: { price: 100_000 }, realKg: 24_537 });
  await t.db.update(contractors).set({ nip: invoiceableNip() }).where(eq(contractors.id, first.sale.counterpartyId));
  const second = await insertDeliveredTransport(t.db, {
    salesId: first.sale.id,
    purchaseId: first.purchase.id,
    realKg: 25_010,
  });
  const response = await t.call({
    method: 'POST',
    url: '/api/invoice/create',
    token,
    payload: { transaction_ids: [first.salesTx.id, second.salesTx.id], issue_date: '2026-03-09' },
  });
  return okJson(response);
}

const correct = (id: number, body: Record<string, unknown>, as = token) =>
  t.call({ method: 'POST', url: `/api/invoice/correct/${id}`, token: as, payload: body });
const details = async (id: number) => okJson(await t.call({ method: 'GET', url: `/api/invoice/details/${id}`, token }));
const xmlOf = async (id: number) =>
  (await t.call({ method: 'GET', url: `/api/invoice/xml/${id}`, token })).rawPayload as Buffer;
const counterTotal = async () =>
  (await t.db.select().from(invoiceNumberCounters)).reduce((sum, row) => sum + row.lastNumber, 0);

describe('POST /api/invoice/correct/{id}', () => {
  it('issues a KOR of the changed line, totals the difference, and links it both ways', async () => {
    const invoice = await issuedInvoice();
    const body = { reason: 'Ponowne ważenie', issue_date: '2026-03-20', lines: [{ position: 2, quantity: 24_890 }] };
    const correction = okJson(await correct(invoice.id, body));
    // Line 2: 25 010 kg → 24 890 kg at 1 000,00 zł/t: −120,00 zł net; VAT 5 % of 49 427,00 − 49 547,00 zł: −6,00 zł.
    expect(correction).toMatchObject({
      number: 'FK/2026/03/0001',
      kind: 'KOR',
      status: 'ISSUED',
      issue_date: '2026-03-20',
      buyer_id: invoice.buyer_id,
      net_total: -12_000,
      vat_total: -600,
      gross_total: -12_600,
      corrected_invoice_id: invoice.id,
      correction_reason: 'Ponowne ważenie',
      corrected_invoice: { id: invoice.id, number: 'FV/2026/03/0001', issue_date: '2026-03-09', ksef_number: null },
      corrections: [],
      totals_by_rate: [{ vat_rate: 5, net_value: -12_000, vat_value: -600 }],
    });
    expect(correction.lines).toEqual([
      expect.objectContaining({
        position: 2,
        quantity: 24_890,
        unit_net_price: 100_000,
        net_value: 2_489_000,
        quantity_before: 25_010,
        unit_net_price_before: 100_000,
        net_value_before: 2_501_000,
      }),
    ]);
    const original = await details(invoice.id);
    expect(original.corrections).toEqual([
      expect.objectContaining({ id: correction.id, number: 'FK/2026/03/0001', gross_total: -12_600 }),
    ]);
    expect(original.lines).toEqual(invoice.lines);
    // The corrected rows stay on the statement, linked to the invoice they were invoiced on (the correction's lines
    // name them too).
    const statement = okJson(
      await t.call({ method: 'POST', url: '/api/settlement/transaction-list', token, payload: { limit: 50 } }),
    );
    const invoicedRows = statement.list.filter((row: { invoice_id: number | null }) => row.invoice_id !== null);
    expect(invoicedRows.length).toBe(invoice.lines.length);
    expect(new Set(invoicedRows.map((row: { invoice_id: number }) => row.invoice_id))).toEqual(new Set([invoice.id]));

    const xml = await xmlOf(correction.id);
    expect(await validateXml(xml, 'FA')).toMatchObject({ valid: true });
    const text = xml.toString('utf8');
    expect(text).toContain('<RodzajFaktury>KOR</RodzajFaktury>');
    expect(text).toContain('<PrzyczynaKorekty>Ponowne ważenie</PrzyczynaKorekty>');
    expect(text).toContain('<TypKorekty>2</TypKorekty>');
    // Issued here without KSeF: the correction says the original has no KSeF number.
    expect(text).toMatch(
      /<DaneFaKorygowanej>\s*<DataWystFaKorygowanej>2026-03-09<\/DataWystFaKorygowanej>\s*<NrFaKorygowanej>FV\/2026\/03\/0001<\/NrFaKorygowanej>\s*<NrKSeFN>1<\/NrKSeFN>/,
    );
    expect(text).toContain('<StanPrzed>1</StanPrzed>');
    expect(text).toContain('<P_13_3>-120.00</P_13_3>');
    expect(text).toContain('<P_14_3>-6.00</P_14_3>');
    expect(text).toContain('<P_15>-126.00</P_15>');
    // A decrease is the seller's to return: no payment term.
    expect(text).not.toContain('<Platnosc>');
  });

  it("references the original's KSeF number, and a full cancellation takes back exactly its totals", async () => {
    const invoice = await issuedInvoice();
    const ksefNumber = '5260250274-20260309-0100001AF629-AF';
    await t.db.update(invoices).set({ status: 'ACCEPTED', ksefNumber }).where(eq(invoices.id, invoice.id));
    const correction = okJson(await correct(invoice.id, { reason: 'Anulowanie sprzedaży', cancel_all: true }));
    expect(correction).toMatchObject({ net_total: -4_954_700, vat_total: -247_735, gross_total: -5_202_435 });
    expect(correction.lines.map((line: { quantity: number; net_value: number }) => line.net_value)).toEqual([0, 0]);
    const xml = await xmlOf(correction.id);
    expect(await validateXml(xml, 'FA')).toMatchObject({ valid: true });
    expect(xml.toString('utf8')).toContain(
      `<NrKSeF>1</NrKSeF>\n      <NrKSeFFaKorygowanej>${ksefNumber}</NrKSeFFaKorygowanej>`,
    );
  });

  it("corrects the latest state: a correction's id corrects its invoice after the earlier corrections", async () => {
    const invoice = await issuedInvoice();
    const first = okJson(await correct(invoice.id, { reason: 'Ważenie', lines: [{ position: 1, quantity: 24_000 }] }));
    const body = { reason: 'Reklamacja jakości', lines: [{ position: 1, unit_net_price: 95_000 }] };
    const second = okJson(await correct(first.id, body));
    expect(second.corrected_invoice_id).toBe(invoice.id);
    // 24 000 kg: 1 000,00 → 950,00 zł/t: −1 200,00 zł; VAT of the whole invoice 2 450,50 → 2 390,50 zł.
    expect(second.lines).toEqual([
      expect.objectContaining({
        quantity: 24_000,
        quantity_before: 24_000,
        unit_net_price: 95_000,
        net_value: 2_280_000,
      }),
    ]);
    expect([second.net_total, second.vat_total]).toEqual([-120_000, -6_000]);
    const original = await details(invoice.id);
    expect(original.corrections.map((c: { id: number }) => c.id)).toEqual([first.id, second.id]);
    expect(original.current_lines[0]).toMatchObject({ position: 1, quantity: 24_000, unit_net_price: 95_000 });
    expect((await details(second.id)).current_lines).toEqual(original.current_lines);
    expect((await details(first.id)).totals_by_rate).toEqual([{ vat_rate: 5, net_value: -53_700, vat_value: -2_685 }]);
  });

  it('refuses with the catalogue code and the field, and uses no number', async () => {
    const invoice = await issuedInvoice();
    const refusal = async (body: Record<string, unknown>, id = invoice.id) => {
      const response = await correct(id, body);
      return [response.statusCode, codeOf(response), response.json().errors ?? []];
    };
    const reason = 'Korekta';
    expect(await refusal({ reason, lines: [{ position: 1 }] }, 999_999)).toEqual([404, 'INVOICE_NOT_FOUND', []]);
    const same = { reason, lines: [{ position: 1, quantity: 24_537, unit_net_price: 100_000 }] };
    expect(await refusal(same)).toEqual([400, 'VALIDATION_ERROR', [{ field: 'lines', code: 'noChange' }]]);
    expect(await refusal({ reason, lines: [{ position: 3, quantity: 1 }] })).toEqual([
      400,
      'VALIDATION_ERROR',
      [{ field: 'lines.0.position', code: 'chooseItem' }],
    ]);
    expect(await refusal({ reason, lines: [{ position: 1, quantity: -1 }] })).toEqual([
      400,
      'VALIDATION_ERROR',
      [{ field: 'lines.0.quantity', code: 'nonNegative' }],
    ]);
    expect(await refusal({ reason, cancel_all: true, lines: [{ position: 1, quantity: 0 }] })).toEqual([
      400,
      'VALIDATION_ERROR',
      [{ field: 'lines', code: 'oneOf' }],
    ]);
    expect(await refusal({ reason: ' ', lines: [{ position: 1, quantity: 0 }] })).toEqual([
      400,
      'VALIDATION_ERROR',
      [{ field: 'reason', code: 'required' }],
    ]);
    const early = { reason, issue_date: '2026-03-08', lines: [{ position: 1, quantity: 0 }] };
    expect(await refusal(early)).toEqual([
      400,
      'VALIDATION_ERROR',
      [{ field: 'issue_date', code: 'beforeInvoiceDate' }],
    ]);

    await t.db.update(invoices).set({ status: 'QUEUED' }).where(eq(invoices.id, invoice.id));
    const zero = { reason, lines: [{ position: 1, quantity: 0 }] };
    expect(await refusal(zero)).toEqual([409, 'INVOICE_NOT_CORRECTABLE', [{ field: 'status', code: 'oneOf' }]]);
    await t.db.update(invoices).set({ status: 'ISSUED' }).where(eq(invoices.id, invoice.id));
    await t.db.execute('update company_settings set correction_series = null' as never);
    expect(await refusal(zero)).toEqual([
      409,
      'INVOICE_SETTINGS_MISSING',
      [{ field: 'correction_series', code: 'required' }],
    ]);
    expect(await counterTotal()).toBe(1);
    expect((await details(invoice.id)).corrections).toEqual([]);
  });

  it('numbers sales invoices and corrections without gaps when both are issued at once', async () => {
    const corrected = await issuedInvoice();
    const deliveries = [];
    for (let i = 0; i < 6; i += 1) {
      const d = await insertDeliveredTransport(t.db, { sale: { price: 100_000 } });
      await t.db.update(contractors).set({ nip: invoiceableNip() }).where(eq(contractors.id, d.sale.counterpartyId));
      deliveries.push(d);
    }
    const answers = await Promise.all([
      ...deliveries.map((d) =>
        t.call({
          method: 'POST',
          url: '/api/invoice/create',
          token,
          payload: { transaction_ids: [d.salesTx.id], issue_date: '2026-03-10' },
        }),
      ),
      ...[1, 2, 3, 4, 5, 6].map((i) =>
        correct(corrected.id, {
          reason: `Cena ${i}`,
          issue_date: '2026-03-10',
          lines: [{ position: 1, unit_net_price: 100_000 - i * 1_000 }],
        }),
      ),
    ]);
    const numbers = answers.map((answer) => okJson(answer).number as string).sort();
    const series = (prefix: string, from: number) =>
      Array.from({ length: 6 }, (_, i) => `${prefix}/2026/03/${String(from + i).padStart(4, '0')}`);
    expect(numbers).toEqual([...series('FK', 1), ...series('FV', 2)]);
    // Each correction started from the state the previous one left: the differences add up to the last price.
    const chain = (await details(corrected.id)).corrections as { id: number }[];
    const lines = await Promise.all(chain.map(async (c) => (await details(c.id)).lines[0]));
    for (let i = 1; i < lines.length; i += 1) expect(lines[i].unit_net_price_before).toBe(lines[i - 1].unit_net_price);
  });

  it('lets a USER correct and refuses a caller without a token', async () => {
    const invoice = await issuedInvoice();
    const user = await t.userWithRole('USER');
    const body = { reason: 'Korekta', lines: [{ position: 1, quantity: 24_000 }] };
    expect(okJson(await correct(invoice.id, body, user.token)).number).toMatch(/^FK\/\d{4}\/\d{2}\/0001$/);
    const guest = await t.call({ method: 'POST', url: `/api/invoice/correct/${invoice.id}`, payload: body });
    expect(guest.statusCode).toBe(401);
  });
});

describe('the seller as issued and the correction PDF', () => {
  it('keeps the seller of the day of issue on the invoice and its PDF when company settings change', async () => {
    const invoice = await issuedInvoice();
    await saveCompany(t, token, { ...SERIES, name: 'Nowa Nazwa Spółki S.A.', street: 'ul. Nowa 1', city: 'Gniezno' });
    const after = await details(invoice.id);
    expect(after).toMatchObject({ seller_name: COMPANY.name, seller_street: COMPANY.street, seller_city: 'Poznań' });
    const response = await t.call({ method: 'GET', url: `/api/invoice/pdf/${invoice.id}`, token });
    const text = (await pdfText(response.rawPayload)).text.replace(/\s+/g, ' ');
    expect(text).toContain(COMPANY.name);
    expect(text).toContain('ul. Żytnia 7, 61-001 Poznań');
    expect(text).not.toContain('Nowa Nazwa');
    // A correction issued after the change carries the company as it is now.
    const correction = okJson(await correct(invoice.id, { reason: 'Korekta', lines: [{ position: 1, quantity: 0 }] }));
    expect(correction.seller_name).toBe('Nowa Nazwa Spółki S.A.');
  });

  it('prints a correction as "Faktura korygująca" with the corrected invoice, the reason and before/after/difference', async () => {
    const invoice = await issuedInvoice();
    const body = { reason: 'Ponowne ważenie', issue_date: '2026-03-20', lines: [{ position: 2, quantity: 24_890 }] };
    const correction = okJson(await correct(invoice.id, body));
    const response = await t.call({ method: 'GET', url: `/api/invoice/pdf/${correction.id}`, token });
    expect(response.statusCode).toBe(200);
    const text = (await pdfText(response.rawPayload)).text.replace(/\s+/g, ' ');
    expect(text).toContain('Faktura korygująca');
    expect(text).toContain('nr FK/2026/03/0001');
    expect(text).toContain('Faktura korygowana FV/2026/03/0001 z dnia 09.03.2026');
    expect(text).toContain('brak (faktura bez numeru KSeF)');
    expect(text).toContain('Przyczyna korekty Ponowne ważenie');
    expect(text).toMatch(/przed 25,010 t .*po 24,890 t .*różnica -0,120 t/);
    expect(text).toContain('Do zwrotu 126,00 zł');
  });
});
