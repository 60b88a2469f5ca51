import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KsefAccess } from './access.js';
import { createKsefClient } from './client.js';
import { sha256Base64 } from './crypto.js';
import {
  KsefOperationFailedError,
  KsefRateLimitedError,
  KsefRequestError,
  KsefServerError,
  KsefUnauthorizedError,
  KsefUnreachableError,
} from './errors.js';
import { answered, CREDENTIALS, type KsefHarness, startKsefHarness } from './ksef-harness.js';
import { isValidKsefNumber, ksefNumberParts } from './ksef-number.js';
import { KsefSession } from './session.js';
import { buildFaRrXml } from './xml/fa-rr.js';
import { buildFa3Xml } from './xml/fa3.js';
import { EUR_WITH_RATE, PLN_CEREALS, RR_WHEAT, SELLER_NIP } from './xml/fixtures.js';
import { validateXml } from './xml/validate.js';

const SEND = 'POST /sessions/online/{referenceNumber}/invoices';
let ksef: KsefHarness;

beforeEach(async () => {
  ksef = await startKsefHarness();
});
afterEach(async () => {
  await ksef.close();
});

describe('KSeF online session against the fake KSeF', () => {
  it('authenticates, opens, sends an FA (3), gets a KSeF number with a valid CRC-8, the UPO, and closes', async () => {
    const xml = buildFa3Xml(PLN_CEREALS);
    const session = await KsefSession.open(ksef.client, ksef.access, 'FA');
    const sent = await session.sendInvoice(xml);
    expect(sent.invoiceHash).toBe(sha256Base64(xml));

    const outcome = await session.waitForInvoice(sent.invoiceReferenceNumber, { pollIntervalMs: 2000 });
    expect(outcome).toMatchObject({ status: 'accepted', invoiceNumber: 'FV/2026/11/0001', invoicingMode: 'Online' });
    const ksefNumber = outcome.status === 'accepted' ? outcome.ksefNumber : '';
    expect(isValidKsefNumber(ksefNumber)).toBe(true);
    expect(ksefNumberParts(ksefNumber)).toEqual({ nip: SELLER_NIP, date: '2026-11-20' });
    // One "processing" answer first, waited out through the injected sleep.
    expect(ksef.sleeps).toEqual([1000, 2000]);

    const upo = await session.upo(sent.invoiceReferenceNumber);
    expect(await validateXml(upo, 'UPO')).toEqual({ valid: true, errors: [] });
    expect(upo).toContain(`<NumerKSeFDokumentu>${ksefNumber}</NumerKSeFDokumentu>`);
    expect(upo).toContain(`<SkrotDokumentu>${sent.invoiceHash}</SkrotDokumentu>`);
    expect(await session.upoByKsefNumber(ksefNumber)).toBe(upo);
    await session.close();
    const closed = await ksef.access.call((token) => ksef.client.sessionStatus(token, session.referenceNumber));
    expect(closed).toMatchObject({ status: { code: 170 }, invoiceCount: 1, successfulInvoiceCount: 1 });

    // The fake decrypted exactly the bytes we built.
    expect(Buffer.from(ksef.fake.control.sentInvoices()[0]!.xml!).equals(Buffer.from(xml))).toBe(true);
    expect(answered(ksef.fake)).toEqual([
      '200 GET /security/public-key-certificates',
      '200 GET /security/public-key-certificates',
      '200 POST /auth/challenge',
      '202 POST /auth/ksef-token',
      '200 GET /auth/{referenceNumber}',
      '200 GET /auth/{referenceNumber}',
      '200 POST /auth/token/redeem',
      '201 POST /sessions/online',
      `202 ${SEND}`,
      '200 GET /sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}',
      '200 GET /sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}',
      '200 GET /sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}/upo',
      '200 GET /sessions/{referenceNumber}/invoices/ksef/{ksefNumber}/upo',
      '204 POST /sessions/online/{referenceNumber}/close',
      '200 GET /sessions/{referenceNumber}',
    ]);
  });

  it('sends an FA_RR invoice in an FA_RR session (we issue it as Podmiot2 for the farmer)', async () => {
    const session = await KsefSession.open(ksef.client, ksef.access, 'FA_RR');
    const sent = await session.sendInvoice(buildFaRrXml(RR_WHEAT));
    const outcome = await session.waitForInvoice(sent.invoiceReferenceNumber);
    expect(outcome).toMatchObject({ status: 'accepted', invoiceNumber: 'RR/2026/11/0001' });
    expect(outcome.status === 'accepted' && ksefNumberParts(outcome.ksefNumber)?.nip).toBe(RR_WHEAT.farmer.nip);
  });

  it('marks an offline24 invoice as offline, and resumes a stored session in a new process', async () => {
    const first = await KsefSession.open(ksef.client, ksef.access, 'FA');
    const tokens = ksef.access.tokens()!;
    const again = new KsefAccess(ksef.client, CREDENTIALS, { tokens });
    const resumed = KsefSession.resume(ksef.client, again, first.state());
    const sent = await resumed.sendInvoice(buildFa3Xml(EUR_WITH_RATE), { offlineMode: true });
    expect(await resumed.waitForInvoice(sent.invoiceReferenceNumber)).toMatchObject({
      status: 'accepted',
      invoicingMode: 'Offline',
    });
    expect(await resumed.upo(sent.invoiceReferenceNumber)).toContain('<TrybWysylki>Offline</TrybWysylki>');
    // No second authentication: the stored tokens were used.
    expect(answered(ksef.fake).filter((line) => line.includes('/auth/challenge'))).toHaveLength(1);
  });
});

