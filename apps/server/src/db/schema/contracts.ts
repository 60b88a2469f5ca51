import {
  AGREEMENT_STATUSES,
  CONTRACT_STATUSES,
  CONTRACT_TYPES,
  CURRENCIES,
  FREIGHTS,
  type QualityTerm,
  TOLERANCE_TYPES,
  TOLERANCE_UNITS,
} from '@grain/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { day, kg, minor, searchText, timestamps } from '../columns.js';
import { enumCheck } from '../enum-checks.js';
import { contractors } from './contractors.js';
import { countries, rawMaterialQualities, rawMaterials } from './reference-data.js';
import { users } from './users.js';

/**
 * Purchase (counterparty = supplier) and sales (counterparty = recipient) contracts in one table.
 * allocated/inDelivery/delivered are kept up to date by the allocation and transport services in the same
 * transaction that changes them, with the contract row locked (RULES.md Contracts: derived values).
 */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 8, enum: CONTRACT_TYPES }).notNull(),
    documentNumber: varchar('document_number', { length: 64 }).notNull(),
    status: varchar('status', {
      length: 16,
      enum: CONTRACT_STATUSES,
    })
      .notNull()
      .default('NEW'),
    agreementStatus: varchar('agreement_status', { length: 8, enum: AGREEMENT_STATUSES }).notNull().default('EMPTY'),
    counterpartyId: integer('counterparty_id')
      .notNull()
      .references(() => contractors.id),
    /** Copies of the counterparty's code and name (db/copies.ts), so the list sorts and searches one table. */
    counterpartyCode: varchar('counterparty_code', { length: 255 }).notNull(),
    counterpartyName: varchar('counterparty_name', { length: 255 }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currency: varchar('currency', { length: 3, enum: CURRENCIES }).notNull().default('PLN'),
    freight: varchar('freight', { length: 3, enum: FREIGHTS }).notNull(),
    isFor: boolean('is_for').notNull().default(false),
    isCert: boolean('is_cert').notNull().default(false),
    isGmp: boolean('is_gmp').notNull().default(false),
    countyCode: varchar('county_code', { length: 255 }),
    dateOfReceiptFrom: day('date_of_receipt_from').notNull(),
    dateOfReceiptTo: day('date_of_receipt_to').notNull(),
    street: varchar('street', { length: 255 }),
    buildingNumber: varchar('building_number', { length: 255 }),
    postCode: varchar('post_code', { length: 255 }),
    city: varchar('city', { length: 255 }),
    countryCode: varchar('country_code', { length: 2 })
      .notNull()
      .default('PL')
      .references(() => countries.code),
    rawMaterialId: integer('raw_material_id')
      .notNull()
      .references(() => rawMaterials.id),
    /** The main price option's quality and price, copied here so lists sort and filter on plain columns. */
    rawMaterialQualityId: integer('raw_material_quality_id')
      .notNull()
      .references(() => rawMaterialQualities.id),
    price: minor('price').notNull(),
    cargoQuantityKg: kg('cargo_quantity_kg').notNull(),
    minPrice: minor('min_price'),
    isTolerance: boolean('is_tolerance').notNull().default(false),
    toleranceType: varchar('tolerance_type', { length: 8, enum: TOLERANCE_TYPES }),
    /** Kilograms when the unit is T; hundredths of a percent when the unit is PERCENT (2.5 % = 250). */
    toleranceQuantity: bigint('tolerance_quantity', { mode: 'number' }),
    toleranceUnit: varchar('tolerance_unit', { length: 8, enum: TOLERANCE_UNITS }),
    comments: text('comments'),
    emailNotificationList: text('email_notification_list').array().notNull().default(sql`'{}'::text[]`),
    allocatedKg: kg('allocated_kg').notNull().default(0),
    inDeliveryKg: kg('in_delivery_kg').notNull().default(0),
    inDeliveryCount: integer('in_delivery_count').notNull().default(0),
    deliveredKg: kg('delivered_kg').notNull().default(0),
    /** Kilograms delivered past the upper tolerance limit with an over-delivery note (RULES.md Transports, Delivered). */
    overDeliveredKg: kg('over_delivered_kg').notNull().default(0),
    /**
     * RULES.md Contracts, Tolerance, computed by the database with the formula of toleranceUpperLimitKg
     * (packages/shared/src/rules/tolerance.ts; tolerance-limit.test.ts proves they agree).
     */
    toleranceUpperLimitKg: kg('tolerance_upper_limit_kg').generatedAlwaysAs(
      sql`case
  when is_tolerance and tolerance_unit = 'T' and tolerance_quantity is not null
    then cargo_quantity_kg + tolerance_quantity
  when is_tolerance and tolerance_unit = 'PERCENT' and tolerance_quantity is not null
    then floor(cargo_quantity_kg::numeric * (10000 + tolerance_quantity) / 10000)::bigint
  else cargo_quantity_kg end`,
    ),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** spec/1 contract lists: number, counterparty, freight address, post code and comments (db/search.ts). */
    searchText: searchText([
      'document_number',
      'counterparty_code',
      'counterparty_name',
      'street',
      'city',
      'post_code',
      'comments',
    ]),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contracts_document_number_key').on(t.type, t.documentNumber),
    index('contracts_counterparty_code_idx').on(t.type, t.counterpartyCode, t.id),
    index('contracts_list_idx').on(t.type, t.rawMaterialId, t.status, t.id),
    index('contracts_counterparty_idx').on(t.counterpartyId, t.type),
    index('contracts_user_idx').on(t.userId),
    index('contracts_receipt_from_idx').on(t.type, t.dateOfReceiptFrom, t.id),
    // Also contracts_open_position_idx (migrations 0019, 0043): the open contracts with what the positions sum and
    // their ids, a partial index with INCLUDE columns, written in SQL only.
    index('contracts_quantity_idx').on(t.type, t.cargoQuantityKg, t.id),
    index('contracts_price_idx').on(t.type, t.price, t.id),
    index('contracts_created_idx').on(t.type, t.createdAt, t.id),
    index('contracts_quality_idx').on(t.rawMaterialQualityId, t.type, t.status),
    // Sort keys and filters of the contract lists, `type` first (the lists are per kind).
    index('contracts_type_id_idx').on(t.type, t.id),
    index('contracts_receipt_to_idx').on(t.type, t.dateOfReceiptTo, t.id),
    index('contracts_status_idx').on(t.type, t.status, t.id),
    index('contracts_agreement_status_idx').on(t.type, t.agreementStatus, t.id),
    index('contracts_owner_idx').on(t.type, t.userId, t.id),
    check('contracts_quantity_positive', sql`cargo_quantity_kg > 0`),
    enumCheck('contracts', 'type'),
    enumCheck('contracts', 'status'),
    enumCheck('contracts', 'agreement_status'),
    enumCheck('contracts', 'currency'),
    enumCheck('contracts', 'freight'),
    enumCheck('contracts', 'tolerance_type'),
    enumCheck('contracts', 'tolerance_unit'),
    check('contracts_price_non_negative', sql`price >= 0`),
    check('contracts_over_delivered_non_negative', sql`over_delivered_kg >= 0`),
    // Allocations never pass the limit but by recorded over-deliveries, whoever writes the row.
    check('contracts_allocated_within_tolerance', sql`allocated_kg <= tolerance_upper_limit_kg + over_delivered_kg`),
    check('contracts_receipt_order', sql`date_of_receipt_to >= date_of_receipt_from`),
    check(
      'contracts_derived_non_negative',
      sql`allocated_kg >= 0 and in_delivery_kg >= 0 and in_delivery_count >= 0 and delivered_kg >= 0`,
    ),
  ],
);

