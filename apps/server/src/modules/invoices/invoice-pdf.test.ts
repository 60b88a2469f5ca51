import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import jsQRModule from 'jsqr';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveCompany } from '../../../test/fixtures/settings.js';
import { codeOf, insertDeliveredTransport, okJson } from '../../../test/fixtures/settlements.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { contractors, invoices } from '../../db/schema/index.js';
import { renderDocument } from '../../lib/pdf/render.js';
import { sha256Base64Url } from '../ksef/qr-link.js';
import { invoicePdf } from './pdf.js';

// jsqr's main is the function itself (UMD), while its types declare an ES default export.
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;

/** The invoice's PDF with its KSeF verification code (KSeF docs `kody-qr.md`; RULES.md Invoices, VAT and KSeF). */
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

const BUYER_NIP = '7740001454';

/** Two trucks to one recipient with a NIP KSeF takes, invoiced on 2026-03-09. */
async function issuedInvoice() {
  const first = await insertDeliveredTransport(t.db, { sale: { price: 100_000 }, realKg: 24_537 });
  await t.db.update(contractors).set({ nip: BUYER_NIP }).where(eq(contractors.id, first.sale.counterpartyId));
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
  return okJson(response) as { id: number; number: string; gross_total: number };
}

const pdfOf = (id: number, as: string | undefined = token) =>
  t.call({ method: 'GET', url: `/api/invoice/pdf/${id}`, ...(as ? { token: as } : {}) });

/**
 * The filled squares the page draws (pdfkit writes `x y w h re` in top-down points), read from the PDF's content
 * streams as a viewer would, then the QR modules they cover as a bitmap that jsQR decodes: the code is checked as
 * drawn, by a decoder that shares nothing with the encoder.
 */
function decodeDrawnQr(pdf: Uint8Array): string | null {
  const raw = Buffer.from(pdf).toString('latin1');
  const squares: { x: number; y: number; size: number }[] = [];
  // The stream's bytes are its dictionary's /Length: compressed data may itself end in a CR that a pattern up to
  // `endstream` would take for the line end.
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    let content: string;
    try {
      content = inflateSync(Buffer.from(raw.slice(start, start + Number(match[1])), 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const re of content.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re\n/g)) {
      const [x, y, w, h] = re.slice(1, 5).map(Number) as [number, number, number, number];
      if (Math.abs(w - h) < 1e-6 && w < 5) squares.push({ x, y, size: w });
    }
  }
  if (squares.length === 0) return null;
  const module = squares[0]!.size;
  const left = Math.min(...squares.map((s) => s.x));
  const top = Math.min(...squares.map((s) => s.y));
  const cells = squares.map((s) => [Math.round((s.x - left) / module), Math.round((s.y - top) / module)] as const);
  const count = Math.max(...cells.map(([c]) => c)) + 1;
  const scale = 4;
  const quiet = 4;
  const side = (count + 2 * quiet) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [c, r] of cells) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const offset = (((r + quiet) * scale + dy) * side + (c + quiet) * scale + dx) * 4;
        pixels[offset] = pixels[offset + 1] = pixels[offset + 2] = 0;
      }
    }
  }
  return jsQR(pixels, side, side)?.data ?? null;
}

describe('GET /api/invoice/pdf/{id}', () => {
  it('prints the invoice in Polish with its number, both NIPs and the totals, and KOD I marked OFFLINE', async () => {
    const invoice = await issuedInvoice();
    const response = await pdfOf(invoice.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="faktura-FV-2026-03-0001.pdf"');
    const { pages, text: lines } = await pdfText(response.rawPayload);
    expect(pages).toBe(1);
    // Wrapped values read as one line.
    const text = lines.replace(/\s+/g, ' ');
    const [stored] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(text).toContain('Faktura VAT');
    expect(text).toContain('nr FV/2026/03/0001');
    expect(text).toContain(`NIP: ${stored!.sellerNip}`);
    expect(text).toContain(`NIP: ${BUYER_NIP}`);
    expect(text).toContain('Data wystawienia 09.03.2026');
    expect(text).toContain('Numer rachunku PL61 1090 1014 0000 0712 1981 2874');
    // 49,547 t at 1 000,00 zł/t: 49 547,00 zł net, 5 % VAT 2 477,35 zł, 52 024,35 zł gross and due.
    expect(stored!.grossTotal).toBe(5_202_435);
    expect(text).toContain('49 547,00 zł');
    expect(text).toContain('2 477,35 zł');
    expect(text).toMatch(/Do zapłaty 52 024,35 zł/);
    expect(text).toContain('OFFLINE');
    // The link hashes the stored bytes (RULES.md Invoices, VAT and KSeF), and the drawn code decodes to it.
    const link = `https://qr.ksef.mf.gov.pl/invoice/${stored!.sellerNip}/09-03-2026/${sha256Base64Url(stored!.xml)}`;
    expect(text.replace(/\s/g, '')).toContain(link);
    expect(decodeDrawnQr(response.rawPayload)).toBe(link);
  });

  it('points KOD I at the verification host of the KSeF environment in company settings (kody-qr.md)', async () => {
    const invoice = await issuedInvoice();
    const [stored] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    const path = `/invoice/${stored!.sellerNip}/09-03-2026/${sha256Base64Url(stored!.xml)}`;
    for (const [environment, host] of [
      ['DEMO', 'https://qr-demo.ksef.mf.gov.pl'],
      ['TEST', 'https://qr-test.ksef.mf.gov.pl'],
      ['PRODUCTION', 'https://qr.ksef.mf.gov.pl'],
    ]) {
      await saveCompany(t, token, { ksef_environment: environment });
      expect(decodeDrawnQr((await pdfOf(invoice.id)).rawPayload)).toBe(`${host}${path}`);
    }
  });

  it('prints the KSeF number under the code once KSeF has given one', async () => {
    const invoice = await issuedInvoice();
    const [stored] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    const ksefNumber = `${stored!.sellerNip}-20260309-0100001AF629-AF`;
    await t.db.update(invoices).set({ ksefNumber }).where(eq(invoices.id, invoice.id));
    const { text } = await pdfText((await pdfOf(invoice.id)).rawPayload);
    expect(text).toContain(ksefNumber);
    expect(text).not.toContain('OFFLINE');
  });

  it('lets a USER download it, refuses a caller without a token and answers INVOICE_NOT_FOUND', async () => {
    const invoice = await issuedInvoice();
    const user = await t.userWithRole('USER');
    expect((await pdfOf(invoice.id, user.token)).statusCode).toBe(200);
    expect((await pdfOf(invoice.id, '')).statusCode).toBe(401);
    const missing = await pdfOf(999_999);
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'INVOICE_NOT_FOUND']);
  });
});

