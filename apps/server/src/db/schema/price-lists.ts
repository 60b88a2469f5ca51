import { PRICE_LIST_SOURCES, PRICE_LIST_SUPPLIER_KINDS } from '@grain/shared';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { isoTimestamp } from '../columns.js';
import { enumCheck } from '../enum-checks.js';
import { contracts } from './contracts.js';
import { rawMaterialQualities } from './reference-data.js';
import { users } from './users.js';

/**
 * The purchase price list (CONTRIBUTING.md Price lists): a PLN net price per tonne for one quality, supplier kind and
 * payment term over valid_from..valid_to. Rows are only inserted, never updated or deleted; days of one key never
 * overlap (checked under an advisory lock per key, price-lists/service.ts).
 */
export const priceListEntries = pgTable(
  'price_list_entries',
  {
    id: serial('id').primaryKey(),
    rawMaterialQualityId: integer('raw_material_quality_id')
      .notNull()
      .references(() => rawMaterialQualities.id),
    supplierKind: varchar('supplier_kind', { length: 8, enum: PRICE_LIST_SUPPLIER_KINDS }).notNull(),
    paymentTermDays: integer('payment_term_days').notNull(),
    /** Grosze per tonne. */
    price: integer('price').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    source: varchar('source', { length: 8, enum: PRICE_LIST_SOURCES }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    index('price_list_entries_key_idx').on(t.rawMaterialQualityId, t.supplierKind, t.paymentTermDays, t.validFrom),
    index('price_list_entries_days_idx').on(t.validFrom, t.validTo),
    enumCheck('price_list_entries', 'supplier_kind'),
    enumCheck('price_list_entries', 'source'),
    check('price_list_entries_price_positive', sql`price > 0`),
    check('price_list_entries_days_in_order', sql`valid_to >= valid_from`),
    check('price_list_entries_payment_term_valid', sql`payment_term_days between 0 and 365`),
  ],
);

/** A purchase contract priced away from the day's list beyond the company's limit, with the note that explains it. */
export const priceListDeviations = pgTable('price_list_deviations', {
  id: serial('id').primaryKey(),
  contractId: integer('contract_id')
    .notNull()
    .references(() => contracts.id, { onDelete: 'cascade' }),
  priceListEntryId: integer('price_list_entry_id')
    .notNull()
    .references(() => priceListEntries.id),
  listPrice: integer('list_price').notNull(),
  price: integer('price').notNull(),
  note: text('note').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
});
