import { randomBytes } from 'node:crypto';
import { offline24Deadline } from '@grain/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveCompany } from '../../../test/fixtures/settings.js';
import { codeOf, insertDeliveredTransport, okJson } from '../../../test/fixtures/settlements.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { type FakeKsef, startFakeKsef } from '../../../tools/ksef-fake/server.js';
import { contractors, invoices } from '../../db/schema/index.js';
import { isValidKsefNumber, validateXml } from '../ksef/index.js';
import { KSEF_LEASE_SECONDS, type KsefWorker, startKsefWorker } from './ksef-sender.js';

/**
 * Issued invoices sent to KSeF (RULES.md Invoices, VAT and KSeF) through the outbox, configured in company settings
 * (environment TEST, the token encrypted, the fake KSeF's address allowed by KSEF_ALLOW_CUSTOM_URL), against the
 * fake KSeF started for real on a free port (tools/ksef-fake), on a real database.
 */
const KSEF_TOKEN = 'sender-test-ksef-token';
const COMPANY_NIP = '5260250274';
let t: TestApp;
let fake: FakeKsef;
let token: string;
let worker: KsefWorker;
/** What the client was asked to wait (Retry-After, polls), in ms; `onSleep` lets a test act between polls. */
let slept: number[];
let onSleep: (() => void) | null;

beforeAll(async () => {
  t = await createTestApp({ secretsKey: randomBytes(32), ksefAllowCustomUrl: true });
});
beforeEach(async () => {
  await resetDatabase(t.db);
  fake = await startFakeKsef({ logViolations: false });
  fake.control.registerKsefToken(COMPANY_NIP, KSEF_TOKEN);
  token = await t.login();
  await saveCompany(t, token, {
    invoice_series: 'FV/{RRRR}/{MM}/{NR}',
    bank_account: 'PL61109010140000071219812874',
    ksef_environment: 'TEST',
    ksef_token: KSEF_TOKEN,
    ksef_custom_url: fake.url,
  });
  slept = [];
  onSleep = null;
  // The worker as main.ts starts it (settings read on each pass); the client does not really wait.
  worker = startKsefWorker(
    t.db,
    t.config,
    t.app.log,
    0,
    {
      sleep: async (ms) => {
        slept.push(ms);
        onSleep?.();
      },
    },
    // The received-invoice export has its own tests (received-invoices.test.ts); these count the sender's calls.
    { fetchReceived: false },
  );
});
afterEach(async () => {
  await worker.stop();
  // Every request the sender made and every answer it got matched the official OpenAPI document.
  const violations = fake.control.violations();
  await fake.close();
  expect(violations).toEqual([]);
});
afterAll(() => t.close());

const runSender = () => worker.runOnce();

/** As the signed-in ADMIN by default; `null` for a guest (no token). */
const sendToKsef = (id: number, as: string | null = token) =>
  t.call({ method: 'POST', url: `/api/invoice/send-to-ksef/${id}`, token: as ?? undefined });

const detailsOf = async (id: number) =>
  okJson(await t.call({ method: 'GET', url: `/api/invoice/details/${id}`, token }));

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

/** An invoice of one truck, issued while KSeF is configured: queued by itself. */
async function issuedInvoice(): Promise<{ id: number; number: string; status: string; issue_date: string }> {
  const d = await insertDeliveredTransport(t.db, {});
  await t.db.update(contractors).set({ nip: invoiceableNip() }).where(eq(contractors.id, d.sale.counterpartyId));
  return okJson(
    await t.call({ method: 'POST', url: '/api/invoice/create', token, payload: { transaction_ids: [d.salesTx.id] } }),
  );
}

async function stored(id: number) {
  const [row] = await t.db.select().from(invoices).where(eq(invoices.id, id));
  return row!;
}

/** Time passes: the invoice's next try is due now. */
async function makeDue(id: number) {
  await t.db.execute(`update invoices set ksef_next_attempt_at = now() where id = ${id}` as never);
}

const authentications = () =>
  fake.control.requests().filter((request) => request.operation === 'POST /auth/ksef-token').length;

