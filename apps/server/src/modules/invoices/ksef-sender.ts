import { offline24Deadline } from '@grain/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { type Db, rowsOf } from '../../db/client.js';
import { withWriteTransaction } from '../../db/locks.js';
import { type PeriodicWorker, startPeriodicWorker } from '../../lib/periodic-worker.js';
import {
  createKsefClient,
  type InvoiceProcessing,
  KsefAccess,
  type KsefClient,
  type KsefClientOptions,
  KsefError,
  type KsefForm,
  KsefRateLimitedError,
  KsefSession,
} from '../ksef/index.js';
import { fetchReceivedInvoices } from '../received-invoices/index.js';
import { readKsefConfig } from '../settings/service.js';

/**
 * The KSeF outbox (RULES.md Invoices, VAT and KSeF; works like the mail outbox, modules/mail/sender.ts): an invoice
 * queued by POST /invoice/send-to-ksef/{id} is claimed with a lease, sent in an online session, its status polled,
 * and KSeF's answer kept. A failed try leaves the invoice where it was (QUEUED or SENT) and due again after a back-off,
 * so nothing is lost; a SENT invoice whose answer never came is sent again, and KSeF answers that repeat as a
 * duplicate (440) with the first send's KSeF number, so nothing is accepted twice.
 *
 * offline24 (RULES.md Invoices, VAT and KSeF; KSeF docs `tryby-offline.md`): when KSeF cannot be reached (no
 * connection, a time-out, a 5xx) a QUEUED invoice goes out OFFLINE: it has been issued and may be handed over with
 * its QR code marked OFFLINE, and must reach KSeF by the next business day after its issue date (`offline_deadline`,
 * shared/rules/business-days.ts). It stays due, and is sent with `offlineMode` when KSeF is back.
 *
 * Limits (KSeF docs `limity/limity-api.md`): a 429 is waited out by the client when short; a longer `Retry-After`
 * ends the pass and no invoice is tried before it. Each pass sends at most what the published per-minute and
 * per-hour limits of sending in an online session leave, counted from the invoices sent (all processes together).
 */

/**
 * The documents that go through this outbox, each a table with the same outbox columns (status, ksef_* columns,
 * offline_deadline, xml): sales invoices (FA) and VAT RR invoices (FA_RR, migration 0030). The context that issues a
 * document in KSeF is its seller for FA, and the buyer (us, on the farmer's behalf) for FA_RR (KSeF docs: the
 * farmer designates the buyer to issue his RR invoices).
 */
export interface KsefOutbox {
  table: 'invoices' | 'rr_invoices';
  form: KsefForm;
  issuerNip: 'seller_nip' | 'buyer_nip';
}
export const SALES_OUTBOX: KsefOutbox = { table: 'invoices', form: 'FA', issuerNip: 'seller_nip' };
export const RR_OUTBOX: KsefOutbox = { table: 'rr_invoices', form: 'FA_RR', issuerNip: 'buyer_nip' };
export const KSEF_OUTBOXES: readonly KsefOutbox[] = [SALES_OUTBOX, RR_OUTBOX];

const BATCH = 10;
/** Sending an invoice in an online session (`limity/limity-api.md`): 30 a minute, 180 an hour per context. */
export const KSEF_SEND_LIMITS = { perMinute: 30, perHour: 180 } as const;
/** Longer than one pass may take (a session, a send, the polls, the UPO), so a live claim is never taken over. */
export const KSEF_LEASE_SECONDS = 600;

/** Seconds to wait after the n-th failed try: 30 s, 60 s, 120 s ... capped at one hour; retried without end. */
export function ksefBackoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

export interface KsefTarget {
  /** The API base of the KSeF environment (settings, or config KSEF_URL). */
  baseUrl: string;
  /** The company's KSeF token (settings, or config KSEF_TOKEN). */
  ksefToken: string;
  /** The NIP of the KSeF context; null or left out: each invoice's seller NIP. */
  contextNip?: string | null;
  /** Tests pass a sleep that does not wait and a clock. */
  clientOptions?: Partial<KsefClientOptions>;
}

interface ClaimedInvoice {
  outbox: KsefOutbox;
  id: number;
  status: 'QUEUED' | 'SENT' | 'OFFLINE';
  sellerNip: string;
  issueDate: string;
  xml: Uint8Array;
  attempts: number;
}

/**
 * How many invoices this pass may send within the published limits (KSEF_SEND_LIMITS), BATCH at most. The limits are
 * per context, so sales and RR invoices sent count together.
 */
async function sendBudget(db: Db): Promise<number> {
  const result = await db.execute(sql`
    select count(*) filter (where ksef_sent_at > now() - interval '1 minute')::int as "lastMinute",
      count(*)::int as "lastHour"
    from (select ksef_sent_at from invoices union all select ksef_sent_at from rr_invoices) sent
    where ksef_sent_at > now() - interval '1 hour'`);
  const [sent] = rowsOf<{ lastMinute: number; lastHour: number }>(result);
  const left = Math.min(
    KSEF_SEND_LIMITS.perMinute - (sent?.lastMinute ?? 0),
    KSEF_SEND_LIMITS.perHour - (sent?.lastHour ?? 0),
  );
  return Math.max(0, Math.min(BATCH, left));
}

