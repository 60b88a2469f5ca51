import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bytea, isoTimestamp, kg, minor } from '../columns.js';
import { contractors } from './contractors.js';
import { transactions } from './settlements.js';
import { users } from './users.js';

/** An invoice a received correction names: its number, and its KSeF number when the correction gives one. */
export interface CorrectedRef {
  number: string;
  ksefNumber: string | null;
}

/**
 * An invoice a supplier or carrier issued to us, fetched from KSeF (RULES.md Invoices, VAT and KSeF: a received
 * invoice matched to statement rows). `xml` holds the bytes as KSeF gave them; the header columns are read from it
 * (null when it could not be read: `parse_error` says why). `status`: MATCHED (linked to its rows), TO_ASSIGN (a
 * person picks the rows), DIFFERENCE (the suggested rows differ in amount or quantity), HIDDEN (not ours; `note` the
 * reason). An accepted difference is MATCHED with the person's `note`.
 */
export const receivedInvoices = pgTable(
  'received_invoices',
  {
    id: serial('id').primaryKey(),
    ksefNumber: varchar('ksef_number', { length: 64 }).notNull(),
    xml: bytea('xml').notNull(),
    xmlSha256: varchar('xml_sha256', { length: 64 }).notNull(),
    sellerNip: varchar('seller_nip', { length: 16 }),
    sellerName: varchar('seller_name', { length: 512 }),
    buyerNip: varchar('buyer_nip', { length: 16 }),
    number: varchar('number', { length: 256 }),
    issueDate: date('issue_date', { mode: 'string' }),
    currency: varchar('currency', { length: 3 }),
    netTotal: minor('net_total'),
    vatTotal: minor('vat_total'),
    grossTotal: minor('gross_total'),
    /** The kilograms its billed lines name, read once when it is stored; null when a line names no weight. */
    invoiceQuantityKg: kg('invoice_quantity_kg'),
    contractorId: integer('contractor_id').references(() => contractors.id),
    /** A correction (KOR): the received invoice it corrects, when that one is here. */
    correctedReceivedInvoiceId: integer('corrected_received_invoice_id').references(
      (): AnyPgColumn => receivedInvoices.id,
    ),
    /**
     * A correction (KOR) whose original is not here yet: the invoices it names (DaneFaKorygowanej), so the original
     * links it when it arrives; null otherwise.
     */
    correctedRefs: jsonb('corrected_refs').$type<CorrectedRef[]>(),
    status: varchar('status', { length: 16 }).notNull().default('TO_ASSIGN'),
    suggestedTransactionIds: jsonb('suggested_transaction_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    note: varchar('note', { length: 1000 }),
    parseError: varchar('parse_error', { length: 1000 }),
    permanentStorageDate: isoTimestamp('permanent_storage_date'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: isoTimestamp('decided_at'),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('received_invoices_ksef_number_key').on(t.ksefNumber),
    index('received_invoices_status_idx').on(t.status, t.id),
    index('received_invoices_contractor_idx').on(t.contractorId, t.id),
    index('received_invoices_corrected_idx').on(t.correctedReceivedInvoiceId),
    index('received_invoices_waiting_correction_idx')
      .on(t.sellerNip)
      .where(sql`${t.correctedRefs} is not null and ${t.correctedReceivedInvoiceId} is null`),
    check('received_invoices_status_valid', sql`status in ('MATCHED', 'TO_ASSIGN', 'DIFFERENCE', 'HIDDEN')`),
  ],
);

/** The statement rows a received invoice bills; a row on one received invoice at most (unique transaction). */
export const receivedInvoiceRows = pgTable(
  'received_invoice_rows',
  {
    id: serial('id').primaryKey(),
    receivedInvoiceId: integer('received_invoice_id')
      .notNull()
      .references(() => receivedInvoices.id),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => transactions.id),
    /** Whether the match wrote the row's invoice number and date (false: a person had typed them). */
    filledInvoiceNumber: boolean('filled_invoice_number').notNull(),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('received_invoice_rows_transaction_key').on(t.transactionId),
    index('received_invoice_rows_invoice_idx').on(t.receivedInvoiceId, t.transactionId),
  ],
);

/** The one row of the received-invoice export: where the next window starts and when the last one ran. */
export const ksefReceivedSync = pgTable(
  'ksef_received_sync',
  {
    id: integer('id').primaryKey(),
    nextFrom: isoTimestamp('next_from'),
    lastRunAt: isoTimestamp('last_run_at'),
    lastError: varchar('last_error', { length: 4000 }),
  },
  () => [check('ksef_received_sync_one_row', sql`id = 1`)],
);
