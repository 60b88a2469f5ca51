import { companyTodayIso, invoiceExportFileName, XLSX_CONTENT_TYPE } from '@grain/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveCompany } from '../../../test/fixtures/settings.js';
import { codeOf, insertDeliveredTransport, okJson } from '../../../test/fixtures/settlements.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { contractors, invoices } from '../../db/schema/index.js';
import { exportInvoiceList } from './export.js';

/**
 * The Faktury list (RULES.md Invoices, VAT and KSeF): searched on the server by number, KSeF number and buyer,
 * filtered by status, sorted, and exported as a streamed spreadsheet with the same search, filter and order.
 */
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

let nipSerial = 0;
function invoiceableNip(): string {
  for (;;) {
    nipSerial += 1;
    const digits = `75${String(nipSerial).padStart(7, '0')}`;
    const sum = [6, 5, 7, 2, 3, 4, 5, 6, 7].reduce((acc, weight, i) => acc + weight * Number(digits[i]), 0) % 11;
    if (sum < 10) return `${digits}${sum}`;
  }
}

/** An invoice of one truck to a buyer of that name, issued on that day. */
async function issued(buyerName: string, issueDate: string) {
  const d = await insertDeliveredTransport(t.db, {});
  const nip = invoiceableNip();
  await t.db.update(contractors).set({ nip, name: buyerName }).where(eq(contractors.id, d.sale.counterpartyId));
  const invoice = okJson(
    await t.call({
      method: 'POST',
      url: '/api/invoice/create',
      token,
      payload: { transaction_ids: [d.salesTx.id], issue_date: issueDate },
    }),
  );
  return { ...invoice, nip } as { id: number; number: string; nip: string };
}

const list = async (body: Record<string, unknown>) =>
  okJson(await t.call({ method: 'POST', url: '/api/invoice/list', token, payload: { limit: 50, offset: 0, ...body } }));
const numbersOf = (page: { list: { number: string }[] }) => page.list.map((row) => row.number);

async function exported(body: Record<string, unknown>) {
  const response = await t.call({ method: 'POST', url: '/api/invoice/export-list-to-excel', token, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push(Object.fromEntries(headers.map((header, i) => [header, row.getCell(i + 1).value])));
  });
  return { response, sheet, rows };
}

/** Three invoices: two to Młyn Zbożowy (one accepted in KSeF), one to Piekarnia. */
async function threeInvoices() {
  const first = await issued('Młyn Zbożowy Sp. z o.o.', '2026-03-02');
  const second = await issued('Piekarnia Złoty Kłos', '2026-03-05');
  const third = await issued('Młyn Zbożowy Sp. z o.o.', '2026-03-04');
  const ksefNumber = '5265877635-20250826-0100001AF629-AF';
  await t.db.update(invoices).set({ status: 'ACCEPTED', ksefNumber }).where(eq(invoices.id, third.id));
  return { first, second, third, ksefNumber };
}

describe('POST|GET /api/invoice/list', () => {
  it('searches by number, KSeF number, buyer and NIP, case-insensitively, on the server', async () => {
    const { first, second, third, ksefNumber } = await threeInvoices();
    expect(numbersOf(await list({ search: first.number }))).toEqual([first.number]);
    expect(numbersOf(await list({ search: ksefNumber.slice(11, 30) }))).toEqual([third.number]);
    expect(numbersOf(await list({ search: 'MŁYN zbożowy' }))).toEqual([third.number, first.number]);
    expect(numbersOf(await list({ search: second.nip }))).toEqual([second.number]);
    // The unit separator between the values: a term never matches across two of them.
    expect((await list({ search: `${first.number} Młyn` })).filtered).toBe(0);
  });

  it('filters by status and sorts by issue date, buyer and number', async () => {
    const { first, second, third } = await threeInvoices();
    const accepted = await list({ filter: { status: ['ACCEPTED'] } });
    expect(accepted).toMatchObject({ filtered: 1, total: 3, list: [{ number: third.number, status: 'ACCEPTED' }] });
    expect(numbersOf(await list({ filter: { status: ['ISSUED', 'REJECTED'] } }))).toEqual([
      second.number,
      first.number,
    ]);
    expect((await list({ filter: { status: ['OFFLINE'] } })).filtered).toBe(0);
    expect(numbersOf(await list({ order_by: 'issue_date:asc' }))).toEqual([first.number, third.number, second.number]);
    expect(numbersOf(await list({ order_by: 'buyer_name:desc' }))[0]).toBe(second.number);
    const refused = await t.call({ method: 'GET', url: '/api/invoice/list?order_by=ksef:asc', token });
    expect([refused.statusCode, codeOf(refused)]).toEqual([400, 'INVALID_SORT_PARAMS']);
  });
});

describe('POST /api/invoice/export-list-to-excel', () => {
  it('exports what the list finds, in its order, with the KSeF number, as an .xlsx file', async () => {
    const { first, third, ksefNumber } = await threeInvoices();
    const { response, sheet, rows } = await exported({ search: 'Młyn', order_by: 'issue_date:asc', limit: 1 });
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${invoiceExportFileName(companyTodayIso())}"`,
    );
    expect(sheet.name).toBe('Faktury');
    // The paging fields are ignored: every match, not one.
    expect(rows.map((row) => row.Numer)).toEqual([first.number, third.number]);
    expect(rows[1]).toMatchObject({
      Status: 'Przyjęta',
      Nabywca: 'Młyn Zbożowy Sp. z o.o.',
      'Numer KSeF': ksefNumber,
      Waluta: 'PLN',
      Rodzaj: 'Faktura VAT',
    });
    expect(typeof rows[1]!.Brutto).toBe('number');
    const accepted = await exported({ filter: { status: ['ACCEPTED'] } });
    expect(accepted.rows.map((row) => row.Numer)).toEqual([third.number]);
  });

  it('reads in keyset batches across the whole list, in both directions', async () => {
    const issuedInvoices = [];
    for (const day of ['2026-03-02', '2026-03-02', '2026-03-03', '2026-03-01', '2026-03-03']) {
      issuedInvoices.push(await issued('Młyn', day));
    }
    const ctx = { db: t.db, config: t.config, log: { error: () => {} } } as unknown as Parameters<
      typeof exportInvoiceList
    >[0];
    for (const orderBy of ['issue_date:asc', 'issue_date:desc', 'number:desc', 'buyer_name:asc']) {
      const expected = numbersOf(await list({ order_by: orderBy }));
      const { stream } = await exportInvoiceList(ctx, { orderBy }, 2);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
      const numbers: unknown[] = [];
      workbook.worksheets[0]!.eachRow((row, index) => {
        if (index > 1) numbers.push(row.getCell(1).value);
      });
      expect(numbers, orderBy).toEqual(expected);
    }
    expect(issuedInvoices).toHaveLength(5);
  });

  it('refuses an unknown sort before the file starts, and a guest', async () => {
    const refused = await t.call({
      method: 'POST',
      url: '/api/invoice/export-list-to-excel',
      token,
      payload: { order_by: 'gross:asc' },
    });
    expect([refused.statusCode, codeOf(refused)]).toEqual([400, 'INVALID_SORT_PARAMS']);
    const guest = await t.call({ method: 'POST', url: '/api/invoice/export-list-to-excel', payload: {} });
    expect(guest.statusCode).toBe(401);
  });
});
