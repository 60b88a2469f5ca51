import { INVOICE_STATUSES } from '@grain/shared';
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
import { bytea, isoTimestamp, minor } from '../columns.js';
import { contractors } from './contractors.js';
import { transactions } from './settlements.js';
import { users } from './users.js';

/**
 * RULES.md Invoices, VAT and KSeF, VAT RR: the flat-rate refund percent, dated; an RR invoice takes the newest rate
 * valid on its issue date and keeps it, so a change never rewrites an issued invoice.
 */
export const rrRefundRates = pgTable(
  'rr_refund_rates',
  {
    id: serial('id').primaryKey(),
    ratePercent: integer('rate_percent').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('rr_refund_rates_valid_from_key').on(t.validFrom),
    check('rr_refund_rates_rate_percent_valid', sql`rate_percent in (7)`),
  ],
);

/**
 * A VAT RR invoice we issued for a flat-rate farmer, never edited after issue: the farmer, his account and the totals
 * are copies as issued; `xml` holds the exact FA_RR bytes (null for a farmer known only by PESEL: FA_RR names the
 * supplier by NIP, so his invoice is on paper only).
 */
export const rrInvoices = pgTable(
  'rr_invoices',
  {
    id: serial('id').primaryKey(),
    number: varchar('number', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 12, enum: ['VAT_RR', 'KOR_VAT_RR'] })
      .notNull()
      .default('VAT_RR'),
    /** A correction (KOR_VAT_RR): the RR invoice it corrects (a correction of a correction names the same invoice). */
    correctedRrInvoiceId: integer('corrected_rr_invoice_id').references((): AnyPgColumn => rrInvoices.id),
    correctionReason: varchar('correction_reason', { length: 255 }),
    status: varchar('status', { length: 16, enum: INVOICE_STATUSES }).notNull().default('ISSUED'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    purchaseDateFrom: date('purchase_date_from', { mode: 'string' }),
    purchaseDateTo: date('purchase_date_to', { mode: 'string' }),
    farmerId: integer('farmer_id')
      .notNull()
      .references(() => contractors.id),
    farmerName: varchar('farmer_name', { length: 255 }).notNull(),
    farmerNip: varchar('farmer_nip', { length: 10 }),
    farmerPesel: varchar('farmer_pesel', { length: 11 }),
    farmerAccount: varchar('farmer_account', { length: 26 }).notNull(),
    buyerNip: varchar('buyer_nip', { length: 10 }).notNull(),
    refundRatePercent: integer('refund_rate_percent').notNull(),
    netTotal: minor('net_total').notNull(),
    refundTotal: minor('refund_total').notNull(),
    grossTotal: minor('gross_total').notNull(),
    totalInWords: varchar('total_in_words', { length: 512 }).notNull(),
    xml: bytea('xml'),
    xmlSha256: varchar('xml_sha256', { length: 64 }),
    // The KSeF outbox, as on a sales invoice (RULES.md Invoices, VAT and KSeF; modules/invoices/ksef-sender.ts).
    ksefNumber: varchar('ksef_number', { length: 36 }),
    ksefAttempts: integer('ksef_attempts').notNull().default(0),
    ksefNextAttemptAt: isoTimestamp('ksef_next_attempt_at'),
    ksefReferenceNumber: varchar('ksef_reference_number', { length: 64 }),
    ksefUpo: text('ksef_upo'),
    ksefError: text('ksef_error'),
    ksefSentAt: isoTimestamp('ksef_sent_at'),
    ksefAcceptedAt: isoTimestamp('ksef_accepted_at'),
    offlineDeadline: date('offline_deadline', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('rr_invoices_number_key').on(t.number),
    index('rr_invoices_farmer_idx').on(t.farmerId, t.id),
    check('rr_invoices_status_valid', sql`status in ('ISSUED', 'QUEUED', 'SENT', 'ACCEPTED', 'REJECTED', 'OFFLINE')`),
    index('rr_invoices_ksef_due_idx').on(t.ksefNextAttemptAt).where(sql`status in ('QUEUED', 'SENT', 'OFFLINE')`),
    check('rr_invoices_totals_add_up', sql`gross_total = net_total + refund_total`),
    check('rr_invoices_kind_valid', sql`kind in ('VAT_RR', 'KOR_VAT_RR')`),
    check(
      'rr_invoices_correction_refers',
      sql`(kind = 'KOR_VAT_RR') = (corrected_rr_invoice_id is not null and correction_reason is not null)`,
    ),
    index('rr_invoices_corrected_idx').on(t.correctedRrInvoiceId, t.id).where(sql`corrected_rr_invoice_id is not null`),
    check('rr_invoices_farmer_id_present', sql`farmer_nip is not null or farmer_pesel is not null`),
  ],
);

/** One line per purchase row; a row is on one RR invoice at most (unique transaction). */
export const rrInvoiceLines = pgTable(
  'rr_invoice_lines',
  {
    id: serial('id').primaryKey(),
    rrInvoiceId: integer('rr_invoice_id')
      .notNull()
      .references(() => rrInvoices.id),
    position: integer('position').notNull(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id),
    purchaseDate: date('purchase_date', { mode: 'string' }),
    name: varchar('name', { length: 512 }).notNull(),
    quality: varchar('quality', { length: 512 }).notNull(),
    unit: varchar('unit', { length: 8 }).notNull(),
    quantityKg: bigint('quantity_kg', { mode: 'number' }).notNull(),
    unitPrice: minor('unit_price').notNull(),
    value: minor('value').notNull(),
    refund: minor('refund').notNull(),
    // A correction's line as it stood before (FA_RR StanPrzed): all four or none.
    quantityKgBefore: bigint('quantity_kg_before', { mode: 'number' }),
    unitPriceBefore: minor('unit_price_before'),
    valueBefore: minor('value_before'),
    refundBefore: minor('refund_before'),
  },
  (t) => [
    uniqueIndex('rr_invoice_lines_transaction_key').on(t.transactionId).where(sql`quantity_kg_before is null`),
    check(
      'rr_invoice_lines_before_complete',
      sql`(quantity_kg_before is null) = (unit_price_before is null) and (quantity_kg_before is null) = (value_before is null) and (quantity_kg_before is null) = (refund_before is null)`,
    ),
    index('rr_invoice_lines_invoice_idx').on(t.rrInvoiceId, t.position),
  ],
);

/** A payment to the farmer: a transfer (account and title) or cash (RULES.md: cash is not deductible). */
export const rrInvoicePayments = pgTable(
  'rr_invoice_payments',
  {
    id: serial('id').primaryKey(),
    rrInvoiceId: integer('rr_invoice_id')
      .notNull()
      .references(() => rrInvoices.id),
    paidAt: date('paid_at', { mode: 'string' }).notNull(),
    amount: minor('amount').notNull(),
    method: varchar('method', { length: 8, enum: ['TRANSFER', 'CASH'] }).notNull(),
    account: varchar('account', { length: 26 }),
    title: varchar('title', { length: 255 }),
    /** Set for a transfer read from a bank statement: the same transfer is recorded once (import.ts). */
    bankKey: varchar('bank_key', { length: 64 }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    index('rr_invoice_payments_invoice_idx').on(t.rrInvoiceId, t.paidAt),
    uniqueIndex('rr_invoice_payments_bank_key_key').on(t.bankKey),
    check('rr_invoice_payments_method_valid', sql`method in ('TRANSFER', 'CASH')`),
    check('rr_invoice_payments_amount_positive', sql`amount > 0`),
  ],
);
