import { CURRENCIES, INVOICE_STATUSES, SALES_INVOICE_KINDS, VAT_RATE_SUBJECTS } from '@grain/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bytea, isoTimestamp, searchText } from '../columns.js';
import { enumCheck } from '../enum-checks.js';
import { contractors } from './contractors.js';
import { rawMaterialQualities, rawMaterials } from './reference-data.js';
import { transactions } from './settlements.js';
import { users } from './users.js';

/**
 * RULES.md Invoices, VAT and KSeF: VAT rates, dated. GOODS rates belong to a raw material (all its qualities) or to
 * one quality of it (that quality wins over the raw material's); SERVICE rates (freight) to no raw material. The rate
 * of a row is the newest one valid on its tax point; a new rate is a new row, so history never changes.
 */
export const vatRates = pgTable(
  'vat_rates',
  {
    id: serial('id').primaryKey(),
    subject: varchar('subject', { length: 16, enum: VAT_RATE_SUBJECTS }).notNull(),
    rawMaterialId: integer('raw_material_id').references(() => rawMaterials.id),
    qualityId: integer('quality_id').references(() => rawMaterialQualities.id, { onDelete: 'cascade' }),
    ratePercent: integer('rate_percent').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('vat_rates_key').on(
      t.subject,
      sql`coalesce(${t.rawMaterialId}, 0)`,
      sql`coalesce(${t.qualityId}, 0)`,
      t.validFrom,
    ),
    enumCheck('vat_rates', 'subject'),
    check('vat_rates_rate_percent_valid', sql`rate_percent in (23, 8, 5)`),
    check('vat_rates_with_raw_material_when_goods', sql`(subject = 'GOODS') = (raw_material_id is not null)`),
    check('vat_rates_quality_needs_raw_material', sql`quality_id is null or raw_material_id is not null`),
  ],
);

const minor = (name: string) => bigint(name, { mode: 'number' });

/**
 * RULES.md Invoices, VAT and KSeF: numbers per series and period, assigned in the issuing transaction. The counter
 * row of the period (`FV/2026/03` for `FV/{RRRR}/{MM}/{NR}`) is taken with an upsert that holds its row lock until
 * commit, so concurrent issues wait in line and a refused issue rolls its number back: no gaps.
 */
