import { randomBytes } from 'node:crypto';
import { formatMoney, lineValue } from '@grain/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMPANY_NIP, supplierInvoiceXml } from '../../../test/fixtures/received-invoices.js';
import { saveCompany } from '../../../test/fixtures/settings.js';
import { codeOf, insertDeliveredTransport, okJson, settlementApi } from '../../../test/fixtures/settlements.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { startFakeKsef } from '../../../tools/ksef-fake/server.js';
import { contractors, receivedInvoiceRows, receivedInvoices, transactions } from '../../db/schema/index.js';
import type { SalesInvoiceKind } from '../ksef/xml/fa3.js';
import { fetchReceivedInvoices, type ReceivedTarget } from './fetch.js';
import { storeReceivedInvoice } from './store.js';

/**
 * Received invoices (RULES.md Invoices, VAT and KSeF: a received invoice matched to statement rows) on a real
 * database: matching as the KSeF worker stores them, the calls of the "Faktury otrzymane" screen, and the export
 * from the fake KSeF started for real.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ secretsKey: randomBytes(32), ksefAllowCustomUrl: true });
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
});
afterAll(() => t.close());

/** NIPs with a valid checksum that fit FA (3)'s NIP pattern. */
const SUPPLIER_NIP = '7740001454';
const UNKNOWN_NIP = '7251801126';
const PRICE = 80_000; // 800,00 zł/t

let serial = 0;
/** An FA (3) invoice the supplier issued to us at 800 zł/t, one line per { kg, net }. */
function supplierInvoice(
  sellerNip: string,
  lines: { kg: number; net: number; isStateBefore?: boolean }[],
  number = `FZ/${++serial}`,
  kind: SalesInvoiceKind = { type: 'VAT' },
) {
  const xml = supplierInvoiceXml(
    sellerNip,
    number,
    lines.map((line) => ({ ...line, unitPrice: PRICE })),
    kind,
  );
  return { number, xml };
}

let ksefSerial = 0;
const store = (xml: Uint8Array, ksefNumber = `${SUPPLIER_NIP}-20260310-${String(++ksefSerial).padStart(12, '0')}-00`) =>
  storeReceivedInvoice(t.db, { ksefNumber, xml });

/** Deliveries bought from one supplier (NIP SUPPLIER_NIP), 800 zł/t; their PURCHASE rows. */
async function deliveries(kgs: number[]) {
  const first = await insertDeliveredTransport(t.db, { purchase: { price: PRICE }, realKg: kgs[0] });
  const rest = [];
  for (const kg of kgs.slice(1)) {
    rest.push(
      await insertDeliveredTransport(t.db, { purchaseId: first.purchase.id, salesId: first.sale.id, realKg: kg }),
    );
  }
  await t.db.update(contractors).set({ nip: SUPPLIER_NIP }).where(eq(contractors.id, first.purchase.counterpartyId));
  return [first, ...rest].map((d) => d.purchaseTx);
}

