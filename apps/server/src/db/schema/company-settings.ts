import { KSEF_SETTINGS_ENVIRONMENTS } from '@grain/shared';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { isoTimestamp } from '../columns.js';
import { enumCheck } from '../enum-checks.js';
import { users } from './users.js';

/** Our own company, one row (id 1), the header of the transport order PDF. */
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
    /** The series of corrections (KOR), e.g. `FK/{RRRR}/{MM}/{NR}`; no correction without it. */
    correctionSeries: varchar('correction_series', { length: 64 }),
    /** RULES.md Invoices, VAT and KSeF: the VAT RR invoice series, e.g. `RR/{RRRR}/{NR}`; no RR invoices without it. */
    rrInvoiceSeries: varchar('rr_invoice_series', { length: 64 }),
    /** The series of VAT RR corrections ("Faktura VAT RR KOREKTA"), e.g. `RRK/{RRRR}/{NR}`; none without it. */
    rrCorrectionSeries: varchar('rr_correction_series', { length: 64 }),
    /** CONTRIBUTING.md Weighbridge: the weighbridge tickets' own series, e.g. `KW/{RRRR}/{NR}` (that one when null). */
    weighbridgeTicketSeries: varchar('weighbridge_ticket_series', { length: 64 }),
    /** The account printed on sales invoices (NRB or IBAN). */
    bankAccount: varchar('bank_account', { length: 64 }),
    paymentTermDays: integer('payment_term_days').notNull().default(14),
    /** CONTRIBUTING.md Price lists: hundredths of a percent (500 = 5 %) a contract price may differ from the list without a note. */
    priceDeviationLimit: integer('price_deviation_limit').notNull().default(500),
    // KSeF (RULES.md Invoices, VAT and KSeF; migration 0023): null environment: nothing is sent.
    ksefEnvironment: varchar('ksef_environment', { length: 16, enum: KSEF_SETTINGS_ENVIRONMENTS }),
    ksefNip: varchar('ksef_nip', { length: 10 }),
    /** AES-256-GCM under SECRETS_KEY (lib/secrets.ts); never answered by the API. */
    ksefTokenEncrypted: text('ksef_token_encrypted'),
    ksefCustomUrl: varchar('ksef_custom_url', { length: 255 }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: isoTimestamp('updated_at').notNull().default(sql`now()`),
  },
  () => [
    check('company_settings_single_row', sql`id = 1`),
    check('company_settings_nip_format', sql`nip ~ '^[0-9]{10}$'`),
    enumCheck('company_settings', 'ksef_environment'),
  ],
);
