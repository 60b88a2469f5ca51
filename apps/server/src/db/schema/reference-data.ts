import { PARAM_TYPES } from '@grain/shared';
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { enumCheck } from '../enum-checks.js';

export const countries = pgTable('countries', {
  code: varchar('code', { length: 2 }).primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
});

/** Reference data seeded with fixed ids (RULES.md: Pszenica = 1); `name` is the key, `translatePl` is shown. */
export const rawMaterials = pgTable(
  'raw_materials',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    translatePl: varchar('translate_pl', { length: 255 }).notNull(),
    /** RULES.md Invoices, VAT and KSeF: the CN code printed on the invoice line (FA(3) CN). */
    cnCode: varchar('cn_code', { length: 10 }),
    /**
     * CONTRIBUTING.md Weighbridge: how far the unloading ticket's net weight may differ from the loading one's before
     * the transport is flagged, in basis points of the loaded net weight (cargo params).
     */
    transitToleranceBp: integer('transit_tolerance_bp').notNull().default(30),
  },
  (t) => [uniqueIndex('raw_materials_name_key').on(t.name)],
);

/** Qualities of a raw material; `isVariant` marks the ones added through create-variant. */
export const rawMaterialQualities = pgTable(
  'raw_material_qualities',
  {
    id: serial('id').primaryKey(),
    rawMaterialId: integer('raw_material_id')
      .notNull()
      .references(() => rawMaterials.id),
    title: varchar('title', { length: 255 }).notNull(),
    isVariant: boolean('is_variant').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('raw_material_qualities_title_key').on(t.rawMaterialId, sql`lower(title)`)],
);

/** Parameters of a quality: the value is JSON so that it keeps its type (boolean, number or string). */
export const qualityParams = pgTable(
  'quality_params',
  {
    id: serial('id').primaryKey(),
    qualityId: integer('quality_id')
      .notNull()
      .references(() => rawMaterialQualities.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    type: varchar('type', { length: 8, enum: PARAM_TYPES }).notNull(),
    unit: varchar('unit', { length: 255 }),
    value: jsonb('value').$type<boolean | number | string | null>(),
  },
  (t) => [
    uniqueIndex('quality_params_name_key').on(t.qualityId, sql`lower(name)`),
    enumCheck('quality_params', 'type'),
  ],
);