describe('invoicePdf (the document)', () => {
  it('states the currency, the NBP rate and the VAT in PLN on a EUR invoice, and wraps a long buyer name', async () => {
    const longName = 'Przedsiębiorstwo Handlowo-Usługowe Zbożex Spółka z ograniczoną odpowiedzialnością '.repeat(3);
    const document = invoicePdf({
      invoice: {
        id: 1,
        number: 'FV/2026/03/0007',
        kind: 'VAT',
        status: 'ISSUED',
        issueDate: '2026-03-09',
        saleDate: '2026-03-06',
        saleDateFrom: null,
        saleDateTo: null,
        dueDate: '2026-03-23',
        buyerId: 1,
        buyerName: longName.trim(),
        buyerNip: BUYER_NIP,
        currency: 'EUR',
        exchangeRate: 42_512,
        exchangeRateDate: '2026-03-05',
        exchangeRateTable: '45/A/NBP/2026',
        netTotal: 1_000_000,
        vatTotal: 50_000,
        grossTotal: 1_050_000,
        bankAccount: 'PL61109010140000071219812874',
        ksefNumber: null,
        ksefError: null,
        correctedInvoiceId: null,
        correctionReason: null,
        correctedInvoice: null,
        corrections: [],
        currentLines: [],
        sellerName: 'Zboże Sp. z o.o.',
        sellerNip: '5265877635',
        sellerStreet: 'Polna 1',
        sellerPostCode: '00-001',
        sellerCity: 'Łódź',
        offlineDeadline: null,
        isOfflineOverdue: false,
        createdAt: '2026-03-09T10:00:00Z',
        lines: [
          {
            position: 1,
            transactionId: 1,
            name: 'Pszenica konsumpcyjna, klasa A',
            cnCode: '1001 99 00',
            quantity: 40_000,
            unitNetPrice: 25_000,
            netValue: 1_000_000,
            vatRate: 5,
            quantityBefore: null,
            unitNetPriceBefore: null,
            netValueBefore: null,
          },
        ],
        totalsByRate: [{ vatRate: 5, netValue: 1_000_000, vatValue: 50_000 }],
      },
      buyerAddress: 'Długa 5, 90-001 Łódź',
      verificationLink: `https://qr.ksef.mf.gov.pl/invoice/5265877635/09-03-2026/${'A'.repeat(43)}`,
    });
    const { bytes, pages } = await renderDocument(document);
    expect(pages).toBe(1);
    const { text } = await pdfText(bytes);
    expect(text).toContain('Waluta EUR');
    expect(text).toContain('1 EUR = 4,2512 PLN');
    expect(text.replace(/\s/g, '')).toContain('KursśredniNBPzdnia05.03.2026,tabela45/A/NBP/2026');
    // 500,00 € VAT at 4,2512: 2 125,60 zł.
    expect(text).toContain('2 125,60 zł');
    expect(text).toContain('Do zapłaty 10 500,00 €');
    expect(text.replace(/\s/g, '')).toContain(longName.replace(/\s/g, '').trim());
    expect(decodeDrawnQr(bytes)).toBe(`https://qr.ksef.mf.gov.pl/invoice/5265877635/09-03-2026/${'A'.repeat(43)}`);
  });
});