const rowOf = async (id: number) => (await t.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;
const details = (id: number) => t.call({ method: 'GET', url: `/api/received-invoice/details/${id}`, token });
const post = (path: string, id: number, payload: object) =>
  t.call({ method: 'POST', url: `/api/received-invoice/${path}/${id}`, token, payload });

describe('matching a received invoice', () => {
  it('exact: fills the row’s invoice number and date and links the invoice', async () => {
    const [row] = await deliveries([24_537]);
    const { number, xml } = supplierInvoice(SUPPLIER_NIP, [{ kg: 24_537, net: lineValue(24_537, PRICE) }]);
    const stored = await store(xml);
    expect(stored).toMatchObject({ status: 'MATCHED', suggestedTransactionIds: [row!.id] });
    expect(await rowOf(row!.id)).toMatchObject({ invoiceNumber: number, invoiceDate: '2026-03-10' });
    const body = okJson(await details(stored!.id));
    expect(body).toMatchObject({ status: 'MATCHED', number, transaction_ids: [row!.id], seller_nip: SUPPLIER_NIP });
    expect(body.rows[0]).toMatchObject({ id: row!.id, linked: true });
    expect(body.net_total).toBe(body.rows_net_total);
  });

  it('several trucks on one invoice: a line per truck, or one line for all', async () => {
    const rows = await deliveries([24_537, 25_010, 23_800]);
    const perTruck = supplierInvoice(SUPPLIER_NIP, [
      { kg: 24_537, net: lineValue(24_537, PRICE) },
      { kg: 25_010, net: lineValue(25_010, PRICE) },
    ]);
    expect(await store(perTruck.xml)).toMatchObject({
      status: 'MATCHED',
      suggestedTransactionIds: [rows[0]!.id, rows[1]!.id],
    });
    const oneLine = supplierInvoice(SUPPLIER_NIP, [{ kg: 23_800, net: lineValue(23_800, PRICE) }]);
    expect(await store(oneLine.xml)).toMatchObject({ status: 'MATCHED', suggestedTransactionIds: [rows[2]!.id] });
    expect((await rowOf(rows[1]!.id)).invoiceNumber).toBe(perTruck.number);
    expect((await rowOf(rows[2]!.id)).invoiceNumber).toBe(oneLine.number);
  });

  it('one line summing two trucks', async () => {
    const rows = await deliveries([24_537, 25_010]);
    const net = lineValue(24_537, PRICE) + lineValue(25_010, PRICE);
    const { xml } = supplierInvoice(SUPPLIER_NIP, [{ kg: 49_547, net }]);
    expect(await store(xml)).toMatchObject({ status: 'MATCHED', suggestedTransactionIds: rows.map((r) => r!.id) });
  });

  it('a 1-grosz difference per line still matches; 2 grosze do not', async () => {
    const rows = await deliveries([24_537, 25_010, 24_000]);
    const { xml } = supplierInvoice(SUPPLIER_NIP, [
      { kg: 24_537, net: lineValue(24_537, PRICE) + 1 },
      { kg: 25_010, net: lineValue(25_010, PRICE) - 1 },
    ]);
    expect(await store(xml)).toMatchObject({ status: 'MATCHED', suggestedTransactionIds: [rows[0]!.id, rows[1]!.id] });
    const third = rows[2];
    const twoGrosze = supplierInvoice(SUPPLIER_NIP, [{ kg: 24_000, net: lineValue(24_000, PRICE) + 2 }]);
    expect(await store(twoGrosze.xml)).toMatchObject({ status: 'DIFFERENCE', suggestedTransactionIds: [third!.id] });
  });

  it('an amount difference is shown with both figures, fills nothing, and is accepted with a note', async () => {
    const [row] = await deliveries([24_537]);
    const rowNet = lineValue(24_537, PRICE);
    const { number, xml } = supplierInvoice(SUPPLIER_NIP, [{ kg: 24_537, net: rowNet + 5_000 }]);
    const stored = await store(xml);
    expect(stored).toMatchObject({ status: 'DIFFERENCE', suggestedTransactionIds: [row!.id] });
    expect((await rowOf(row!.id)).invoiceNumber).toBeNull();
    const before = okJson(await details(stored!.id));
    expect(before).toMatchObject({ net_total: rowNet + 5_000, invoice_quantity_kg: 24_537, transaction_ids: [] });
    expect(before.rows[0]).toMatchObject({ id: row!.id, suggested: true, linked: false, net_value: rowNet });

    const noNote = await post('accept', stored!.id, { note: '  ' });
    expect([noNote.statusCode, codeOf(noNote)]).toEqual([400, 'VALIDATION_ERROR']);
    const accepted = okJson(await post('accept', stored!.id, { note: 'Dopłata za transport, uzgodnione' }));
    expect(accepted).toMatchObject({
      status: 'MATCHED',
      note: 'Dopłata za transport, uzgodnione',
      transaction_ids: [row!.id],
      rows_net_total: rowNet,
      net_total: rowNet + 5_000,
    });
    expect((await rowOf(row!.id)).invoiceNumber).toBe(number);
  });

  it('an unknown seller is left to assign, with no contractor and no suggestion', async () => {
    await deliveries([24_537]);
    const { xml } = supplierInvoice(UNKNOWN_NIP, [{ kg: 24_537, net: lineValue(24_537, PRICE) }]);
    const stored = await store(xml);
    expect(stored).toMatchObject({ status: 'TO_ASSIGN', contractorId: null, suggestedTransactionIds: [] });
    expect(okJson(await details(stored!.id)).rows).toEqual([]);
  });

  it('the same invoice twice (same KSeF number) is stored and matched once', async () => {
    const [row] = await deliveries([24_537]);
    const { xml } = supplierInvoice(SUPPLIER_NIP, [{ kg: 24_537, net: lineValue(24_537, PRICE) }]);
    const ksefNumber = `${SUPPLIER_NIP}-20260310-AAAAAAAAAAAA-00`;
    expect(await store(xml, ksefNumber)).not.toBeNull();
    expect(await store(xml, ksefNumber)).toBeNull();
    expect(await t.db.select().from(receivedInvoices)).toHaveLength(1);
    expect(await t.db.select().from(receivedInvoiceRows)).toEqual([
      expect.objectContaining({ transactionId: row!.id, filledInvoiceNumber: true }),
    ]);
  });

  it('never overwrites an invoice number a person typed: such a row is not open to matching', async () => {
    const [row] = await deliveries([24_537]);
    await t.db
      .update(transactions)
      .set({ invoiceNumber: 'FZ-RĘCZNIE', invoiceDate: '2026-03-05' })
      .where(eq(transactions.id, row!.id));
    const { xml } = supplierInvoice(SUPPLIER_NIP, [{ kg: 24_537, net: lineValue(24_537, PRICE) }]);
    expect(await store(xml)).toMatchObject({ status: 'TO_ASSIGN', suggestedTransactionIds: [] });
    expect(await rowOf(row!.id)).toMatchObject({ invoiceNumber: 'FZ-RĘCZNIE', invoiceDate: '2026-03-05' });
  });
});

describe('the "Faktury otrzymane" calls', () => {
  it('assigns rows by hand, a click per row, until the invoice is matched', async () => {
    const rows = await deliveries([24_537, 25_010]);
    const typed = rows[1]!.id;
    const net = lineValue(24_537, PRICE) + lineValue(25_010, PRICE);
    // A line the search cannot pair: 49 547 kg as 49,6 t (rounded by the supplier).
    const { number, xml } = supplierInvoice(SUPPLIER_NIP, [{ kg: 49_600, net }]);
    const stored = (await store(xml))!;
    expect(stored.status).toBe('TO_ASSIGN');

    const first = okJson(await post('assign', stored.id, { transaction_ids: [rows[0]!.id] }));
    expect(first).toMatchObject({ status: 'TO_ASSIGN', transaction_ids: [rows[0]!.id] });
    await t.db.update(transactions).set({ invoiceNumber: 'TYPED/1' }).where(eq(transactions.id, typed));
    const second = okJson(await post('assign', stored.id, { transaction_ids: [typed] }));
    expect(second).toMatchObject({ status: 'MATCHED', transaction_ids: [rows[0]!.id, typed] });
    expect((await rowOf(rows[0]!.id)).invoiceNumber).toBe(number);
    expect((await rowOf(typed)).invoiceNumber).toBe('TYPED/1');

    const again = await post('assign', stored.id, { transaction_ids: [rows[0]!.id] });
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'RECEIVED_INVOICE_WRONG_STATUS']);
  });

  it('refuses a row of another invoice or contractor, an unknown invoice and an unknown row', async () => {
    const [row] = await deliveries([24_537]);
    const other = await insertDeliveredTransport(t.db);
    const matched = (await store(supplierInvoice(SUPPLIER_NIP, [{ kg: 24_537, net: lineValue(24_537, PRICE) }]).xml))!;
    const open = (await store(supplierInvoice(SUPPLIER_NIP, [{ kg: 1_000, net: 80_000 }]).xml))!;
    expect(matched.status).toBe('MATCHED');
    const taken = await post('assign', open.id, { transaction_ids: [row!.id] });
    expect([taken.statusCode, codeOf(taken)]).toEqual([409, 'RECEIVED_INVOICE_ROW_NOT_ASSIGNABLE']);
    const foreign = await post('assign', open.id, { transaction_ids: [other.purchaseTx.id] });
    expect([foreign.statusCode, codeOf(foreign)]).toEqual([409, 'RECEIVED_INVOICE_ROW_NOT_ASSIGNABLE']);
    const sales = await post('assign', open.id, { transaction_ids: [other.salesTx.id] });
    expect(codeOf(sales)).toBe('RECEIVED_INVOICE_ROW_NOT_ASSIGNABLE');
    const missing = await post('assign', 999, { transaction_ids: [row!.id] });
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'RECEIVED_INVOICE_NOT_FOUND']);
    const noRow = await post('assign', open.id, { transaction_ids: [999_999] });
    expect([noRow.statusCode, codeOf(noRow)]).toEqual([404, 'SETTLEMENT_NOT_FOUND']);
    const empty = await post('assign', open.id, { transaction_ids: [] });
    expect([empty.statusCode, codeOf(empty)]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('two invoices assigned the same row at once: one links it, the other is refused, the row names the winner', async () => {
    const [row] = await deliveries([24_537]);
    // Lines the search cannot pair (49,6 t), so both wait to be assigned by hand.
    const first = supplierInvoice(SUPPLIER_NIP, [{ kg: 49_600, net: 1 }]);
    const second = supplierInvoice(SUPPLIER_NIP, [{ kg: 49_700, net: 1 }]);
    const invoices = [(await store(first.xml))!, (await store(second.xml))!];
    expect(invoices.map((invoice) => invoice.status)).toEqual(['TO_ASSIGN', 'TO_ASSIGN']);

    const answers = await Promise.all(
      invoices.map((invoice) => post('assign', invoice.id, { transaction_ids: [row!.id] })),
    );
    const codes = answers.map((answer) => (answer.statusCode === 200 ? 'OK' : codeOf(answer))).sort();
    expect(codes).toEqual(['OK', 'RECEIVED_INVOICE_ROW_NOT_ASSIGNABLE']);
    const winner = answers[0]!.statusCode === 200 ? first : second;
    expect((await rowOf(row!.id)).invoiceNumber).toBe(winner.number);
    expect(await t.db.select().from(receivedInvoiceRows)).toHaveLength(1);
  });

  it('hides an invoice that is not ours with its reason; lists by status', async () => {
    const stored = (await store(supplierInvoice(UNKNOWN_NIP, [{ kg: 1_000, net: 80_000 }]).xml))!;
    const hidden = okJson(await post('hide', stored.id, { note: 'Faktura dla innej spółki' }));
    expect(hidden).toMatchObject({ status: 'HIDDEN', note: 'Faktura dla innej spółki' });
    const twice = await post('hide', stored.id, { note: 'x' });
    expect(codeOf(twice)).toBe('RECEIVED_INVOICE_WRONG_STATUS');
    const list = (filter: string) =>
      t.call({ method: 'GET', url: `/api/received-invoice/list?filter=${encodeURIComponent(filter)}`, token });
    expect(okJson(await list('{"status":["HIDDEN"]}'))).toMatchObject({ filtered: 1, total: 1 });
    expect(okJson(await list('{"status":["MATCHED","TO_ASSIGN"]}'))).toMatchObject({ filtered: 0, list: [] });
    const guest = await t.call({ method: 'GET', url: '/api/received-invoice/list' });
    expect(guest.statusCode).toBe(401);
  });
});

