import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveCompany } from '../../../../test/fixtures/settings.js';
import { codeOf, insertDeliveredTransport, okJson } from '../../../../test/fixtures/settlements.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../../test/harness.js';
import { contractors, rrInvoicePayments } from '../../../db/schema/index.js';

/** POST /api/rr-invoice/payment-import (RULES.md Invoices, VAT and KSeF, VAT RR: the payment to the farmer). */
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
const OTHER_ACCOUNT = '27102055581111123456789012';
const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));
const base64 = (content: string | Buffer) => Buffer.from(content).toString('base64');

const importFile = (content: string | Buffer, as = token) =>
  t.call({
    method: 'POST',
    url: '/api/rr-invoice/payment-import',
    token: as,
    payload: { file_name: 'wyciag.sta', content_base64: base64(content) },
  });
const details = async (id: number) =>
  okJson(await t.call({ method: 'GET', url: `/api/rr-invoice/details/${id}`, token }));
const storedPayments = () => t.db.select().from(rrInvoicePayments);

/** One delivery bought from a flat-rate farmer on 2026-03-04, invoiced RR/2026/0001 on 2026-03-09. */
async function rrInvoice() {
  const delivery = await insertDeliveredTransport(t.db, { purchase: { price: 80_000 }, realKg: 24_537 });
  await t.db
    .update(contractors)
    .set({ accountingMethod: 'RR', nip: '7740001454', bankAccount: ACCOUNT, flatRateDeclarationDate: '2026-01-02' })
    .where(eq(contractors.id, delivery.purchase.counterpartyId));
  const payload = { transaction_ids: [delivery.purchaseTx.id], issue_date: '2026-03-09' };
  return okJson(await t.call({ method: 'POST', url: '/api/rr-invoice/create', token, payload }));
}

/** An MT940 amount: grosze with a decimal comma and no separators. */
const mtAmount = (minor: number) => `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, '0')}`;

/** An MT940 statement of the given :61: lines (YYMMDD, D/C, grosze, :86: subfields). */
function mt940(lines: { day: string; mark: 'D' | 'C'; minor: number; title: string; account: string }[]) {
  const body = lines.flatMap((line) => [
    `:61:${line.day}${line.day.slice(2)}${line.mark}${mtAmount(line.minor)}NTRFNONREF`,
    `:86:020~00IBTR~20${line.title.slice(0, 27)}~21${line.title.slice(27)}~38PL${line.account}~32JAN KOWALSKI`,
  ]);
  return [':20:ST', ':25:/PL27102055581111123456789012', ':28C:1', ':60F:C260301PLN1000000,00', ...body, '-'].join(
    '\r\n',
  );
}

