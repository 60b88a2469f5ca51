import { randomBytes } from 'node:crypto';
import { offline24Deadline } from '@grain/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveCompany } from '../../../test/fixtures/settings.js';
import { codeOf, insertDeliveredTransport, okJson } from '../../../test/fixtures/settlements.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { type FakeKsef, startFakeKsef } from '../../../tools/ksef-fake/server.js';
import { contractors, receivedInvoices, rrInvoices } from '../../db/schema/index.js';
import { type KsefWorker, startKsefWorker } from '../invoices/ksef-sender.js';
import { isValidKsefNumber, validateXml } from '../ksef/index.js';

/**
 * VAT RR invoices sent to KSeF (RULES.md Invoices, VAT and KSeF, VAT RR) through the sales invoices' outbox, in FA_RR
 * sessions, against the fake KSeF started for real on a free port (tools/ksef-fake), on a real database.
 */
const KSEF_TOKEN = 'rr-sender-test-ksef-token';
const COMPANY_NIP = '5260250274';
const ACCOUNT = '61109010140000071219812874';
const FARMER_NIP = '7740001454';
let t: TestApp;
let fake: FakeKsef;
let token: string;
let worker: KsefWorker;

beforeAll(async () => {
  t = await createTestApp({ secretsKey: randomBytes(32), ksefAllowCustomUrl: true });
});
beforeEach(async () => {
  await resetDatabase(t.db);
  fake = await startFakeKsef({ logViolations: false });
  fake.control.registerKsefToken(COMPANY_NIP, KSEF_TOKEN);
  token = await t.login();
  await saveCompany(t, token, {
    rr_invoice_series: 'RR/{RRRR}/{NR}',
    ksef_environment: 'TEST',
    ksef_token: KSEF_TOKEN,
    ksef_custom_url: fake.url,
  });
  worker = startKsefWorker(t.db, t.config, t.app.log, 0, { sleep: async () => {} });
});
afterEach(async () => {
  await worker.stop();
  const violations = fake.control.violations();
  await fake.close();
  expect(violations).toEqual([]);
});
afterAll(() => t.close());

const runSender = () => worker.runOnce();
const detailsOf = async (id: number) =>
  okJson(await t.call({ method: 'GET', url: `/api/rr-invoice/details/${id}`, token }));
const sendToKsef = (id: number) => t.call({ method: 'POST', url: `/api/rr-invoice/send-to-ksef/${id}`, token });
const upo = (id: number) => t.call({ method: 'GET', url: `/api/rr-invoice/upo/${id}`, token });

async function stored(id: number) {
  const [row] = await t.db.select().from(rrInvoices).where(eq(rrInvoices.id, id));
  return row!;
}

/** An RR invoice of one delivery bought from a flat-rate farmer who has (or has not) designated us in KSeF. */
async function issuedRr(designated: boolean, values: Partial<typeof contractors.$inferInsert> = {}) {
  const d = await insertDeliveredTransport(t.db, { purchase: { price: 80_000 }, realKg: 24_537 });
  await t.db
    .update(contractors)
    .set({
      accountingMethod: 'RR',
      nip: FARMER_NIP,
      bankAccount: ACCOUNT,
      flatRateDeclarationDate: '2026-01-02',
      isKsefRrDesignated: designated,
      ...values,
    })
    .where(eq(contractors.id, d.purchase.counterpartyId));
  return okJson(
    await t.call({
      method: 'POST',
      url: '/api/rr-invoice/create',
      token,
      payload: { transaction_ids: [d.purchaseTx.id] },
    }),
  );
}

