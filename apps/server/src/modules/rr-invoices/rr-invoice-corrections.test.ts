import { amountInPolishWords, companyTodayIso, rrTotals } from '@grain/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveCompany } from '../../../test/fixtures/settings.js';
import { codeOf, insertDeliveredTransport, okJson } from '../../../test/fixtures/settlements.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { companySettings, contractors, invoiceNumberCounters, rrInvoices } from '../../db/schema/index.js';
import { validateXml } from '../ksef/xml/validate.js';

/** "Faktura VAT RR KOREKTA" (RULES.md Invoices, VAT and KSeF: never edited, a correction; numbers without gaps). */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
  await saveCompany(t, token, { rr_invoice_series: 'RR/{RRRR}/{NR}', rr_correction_series: 'RRK/{RRRR}/{NR}' });
});
afterAll(() => t.close());

const correct = (id: number, body: Record<string, unknown>) =>
  t.call({ method: 'POST', url: `/api/rr-invoice/correct/${id}`, token, payload: body });
const details = async (id: number) =>
  okJson(await t.call({ method: 'GET', url: `/api/rr-invoice/details/${id}`, token }));
const counterTotal = async () =>
  (await t.db.select().from(invoiceNumberCounters)).reduce((sum, row) => sum + row.lastNumber, 0);

/** An RR invoice of two deliveries (24,537 t and 25,010 t at 800,00 zł/t) from a flat-rate farmer with a NIP. */
async function issuedRr() {
  const first = await insertDeliveredTransport(t.db, { purchase: { price: 80_000 }, realKg: 24_537 });
  const second = await insertDeliveredTransport(t.db, {
    purchaseId: first.purchase.id,
    salesId: first.sale.id,
    realKg: 25_010,
    unloadingDate: '2026-03-06',
  });
  await t.db
    .update(contractors)
    .set({
      accountingMethod: 'RR',
      nip: '7740001454',
      bankAccount: '61109010140000071219812874',
      flatRateDeclarationDate: '2026-01-02',
    })
    .where(eq(contractors.id, first.purchase.counterpartyId));
  return okJson(
    await t.call({
      method: 'POST',
      url: '/api/rr-invoice/create',
      token,
      payload: { transaction_ids: [first.purchaseTx.id, second.purchaseTx.id], issue_date: '2026-03-09' },
    }),
  );
}