describe('the KSeF sender, configured in company settings', () => {
  it('issue → queued by itself → sent → accepted with a valid KSeF number and the UPO', async () => {
    const invoice = await issuedInvoice();
    expect(invoice).toMatchObject({ status: 'QUEUED', ksef_number: null, offline_deadline: null });

    expect(await runSender()).toBe(1);
    const row = await stored(invoice.id);
    expect(row).toMatchObject({ status: 'ACCEPTED', ksefError: null, ksefNextAttemptAt: null, ksefAttempts: 1 });
    expect(isValidKsefNumber(row.ksefNumber!)).toBe(true);
    expect(row.ksefReferenceNumber).toEqual(expect.any(String));
    expect((await validateXml(row.ksefUpo!, 'UPO')).valid).toBe(true);
    expect(row.ksefUpo).toContain(row.ksefNumber);
    // KSeF holds exactly the stored bytes, sent online, in the context of the settings' NIP.
    expect(fake.control.sentInvoices()).toMatchObject([{ ksefNumber: row.ksefNumber, isOffline: false }]);

    expect(await detailsOf(invoice.id)).toMatchObject({ status: 'ACCEPTED', ksef_number: row.ksefNumber });
    expect(await runSender()).toBe(0);
    const again = await sendToKsef(invoice.id);
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'INVOICE_ALREADY_SENT_TO_KSEF']);
  });

  it('keeps KSeF’s refusal on a rejected invoice and does not retry it', async () => {
    const invoice = await issuedInvoice();
    fake.control.rejectNextInvoice({
      code: 450,
      description: 'Błąd weryfikacji semantyki dokumentu faktury',
      details: ['P_2'],
    });
    await runSender();
    const row = await stored(invoice.id);
    expect(row).toMatchObject({ status: 'REJECTED', ksefNumber: null, ksefNextAttemptAt: null });
    expect(row.ksefError).toBe('450 Błąd weryfikacji semantyki dokumentu faktury: P_2');
    expect(await detailsOf(invoice.id)).toMatchObject({ status: 'REJECTED', ksef_error: row.ksefError });
    await makeDue(invoice.id);
    expect(await runSender()).toBe(0);
  });

  it('KSeF down: OFFLINE with the offline24 deadline, due after a back-off, then sent offline and accepted', async () => {
    const invoice = await issuedInvoice();
    await fake.control.setDown(true);
    expect(await runSender()).toBe(1);
    const failed = await stored(invoice.id);
    expect(failed).toMatchObject({ status: 'OFFLINE', ksefNumber: null, ksefAttempts: 1 });
    expect(failed.offlineDeadline).toBe(offline24Deadline(invoice.issue_date));
    expect(failed.ksefError).toMatch(/cannot be reached/i);
    const waitMs = Date.parse(failed.ksefNextAttemptAt!) - Date.now();
    expect(waitMs).toBeGreaterThan(20_000);
    expect(waitMs).toBeLessThanOrEqual(30_000);
    expect(await runSender()).toBe(0);
    const listed = okJson(await t.call({ method: 'GET', url: '/api/invoice/list?limit=10', token })).list[0];
    expect(listed).toMatchObject({ status: 'OFFLINE', offline_deadline: failed.offlineDeadline });
    expect(listed.is_offline_overdue).toBe(false);
    // The PDF handed over meanwhile says OFFLINE under its QR code.
    const pdf = async () =>
      (await pdfText((await t.call({ method: 'GET', url: `/api/invoice/pdf/${invoice.id}`, token })).rawPayload)).text;
    expect(await pdf()).toContain('OFFLINE');

    await fake.control.setDown(false);
    await makeDue(invoice.id);
    expect(await runSender()).toBe(1);
    const row = await stored(invoice.id);
    expect(row).toMatchObject({ status: 'ACCEPTED', ksefError: null, ksefAttempts: 2 });
    expect(row.offlineDeadline).toBe(failed.offlineDeadline);
    expect(isValidKsefNumber(row.ksefNumber!)).toBe(true);
    expect(fake.control.sentInvoices()).toMatchObject([{ ksefNumber: row.ksefNumber, isOffline: true }]);
    const text = await pdf();
    expect(text).toContain(row.ksefNumber);
    expect(text).not.toContain('OFFLINE');
    expect(await detailsOf(invoice.id)).toMatchObject({ is_offline_overdue: false });
  });

  it('a 5xx from KSeF is offline24 too; past its deadline and still unsent the invoice is flagged overdue', async () => {
    const invoice = await issuedInvoice();
    fake.control.failNext({ status: 503, operation: 'POST /sessions/online', times: 5 });
    await runSender();
    expect((await stored(invoice.id)).status).toBe('OFFLINE');
    await t.db.update(invoices).set({ offlineDeadline: '2020-01-02' }).where(eq(invoices.id, invoice.id));
    expect(await detailsOf(invoice.id)).toMatchObject({ status: 'OFFLINE', is_offline_overdue: true });
    const filtered = okJson(
      await t.call({ method: 'POST', url: '/api/invoice/list', token, payload: { filter: { status: ['OFFLINE'] } } }),
    );
    expect(filtered.list.map((row: { is_offline_overdue: boolean }) => row.is_offline_overdue)).toEqual([true]);
  });

  it('overdue in SQL agrees with the offline24 deadline of shared: due through its last day, overdue the day after', async () => {
    const invoice = await issuedInvoice();
    fake.control.failNext({ status: 503, operation: 'POST /sessions/online', times: 5 });
    await runSender();
    // Today in Warsaw as the business-day rules count it; an invoice issued on the business day before it has today
    // (or a later day) as its last day, and one issued long ago is past it.
    const warsawToday = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(new Date());
    for (const issued of ['2020-01-02', '2026-04-30', '2026-12-24', warsawToday]) {
      const deadline = offline24Deadline(issued);
      await t.db.update(invoices).set({ offlineDeadline: deadline }).where(eq(invoices.id, invoice.id));
      expect(await detailsOf(invoice.id), `issued ${issued}, deadline ${deadline}`).toMatchObject({
        status: 'OFFLINE',
        is_offline_overdue: deadline < warsawToday,
      });
    }
    await t.db.update(invoices).set({ offlineDeadline: warsawToday }).where(eq(invoices.id, invoice.id));
    expect(await detailsOf(invoice.id)).toMatchObject({ is_offline_overdue: false });
  });

  it('429: a short Retry-After is waited out; a long one ends the pass and nothing is tried before it', async () => {
    const first = await issuedInvoice();
    fake.control.failNext({ status: 429, retryAfter: 2, operation: 'POST /sessions/online' });
    await runSender();
    expect((await stored(first.id)).status).toBe('ACCEPTED');
    expect(slept).toContain(2000);

    const second = await issuedInvoice();
    const third = await issuedInvoice();
    fake.control.failNext({ status: 429, retryAfter: 120, operation: 'POST /sessions/online' });
    expect(await runSender()).toBe(2);
    for (const id of [second.id, third.id]) {
      const row = await stored(id);
      expect(row.status).toBe('QUEUED');
      expect(row.ksefError).toMatch(/too many requests, retry after 120 s/);
      const waitMs = Date.parse(row.ksefNextAttemptAt!) - Date.now();
      expect(waitMs).toBeGreaterThan(110_000);
      expect(waitMs).toBeLessThanOrEqual(120_000);
    }
    const sessionsOpened = fake.control.requests().filter((r) => r.operation === 'POST /sessions/online').length;
    expect(await runSender()).toBe(0);
    expect(fake.control.requests().filter((r) => r.operation === 'POST /sessions/online').length).toBe(sessionsOpened);
  });

  it('an access token that expires mid-send: authenticated afresh once, and the invoice is accepted', async () => {
    const invoice = await issuedInvoice();
    fake.control.setPendingPolls({ invoice: 2 });
    onSleep = () => {
      if (authentications() !== 1) return;
      fake.control.expireTokens('access');
      fake.control.expireTokens('refresh');
    };
    await runSender();
    expect(await stored(invoice.id)).toMatchObject({ status: 'ACCEPTED' });
    expect(authentications()).toBe(2);
  });

  it('a KSeF token KSeF refuses: one authentication per pass, no loop; the invoice waits with the error', async () => {
    await saveCompany(t, token, { ksef_token: 'not-the-registered-token' });
    const invoice = await issuedInvoice();
    expect(await runSender()).toBe(1);
    const row = await stored(invoice.id);
    expect(row).toMatchObject({ status: 'QUEUED', ksefNumber: null });
    expect(row.ksefError).toEqual(expect.any(String));
    expect(authentications()).toBe(1);
    expect(fake.control.sentInvoices()).toHaveLength(0);
  });

  it('an answer that never came: the invoice stays SENT, and the repeated send gets the first KSeF number', async () => {
    const invoice = await issuedInvoice();
    // KSeF takes the invoice but is still processing at each of the pass's 30 polls (it finishes right after).
    fake.control.setPendingPolls({ invoice: 30 });
    expect(await runSender()).toBe(1);
    const sent = await stored(invoice.id);
    expect(sent).toMatchObject({ status: 'SENT', ksefNumber: null, ksefAttempts: 1 });
    expect(sent.ksefError).toMatch(/processing/);

    fake.control.setPendingPolls({ invoice: 0 });
    await makeDue(invoice.id);
    expect(await runSender()).toBe(1);
    const row = await stored(invoice.id);
    const [first] = fake.control.sentInvoices();
    expect(row).toMatchObject({ status: 'ACCEPTED', ksefNumber: first?.ksefNumber, ksefError: null });
    expect(row.ksefUpo).toContain(row.ksefNumber);
  });

  it('a claimed invoice is leased: a second process does not take it while the first one works', async () => {
    const invoice = await issuedInvoice();
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

  it('sends no more than the published per-minute limit allows', async () => {
    const invoice = await issuedInvoice();
    // 30 sends within the last minute (limity-api.md: 30 a minute): this pass claims nothing.
    await t.db.execute(`update invoices set ksef_sent_at = now() where id = ${invoice.id}` as never);
    await t.db.execute(
      `insert into invoices (number, issue_date, due_date, buyer_id, buyer_name, buyer_nip, seller_nip, seller_name,
         seller_street, seller_post_code, seller_city, currency, net_total, vat_total, gross_total, bank_account, xml,
         xml_sha256, status, ksef_sent_at)
       select 'LIMIT/' || n, issue_date, due_date, buyer_id, buyer_name, buyer_nip, seller_nip, seller_name,
         seller_street, seller_post_code, seller_city, currency, net_total, vat_total, gross_total, bank_account, xml,
         xml_sha256, 'ACCEPTED', now()
       from invoices, generate_series(1, 29) as n where id = ${invoice.id}` as never,
    );
    expect(await runSender()).toBe(0);
    await t.db.execute(`update invoices set ksef_sent_at = now() - interval '2 minutes'` as never);
    expect(await runSender()).toBe(1);
  });
});