describe('GET /api/received-invoice/pdf/{id} and the statement row’s link', () => {
  it('shows the stored XML as KSeF does: seller, buyer, lines, totals; the filled row links to it', async () => {
    const [row, typed] = await deliveries([24_537, 25_010]);
    await t.db.update(transactions).set({ invoiceNumber: 'FZ-RĘCZNIE' }).where(eq(transactions.id, typed!.id));
    const net = lineValue(24_537, PRICE);
    const { number, xml } = supplierInvoice(SUPPLIER_NIP, [{ kg: 24_537, net }]);
    const stored = (await store(xml))!;
    const second = (await store(supplierInvoice(SUPPLIER_NIP, [{ kg: 25_010, net: lineValue(25_010, PRICE) }]).xml))!;
    expect(okJson(await post('assign', second.id, { transaction_ids: [typed!.id] })).status).toBe('MATCHED');

    const response = await t.call({ method: 'GET', url: `/api/received-invoice/pdf/${stored.id}`, token });
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('faktura-otrzymana-FZ-');
    const { pages, text: raw } = await pdfText(response.rawPayload);
    const text = raw.replace(/\s+/g, ' ');
    expect(pages).toBe(1);
    for (const part of [
      'Faktura VAT',
      `nr ${number}`,
      `Numer KSeF: ${stored.ksefNumber}`,
      'SPRZEDAWCA Gospodarstwo Zbożowe Wieś 1',
      `NIP: ${SUPPLIER_NIP}`,
      'NABYWCA Zbożex Handel Zbożem sp. z o.o. ul. Żytnia 7',
      `NIP: ${COMPANY_NIP}`,
      'Pszenica konsumpcyjna',
      '24,537',
      '800,00',
      `Do zapłaty ${formatMoney(net + Math.round(net * 0.05))}`,
    ]) {
      expect(text).toContain(part.replace(/\s+/g, ' '));
    }

    const statement = okJson(await settlementApi(t, () => token).list({ limit: 50 })).list;
    const rowOfStatement = (id: number) => statement.find((r: { id: number }) => r.id === id);
    expect(rowOfStatement(row!.id)).toMatchObject({ invoice_number: number, received_invoice_id: stored.id });
    // Linked by hand after a person typed its number: the typed number stays and links nowhere.
    expect(rowOfStatement(typed!.id)).toMatchObject({ invoice_number: 'FZ-RĘCZNIE', received_invoice_id: null });
  });

  it('refuses an unknown invoice and one whose XML could not be read', async () => {
    const missing = await t.call({ method: 'GET', url: '/api/received-invoice/pdf/999', token });
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'RECEIVED_INVOICE_NOT_FOUND']);
    const broken = (await store(new TextEncoder().encode('<Faktura>nie FA (3)</Faktura>')))!;
    const unreadable = await t.call({ method: 'GET', url: `/api/received-invoice/pdf/${broken.id}`, token });
    expect([unreadable.statusCode, codeOf(unreadable)]).toEqual([409, 'RECEIVED_INVOICE_UNREADABLE']);
  });
});