/**
 * Claims due documents of one outbox with a lease, so several server processes never send one at the same time.
 * Only a document with its XML is claimed (an RR invoice of a farmer known by PESEL alone has none and is never queued).
 */
async function claimDue(db: Db, outbox: KsefOutbox, budget: number): Promise<ClaimedInvoice[]> {
  if (budget <= 0) return [];
  const table = sql.identifier(outbox.table);
  const result = await db.execute(sql`
    update ${table} set ksef_next_attempt_at = now() + make_interval(secs => ${KSEF_LEASE_SECONDS}),
      ksef_attempts = ksef_attempts + 1
    where id in (
      select id from ${table} where status in ('QUEUED', 'SENT', 'OFFLINE') and ksef_next_attempt_at <= now()
        and xml is not null
      order by id limit ${budget} for update skip locked)
    returning id, status, ${sql.identifier(outbox.issuerNip)} as "sellerNip", issue_date::text as "issueDate", xml,
      ksef_attempts as "attempts"`);
  return rowsOf<Omit<ClaimedInvoice, 'outbox'>>(result)
    .map((row) => ({ ...row, outbox }))
    .sort((a, b) => a.id - b.id);
}

/** Each state change in one transaction, and only while the claim is still this pass's (status unchanged). */
async function record(db: Db, invoice: ClaimedInvoice, changes: ReturnType<typeof sql>): Promise<void> {
  const table = sql.identifier(invoice.outbox.table);
  await withWriteTransaction(db, async (tx) => {
    await tx.execute(
      sql`update ${table} set ${changes} where id = ${invoice.id} and status in ('QUEUED', 'SENT', 'OFFLINE')`,
    );
  });
}

/** KSeF could not be reached at all (the offline24 case), as against KSeF answering with a refusal. */
function isKsefUnreachable(error: unknown): boolean {
  return error instanceof KsefError && (error.kind === 'unreachable' || error.kind === 'server');
}

/**
 * A failed try: due again after the back-off, or not before KSeF's Retry-After (429). A QUEUED invoice KSeF could
 * not be reached for goes OFFLINE with its offline24 deadline (module comment); a SENT one stays SENT (KSeF may
 * hold it already), an OFFLINE one keeps its first deadline.
 */
async function recordFailure(db: Db, invoice: ClaimedInvoice, error: unknown, log: FastifyBaseLogger) {
  const message = messageOf(error).slice(0, 4000);
  log.warn(
    { table: invoice.outbox.table, invoiceId: invoice.id, attempts: invoice.attempts, err: message },
    'KSeF send failed',
  );
  const waitSeconds =
    error instanceof KsefRateLimitedError
      ? Math.max(1, Math.ceil(error.retryAfterMs / 1000))
      : ksefBackoffSeconds(invoice.attempts);
  const offline =
    invoice.status === 'QUEUED' && isKsefUnreachable(error)
      ? sql`, status = 'OFFLINE', offline_deadline = ${offline24Deadline(invoice.issueDate)}::date`
      : sql``;
  await record(
    db,
    invoice,
    sql`ksef_error = ${message}, ksef_next_attempt_at = now() + make_interval(secs => ${waitSeconds}) ${offline}`,
  );
}

function describeRejection(outcome: Extract<InvoiceProcessing, { status: 'rejected' }>): string {
  const details = outcome.details.length > 0 ? `: ${outcome.details.join('; ')}` : '';
  return `${outcome.code} ${outcome.description}${details}`.slice(0, 4000);
}