describe('VAT RR invoices in KSeF', () => {
  it('designated farmer: queued on issue, sent in an FA_RR session, accepted with a KSeF number and the UPO', async () => {
    const invoice = await issuedRr(true);
    expect(invoice).toMatchObject({ ksef_status: 'QUEUED', ksef_number: null, offline_deadline: null });

    expect(await runSender()).toBe(1);
    const row = await stored(invoice.id);
    expect(row).toMatchObject({ status: 'ACCEPTED', ksefError: null, ksefNextAttemptAt: null, ksefAttempts: 1 });
    // KSeF lists it among our buyer's invoices too (we are its Podmiot2); the received side leaves our own RR out.
    expect(await t.db.select().from(receivedInvoices)).toEqual([]);
    expect(isValidKsefNumber(row.ksefNumber!)).toBe(true);
    expect((await validateXml(row.ksefUpo!, 'UPO')).valid).toBe(true);
    expect(row.ksefUpo).toContain(row.ksefNumber);
    expect(row.ksefUpo).toContain('FA_RR (1)');
    // KSeF holds exactly the stored bytes, opened with the FA_RR form code.
    expect(fake.control.sentInvoices()).toMatchObject([
      { ksefNumber: row.ksefNumber, isOffline: false, form: 'FA_RR' },
    ]);

    expect(await detailsOf(invoice.id)).toMatchObject({ ksef_status: 'ACCEPTED', ksef_number: row.ksefNumber });
    const listed = okJson(await t.call({ method: 'GET', url: '/api/rr-invoice/list', token })).list[0];
    expect(listed).toMatchObject({ ksef_status: 'ACCEPTED', ksef_number: row.ksefNumber });
    const receipt = await upo(invoice.id);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-disposition']).toContain(`UPO-${row.ksefNumber}.xml`);
    expect(receipt.body).toBe(row.ksefUpo);
    const pdf = await pdfText(
      (await t.call({ method: 'GET', url: `/api/rr-invoice/pdf/${invoice.id}`, token })).rawPayload,
    );
    expect(pdf.text).toContain(row.ksefNumber);

    const again = await sendToKsef(invoice.id);
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'INVOICE_ALREADY_SENT_TO_KSEF']);
  });

  it('a farmer who has not designated us: not sent until someone asks ("Wyślij do KSeF")', async () => {
    const invoice = await issuedRr(false);
    expect(invoice).toMatchObject({ ksef_status: 'ISSUED', ksef_number: null });
    expect(await runSender()).toBe(0);
    expect(fake.control.sentInvoices()).toEqual([]);
    const missing = await upo(invoice.id);
    expect([missing.statusCode, codeOf(missing)]).toEqual([409, 'INVOICE_UPO_MISSING']);

    expect(okJson(await sendToKsef(invoice.id))).toMatchObject({ ksef_status: 'QUEUED' });
    expect(await runSender()).toBe(1);
    expect(await detailsOf(invoice.id)).toMatchObject({ ksef_status: 'ACCEPTED' });
    expect(fake.control.sentInvoices()).toHaveLength(1);
  });

  it('KSeF down: OFFLINE with the offline24 deadline, then sent offline and accepted', async () => {
    const invoice = await issuedRr(true);
    await fake.control.setDown(true);
    expect(await runSender()).toBe(1);
    const failed = await stored(invoice.id);
    expect(failed).toMatchObject({ status: 'OFFLINE', ksefNumber: null, ksefAttempts: 1 });
    expect(failed.offlineDeadline).toBe(offline24Deadline(invoice.issue_date));
    expect(await detailsOf(invoice.id)).toMatchObject({
      ksef_status: 'OFFLINE',
      offline_deadline: failed.offlineDeadline,
    });

    await fake.control.setDown(false);
    await t.db.execute(`update rr_invoices set ksef_next_attempt_at = now() where id = ${invoice.id}` as never);
    expect(await runSender()).toBe(1);
    const row = await stored(invoice.id);
    expect(row).toMatchObject({ status: 'ACCEPTED', ksefAttempts: 2, offlineDeadline: failed.offlineDeadline });
    expect(fake.control.sentInvoices()).toMatchObject([{ ksefNumber: row.ksefNumber, isOffline: true }]);
  });

  it('refuses sending an RR invoice without FA_RR (a farmer known by PESEL alone) and an unknown one', async () => {
    const invoice = await issuedRr(true, { nip: null, pesel: '44051401359' });
    expect(invoice).toMatchObject({ has_xml: false, ksef_status: 'ISSUED' });
    const refused = await sendToKsef(invoice.id);
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'RR_INVOICE_WITHOUT_XML']);
    const unknown = await sendToKsef(invoice.id + 100);
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'RR_INVOICE_NOT_FOUND']);
  });
});
