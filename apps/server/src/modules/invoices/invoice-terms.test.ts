import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveCompany } from '../../../test/fixtures/settings.js';
import { codeOf, insertDeliveredTransport, okJson, PATHS, settlementApi } from '../../../test/fixtures/settlements.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { contractors, transactions } from '../../db/schema/index.js';

/**
 * Sales invoices (RULES.md Invoices, VAT and KSeF): settled and to-settle rows are invoiced alike, and a buyer's own
 * payment term and bank account, set in the contractor form, win over the company settings'.
 */
const COMPANY_ACCOUNT = 'PL61109010140000071219812874';
const BUYER_ACCOUNT = 'PL27114020040000300201355387';
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
  await saveCompany(t, token, { invoice_series: 'FV/{RRRR}/{MM}/{NR}', bank_account: COMPANY_ACCOUNT });
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/invoice/create', token, payload: body });
const xmlOf = async (id: number) =>
  (await t.call({ method: 'GET', url: `/api/invoice/xml/${id}`, token })).rawPayload.toString('utf8');

let nipSerial = 0;
/** A NIP with a valid checksum that also fits the FA(3) pattern (the fixture NIPs start with zeros). */
function invoiceableNip(): string {
  for (;;) {
    nipSerial += 1;
    const digits = `76${String(nipSerial).padStart(7, '0')}`;
    const sum = [6, 5, 7, 2, 3, 4, 5, 6, 7].reduce((acc, weight, i) => acc + weight * Number(digits[i]), 0) % 11;
    if (sum < 10) return `${digits}${sum}`;
  }
}

async function delivery(options: Parameters<typeof insertDeliveredTransport>[1] = {}) {
  const d = await insertDeliveredTransport(t.db, options);
  if (!options.salesId) {
    await t.db.update(contractors).set({ nip: invoiceableNip() }).where(eq(contractors.id, d.sale.counterpartyId));
  }
  return d;
}

/** The buyer's terms as the contractor form saves them: get-one, the two fields changed, update. */
async function setBuyerTerms(id: number, terms: Record<string, unknown>) {
  const url = `/api/dictionary/contractor/get-one/${id}`;
  const { result } = okJson(await t.call({ method: 'GET', url, token }));
  const saved = okJson(
    await t.call({
      method: 'PUT',
      url: `/api/dictionary/contractor/update/${id}`,
      token,
      payload: { ...result, ...terms },
    }),
  );
  return saved.result;
}

describe('POST /api/invoice/create: which rows', () => {
  it('invoices a settled row without an invoice number together with a to-settle row, the settled one at its final figures', async () => {
    const first = await delivery({ sale: { price: 100_000 }, realKg: 24_000, unloadingDate: '2026-03-04' });
    const second = await delivery({
      salesId: first.sale.id,
      purchaseId: first.purchase.id,
      realKg: 25_000,
      unloadingDate: '2026-03-05',
    });
    const api = settlementApi(t, () => token);
    // Settling asks for an invoice number (RULES.md Settlements), so a settled row without one is one settled before
    // that rule or carried over from another program: its number is cleared here, its final figures kept.
    okJson(await api.setSalesInvoice(first.salesTx.id));
    okJson(await api.settle(PATHS.settleSales, first.salesTx.id, { final_quantity: 23_000 }));
    await t.db
      .update(transactions)
      .set({ invoiceNumber: null, invoiceDate: null })
      .where(eq(transactions.id, first.salesTx.id));
    const [settled] = await t.db.select().from(transactions).where(eq(transactions.id, first.salesTx.id));
    expect(settled).toMatchObject({ status: 'SETTLED', finalQuantityKg: 23_000 });

    const invoice = okJson(
      await create({ transaction_ids: [first.salesTx.id, second.salesTx.id], issue_date: '2026-03-09' }),
    );
    expect(invoice.lines.map((line: { quantity: number }) => line.quantity)).toEqual([23_000, 25_000]);
    expect(invoice.net_total).toBe(2_300_000 + 2_500_000);
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, first.salesTx.id));
    expect(row).toMatchObject({ status: 'SETTLED', invoiceNumber: invoice.number, invoiceDate: '2026-03-09' });
    // The statement row names the invoice it is on, for the link to it.
    const listed = okJson(await api.list({ limit: 10, offset: 0, search: String(first.salesTx.id) }));
    expect(listed.list.find((r: { id: number }) => r.id === first.salesTx.id)).toMatchObject({
      invoice_id: invoice.id,
      invoice_number: invoice.number,
    });
    // Invoiced once: the same row again is refused.
    const again = await create({ transaction_ids: [first.salesTx.id] });
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'INVOICE_ROW_ALREADY_INVOICED']);
  });

  it('refuses a settled row whose invoice was issued elsewhere (its number typed in), and uses no number', async () => {
    const d = await delivery({ unloadingDate: '2026-03-04' });
    const api = settlementApi(t, () => token);
    okJson(await api.setSalesInvoice(d.salesTx.id));
    okJson(await api.settle(PATHS.settleSales, d.salesTx.id));
    const refused = await create({ transaction_ids: [d.salesTx.id] });
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'INVOICE_ROW_ALREADY_INVOICED']);
    const listed = okJson(await api.list({ limit: 10, offset: 0, search: String(d.salesTx.id) }));
    expect(listed.list.find((r: { id: number }) => r.id === d.salesTx.id)).toMatchObject({ invoice_id: null });
  });
});