export const invoiceNumberCounters = pgTable('invoice_number_counters', {
  periodKey: varchar('period_key', { length: 64 }).primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * A sales invoice issued from statement rows. Never edited after issue (RULES.md): the buyer and totals are copies
 * as issued, and `xml` holds the exact FA(3) bytes that are hashed, sent and printed from.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    number: varchar('number', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 8, enum: SALES_INVOICE_KINDS }).notNull().default('VAT'),
    status: varchar('status', { length: 16, enum: INVOICE_STATUSES }).notNull().default('ISSUED'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    saleDate: date('sale_date', { mode: 'string' }),
    saleDateFrom: date('sale_date_from', { mode: 'string' }),
    saleDateTo: date('sale_date_to', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => contractors.id),
    buyerName: varchar('buyer_name', { length: 255 }).notNull(),
    buyerNip: varchar('buyer_nip', { length: 10 }).notNull(),
    sellerNip: varchar('seller_nip', { length: 10 }).notNull(),
    // The seller as issued (RULES.md Invoices, VAT and KSeF): the PDF never reads today's company settings.
    sellerName: varchar('seller_name', { length: 255 }).notNull(),
    sellerStreet: varchar('seller_street', { length: 255 }),
    sellerPostCode: varchar('seller_post_code', { length: 255 }),
    sellerCity: varchar('seller_city', { length: 255 }).notNull(),
    /** A correction (KOR): the sales invoice it corrects (a correction of a correction names the same invoice). */
    correctedInvoiceId: integer('corrected_invoice_id').references((): AnyPgColumn => invoices.id),
    correctionReason: varchar('correction_reason', { length: 255 }),
    currency: varchar('currency', { length: 3, enum: CURRENCIES }).notNull(),
    exchangeRate: integer('exchange_rate'),
    // RULES.md Invoices, VAT and KSeF: which NBP table the rate came from (its day and number), as issued.
    exchangeRateDate: date('exchange_rate_date', { mode: 'string' }),
    exchangeRateTable: varchar('exchange_rate_table', { length: 32 }),
    netTotal: minor('net_total').notNull(),
    vatTotal: minor('vat_total').notNull(),
    grossTotal: minor('gross_total').notNull(),
    bankAccount: varchar('bank_account', { length: 64 }).notNull(),
    xml: bytea('xml').notNull(),
    xmlSha256: varchar('xml_sha256', { length: 64 }).notNull(),
    ksefNumber: varchar('ksef_number', { length: 36 }),
    // The KSeF outbox (RULES.md Invoices, VAT and KSeF; modules/invoices/ksef-sender.ts): tries so far, when the
    // next one is due (also the lease of a claimed row), KSeF's reference of the send, the UPO and the last error.
    ksefAttempts: integer('ksef_attempts').notNull().default(0),
    ksefNextAttemptAt: isoTimestamp('ksef_next_attempt_at'),
    ksefReferenceNumber: varchar('ksef_reference_number', { length: 64 }),
    ksefUpo: text('ksef_upo'),
    ksefError: text('ksef_error'),
    ksefSentAt: isoTimestamp('ksef_sent_at'),
    ksefAcceptedAt: isoTimestamp('ksef_accepted_at'),
    /** offline24 (KSeF docs `tryby-offline.md`): the day by which an invoice that went out OFFLINE must be in KSeF. */
    offlineDeadline: date('offline_deadline', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
    // The Faktury list's search: number, KSeF number, buyer and NIP (db/search.ts; trigram index on PostgreSQL).
    searchText: searchText(['number', 'ksef_number', 'buyer_name', 'buyer_nip']),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    index('invoices_buyer_idx').on(t.buyerId, t.id),
    index('invoices_issue_date_idx').on(t.issueDate, t.id),
    index('invoices_buyer_name_idx').on(t.buyerName, t.id),
    index('invoices_status_idx').on(t.status, t.id),
    check('invoices_kind_valid', sql`kind in ('VAT', 'KOR')`),
    check('invoices_status_valid', sql`status in ('ISSUED', 'QUEUED', 'SENT', 'ACCEPTED', 'REJECTED', 'OFFLINE')`),
    index('invoices_ksef_due_idx').on(t.ksefNextAttemptAt).where(sql`status in ('QUEUED', 'SENT', 'OFFLINE')`),
    check('invoices_currency_valid', sql`currency in ('PLN', 'EUR', 'USD')`),
    check('invoices_totals_add_up', sql`gross_total = net_total + vat_total`),
    check(
      'invoices_correction_refers',
      sql`(kind = 'KOR') = (corrected_invoice_id is not null and correction_reason is not null)`,
    ),
    index('invoices_corrected_idx').on(t.correctedInvoiceId, t.id).where(sql`corrected_invoice_id is not null`),
  ],
);

/**
 * One line per statement row; a row is invoiced once (unique transaction among sales lines). A correction's line
 * names the row again with the line as it stood before (StanPrzed): all three `before_` values or none.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    position: integer('position').notNull(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id),
    name: varchar('name', { length: 512 }).notNull(),
    cnCode: varchar('cn_code', { length: 10 }),
    quantityKg: bigint('quantity_kg', { mode: 'number' }).notNull(),
    unitNetPrice: minor('unit_net_price').notNull(),
    netValue: minor('net_value').notNull(),
    ratePercent: integer('rate_percent').notNull(),
    quantityKgBefore: bigint('quantity_kg_before', { mode: 'number' }),
    unitNetPriceBefore: minor('unit_net_price_before'),
    netValueBefore: minor('net_value_before'),
  },
  (t) => [
    uniqueIndex('invoice_lines_transaction_key').on(t.transactionId).where(sql`quantity_kg_before is null`),
    check(
      'invoice_lines_before_complete',
      sql`(quantity_kg_before is null) = (unit_net_price_before is null) and (quantity_kg_before is null) = (net_value_before is null)`,
    ),
    index('invoice_lines_invoice_idx').on(t.invoiceId, t.position),
  ],
);
