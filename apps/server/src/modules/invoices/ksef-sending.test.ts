import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveCompany } from '../../../test/fixtures/settings.js';
import { codeOf, insertDeliveredTransport, okJson } from '../../../test/fixtures/settlements.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { type FakeKsef, startFakeKsef } from '../../../tools/ksef-fake/server.js';
import { contractors, invoices } from '../../db/schema/index.js';
import { isValidKsefNumber, validateXml } from '../ksef/index.js';
import { KSEF_LEASE_SECONDS, sendDueInvoices } from './ksef-sender.js';

/**
 * Issued invoices sent to KSeF (RULES.md Invoices, VAT and KSeF) through the outbox, against the fake KSeF started
 * for real on a free port (tools/ksef-fake), on a real database.
 */
const KSEF_TOKEN = 'sender-test-ksef-token';
let t: TestApp;
let fake: FakeKsef;
let token: string;
beforeAll(async () => {
  // Queuing needs KSeF configured; the sender is given each test's own fake below.
  t = await createTestApp({ ksefUrl: 'http://127.0.0.1:9/v2', ksefToken: KSEF_TOKEN });
});
beforeEach(async () => {
  await resetDatabase(t.db);
  fake = await startFakeKsef({ logViolations: false });
  token = await t.login();
  await saveCompany(t, token, { invoice_series: 'FV/{RRRR}/{MM}/{NR}', bank_account: 'PL61109010140000071219812874' });
});
afterEach(async () => {
  // Every request the sender made and every answer it got matched the official OpenAPI document.
  const violations = fake.control.violations();
  await fake.close();
  expect(violations).toEqual([]);
});
afterAll(() => t.close());

/** The sender's pass as the worker runs it; the client does not really wait between polls. */
const runSender = () =>
  sendDueInvoices(
    t.db,
    { baseUrl: fake.url, ksefToken: KSEF_TOKEN, clientOptions: { sleep: async () => {} } },
    t.app.log,
  );

/** As the signed-in ADMIN by default; `null` for a guest (no token). */
const sendToKsef = (id: number, as: string | null = token) =>
  t.call({ method: 'POST', url: `/api/invoice/send-to-ksef/${id}`, token: as ?? undefined });

let nipSerial = 0;
/** A NIP with a valid checksum that also fits the FA(3) pattern (the fixture NIPs start with zeros). */
function invoiceableNip(): string {
  for (;;) {
    nipSerial += 1;
    const digits = `78${String(nipSerial).padStart(7, '0')}`;
    const sum = [6, 5, 7, 2, 3, 4, 5, 6, 7].reduce((acc, weight, i) => acc + weight * Number(digits[i]), 0) % 11;
    if (sum < 10) return `${digits}${sum}`;
  }
}

/** An issued invoice of one truck, its seller's KSeF token known to the fake. */
async function issuedInvoice(): Promise<{ id: number; number: string }> {
  const d = await insertDeliveredTransport(t.db, {});
  await t.db.update(contractors).set({ nip: invoiceableNip() }).where(eq(contractors.id, d.sale.counterpartyId));
  const invoice = okJson(
    await t.call({ method: 'POST', url: '/api/invoice/create', token, payload: { transaction_ids: [d.salesTx.id] } }),
  );
  const [row] = await t.db.select({ sellerNip: invoices.sellerNip }).from(invoices).where(eq(invoices.id, invoice.id));
  fake.control.registerKsefToken(row!.sellerNip, KSEF_TOKEN);
  return invoice;
}

async function stored(id: number) {
  const [row] = await t.db.select().from(invoices).where(eq(invoices.id, id));
  return row!;
}

/** Time passes: the invoice's next try is due now. */
async function makeDue(id: number) {
  await t.db.execute(`update invoices set ksef_next_attempt_at = now() where id = ${id}` as never);
}