describe('POST /api/invoice/create: payment term and bank account', () => {
  it('takes the company settings for a buyer without its own terms (14 days by default)', async () => {
    const d = await delivery({ unloadingDate: '2026-03-04' });
    const invoice = okJson(await create({ transaction_ids: [d.salesTx.id], issue_date: '2026-03-09' }));
    expect(invoice).toMatchObject({ due_date: '2026-03-23', bank_account: COMPANY_ACCOUNT });
    const xml = await xmlOf(invoice.id);
    expect(xml).toContain(`<NrRB>${COMPANY_ACCOUNT}</NrRB>`);
    expect(xml).toContain('<Termin>2026-03-23</Termin>');
  });

  it('takes the buyer’s own payment term and bank account, saved through the contractor form', async () => {
    const d = await delivery({ unloadingDate: '2026-03-04' });
    const saved = await setBuyerTerms(d.sale.counterpartyId, {
      invoice_payment_term_days: 30,
      invoice_bank_account: BUYER_ACCOUNT,
    });
    expect(saved).toMatchObject({ invoice_payment_term_days: 30, invoice_bank_account: BUYER_ACCOUNT });
    const invoice = okJson(await create({ transaction_ids: [d.salesTx.id], issue_date: '2026-03-09' }));
    expect(invoice).toMatchObject({ due_date: '2026-04-08', bank_account: BUYER_ACCOUNT });
    const xml = await xmlOf(invoice.id);
    expect(xml).toContain(`<NrRB>${BUYER_ACCOUNT}</NrRB>`);
    expect(xml).toContain('<Termin>2026-04-08</Termin>');

    // A term alone: the account stays the company's; 0 days is a term (payment on the issue date), not "none".
    const other = await delivery({ unloadingDate: '2026-03-04' });
    await setBuyerTerms(other.sale.counterpartyId, { invoice_payment_term_days: 0, invoice_bank_account: '' });
    const cash = okJson(await create({ transaction_ids: [other.salesTx.id], issue_date: '2026-03-09' }));
    expect(cash).toMatchObject({ due_date: '2026-03-09', bank_account: COMPANY_ACCOUNT });
  });

  it('refuses a payment term outside 0–365 days, naming the field', async () => {
    const d = await delivery();
    const url = `/api/dictionary/contractor/get-one/${d.sale.counterpartyId}`;
    const { result } = okJson(await t.call({ method: 'GET', url, token }));
    const refused = await t.call({
      method: 'PUT',
      url: `/api/dictionary/contractor/update/${d.sale.counterpartyId}`,
      token,
      payload: { ...result, invoice_payment_term_days: 400 },
    });
    expect([refused.statusCode, refused.json().errors]).toEqual([
      400,
      [{ field: 'invoice_payment_term_days', code: 'tooBig' }],
    ]);
  });
});
