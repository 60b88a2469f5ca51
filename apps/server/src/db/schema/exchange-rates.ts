import { EXCHANGE_RATE_CURRENCIES, EXCHANGE_RATE_SOURCES } from '@grain/shared';
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { isoTimestamp } from '../columns.js';
import { enumCheck } from '../enum-checks.js';
import { users } from './users.js';

/**
 * NBP mid rates (table A) that convert a foreign-currency invoice's VAT to PLN (RULES.md Invoices, VAT and KSeF).
 * One rate per currency and day, never overwritten: an invoice stores the rate it used, and a later different value
 * for the same day is refused, not applied.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    currency: varchar('currency', { length: 3, enum: EXCHANGE_RATE_CURRENCIES }).notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    /** × 10 000 (units.ts RATE_SCALE). */
    rate: integer('rate').notNull(),
    tableNumber: varchar('table_number', { length: 32 }),
    source: varchar('source', { length: 8, enum: EXCHANGE_RATE_SOURCES }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('exchange_rates_currency_date_key').on(t.currency, t.effectiveDate),
    enumCheck('exchange_rates', 'currency'),
    enumCheck('exchange_rates', 'source'),
    check('exchange_rates_rate_positive', sql`rate > 0`),
  ],
);