describe('POST /api/rr-invoice/payment-import', () => {
  it('records the transfer naming the RR invoice and paid into the farmer account: deductible in its month', async () => {
    const invoice = await rrInvoice();
    const title = `Faktura VAT RR ${invoice.number} z dnia 09.03.2026`;
    const file = mt940([
      { day: '260410', mark: 'D', minor: invoice.gross_total, title, account: ACCOUNT },
      { day: '260411', mark: 'C', minor: 5_000, title, account: ACCOUNT },
      { day: '260412', mark: 'D', minor: 5_000, title: 'RR/2026/0099 z dnia 09.03.2026', account: ACCOUNT },
      { day: '260413', mark: 'D', minor: 5_000, title, account: OTHER_ACCOUNT },
      { day: '260414', mark: 'D', minor: 5_000, title: `${invoice.number}7 09.03.2026`, account: ACCOUNT },
    ]);
    const answer = okJson(await importFile(file));
    expect(answer.format).toBe('MT940');
    expect(answer.matched).toEqual([
      {
        line: 5,
        paid_at: '2026-04-10',
        amount: invoice.gross_total,
        account: ACCOUNT,
        title,
        rr_invoice_id: invoice.id,
        number: 'RR/2026/0001',
      },
    ]);
    expect(answer.already_recorded).toEqual([]);
    expect(answer.unmatched.map((line: { line: number; reason: string }) => [line.line, line.reason])).toEqual([
      [7, 'INCOMING'],
      [9, 'NO_RR_NUMBER'],
      [11, 'ACCOUNT_DIFFERS'],
      [13, 'NO_RR_NUMBER'],
    ]);
    expect(await details(invoice.id)).toMatchObject({
      payment_status: 'DEDUCTIBLE',
      deductible_month: '2026-04',
      paid_amount: invoice.gross_total,
      payments: [{ paid_at: '2026-04-10', method: 'TRANSFER', account: ACCOUNT, title }],
    });
  });

  it('reads the bank CSV in Windows-1250: the transfer paid in part, the other lines unmatched', async () => {
    const invoice = await rrInvoice();
    const answer = okJson(await importFile(fixture('mbank-windows-1250.csv')));
    expect(answer.format).toBe('CSV');
    expect(answer.matched.map((line: { line: number; amount: number }) => [line.line, line.amount])).toEqual([
      [12, 259_207],
    ]);
    expect(answer.matched[0].title).toBe('Zapłata za fakturę VAT RR RR/2026/0001 z dnia 09.03.2026');
    expect(answer.unmatched.map((line: { line: number; reason: string }) => [line.line, line.reason])).toEqual([
      [13, 'NO_RR_NUMBER'],
      [14, 'INCOMING'],
    ]);
    expect(await details(invoice.id)).toMatchObject({ payment_status: 'PARTIAL', paid_amount: 259_207 });
  });

  it('records a transfer once: the same file again, the same line twice, a transfer typed by hand', async () => {
    const invoice = await rrInvoice();
    const title = `${invoice.number} z dnia 2026-03-09`;
    const line = { day: '260410', mark: 'D' as const, minor: 100_000, title, account: ACCOUNT };
    expect(okJson(await importFile(mt940([line, line]))).already_recorded).toHaveLength(1);
    const again = okJson(await importFile(mt940([line])));
    expect([again.matched, again.already_recorded.map((row: { line: number }) => row.line)]).toEqual([[], [5]]);
    // The same transfer from the bank's CSV (another format, same day, amount, account and title).
    const csv = `#Data księgowania;#Tytuł;#Numer konta;#Kwota;\n2026-04-10;"${title}";'${ACCOUNT}';-1 000,00;\n`;
    expect(okJson(await importFile(csv)).already_recorded).toHaveLength(1);
    const typed = { paid_at: '2026-04-11', amount: 50_000, account: ACCOUNT, title: 'zaliczka' };
    okJson(await t.call({ method: 'POST', url: `/api/rr-invoice/payment/${invoice.id}`, token, payload: typed }));
    const byHand = okJson(await importFile(mt940([{ ...line, day: '260411', minor: 50_000 }])));
    expect(byHand.already_recorded).toHaveLength(1);
    expect((await storedPayments()).map((row) => row.amount).sort()).toEqual([100_000, 50_000].sort());
  });

  it('records a transfer once when the same file is imported twice at the same moment', async () => {
    const invoice = await rrInvoice();
    const title = `${invoice.number} z dnia 2026-03-09`;
    const file = mt940([{ day: '260410', mark: 'D', minor: 100_000, title, account: ACCOUNT }]);
    const answers = (await Promise.all([importFile(file), importFile(file)])).map(okJson);
    const counts = answers.map((answer) => [answer.matched.length, answer.already_recorded.length]).sort();
    expect(counts).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(await storedPayments()).toHaveLength(1);
    expect(await details(invoice.id)).toMatchObject({ paid_amount: 100_000 });
  });

  it('refuses a file with a line it cannot read with BANK_STATEMENT_INVALID naming the line, storing nothing', async () => {
    await rrInvoice();
    const files = [fixture('mt940-bad-line.mt940'), fixture('mbank-bad-amount.csv'), 'to nie jest wyciąg'];
    const lines = ['Wiersz 7: ', 'Wiersz 13: ', 'Wiersz 1: '];
    for (const [index, file] of files.entries()) {
      const refused = await importFile(file);
      expect([refused.statusCode, codeOf(refused), refused.json().errors]).toEqual([
        400,
        'BANK_STATEMENT_INVALID',
        [{ field: 'content_base64', code: 'wrongType' }],
      ]);
      expect(refused.json().message).toContain(lines[index]);
    }
    const notBase64 = await t.call({
      method: 'POST',
      url: '/api/rr-invoice/payment-import',
      token,
      payload: { content_base64: 'nie base64!' },
    });
    expect([notBase64.statusCode, notBase64.json().errors]).toEqual([
      400,
      [{ field: 'content_base64', code: 'wrongType' }],
    ]);
    expect(await storedPayments()).toEqual([]);
  });
});

describe('roles', () => {
  it('lets a USER import and refuses a caller without a token', async () => {
    const invoice = await rrInvoice();
    const user = await t.userWithRole('USER');
    const line = { day: '260410', mark: 'D' as const, minor: 100, title: invoice.number, account: ACCOUNT };
    expect(okJson(await importFile(mt940([line]), user.token)).matched).toHaveLength(1);
    const anonymous = await t.call({ method: 'POST', url: '/api/rr-invoice/payment-import', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});