function messageOf(error: unknown): string {
  if (error instanceof KsefError) return `${error.kind} (${error.operation ?? 'KSeF'}): ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

interface OpenSession {
  client: KsefClient;
  access: KsefAccess;
  session: KsefSession;
}

/** The UPO of the first send is kept in the session that send went in, not in this one. */
function upoOfDuplicate(
  { client, access, session }: OpenSession,
  outcome: Extract<InvoiceProcessing, { status: 'duplicate' }>,
  ksefNumber: string,
): Promise<string> {
  const original = outcome.originalSessionReferenceNumber;
  if (!original) return session.upoByKsefNumber(ksefNumber);
  return access.call((token) => client.invoiceUpoByKsefNumber(token, original, ksefNumber));
}

/** One invoice: send, mark SENT, poll, then ACCEPTED with number and UPO, or REJECTED with KSeF's error. */
async function sendOne(db: Db, open: OpenSession, invoice: ClaimedInvoice): Promise<void> {
  const { session } = open;
  // An invoice issued offline is marked so (KSeF docs `tryby-offline.md`): KSeF then takes P_1 as issued offline.
  const sent = await session.sendInvoice(Buffer.from(invoice.xml), { offlineMode: invoice.status === 'OFFLINE' });
  await record(
    db,
    invoice,
    sql`status = 'SENT', ksef_reference_number = ${sent.invoiceReferenceNumber}, ksef_sent_at = now()`,
  );
  const outcome = await session.waitForInvoice(sent.invoiceReferenceNumber);
  if (outcome.status === 'accepted' || (outcome.status === 'duplicate' && outcome.originalKsefNumber)) {
    const ksefNumber = outcome.status === 'accepted' ? outcome.ksefNumber : (outcome.originalKsefNumber as string);
    const upo =
      outcome.status === 'accepted'
        ? await session.upo(sent.invoiceReferenceNumber)
        : await upoOfDuplicate(open, outcome, ksefNumber);
    const acceptedAt = outcome.status === 'accepted' ? outcome.acquisitionDate : null;
    await record(
      db,
      invoice,
      sql`status = 'ACCEPTED', ksef_number = ${ksefNumber}, ksef_upo = ${upo}, ksef_error = null,
        ksef_accepted_at = coalesce(${acceptedAt}::timestamptz, now()), ksef_next_attempt_at = null`,
    );
    return;
  }
  if (outcome.status === 'rejected' && !outcome.canResend) {
    await record(
      db,
      invoice,
      sql`status = 'REJECTED', ksef_error = ${describeRejection(outcome)}, ksef_next_attempt_at = null`,
    );
    return;
  }
  // Still processing, or refused for KSeF's own reasons (405/500/550): try again later, the same bytes.
  throw new Error(
    outcome.status === 'rejected' ? describeRejection(outcome) : `KSeF still processing (${outcome.status})`,
  );
}

/** Due documents of every outbox within one budget: sales invoices first, then RR invoices. */
async function claimAllDue(db: Db): Promise<ClaimedInvoice[]> {
  let budget = await sendBudget(db);
  const due: ClaimedInvoice[] = [];
  for (const outbox of KSEF_OUTBOXES) {
    const claimed = await claimDue(db, outbox, budget);
    budget -= claimed.length;
    due.push(...claimed);
  }
  return due;
}

export async function sendDueInvoices(db: Db, target: KsefTarget, log: FastifyBaseLogger): Promise<number> {
  const due = await claimAllDue(db);
  if (due.length === 0) return 0;
  const client: KsefClient = createKsefClient({ baseUrl: target.baseUrl, ...target.clientOptions });
  // One session per form and context NIP and pass (a KSeF session takes one form: FA or FA_RR).
  const sessions = new Map<string, OpenSession>();
  try {
    for (const [index, invoice] of due.entries()) {
      try {
        const nip = target.contextNip ?? invoice.sellerNip;
        const key = `${invoice.outbox.form}:${nip}`;
        let open = sessions.get(key);
        if (!open) {
          const access = new KsefAccess(client, { nip, ksefToken: target.ksefToken });
          open = { client, access, session: await KsefSession.open(client, access, invoice.outbox.form) };
          sessions.set(key, open);
        }
        await sendOne(db, open, invoice);
      } catch (error) {
        await recordFailure(db, invoice, error, log);
        // KSeF down or asking to wait: the rest of the pass would meet the same, so they take the same outcome
        // without a try (no invoice is sent before a Retry-After; none waits a time-out each).
        if (error instanceof KsefRateLimitedError || isKsefUnreachable(error)) {
          for (const rest of due.slice(index + 1)) await recordFailure(db, rest, error, log);
          break;
        }
      }
    }
  } finally {
    for (const { session } of sessions.values()) {
      await session.close().catch((error) => log.warn({ err: messageOf(error) }, 'KSeF session close failed'));
    }
  }
  return due.length;
}

export type KsefWorker = PeriodicWorker;

/**
 * The KSeF outbox worker of a server process: each pass reads the configuration (company settings, else KSEF_URL
 * and KSEF_TOKEN: modules/settings/ksef-settings.ts), so a change in the settings screen applies without a restart;
 * without one the pass does nothing and nothing is queued (RULES.md Invoices, VAT and KSeF).
 */
export function startKsefWorker(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  intervalMs = 5000,
  clientOptions?: Partial<KsefClientOptions>,
  /** Tests of the sending alone turn the received-invoice export off (it makes its own KSeF calls). */
  options: { fetchReceived?: boolean } = {},
): KsefWorker {
  return startPeriodicWorker({
    name: 'KSeF worker',
    intervalMs,
    log,
    pass: async () => {
      const ksef = await readKsefConfig(db, config, log);
      if (!ksef) return 0;
      const sent = await sendDueInvoices(db, { ...ksef, clientOptions }, log);
      // The received side (modules/received-invoices/fetch.ts): at most one export every 15 minutes.
      if (options.fetchReceived === false) return sent;
      const received = await fetchReceivedInvoices(
        db,
        { ...ksef, clientOptions },
        log,
        new Date(),
        config.ksefReceivedExportSeconds,
      );
      return sent + received.stored;
    },
  });
}