/** One main option (required) and up to 10 additional ones (RULES.md Contracts). */
export const contractPriceOptions = pgTable(
  'contract_price_options',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    isMainOption: boolean('is_main_option').notNull().default(false),
    price: minor('price').notNull(),
    rawMaterialQualityId: integer('raw_material_quality_id')
      .notNull()
      .references(() => rawMaterialQualities.id),
    isContractualQuality: boolean('is_contractual_quality').notNull().default(false),
    contractualQuality: text('contractual_quality'),
    attachToContract: boolean('attach_to_contract').notNull().default(false),
    /** The terms deliveries of this option are settled by (rules/quality.ts). */
    qualityTerms: jsonb('quality_terms').$type<QualityTerm[]>().notNull().default([]),
  },
  (t) => [
    index('contract_price_options_contract_idx').on(t.contractId, t.id),
    uniqueIndex('contract_price_options_main_key').on(t.contractId).where(sql`is_main_option`),
  ],
);

export const contractContacts = pgTable(
  'contract_contacts',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    firstName: varchar('first_name', { length: 255 }),
    lastName: varchar('last_name', { length: 255 }),
    name: varchar('name', { length: 255 }),
    phoneNumber: varchar('phone_number', { length: 255 }),
    email: varchar('email', { length: 255 }),
  },
  (t) => [index('contract_contacts_contract_idx').on(t.contractId, t.id)],
);

/** Next document number per kind and year (ZK/2026/0001, SP/2026/0001); the row lock serialises assignment. */
export const documentNumberSequences = pgTable(
  'document_number_sequences',
  {
    type: varchar('type', { length: 8 }).notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.type, t.year] })],
);
