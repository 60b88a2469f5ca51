import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { type Db, rowsOf } from '../../db/client.js';
import { withWriteTransaction } from '../../db/locks.js';
import {
  createKsefClient,
  type InvoiceProcessing,
  KsefAccess,
  type KsefClient,
  type KsefClientOptions,
  KsefError,
  KsefSession,
} from '../ksef/index.js';

/**
 * The KSeF outbox (RULES.md Invoices, VAT and KSeF; works like the mail outbox, modules/mail/sender.ts): an invoice
 * queued by POST /invoice/send-to-ksef/{id} is claimed with a lease, sent in an online session, its status polled,
 * and KSeF's answer kept. A failed try leaves the invoice where it was (QUEUED or SENT) and due again after a back-off,
 * so nothing is lost; a SENT invoice whose answer never came is sent again, and KSeF answers that repeat as a
 * duplicate (440) with the first send's KSeF number, so nothing is accepted twice.
 */

const BATCH = 10;
/** Longer than one pass may take (a session, a send, the polls, the UPO), so a live claim is never taken over. */
export const KSEF_LEASE_SECONDS = 600;

/** Seconds to wait after the n-th failed try: 30 s, 60 s, 120 s ... capped at one hour; retried without end. */
export function ksefBackoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

export interface KsefTarget {
  /** The API base of the KSeF environment (config KSEF_URL). */
  baseUrl: string;
  /** The company's KSeF token (config KSEF_TOKEN). */
  ksefToken: string;
  /** Tests pass a sleep that does not wait and a clock. */
  clientOptions?: Partial<KsefClientOptions>;
}

interface ClaimedInvoice {
  id: number;
  sellerNip: string;
  xml: Uint8Array;
  attempts: number;
}

/** Claims due invoices with a lease, so several server processes never send one at the same time. */
async function claimDue(db: Db): Promise<ClaimedInvoice[]> {
  const result = await db.execute(sql`
    update invoices set ksef_next_attempt_at = now() + make_interval(secs => ${KSEF_LEASE_SECONDS}),
      ksef_attempts = ksef_attempts + 1
    where id in (
      select id from invoices where status in ('QUEUED', 'SENT') and ksef_next_attempt_at <= now()
      order by id limit ${BATCH} for update skip locked)
    returning id, seller_nip as "sellerNip", xml, ksef_attempts as "attempts"`);
  return rowsOf<ClaimedInvoice>(result).sort((a, b) => a.id - b.id);
}

/** Each state change in one transaction, and only while the claim is still this pass's (status unchanged). */
async function record(db: Db, id: number, changes: ReturnType<typeof sql>): Promise<void> {
  await withWriteTransaction(db, async (tx) => {
    await tx.execute(sql`update invoices set ${changes} where id = ${id} and status in ('QUEUED', 'SENT')`);
  });
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
  const sent = await session.sendInvoice(Buffer.from(invoice.xml));
  await record(
    db,
    invoice.id,
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
      invoice.id,
      sql`status = 'ACCEPTED', ksef_number = ${ksefNumber}, ksef_upo = ${upo}, ksef_error = null,
        ksef_accepted_at = coalesce(${acceptedAt}::timestamptz, now()), ksef_next_attempt_at = null`,
    );
    return;
  }
  if (outcome.status === 'rejected' && !outcome.canResend) {
    await record(
      db,
      invoice.id,
      sql`status = 'REJECTED', ksef_error = ${describeRejection(outcome)}, ksef_next_attempt_at = null`,
    );
    return;
  }
  // Still processing, or refused for KSeF's own reasons (405/500/550): try again later, the same bytes.
  throw new Error(
    outcome.status === 'rejected' ? describeRejection(outcome) : `KSeF still processing (${outcome.status})`,
  );
}

export async function sendDueInvoices(db: Db, target: KsefTarget, log: FastifyBaseLogger): Promise<number> {
  const due = await claimDue(db);
  if (due.length === 0) return 0;
  const client: KsefClient = createKsefClient({ baseUrl: target.baseUrl, ...target.clientOptions });
  // One session per seller NIP and pass (in practice one company).
  const sessions = new Map<string, OpenSession>();
  try {
    for (const invoice of due) {
      try {
        let open = sessions.get(invoice.sellerNip);
        if (!open) {
          const access = new KsefAccess(client, { nip: invoice.sellerNip, ksefToken: target.ksefToken });
          open = { client, access, session: await KsefSession.open(client, access, 'FA') };
          sessions.set(invoice.sellerNip, open);
        }
        await sendOne(db, open, invoice);
      } catch (error) {
        const message = messageOf(error).slice(0, 4000);
        log.warn({ invoiceId: invoice.id, attempts: invoice.attempts, err: message }, 'KSeF send failed');
        await record(
          db,
          invoice.id,
          sql`ksef_error = ${message},
            ksef_next_attempt_at = now() + make_interval(secs => ${ksefBackoffSeconds(invoice.attempts)})`,
        );
      }
    }
  } finally {
    for (const { session } of sessions.values()) {
      await session.close().catch((error) => log.warn({ err: messageOf(error) }, 'KSeF session close failed'));
    }
  }
  return due.length;
}

export interface KsefWorker {
  runOnce: () => Promise<number>;
  stop: () => Promise<void>;
}

/** The configured KSeF (KSEF_URL and KSEF_TOKEN), or null: then invoices wait queued. */
export function ksefTargetOf(config: Config): KsefTarget | null {
  return config.ksefUrl && config.ksefToken ? { baseUrl: config.ksefUrl, ksefToken: config.ksefToken } : null;
}

export function startKsefWorker(db: Db, target: KsefTarget, log: FastifyBaseLogger, intervalMs = 5000): KsefWorker {
  let running: Promise<number> | null = null;
  let stopped = false;
  const runOnce = () => {
    running ??= sendDueInvoices(db, target, log)
      .catch((error) => {
        log.warn({ err: messageOf(error) }, 'KSeF worker pass failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = intervalMs > 0 ? setInterval(() => !stopped && void runOnce(), intervalMs) : null;
  timer?.unref();
  return {
    runOnce,
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
