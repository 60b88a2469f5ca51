import { VAT_RATE_SUBJECTS } from '@grain/shared';
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { isoTimestamp } from './columns.js';
import { enumCheck } from './enum-checks.js';
import { rawMaterialQualities, rawMaterials, users } from './schema.js';

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
