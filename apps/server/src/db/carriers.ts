import { CERTIFICATE_KINDS } from '@grain/shared';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { isoTimestamp } from './columns.js';
import { enumCheck } from './enum-checks.js';
import { contractors, mailOutbox, users } from './schema.js';
import { transports } from './trading.js';

/** Issue 17: our own company, one row (id 1), the header of the transport order PDF. */
export const companySettings = pgTable(
  'company_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: varchar('name', { length: 255 }).notNull(),
    street: varchar('street', { length: 255 }),
    postCode: varchar('post_code', { length: 255 }),
    city: varchar('city', { length: 255 }).notNull(),
    nip: varchar('nip', { length: 10 }).notNull(),
    email: varchar('email', { length: 255 }),
    phoneNumber: varchar('phone_number', { length: 255 }),
    /** A PNG or JPEG as a data URL (shared COMPANY_LOGO_MAX_BYTES). */
    logoDataUrl: text('logo_data_url'),
    /** RULES.md Invoices, VAT and KSeF: the sales invoice series, e.g. `FV/{RRRR}/{MM}/{NR}`; no invoices without it. */
    invoiceSeries: varchar('invoice_series', { length: 64 }),
    /** The account printed on sales invoices (NRB or IBAN). */
    bankAccount: varchar('bank_account', { length: 64 }),
    paymentTermDays: integer('payment_term_days').notNull().default(14),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: isoTimestamp('updated_at').notNull().default(sql`now()`),
  },
  () => [
    check('company_settings_single_row', sql`id = 1`),
    check('company_settings_nip_format', sql`nip ~ '^[0-9]{10}$'`),
  ],
);

/** Issue 17: every time a transport order went to a carrier, to whom and by whom. */
export const transportOrderSends = pgTable(
  'transport_order_sends',
  {
    id: serial('id').primaryKey(),
    transportId: integer('transport_id')
      .notNull()
      .references(() => transports.id, { onDelete: 'cascade' }),
    recipient: varchar('recipient', { length: 255 }).notNull(),
    orderNumber: varchar('order_number', { length: 64 }).notNull(),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    mailId: integer('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
  },
  (t) => [index('transport_order_sends_transport_idx').on(t.transportId, t.id)],
);

/** Issue 17: certificates of a contractor (GMP+, QS, ISCC, other) with their validity. */
export const contractorCertificates = pgTable(
  'contractor_certificates',
  {
    id: serial('id').primaryKey(),
    contractorId: integer('contractor_id')
      .notNull()
      .references(() => contractors.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16, enum: CERTIFICATE_KINDS }).notNull(),
    number: varchar('number', { length: 255 }).notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    scope: text('scope'),
  },
  (t) => [
    index('contractor_certificates_contractor_idx').on(t.contractorId, t.id),
    index('contractor_certificates_valid_to_idx').on(t.validTo),
    enumCheck('contractor_certificates', 'kind'),
    check('contractor_certificates_dates_order', sql`valid_from is null or valid_to >= valid_from`),
  ],
);

/** Daily jobs of the mail worker: the day each last ran, claimed atomically so one process runs it. */
export const dailyJobRuns = pgTable('daily_job_runs', {
  name: varchar('name', { length: 64 }).primaryKey(),
  lastRunOn: date('last_run_on', { mode: 'string' }).notNull(),
});
