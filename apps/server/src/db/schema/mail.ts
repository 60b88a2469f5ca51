import { MAIL_STATUSES } from '@grain/shared';
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { enumCheck } from '../enum-checks.js';

export interface StoredAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** Mail is written here in the transaction of the change that causes it, and sent by the outbox worker. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    recipients: text('recipients').array().notNull(),
    subject: varchar('subject', { length: 500 }).notNull(),
    body: text('body').notNull(),
    /** Where answers go (the trader who sent a transport order); null answers the sender address. */
    replyTo: text('reply_to'),
    status: varchar('status', { length: 16, enum: MAIL_STATUSES }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Files sent with the message (the transport order PDF), content base64-encoded. */
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_pending_idx').on(t.nextAttemptAt).where(sql`status = 'PENDING'`),
    enumCheck('mail_outbox', 'status'),
  ],
);

/** Daily jobs of the mail worker: the day each last ran, claimed atomically so one process runs it. */
export const dailyJobRuns = pgTable('daily_job_runs', {
  name: varchar('name', { length: 64 }).primaryKey(),
  lastRunOn: date('last_run_on', { mode: 'string' }).notNull(),
});
