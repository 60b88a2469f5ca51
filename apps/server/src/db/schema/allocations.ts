import { CONTRACT_STATUSES } from '@grain/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { kg, searchText, timestamps } from '../columns.js';
import { contracts } from './contracts.js';
import { users } from './users.js';

/** A quantity of one purchase assigned to one sale; one row per pair (RULES.md Allocations). */
export const allocations = pgTable(
  'allocations',
  {
    id: serial('id').primaryKey(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => contracts.id),
    salesId: integer('sales_id')
      .notNull()
      .references(() => contracts.id),
    /** Copies of both contracts' numbers and counterparty codes (db/copies.ts): the page's sort keys. */
    purchaseDocumentNumber: varchar('purchase_document_number', { length: 64 }).notNull(),
    salesDocumentNumber: varchar('sales_document_number', { length: 64 }).notNull(),
    supplierCode: varchar('supplier_code', { length: 255 }).notNull(),
    recipientCode: varchar('recipient_code', { length: 255 }).notNull(),
    /** Copies of both contracts' statuses (db/copies.ts; a status change rewrites them, migration 0014): the page's filter. */
    purchaseStatus: varchar('purchase_status', { length: 16, enum: CONTRACT_STATUSES }).notNull(),
    salesStatus: varchar('sales_status', { length: 16, enum: CONTRACT_STATUSES }).notNull(),
    quantityKg: kg('quantity_kg').notNull(),
    confirmationNote: text('confirmation_note'),
    inDeliveryKg: kg('in_delivery_kg').notNull().default(0),
    inDeliveryCount: integer('in_delivery_count').notNull().default(0),
    deliveredKg: kg('delivered_kg').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Copies of what the allocations page searches in the pair's contracts (spec/1 Allocations page): the purchase's
     * address, comments and quality title, the sale's address, separated as in db/search.ts. Written by a trigger when
     * the row is inserted and rewritten in the transaction that changes any of them (migration 0018).
     */
    contractsSearchText: text('contracts_search_text').notNull().default(''),
    /** The page's whole search: its own copies and the contracts' (db/search.ts), migrations 0014 and 0018. */
    searchText: searchText([
      'purchase_document_number',
      'sales_document_number',
      'supplier_code',
      'recipient_code',
      'contracts_search_text',
    ]),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('allocations_pair_key').on(t.purchaseId, t.salesId),
    index('allocations_sales_idx').on(t.salesId, t.purchaseId),
    // The allocations page sorts by the document numbers (sales first by default) and counterparty codes.
    index('allocations_sales_document_number_idx').on(t.salesDocumentNumber, t.id),
    index('allocations_purchase_document_number_idx').on(t.purchaseDocumentNumber, t.id),
    index('allocations_supplier_code_idx').on(t.supplierCode, t.id),
    index('allocations_recipient_code_idx').on(t.recipientCode, t.id),
    // The allocations page sorts by to deliver / in delivery / delivered and filters "has to deliver".
    index('allocations_to_deliver_idx').on(sql`(quantity_kg - in_delivery_kg - delivered_kg)`, t.id),
    index('allocations_in_delivery_idx').on(t.inDeliveryKg, t.id),
    index('allocations_delivered_idx').on(t.deliveredKg, t.id),
    // The allocations page opens newest first (spec 2, allocations list). Also allocations_open_created_idx and
    // allocations_open_search_idx (migration 0044): the same walk and the trigram search over the open book alone.
    index('allocations_created_at_idx').on(t.createdAt, t.id),
    check('allocations_quantity_positive', sql`quantity_kg > 0`),
    check('allocations_progress_non_negative', sql`in_delivery_kg >= 0 and delivered_kg >= 0`),
    check('allocations_not_over_in_transport', sql`in_delivery_kg + delivered_kg <= quantity_kg`),
  ],
);

/**
 * The allocations page's totals bar per pair of contract statuses: count and kilograms of the allocations
 * with these status copies, kept by statement triggers on allocations in the transaction of every write (migration
 * 0014_list_speed), so the page's default totals are a sum of a few rows instead of an aggregate over every
 * allocation.
 */
export const allocationTotals = pgTable(
  'allocation_totals',
  {
    purchaseStatus: varchar('purchase_status', { length: 16, enum: CONTRACT_STATUSES }).notNull(),
    salesStatus: varchar('sales_status', { length: 16, enum: CONTRACT_STATUSES }).notNull(),
    allocationCount: bigint('allocation_count', { mode: 'number' }).notNull(),
    quantityKg: kg('quantity_kg').notNull(),
    inDeliveryKg: kg('in_delivery_kg').notNull(),
    inDeliveryCount: bigint('in_delivery_count', { mode: 'number' }).notNull(),
    deliveredKg: kg('delivered_kg').notNull(),
  },
  (t) => [primaryKey({ columns: [t.purchaseStatus, t.salesStatus] })],
);
