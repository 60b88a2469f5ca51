import {
  ACCOUNTING_METHODS,
  CURRENCIES,
  SETTLEMENT_STATUSES,
  type StoredQualitySettlement,
  TRANSACTION_KINDS,
} from '@grain/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { day, isoTimestamp, kg, minor, searchText, timestamps } from '../columns.js';
import { enumCheck } from '../enum-checks.js';
import { contractors } from './contractors.js';
import { contracts } from './contracts.js';
import { rawMaterialQualities } from './reference-data.js';
import { transports, unloadings } from './transports.js';

/**
 * Settlement rows of the transaction statement: planned (from contracts and transport), real (from the
 * unloading) and final (at settlement) quality, quantity, price and value (RULES.md Settlements).
 */
export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 16, enum: TRANSACTION_KINDS }).notNull(),
    status: varchar('status', { length: 16, enum: SETTLEMENT_STATUSES }).notNull().default('TO_SETTLEMENT'),
    transportId: integer('transport_id')
      .notNull()
      .references(() => transports.id),
    unloadingId: integer('unloading_id')
      .notNull()
      .references(() => unloadings.id),
    /** The purchase or sales contract of the row; null for TRANSPORT rows. */
    contractId: integer('contract_id').references(() => contracts.id),
    contractorId: integer('contractor_id')
      .notNull()
      .references(() => contractors.id),
    /**
     * Copies of the contractor's code and name, both sides' contract numbers and the transport's vehicle numbers
     * (db/copies.ts): the statement sorts and searches this row alone.
     */
    contractorCode: varchar('contractor_code', { length: 255 }).notNull(),
    contractorName: varchar('contractor_name', { length: 255 }),
    purchaseDocumentNumber: varchar('purchase_document_number', { length: 64 }),
    salesDocumentNumber: varchar('sales_document_number', { length: 64 }),
    registrationNumber: varchar('registration_number', { length: 255 }),
    trailerNumber: varchar('trailer_number', { length: 255 }),
    currency: varchar('currency', { length: 3, enum: CURRENCIES }).notNull().default('PLN'),
    plannedQualityId: integer('planned_quality_id').references(() => rawMaterialQualities.id),
    realQualityId: integer('real_quality_id').references(() => rawMaterialQualities.id),
    finalQualityId: integer('final_quality_id').references(() => rawMaterialQualities.id),
    plannedQuantityKg: kg('planned_quantity_kg').notNull(),
    realQuantityKg: kg('real_quantity_kg'),
    finalQuantityKg: kg('final_quantity_kg'),
    plannedPrice: minor('planned_price').notNull(),
    realPrice: minor('real_price'),
    finalPrice: minor('final_price'),
    plannedValue: minor('planned_value').notNull(),
    realValue: minor('real_value'),
    finalValue: minor('final_value'),
    /** Exchange rate to PLN × 10 000 (1 for PLN = 10 000); PLN value stays empty until it is known. */
    exchangeRate: integer('exchange_rate'),
    plnValue: minor('pln_value'),
    deductions: minor('deductions').notNull().default(0),
    /** The lines a delivery with lab results computed from this row's contract terms, stored as used. */
    qualitySettlement: jsonb('quality_settlement').$type<StoredQualitySettlement>(),
    surcharges: minor('surcharges').notNull().default(0),
    invoiceNumber: varchar('invoice_number', { length: 255 }),
    invoiceDate: day('invoice_date'),
    paymentDate: day('payment_date'),
    accountingMethod: varchar('accounting_method', { length: 8, enum: ACCOUNTING_METHODS }),
    details: text('details'),
    dateLoading: day('date_loading'),
    dateUnloading: day('date_unloading'),
    splitFromId: integer('split_from_id'),
    settledAt: isoTimestamp('settled_at'),
    /** spec/1 Transaction statement: contract numbers, contractor code and name, vehicle numbers, invoice number. */
    searchText: searchText([
      'purchase_document_number',
      'sales_document_number',
      'contractor_code',
      'contractor_name',
      'registration_number',
      'trailer_number',
      'invoice_number',
    ]),
    ...timestamps,
  },
  (t) => [
    index('transactions_contract_idx').on(t.contractId, t.status),
    index('transactions_contract_list_idx').on(t.contractId, t.id),
    index('transactions_contractor_idx').on(t.contractorId, t.id),
    // Received-invoice matching reads a seller's rows still without an invoice (modules/received-invoices openRowsOf).
    index('transactions_open_to_bill_idx')
      .on(t.contractorId, t.id)
      .where(sql`invoice_number is null and kind in ('PURCHASE', 'TRANSPORT')`),
    // The statement's type filter (one kind or one status) by id.
    index('transactions_kind_idx').on(t.kind, t.id),
    index('transactions_status_idx').on(t.status, t.id),
    // The "to settlement" tab in id order (a page and a search's capped count walk only unsettled rows; migration 0014).
    index('transactions_to_settle_idx').on(t.id).where(sql`status = 'TO_SETTLEMENT'`),
    // Also transactions_to_settle_search_idx (migration 0023): the same rows with their search text, so the tab's
    // capped search count is an index-only scan.
    // One index per sort key, (key, id) as the ORDER BY; kind and status last so a filtered page reads the index alone.
    index('transactions_transport_idx').on(t.transportId, t.id, t.kind, t.status),
    index('transactions_contractor_code_idx').on(t.contractorCode, t.id, t.kind, t.status),
    index('transactions_registration_idx').on(t.registrationNumber, t.id, t.kind, t.status),
    index('transactions_trailer_idx').on(t.trailerNumber, t.id, t.kind, t.status),
    index('transactions_loading_idx').on(t.dateLoading, t.id, t.kind, t.status),
    index('transactions_unloading_idx').on(t.dateUnloading, t.id, t.kind, t.status),
    index('transactions_payment_idx').on(t.paymentDate, t.id, t.kind, t.status),
    index('transactions_invoice_number_idx').on(t.invoiceNumber, t.id, t.kind, t.status),
    index('transactions_invoice_date_idx').on(t.invoiceDate, t.id, t.kind, t.status),
    check('transactions_planned_quantity_positive', sql`planned_quantity_kg > 0`),
    check(
      'transactions_quantities_non_negative',
      sql`real_quantity_kg >= 0 and final_quantity_kg >= 0 and deductions >= 0 and surcharges >= 0`,
    ),
    enumCheck('transactions', 'kind'),
    enumCheck('transactions', 'status'),
    enumCheck('transactions', 'currency'),
    enumCheck('transactions', 'accounting_method'),
  ],
);