describe('POST /api/invoice/send-to-ksef/{id} and the KSeF sender', () => {
  it('queues, sends and records the acceptance: a valid KSeF number and the UPO', async () => {
    const invoice = await issuedInvoice();
    const queued = okJson(await sendToKsef(invoice.id));
    expect(queued).toMatchObject({ id: invoice.id, status: 'QUEUED', ksef_number: null, ksef_error: null });

    expect(await runSender()).toBe(1);
    const row = await stored(invoice.id);
    expect(row).toMatchObject({ status: 'ACCEPTED', ksefError: null, ksefNextAttemptAt: null, ksefAttempts: 1 });
    expect(isValidKsefNumber(row.ksefNumber!)).toBe(true);
    expect(row.ksefReferenceNumber).toEqual(expect.any(String));
    expect(row.ksefSentAt).not.toBeNull();
    expect((await validateXml(row.ksefUpo!, 'UPO')).valid).toBe(true);
    expect(row.ksefUpo).toContain(row.ksefNumber);
    // KSeF holds exactly the stored bytes.
    expect(fake.control.sentInvoices()).toHaveLength(1);

    const details = okJson(await t.call({ method: 'GET', url: `/api/invoice/details/${invoice.id}`, token }));
    expect(details).toMatchObject({ status: 'ACCEPTED', ksef_number: row.ksefNumber });
    // Nothing left to do, and an accepted invoice is not sent twice.
    expect(await runSender()).toBe(0);
    const again = await sendToKsef(invoice.id);
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'INVOICE_ALREADY_SENT_TO_KSEF']);
  });

  it('keeps KSeF’s refusal on a rejected invoice and does not retry it', async () => {
    const invoice = await issuedInvoice();
    okJson(await sendToKsef(invoice.id));
    fake.control.rejectNextInvoice({
      code: 450,
      description: 'Błąd weryfikacji semantyki dokumentu faktury',
      details: ['P_2'],
    });
    await runSender();
    const row = await stored(invoice.id);
    expect(row).toMatchObject({ status: 'REJECTED', ksefNumber: null, ksefNextAttemptAt: null });
    expect(row.ksefError).toBe('450 Błąd weryfikacji semantyki dokumentu faktury: P_2');
    const details = okJson(await t.call({ method: 'GET', url: `/api/invoice/details/${invoice.id}`, token }));
    expect(details).toMatchObject({ status: 'REJECTED', ksef_error: row.ksefError });
    await makeDue(invoice.id);
    expect(await runSender()).toBe(0);
  });

  it('KSeF unreachable: the invoice stays queued with the error, is retried after a back-off and then accepted', async () => {
    const invoice = await issuedInvoice();
    okJson(await sendToKsef(invoice.id));
    await fake.control.setDown(true);
    expect(await runSender()).toBe(1);
    const failed = await stored(invoice.id);
    expect(failed).toMatchObject({ status: 'QUEUED', ksefNumber: null, ksefAttempts: 1 });
    expect(failed.ksefError).toMatch(/unreachable/i);
    // Due again after the back-off (30 s), not at once.
    const waitMs = Date.parse(failed.ksefNextAttemptAt!) - Date.now();
    expect(waitMs).toBeGreaterThan(20_000);
    expect(waitMs).toBeLessThanOrEqual(30_000);
    expect(await runSender()).toBe(0);

    await fake.control.setDown(false);
    await makeDue(invoice.id);
    expect(await runSender()).toBe(1);
    const row = await stored(invoice.id);
    expect(row).toMatchObject({ status: 'ACCEPTED', ksefError: null, ksefAttempts: 2 });
    expect(isValidKsefNumber(row.ksefNumber!)).toBe(true);
    expect(fake.control.sentInvoices()).toHaveLength(1);
  });

  it('an answer that never came: the invoice stays SENT, and the repeated send gets the first KSeF number', async () => {
    const invoice = await issuedInvoice();
    okJson(await sendToKsef(invoice.id));
    // KSeF takes the invoice but is still processing at each of the pass's 30 polls (it finishes right after).
    fake.control.setPendingPolls({ invoice: 30 });
    expect(await runSender()).toBe(1);
    const sent = await stored(invoice.id);
    expect(sent).toMatchObject({ status: 'SENT', ksefNumber: null, ksefAttempts: 1 });
    expect(sent.ksefReferenceNumber).toEqual(expect.any(String));
    expect(sent.ksefError).toMatch(/processing/);

    fake.control.setPendingPolls({ invoice: 0 });
    await makeDue(invoice.id);
    expect(await runSender()).toBe(1);
    const row = await stored(invoice.id);
    const [first] = fake.control.sentInvoices();
    expect(row).toMatchObject({ status: 'ACCEPTED', ksefNumber: first?.ksefNumber, ksefError: null });
    expect(isValidKsefNumber(row.ksefNumber!)).toBe(true);
    expect(row.ksefUpo).toContain(row.ksefNumber);
  });

  it('a claimed invoice is leased: a second process does not take it while the first one works', async () => {
    const invoice = await issuedInvoice();
    okJson(await sendToKsef(invoice.id));
    // A first process claimed it and died (kill -9): the lease keeps it from everyone until it runs out.
    await t.db.execute(
      `update invoices set ksef_next_attempt_at = now() + interval '${KSEF_LEASE_SECONDS} seconds',
        ksef_attempts = 1 where id = ${invoice.id}` as never,
    );
    expect(await runSender()).toBe(0);
    await makeDue(invoice.id);
    expect(await runSender()).toBe(1);
    expect(await stored(invoice.id)).toMatchObject({ status: 'ACCEPTED', ksefAttempts: 2 });
  });

  it('lets a USER queue, refuses a guest, an unknown id and an invoice already queued, with catalogue codes', async () => {
    const invoice = await issuedInvoice();
    const guest = await sendToKsef(invoice.id, null);
    expect([guest.statusCode, codeOf(guest)]).toEqual([401, 'UNAUTHORIZED']);
    expect((await stored(invoice.id)).status).toBe('ISSUED');
    const user = await t.userWithRole('USER');
    expect(okJson(await sendToKsef(invoice.id, user.token)).status).toBe('QUEUED');
    const twice = await sendToKsef(invoice.id, user.token);
    expect([twice.statusCode, codeOf(twice)]).toEqual([409, 'INVOICE_ALREADY_SENT_TO_KSEF']);
    const missing = await sendToKsef(999_999);
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'INVOICE_NOT_FOUND']);
    expect(fake.control.sentInvoices()).toHaveLength(0);
  });

  it('refuses to queue when KSeF is not configured', async () => {
    const bare = await createTestApp();
    try {
      const adminToken = await bare.login();
      const refused = await bare.call({ method: 'POST', url: '/api/invoice/send-to-ksef/1', token: adminToken });
      expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'KSEF_NOT_CONFIGURED']);
    } finally {
      await bare.close();
    }
  });

  it('GET /api/invoice/upo/{id}: the stored UPO once accepted, INVOICE_UPO_MISSING before, 404 for an unknown id', async () => {
    const invoice = await issuedInvoice();
    const upo = (id: number, as: string | null = token) =>
      t.call({ method: 'GET', url: `/api/invoice/upo/${id}`, token: as ?? undefined });
    const early = await upo(invoice.id);
    expect([early.statusCode, codeOf(early)]).toEqual([409, 'INVOICE_UPO_MISSING']);
    okJson(await sendToKsef(invoice.id));
    const queued = await upo(invoice.id);
    expect([queued.statusCode, codeOf(queued)]).toEqual([409, 'INVOICE_UPO_MISSING']);
    expect(await runSender()).toBe(1);
    const row = await stored(invoice.id);

    const user = await t.userWithRole('USER');
    const answer = await upo(invoice.id, user.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="UPO-${row.ksefNumber}.xml"`);
    expect(answer.body).toBe(row.ksefUpo);
    expect((await validateXml(answer.rawPayload, 'UPO')).valid).toBe(true);

    const guest = await upo(invoice.id, null);
    expect([guest.statusCode, codeOf(guest)]).toEqual([401, 'UNAUTHORIZED']);
    const missing = await upo(999_999);
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'INVOICE_NOT_FOUND']);
  });
});