/** The fake KSeF started for real, our company's token registered with it, and the export's target. */
async function withFakeKsef(
  run: (fake: Awaited<ReturnType<typeof startFakeKsef>>, target: ReceivedTarget) => Promise<void>,
) {
  const fake = await startFakeKsef({ logViolations: false });
  try {
    fake.control.registerKsefToken(COMPANY_NIP, 'received-test-token');
    await saveCompany(t, token, {
      ksef_environment: 'TEST',
      ksef_token: 'received-test-token',
      ksef_custom_url: fake.url,
    });
    await run(fake, {
      baseUrl: fake.url,
      ksefToken: 'received-test-token',
      contextNip: null,
      clientOptions: { sleep: async () => {} },
    });
    expect(fake.control.violations()).toEqual([]);
  } finally {
    await fake.close();
  }
}

describe('the export from KSeF (Subject2)', () => {
  it('fetches, stores the bytes as received, matches; not again within 15 minutes; deduplicated after', async () => {
    await withFakeKsef(async (fake, target) => {
      const [row] = await deliveries([24_537]);
      const { number, xml } = supplierInvoice(SUPPLIER_NIP, [{ kg: 24_537, net: lineValue(24_537, PRICE) }]);
      const ksefNumber = fake.control.addInvoice(xml);
      const now = new Date();
      expect(await fetchReceivedInvoices(t.db, target, t.app.log, now)).toEqual({ ran: true, stored: 1, skipped: 0 });
      const [stored] = await t.db.select().from(receivedInvoices);
      expect(stored).toMatchObject({ ksefNumber, status: 'MATCHED', number });
      expect(Buffer.from(stored!.xml).equals(Buffer.from(xml))).toBe(true);
      expect((await rowOf(row!.id)).invoiceNumber).toBe(number);

      const soon = new Date(now.getTime() + 5 * 60_000);
      expect(await fetchReceivedInvoices(t.db, target, t.app.log, soon)).toMatchObject({ ran: false });
      const later = new Date(now.getTime() + 16 * 60_000);
      const next = await fetchReceivedInvoices(t.db, target, t.app.log, later);
      expect(next).toMatchObject({ ran: true, stored: 0 });
      expect(await t.db.select().from(receivedInvoices)).toHaveLength(1);
    });
  });

  it('links a received correction to the invoice it corrects, shows the difference, fills no row', async () => {
    await withFakeKsef(async (fake, target) => {
      const [row] = await deliveries([24_537]);
      const before = lineValue(24_537, PRICE);
      const after = lineValue(24_000, PRICE);
      const original = supplierInvoice(SUPPLIER_NIP, [{ kg: 24_537, net: before }]);
      const originalKsef = fake.control.addInvoice(original.xml);
      expect(await fetchReceivedInvoices(t.db, target, t.app.log, new Date())).toMatchObject({ stored: 1 });
      // A person retypes the row's invoice date; the correction must leave it as typed.
      await t.db.update(transactions).set({ invoiceDate: '2026-03-11' }).where(eq(transactions.id, row!.id));
      const correction = supplierInvoice(
        SUPPLIER_NIP,
        [
          { kg: 24_537, net: before, isStateBefore: true },
          { kg: 24_000, net: after },
        ],
        'FZK/1',
        {
          type: 'KOR',
          reason: 'Ponowne ważenie',
          corrected: [{ issueDate: '2026-03-10', number: original.number, ksefNumber: originalKsef }],
        },
      );
      fake.control.addInvoice(correction.xml);
      const later = new Date(Date.now() + 16 * 60_000);
      expect(await fetchReceivedInvoices(t.db, target, t.app.log, later)).toMatchObject({ stored: 1 });

      const [first, kor] = await t.db.select().from(receivedInvoices).orderBy(receivedInvoices.id);
      expect(kor).toMatchObject({
        status: 'DIFFERENCE',
        correctedReceivedInvoiceId: first!.id,
        netTotal: after - before,
      });
      expect(await rowOf(row!.id)).toMatchObject({ invoiceNumber: original.number, invoiceDate: '2026-03-11' });
      const korDetails = okJson(await details(kor!.id));
      expect(korDetails).toMatchObject({
        corrected_invoice: { id: first!.id, number: original.number, net_total: before },
        net_total: after - before,
        transaction_ids: [],
        invoice_quantity_kg: 24_000,
      });
      expect(okJson(await details(first!.id)).corrections).toEqual([
        expect.objectContaining({ id: kor!.id, number: 'FZK/1', net_total: after - before }),
      ]);
      const accepted = okJson(await post('accept', kor!.id, { note: 'Korekta po ponownym ważeniu' }));
      expect(accepted).toMatchObject({ status: 'MATCHED', transaction_ids: [] });
      expect((await rowOf(row!.id)).invoiceNumber).toBe(original.number);
    });
  });

  it('links a correction that arrived before its original once the original arrives, and matches the original', async () => {
    const [row] = await deliveries([24_537]);
    const before = lineValue(24_537, PRICE);
    const after = lineValue(24_000, PRICE);
    const original = supplierInvoice(SUPPLIER_NIP, [{ kg: 24_537, net: before }]);
    const correctionOf = (number: string, ksefNumber: string | null) =>
      supplierInvoice(
        SUPPLIER_NIP,
        [
          { kg: 24_537, net: before, isStateBefore: true },
          { kg: 24_000, net: after },
        ],
        `FZK/${number}`,
        { type: 'KOR', reason: 'Ponowne ważenie', corrected: [{ issueDate: '2026-03-10', number, ksefNumber }] },
      );
    const originalKsef = `${SUPPLIER_NIP}-20260310-00000000ABCD-00`;
    // Named by KSeF number, by invoice number alone, and one naming another invoice: only the first two link.
    const byKsef = await store(correctionOf(original.number, originalKsef).xml);
    const byNumber = await store(correctionOf(original.number, null).xml);
    const other = await store(correctionOf('FZ/INNA', null).xml);
    const hidden = await store(correctionOf(original.number, null).xml);
    expect(byKsef).toMatchObject({ status: 'TO_ASSIGN', correctedReceivedInvoiceId: null });
    expect(okJson(await post('hide', hidden!.id, { note: 'Duplikat od dostawcy' }))).toMatchObject({
      status: 'HIDDEN',
    });

    const stored = await store(original.xml, originalKsef);
    expect(stored).toMatchObject({ status: 'MATCHED' });
    expect((await rowOf(row!.id)).invoiceNumber).toBe(original.number);
    const byId = new Map((await t.db.select().from(receivedInvoices)).map((one) => [one.id, one]));
    for (const linked of [byKsef!, byNumber!]) {
      expect(byId.get(linked.id)).toMatchObject({ status: 'DIFFERENCE', correctedReceivedInvoiceId: stored!.id });
    }
    expect(byId.get(other!.id)).toMatchObject({ status: 'TO_ASSIGN', correctedReceivedInvoiceId: null });
    expect(byId.get(hidden!.id)).toMatchObject({ status: 'HIDDEN', correctedReceivedInvoiceId: null });
    expect(okJson(await details(stored!.id)).corrections.map((one: { id: number }) => one.id)).toEqual([
      byKsef!.id,
      byNumber!.id,
    ]);
  });
});
