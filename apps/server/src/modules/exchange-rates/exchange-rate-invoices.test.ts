import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveCompany } from '../../../test/fixtures/settings.js';
import { codeOf, insertDeliveredTransport, okJson } from '../../../test/fixtures/settlements.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { contractors, invoiceNumberCounters } from '../../db/schema/index.js';
import { validateXml } from '../ksef/xml/validate.js';

/**
 * RULES.md Invoices, VAT and KSeF: a foreign-currency invoice converts its VAT at the stored NBP mid rate of the last
 * business day before the tax point, and keeps that rate, its day and its table.
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

/** A EUR sale unloaded on `unloadingDate` to a buyer with a NIP KSeF takes. */
async function eurDelivery(unloadingDate: string, currency: 'EUR' | 'USD' = 'EUR') {
  const d = await insertDeliveredTransport(t.db, { sale: { currency, price: 25_000 }, realKg: 40_000, unloadingDate });
  await t.db.update(contractors).set({ nip: '5265877635' }).where(eq(contractors.id, d.sale.counterpartyId));
  return d;
}
const createInvoice = (body: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/invoice/create', token, payload: body });
const numbersUsed = async () => (await t.db.select().from(invoiceNumberCounters)).length;

describe('POST /api/invoice/create in EUR or USD', () => {
  it('refuses without the rate of the business day before the tax point, naming that day, and uses no number', async () => {
    // Unloaded the day after Easter Monday 2026: the rate is Good Friday's (3 April), not Monday's or the weekend's.
    const d = await eurDelivery('2026-04-07');
    await t.call({
      method: 'POST',
      url: '/api/exchange-rate/create',
      token,
      payload: { currency: 'EUR', effective_date: '2026-04-07', rate: 42_632 },
    });
    const refused = await createInvoice({ transaction_ids: [d.salesTx.id], issue_date: '2026-04-08' });
    expect([refused.statusCode, codeOf(refused), refused.json().errors]).toEqual([
      409,
      'EXCHANGE_RATE_MISSING',
      [{ field: 'exchange_rate', code: 'required' }],
    ]);
    expect(refused.json().message).toContain('EUR z dnia 03.04.2026');
    expect(await numbersUsed()).toBe(0);
  });

  it('issues with the rate of the last business day before the tax point, stores its day and table, XML valid', async () => {
    const d = await eurDelivery('2026-04-07');
    const rate = await t.call({
      method: 'POST',
      url: '/api/exchange-rate/create',
      token,
      payload: { currency: 'EUR', effective_date: '2026-04-03', rate: 42_655, table_number: '65/A/NBP/2026' },
    });
    expect(rate.statusCode).toBe(200);
    const invoice = okJson(await createInvoice({ transaction_ids: [d.salesTx.id], issue_date: '2026-04-08' }));
    expect(invoice).toMatchObject({
      currency: 'EUR',
      sale_date: '2026-04-07',
      exchange_rate: 42_655,
      exchange_rate_date: '2026-04-03',
      exchange_rate_table: '65/A/NBP/2026',
      // 40 t at 250,00 €/t = 10 000,00 €; 5 %: 500,00 €.
      net_total: 1_000_000,
      vat_total: 50_000,
    });
    const details = okJson(await t.call({ method: 'GET', url: `/api/invoice/details/${invoice.id}`, token }));
    expect(details.exchange_rate_date).toBe('2026-04-03');
    const xml = (await t.call({ method: 'GET', url: `/api/invoice/xml/${invoice.id}`, token })).rawPayload;
    expect(await validateXml(xml, 'FA')).toMatchObject({ valid: true });
    const text = xml.toString('utf8');
    expect(text).toContain('<KursWaluty>4.2655</KursWaluty>');
    // 500,00 € × 4,2655 = 2 132,75 zł.
    expect(text).toContain('<P_14_3W>2132.75</P_14_3W>');
    expect(text).toContain('Kurs średni NBP z dnia 03.04.2026, tabela 65/A/NBP/2026: 1 EUR = 4,2655 PLN');
  });

  it('takes a period invoice at its last unloading, across 11 November, and a USD invoice in USD', async () => {
    const first = await eurDelivery('2026-11-09', 'USD');
    const second = await insertDeliveredTransport(t.db, {
      salesId: first.sale.id,
      purchaseId: first.purchase.id,
      realKg: 10_000,
      unloadingDate: '2026-11-12',
    });
    await t.call({
      method: 'POST',
      url: '/api/exchange-rate/create',
      token,
      payload: { currency: 'EUR', effective_date: '2026-11-10', rate: 42_300 },
    });
    const ids = [first.salesTx.id, second.salesTx.id];
    expect(codeOf(await createInvoice({ transaction_ids: ids, issue_date: '2026-11-13' }))).toBe(
      'EXCHANGE_RATE_MISSING',
    );
    await t.call({
      method: 'POST',
      url: '/api/exchange-rate/create',
      token,
      payload: { currency: 'USD', effective_date: '2026-11-10', rate: 36_500 },
    });
    const invoice = okJson(await createInvoice({ transaction_ids: ids, issue_date: '2026-11-13' }));
    expect(invoice).toMatchObject({
      currency: 'USD',
      sale_date_to: '2026-11-12',
      exchange_rate: 36_500,
      exchange_rate_date: '2026-11-10',
      exchange_rate_table: null,
    });
  });

  it('leaves a PLN invoice without a rate', async () => {
    const d = await insertDeliveredTransport(t.db, { unloadingDate: '2026-04-07' });
    await t.db.update(contractors).set({ nip: '5265877635' }).where(eq(contractors.id, d.sale.counterpartyId));
    const invoice = okJson(await createInvoice({ transaction_ids: [d.salesTx.id] }));
    expect([invoice.exchange_rate, invoice.exchange_rate_date, invoice.exchange_rate_table]).toEqual([
      null,
      null,
      null,
    ]);
  });
});