describe('POST /api/rr-invoice/correct/{id}', () => {
  it('issues a KOREKTA: its own series, before/after lines, the refund recomputed on the sum, XSD-valid KOR_VAT_RR', async () => {
    const invoice = await issuedRr();
    const correction = okJson(
      await correct(invoice.id, {
        reason: 'Ponowne ważenie',
        issue_date: '2026-03-12',
        lines: [{ position: 1, quantity: 24_000 }],
      }),
    );
    // 24,000 t × 800,00 zł = 19 200,00 zł (was 19 629,60): value −429,60 zł; the refund on the whole invoice before
    // and after: 7 % of 39 208,00 = 2 744,56 against 2 774,63, so −30,07 zł.
    const before = rrTotals([1_962_960, 2_000_800], 7);
    const after = rrTotals([1_920_000, 2_000_800], 7);
    expect(correction).toMatchObject({
      number: 'RRK/2026/0001',
      kind: 'KOR_VAT_RR',
      corrected_rr_invoice_id: invoice.id,
      correction_reason: 'Ponowne ważenie',
      issue_date: '2026-03-12',
      net_total: -42_960,
      refund_total: after.refundMinor - before.refundMinor,
      gross_total: after.totalMinor - before.totalMinor,
      has_xml: true,
      ksef_status: 'ISSUED',
    });
    expect(correction.refund_total).toBe(-3_007);
    expect(correction.total_in_words).toBe(`minus ${amountInPolishWords(45_967)}`);
    expect(correction.lines).toEqual([
      expect.objectContaining({
        position: 1,
        quantity: 24_000,
        quantity_before: 24_537,
        unit_price: 80_000,
        unit_price_before: 80_000,
        value: 1_920_000,
        value_before: 1_962_960,
      }),
    ]);
    const [line] = correction.lines;
    expect(line.refund - line.refund_before).toBe(correction.refund_total);

    const xml = await t.call({ method: 'GET', url: `/api/rr-invoice/xml/${correction.id}`, token });
    expect(await validateXml(xml.rawPayload, 'FA_RR')).toEqual({ valid: true, errors: [] });
    expect(xml.body).toContain('<RodzajFaktury>KOR_VAT_RR</RodzajFaktury>');
    expect(xml.body).toContain('<PrzyczynaKorekty>Ponowne ważenie</PrzyczynaKorekty>');
    expect(xml.body).toContain(`<NrFaKorygowanej>${invoice.number}</NrFaKorygowanej>`);
    expect(xml.body).toContain('<StanPrzed>1</StanPrzed>');

    // The issued invoice is never edited; its lines as they stand (what "Koryguj" starts from) follow the correction,
    // on the invoice and on the correction alike.
    const original = await details(invoice.id);
    expect(original).toMatchObject({ net_total: invoice.net_total, lines: invoice.lines });
    expect(original.current_lines.map((l: { quantity: number; value: number }) => [l.quantity, l.value])).toEqual([
      [24_000, 1_920_000],
      [invoice.lines[1].quantity, invoice.lines[1].value],
    ]);
    expect((await details(correction.id)).current_lines).toEqual(original.current_lines);

    // A correction's id corrects the invoice's latest state; numbers follow without gaps.
    const second = okJson(
      await correct(correction.id, { reason: 'Reklamacja jakości', lines: [{ position: 1, unit_price: 78_000 }] }),
    );
    // Issued today: next in the yearly series after RRK/2026/0001 (or the first of a later year).
    const year = companyTodayIso().slice(0, 4);
    const expected = year === '2026' ? 'RRK/2026/0002' : `RRK/${year}/0001`;
    expect(second).toMatchObject({ number: expected, corrected_rr_invoice_id: invoice.id });
    expect(second.lines[0]).toMatchObject({
      quantity_before: 24_000,
      quantity: 24_000,
      unit_price_before: 80_000,
      unit_price: 78_000,
    });
  });

  it('cancels everything: every line to zero, the totals the original with a minus, and prints a KOREKTA', async () => {
    const invoice = await issuedRr();
    const correction = okJson(
      await correct(invoice.id, { reason: 'Zwrot towaru', cancel_all: true, issue_date: '2026-03-10' }),
    );
    expect(correction).toMatchObject({
      net_total: -invoice.net_total,
      refund_total: -invoice.refund_total,
      gross_total: -invoice.gross_total,
    });
    expect(correction.lines.map((line: { quantity: number; refund: number }) => [line.quantity, line.refund])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    const xml = await t.call({ method: 'GET', url: `/api/rr-invoice/xml/${correction.id}`, token });
    expect(await validateXml(xml.rawPayload, 'FA_RR')).toEqual({ valid: true, errors: [] });

    const pdf = await t.call({ method: 'GET', url: `/api/rr-invoice/pdf/${correction.id}`, token });
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Faktura VAT RR KOREKTA');
    expect(flat).toContain(`${invoice.number} z dnia 09.03.2026`);
    expect(flat).toContain('Zwrot towaru');
    for (const word of ['przed', 'po', 'różnica']) expect(flat).toContain(word);
  });

  it('refuses with catalogue codes and uses no number for a refused correction', async () => {
    const invoice = await issuedRr();
    const before = await counterTotal();

    const unknown = await correct(999_999, { reason: 'x', cancel_all: true });
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'RR_INVOICE_NOT_FOUND']);
    const both = await correct(invoice.id, { reason: 'x', cancel_all: true, lines: [{ position: 1, quantity: 1 }] });
    expect([both.statusCode, codeOf(both)]).toEqual([400, 'VALIDATION_ERROR']);
    const position = await correct(invoice.id, { reason: 'x', lines: [{ position: 9, quantity: 1 }] });
    expect(codeOf(position)).toBe('VALIDATION_ERROR');
    expect(position.json().errors).toEqual([{ field: 'lines.0.position', code: 'chooseItem' }]);
    const same = await correct(invoice.id, { reason: 'x', lines: [{ position: 1, quantity: 24_537 }] });
    expect(same.json().errors).toEqual([{ field: 'lines', code: 'noChange' }]);
    const early = await correct(invoice.id, { reason: 'x', issue_date: '2026-03-01', cancel_all: true });
    expect(early.json().errors).toEqual([{ field: 'issue_date', code: 'beforeInvoiceDate' }]);

    await t.db.update(rrInvoices).set({ status: 'QUEUED' }).where(eq(rrInvoices.id, invoice.id));
    const queued = await correct(invoice.id, { reason: 'x', cancel_all: true });
    expect([queued.statusCode, codeOf(queued)]).toEqual([409, 'INVOICE_NOT_CORRECTABLE']);
    await t.db.update(rrInvoices).set({ status: 'ISSUED' }).where(eq(rrInvoices.id, invoice.id));

    await t.db.update(companySettings).set({ rrCorrectionSeries: null });
    const noSeries = await correct(invoice.id, { reason: 'x', cancel_all: true });
    expect(codeOf(noSeries)).toBe('RR_INVOICE_SERIES_MISSING');
    expect(noSeries.json().errors).toEqual([{ field: 'rr_correction_series', code: 'required' }]);

    expect(await counterTotal()).toBe(before);
    await t.db.update(companySettings).set({ rrCorrectionSeries: 'RRK/{RRRR}/{NR}' });
    const issued = okJson(await correct(invoice.id, { reason: 'x', cancel_all: true, issue_date: '2026-03-10' }));
    expect(issued.number).toBe('RRK/2026/0001');
  });
});