describe('refused invoices', () => {
  it('an invoice the fake is told to reject ends rejected with its code and description', async () => {
    ksef.fake.control.rejectNextInvoice({
      code: 450,
      description: 'Błąd weryfikacji semantyki dokumentu faktury',
      details: ['P_15'],
    });
    const session = await KsefSession.open(ksef.client, ksef.access, 'FA');
    const sent = await session.sendInvoice(buildFa3Xml(PLN_CEREALS));
    expect(await session.waitForInvoice(sent.invoiceReferenceNumber)).toEqual({
      status: 'rejected',
      code: 450,
      description: 'Błąd weryfikacji semantyki dokumentu faktury',
      details: ['P_15'],
      canResend: false,
    });
    await expect(session.upo(sent.invoiceReferenceNumber)).rejects.toMatchObject({ kind: 'request', code: 21178 });
  });

  it('an invoice failing the XSD is rejected with 450 naming the field', async () => {
    const broken = Buffer.from(buildFa3Xml(PLN_CEREALS))
      .toString('utf8')
      .replace(/\n\s*<Adnotacje>[\s\S]*?<\/Adnotacje>/, '');
    const session = await KsefSession.open(ksef.client, ksef.access, 'FA');
    const sent = await session.sendInvoice(Buffer.from(broken));
    const outcome = await session.waitForInvoice(sent.invoiceReferenceNumber);
    expect(outcome).toMatchObject({ status: 'rejected', code: 450 });
    expect(outcome.status === 'rejected' && outcome.details[0]).toMatch(/^Faktura\/Fa\/RodzajFaktury: .*Adnotacje/);
  });

  it('the same invoice sent twice is a duplicate pointing at the first KSeF number', async () => {
    const session = await KsefSession.open(ksef.client, ksef.access, 'FA');
    const xml = buildFa3Xml(PLN_CEREALS);
    const first = await session.waitForInvoice((await session.sendInvoice(xml)).invoiceReferenceNumber);
    const second = await session.waitForInvoice((await session.sendInvoice(xml)).invoiceReferenceNumber);
    expect(second).toMatchObject({
      status: 'duplicate',
      code: 440,
      originalKsefNumber: first.status === 'accepted' ? first.ksefNumber : 'none',
    });
  });

  it('an invoice of another seller than the context is refused with 410', async () => {
    const session = await KsefSession.open(ksef.client, ksef.access, 'FA');
    const foreign = buildFa3Xml({ ...PLN_CEREALS, seller: { ...PLN_CEREALS.seller, nip: '7260000006' } });
    const sent = await session.sendInvoice(foreign);
    expect(await session.waitForInvoice(sent.invoiceReferenceNumber)).toMatchObject({ status: 'rejected', code: 410 });
  });

  it('a closed session refuses invoices with KSeF exception 21180, not retryable', async () => {
    const session = await KsefSession.open(ksef.client, ksef.access, 'FA');
    await session.close();
    const error = await session.sendInvoice(buildFa3Xml(PLN_CEREALS)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KsefRequestError);
    expect(error).toMatchObject({ status: 400, code: 21180, isRetryable: false, operation: SEND });
    expect((error as KsefRequestError).description).toBe('Status sesji nie pozwala na wykonanie operacji.');
  });
});