describe('without a KSeF configuration', () => {
  it('issues and prints the invoice, which waits ISSUED ("nie wysłano"); nothing is queued or sent', async () => {
    await saveCompany(t, token, { ksef_environment: null, ksef_token_clear: true });
    const invoice = await issuedInvoice();
    expect(invoice.status).toBe('ISSUED');
    expect(await runSender()).toBe(0);
    const pdf = await t.call({ method: 'GET', url: `/api/invoice/pdf/${invoice.id}`, token });
    expect(pdf.statusCode).toBe(200);
    const refused = await sendToKsef(invoice.id);
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'KSEF_NOT_CONFIGURED']);
    expect(fake.control.requests()).toEqual([]);

    // Configured later: the invoice is queued by hand and sent.
    await saveCompany(t, token, { ksef_environment: 'TEST', ksef_token: KSEF_TOKEN });
    expect(okJson(await sendToKsef(invoice.id)).status).toBe('QUEUED');
    await runSender();
    expect((await stored(invoice.id)).status).toBe('ACCEPTED');
  });
});

describe('roles', () => {
  it('lets a USER queue, refuses a guest, an unknown id and an invoice already queued, with catalogue codes', async () => {
    await saveCompany(t, token, { ksef_environment: null });
    const invoice = await issuedInvoice();
    expect(invoice.status).toBe('ISSUED');
    await saveCompany(t, token, { ksef_environment: 'TEST' });
    const guest = await sendToKsef(invoice.id, null);
    expect([guest.statusCode, codeOf(guest)]).toEqual([401, 'UNAUTHORIZED']);
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
    await saveCompany(t, token, { ksef_environment: null });
    const invoice = await issuedInvoice();
    const upo = (id: number, as: string | null = token) =>
      t.call({ method: 'GET', url: `/api/invoice/upo/${id}`, token: as ?? undefined });
    const early = await upo(invoice.id);
    expect([early.statusCode, codeOf(early)]).toEqual([409, 'INVOICE_UPO_MISSING']);
    await saveCompany(t, token, { ksef_environment: 'TEST', ksef_token: KSEF_TOKEN });
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
