import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { companyTodayIso } from '@grain/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';
import { type Db, rowsOf } from '../../db/client.js';
import type { StoredAttachment } from '../../db/schema/index.js';
import { type PeriodicWorker, startPeriodicWorker } from '../../lib/periodic-worker.js';
import { runCertificateExpiryCheck } from '../certificates/service.js';

interface ClaimedMail {
  id: number;
  recipients: string[];
  subject: string;
  body: string;
  reply_to: string | null;
  attempts: number;
  attachments: StoredAttachment[];
}

/** The outbox's stored files as nodemailer attachments. */
function attachmentsOf(mail: ClaimedMail) {
  return (mail.attachments ?? []).map((file) => ({
    filename: file.filename,
    contentType: file.contentType,
    content: Buffer.from(file.contentBase64, 'base64'),
  }));
}

/** The Reply-To header, only when the message names one (otherwise answers go to the sender address). */
const replyToOf = (mail: ClaimedMail) => (mail.reply_to ? { replyTo: mail.reply_to } : {});

export const MAX_ATTEMPTS = 10;
const BATCH = 10;
const LEASE_SECONDS = 300;

/** Seconds to wait after the n-th failed attempt: 10 s, 20 s, 40 s ... capped at one hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(10 * 2 ** Math.max(0, attempts - 1), 3600);
}

type Deliver = (mail: ClaimedMail) => Promise<void>;

/** With SMTP_URL mail goes out through nodemailer; without it each message is written as an .eml file in DATA_DIR/mail. */
function deliveryFor(config: Config, log: FastifyBaseLogger): Deliver {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return async (mail) => {
      await transport.sendMail({
        from: config.mailFrom,
        ...replyToOf(mail),
        to: mail.recipients,
        subject: mail.subject,
        text: mail.body,
        attachments: attachmentsOf(mail),
      });
    };
  }
  const folder = join(config.dataDir, 'mail');
  // The same composer as SMTP, so the file is a real MIME message (encoded Polish subject, charset, Date).
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (mail) => {
    mkdirSync(folder, { recursive: true });
    const file = join(folder, `${String(mail.id).padStart(6, '0')}.eml`);
    const composed = await composer.sendMail({
      from: config.mailFrom,
      ...replyToOf(mail),
      to: mail.recipients,
      subject: mail.subject,
      text: mail.body,
      attachments: attachmentsOf(mail),
    });
    writeFileSync(file, composed.message as Buffer);
    // The body may hold a reset code, so only where it went is logged.
    log.info({ mailId: mail.id, file, to: mail.recipients.length }, `mail written to ${file} (SMTP_URL not set)`);
  };
}

/** Claims due messages with a lease, so several server processes never send one twice. */
async function claimDue(db: Db): Promise<ClaimedMail[]> {
  const result = await db.execute(sql`
    update mail_outbox set next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
    where id in (
      select id from mail_outbox where status = 'PENDING' and next_attempt_at <= now()
      order by id limit ${BATCH} for update skip locked)
    returning id, recipients, subject, body, reply_to, attempts, attachments`);
  return rowsOf<ClaimedMail>(result);
}

export async function sendDueMail(db: Db, deliver: Deliver, log: FastifyBaseLogger): Promise<number> {
  const due = await claimDue(db);
  for (const mail of due) {
    try {
      await deliver(mail);
      await db.execute(
        sql`update mail_outbox set status = 'SENT', sent_at = now(), last_error = null where id = ${mail.id}`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const status = mail.attempts >= MAX_ATTEMPTS ? 'FAILED' : 'PENDING';
      log.warn({ mailId: mail.id, attempts: mail.attempts, err: message }, 'mail delivery failed');
      await db.execute(sql`update mail_outbox set status = ${status}, last_error = ${message.slice(0, 1000)},
        next_attempt_at = now() + make_interval(secs => ${backoffSeconds(mail.attempts)}) where id = ${mail.id}`);
    }
  }
  return due.length;
}

export type MailWorker = PeriodicWorker;

export function startMailWorker(db: Db, config: Config, log: FastifyBaseLogger, intervalMs = 2000): MailWorker {
  const deliver = deliveryFor(config, log);
  return startPeriodicWorker({
    name: 'mail worker',
    intervalMs,
    log,
    // The daily checks queue their mail first, so it goes out in the same pass.
    pass: () =>
      runCertificateExpiryCheck(db, companyTodayIso())
        .catch((error) => log.warn({ err: error instanceof Error ? error.message : error }, 'daily check failed'))
        .then(() => sendDueMail(db, deliver, log)),
  });
}