describe('rate limits, tokens and outages', () => {
  it('waits out a 429 for the seconds Retry-After says, through the injected sleep, then succeeds', async () => {
    const session = await KsefSession.open(ksef.client, ksef.access, 'FA');
    ksef.fake.control.failNext({ status: 429, retryAfter: 7, operation: SEND, times: 2 });
    ksef.sleeps.length = 0;
    const sent = await session.sendInvoice(buildFa3Xml(PLN_CEREALS));
    expect(sent.invoiceReferenceNumber).toHaveLength(36);
    expect(ksef.sleeps).toEqual([7000, 7000]);
    expect(answered(ksef.fake).slice(-3)).toEqual([`429 ${SEND}`, `429 ${SEND}`, `202 ${SEND}`]);
  });

  it('reads Retry-After given as an HTTP date against the injected clock', async () => {
    ksef.fake.control.failNext({ status: 429, retryAfter: new Date(ksef.clock.now.getTime() + 30_000).toUTCString() });
    await ksef.client.authChallenge();
    expect(ksef.sleeps).toEqual([30_000]);
  });

  it('hands a long Retry-After to the caller as a rate-limited error instead of waiting', async () => {
    ksef.fake.control.failNext({ status: 429, retryAfter: 3600 });
    const error = await ksef.client.authChallenge().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KsefRateLimitedError);
    expect(error).toMatchObject({ retryAfterMs: 3_600_000, isRetryable: true, kind: 'rate-limited' });
    expect(ksef.sleeps).toEqual([]);
  });

  it('refreshes an expired access token once and repeats the call, telling the owner of the new token', async () => {
    const stored: string[] = [];
    const access = new KsefAccess(ksef.client, CREDENTIALS, {
      onTokens: (tokens) => void stored.push(tokens.accessToken),
    });
    const session = await KsefSession.open(ksef.client, access, 'FA');
    ksef.fake.control.expireTokens('access');
    const sent = await session.sendInvoice(buildFa3Xml(PLN_CEREALS));
    expect(sent.invoiceReferenceNumber).toHaveLength(36);
    expect(stored).toHaveLength(2);
    expect(access.tokens()!.accessToken).toBe(stored[1]);
    expect(stored[1]).not.toBe(stored[0]);
    expect(answered(ksef.fake).slice(-3)).toEqual([`401 ${SEND}`, '200 POST /auth/token/refresh', `202 ${SEND}`]);
  });

  it('refreshes ahead of time when the access token has run out by the clock', async () => {
    await KsefSession.open(ksef.client, ksef.access, 'FA');
    ksef.clock.now = new Date(ksef.clock.now.getTime() + 16 * 60_000);
    await KsefSession.open(ksef.client, ksef.access, 'FA');
    expect(answered(ksef.fake).slice(-2)).toEqual(['200 POST /auth/token/refresh', '201 POST /sessions/online']);
  });

  it('authenticates anew when the refresh token is refused too', async () => {
    await KsefSession.open(ksef.client, ksef.access, 'FA');
    ksef.fake.control.expireTokens('access');
    ksef.fake.control.expireTokens('refresh');
    await KsefSession.open(ksef.client, ksef.access, 'FA');
    const calls = answered(ksef.fake);
    expect(calls).toContain('401 POST /auth/token/refresh');
    expect(calls.filter((line) => line === '202 POST /auth/ksef-token')).toHaveLength(2);
    expect(calls.at(-1)).toBe('201 POST /sessions/online');
  });

  it('gives up with an unauthorized error when KSeF keeps answering 401', async () => {
    const access = new KsefAccess(ksef.client, CREDENTIALS);
    await access.authenticate();
    const error = await access
      .call(async (token) => {
        ksef.fake.control.expireTokens('access');
        return ksef.client.sessionStatus(token, '20261120-SO-0000000000-0000000000-00');
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KsefUnauthorizedError);
    expect(error).toMatchObject({ isRetryable: false });
  });

  it('a wrong KSeF token ends the authentication with 450', async () => {
    const access = new KsefAccess(ksef.client, { nip: SELLER_NIP, ksefToken: 'not-this-one' });
    const error = await access.authenticate().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KsefOperationFailedError);
    expect(error).toMatchObject({ code: 450, details: ['Nieprawidłowy token'], isRetryable: false });
  });

  it('a 5xx is a retryable server error', async () => {
    ksef.fake.control.failNext({ status: 503, operation: 'POST /auth/challenge' });
    const error = await ksef.client.authChallenge().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KsefServerError);
    expect(error).toMatchObject({ status: 503, isRetryable: true, kind: 'server' });
    expect((await ksef.client.authChallenge()).challenge).toHaveLength(36);
  });

  it('KSeF down is an "unreachable" error (the sender switches to offline24), and works again when it is back', async () => {
    const session = await KsefSession.open(ksef.client, ksef.access, 'FA');
    await ksef.fake.control.setDown(true);
    const error = await session.sendInvoice(buildFa3Xml(PLN_CEREALS)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KsefUnreachableError);
    expect(error).toMatchObject({ kind: 'unreachable', reason: 'connection', isRetryable: true, operation: SEND });
    await ksef.fake.control.setDown(false);
    expect((await session.sendInvoice(buildFa3Xml(PLN_CEREALS))).invoiceReferenceNumber).toHaveLength(36);
  });

  it('a call that gets no answer times out as "unreachable"', async () => {
    const client = createKsefClient({ baseUrl: ksef.fake.url, timeoutMs: 200 });
    ksef.fake.control.failNext({ hang: true, operation: 'POST /auth/challenge' });
    const error = await client.authChallenge().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KsefUnreachableError);
    expect(error).toMatchObject({ reason: 'timeout' });
  });
});
