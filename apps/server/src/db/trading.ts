import {
  ACCOUNTING_METHODS,
  AGREEMENT_STATUSES,
  CONTRACT_STATUSES,
  CONTRACT_TYPES,
  CURRENCIES,
  FREIGHTS,
  type LabResult,
  type QualityTerm,
  SETTLEMENT_STATUSES,
  type StoredQualitySettlement,
  TOLERANCE_TYPES,
  TOLERANCE_UNITS,
  TRANSACTION_KINDS,
  TRANSPORT_STATUSES,
} from '@grain/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
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
import { isoTimestamp } from './columns.js';
import { enumCheck } from './enum-checks.js';
import { contractors, countries, rawMaterialQualities, rawMaterials, users } from './schema.js';
import { searchText } from './search.js';

/**
 * The trading tables: contracts, allocations, transports, unloadings and settlement transactions.
 * Kilograms and minor units are integers (bigint read as number, safe to 2^53); dates are YYYY-MM-DD strings.
 */
const kg = (name: string) => bigint(name, { mode: 'number' });
const minor = (name: string) => bigint(name, { mode: 'number' });
const day = (name: string) => date(name, { mode: 'string' });
/** The SQL twin of `vehicleKey` (packages/shared/src/rules/transports.ts); migration 0012_vehicle_keys_saved_views writes the same. */
const vehicleKeySql = (column: string) =>
  sql.raw(`nullif(regexp_replace(upper(${column}), '[[:space:]-]', '', 'g'), '')`);
const timestamps = {
  createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
  updatedAt: isoTimestamp('updated_at').notNull().default(sql`now()`),
};

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
    // Also contracts_open_position_idx (migration 0017): the open contracts with what the positions sum, a partial
    // index with INCLUDE columns, written in SQL only.
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
    // Issue 18: allocations never pass the limit but by recorded over-deliveries, whoever writes the row.
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
    /** Issue 16: the terms deliveries of this option are settled by (rules/quality.ts). */
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
     * the row is inserted and rewritten in the transaction that changes any of them (migration 0016).
     */
    contractsSearchText: text('contracts_search_text').notNull().default(''),
    /** The page's whole search: its own copies and the contracts' (db/search.ts), migrations 0014 and 0016. */
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
    // The allocations page opens newest first (issue 13).
    index('allocations_created_at_idx').on(t.createdAt, t.id),
    check('allocations_quantity_positive', sql`quantity_kg > 0`),
    check('allocations_progress_non_negative', sql`in_delivery_kg >= 0 and delivered_kg >= 0`),
    check('allocations_not_over_in_transport', sql`in_delivery_kg + delivered_kg <= quantity_kg`),
  ],
);

/**
 * The allocations page's totals bar per pair of contract statuses (issue 15): count and kilograms of the allocations
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

/** Road transports of one allocation pair (RULES.md Transports). Real figures live on the unloading. */
export const transports = pgTable(
  'transports',
  {
    id: serial('id').primaryKey(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => contracts.id),
    salesId: integer('sales_id')
      .notNull()
      .references(() => contracts.id),
    status: varchar('status', { length: 16, enum: TRANSPORT_STATUSES }).notNull().default('NEW'),
    registrationNumber: varchar('registration_number', { length: 255 }),
    trailerNumber: varchar('trailer_number', { length: 255 }),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => contractors.id),
    /**
     * Copies of the carrier's name, both contracts' numbers and counterparty codes (db/copies.ts) and, once
     * delivered, of the unloading's date and real quantity: the logistics table sorts and searches this row alone.
     */
    carrierName: varchar('carrier_name', { length: 255 }),
    supplierCode: varchar('supplier_code', { length: 255 }).notNull(),
    recipientCode: varchar('recipient_code', { length: 255 }).notNull(),
    purchaseDocumentNumber: varchar('purchase_document_number', { length: 64 }).notNull(),
    salesDocumentNumber: varchar('sales_document_number', { length: 64 }).notNull(),
    unloadingDate: day('unloading_date'),
    realCargoQuantityKg: kg('real_cargo_quantity_kg'),
    driverName: varchar('driver_name', { length: 255 }),
    phoneNumber: varchar('phone_number', { length: 255 }),
    driverDocumentId: varchar('driver_document_id', { length: 255 }),
    cargoQuantityKg: kg('cargo_quantity_kg').notNull(),
    pricePerTon: minor('price_per_ton').notNull().default(0),
    currency: varchar('currency', { length: 3, enum: CURRENCIES }).notNull().default('PLN'),
    dateLoading: day('date_loading').notNull(),
    dateUnloading: day('date_unloading').notNull(),
    isGmp: boolean('is_gmp').notNull().default(false),
    gmpNumber: varchar('gmp_number', { length: 255 }),
    comment: text('comment'),
    confirmationNote: text('confirmation_note'),
    /** Issue 17: why the truck or driver may be on another transport at the same time. */
    doubleBookingNote: text('double_booking_note'),
    /**
     * Issue 17: the registration number and driver document as the "no truck in two places" rule compares them
     * (`vehicleKey` in packages/shared/src/rules/transports.ts: upper case, no spaces or hyphens, empty is null).
     */
    registrationKey: text('registration_key').generatedAlwaysAs(vehicleKeySql('registration_number')),
    driverDocumentKey: text('driver_document_key').generatedAlwaysAs(vehicleKeySql('driver_document_id')),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** spec/1 Logistics: carrier name, driver name, gmp number, phone number, registration and comments. */
    searchText: searchText([
      'carrier_name',
      'driver_name',
      'gmp_number',
      'phone_number',
      'registration_number',
      'comment',
    ]),
    ...timestamps,
  },
  (t) => [
    index('transports_pair_idx').on(t.purchaseId, t.salesId, t.status),
    index('transports_sales_idx').on(t.salesId, t.status),
    index('transports_carrier_idx').on(t.carrierId),
    // The logistics tabs by id: DELIVERED from (status, id), NEW + ON_THE_WAY from this partial index.
    index('transports_status_idx').on(t.status, t.id),
    index('transports_active_idx').on(t.id).where(sql`status in ('NEW', 'ON_THE_WAY')`),
    // One index per sort key of the logistics table, (key, id) as the ORDER BY; status last so that a tab's
    // page is read from the index alone.
    index('transports_loading_idx').on(t.dateLoading, t.id, t.status),
    index('transports_unloading_idx').on(t.dateUnloading, t.id, t.status),
    index('transports_unloading_date_idx').on(t.unloadingDate, t.id, t.status),
    index('transports_quantity_idx').on(t.cargoQuantityKg, t.id, t.status),
    index('transports_real_quantity_idx').on(t.realCargoQuantityKg, t.id, t.status),
    index('transports_price_idx').on(t.pricePerTon, t.id, t.status),
    index('transports_carrier_name_idx').on(t.carrierName, t.id, t.status),
    index('transports_registration_idx').on(t.registrationNumber, t.id, t.status),
    index('transports_purchase_document_number_idx').on(t.purchaseDocumentNumber, t.id, t.status),
    index('transports_sales_document_number_idx').on(t.salesDocumentNumber, t.id, t.status),
    index('transports_supplier_code_idx').on(t.supplierCode, t.id, t.status),
    index('transports_recipient_code_idx').on(t.recipientCode, t.id, t.status),
    // Issue 17: the other active transports of one truck or driver.
    index('transports_active_registration_key_idx').on(t.registrationKey).where(sql`status in ('NEW', 'ON_THE_WAY')`),
    index('transports_active_driver_document_key_idx')
      .on(t.driverDocumentKey)
      .where(sql`status in ('NEW', 'ON_THE_WAY')`),
    check('transports_quantity_positive', sql`cargo_quantity_kg > 0`),
    check('transports_real_quantity_non_negative', sql`real_cargo_quantity_kg >= 0`),
    enumCheck('transports', 'status'),
    enumCheck('transports', 'currency'),
    check('transports_price_non_negative', sql`price_per_ton >= 0`),
    check('transports_dates_order', sql`date_unloading >= date_loading`),
  ],
);

/** Created once per transport when it is delivered, with its three transactions (RULES.md Transports). */
export const unloadings = pgTable(
  'unloadings',
  {
    id: serial('id').primaryKey(),
    transportId: integer('transport_id')
      .notNull()
      .references(() => transports.id),
    unloadingDate: day('unloading_date').notNull(),
    realCargoQuantityKg: kg('real_cargo_quantity_kg').notNull(),
    realCargoPrice: minor('real_cargo_price').notNull(),
    realCargoQualityId: integer('real_cargo_quality_id').references(() => rawMaterialQualities.id),
    /**
     * RULES.md Invoices, VAT and KSeF: each side's free deduction as entered, in minor units of that side's currency
     * (purchase contract, sales contract, transport); never copied to another side (migration 0015).
     */
    purchaseDeductions: minor('purchase_deductions'),
    salesDeductions: minor('sales_deductions'),
    transportDeductions: minor('transport_deductions'),
    details: text('details'),
    /** RULES.md Transports, Delivered: why the delivery passed a contract's upper tolerance limit. */
    overDeliveryNote: text('over_delivery_note'),
    /** Kilograms by which this delivery's allocation growth passed each contract's upper tolerance limit. */
    purchaseOverDeliveredKg: kg('purchase_over_delivered_kg').notNull().default(0),
    salesOverDeliveredKg: kg('sales_over_delivered_kg').notNull().default(0),
    /** Issue 16: the lab results entered at the scale; null when none were. */
    labResults: jsonb('lab_results').$type<LabResult[]>(),
    /** Issue 16: a lab result beyond a rejection limit of either side's terms ("do decyzji"). */
    isToDecide: boolean('is_to_decide').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('unloadings_transport_key').on(t.transportId),
    check(
      'unloadings_figures_non_negative',
      sql`real_cargo_quantity_kg >= 0 and real_cargo_price >= 0 and purchase_deductions >= 0
        and sales_deductions >= 0 and transport_deductions >= 0`,
    ),
    check(
      'unloadings_over_delivered_non_negative',
      sql`purchase_over_delivered_kg >= 0 and sales_over_delivered_kg >= 0`,
    ),
  ],
);

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
    /** Issue 16: the lines a delivery with lab results computed from this row's contract terms, stored as used. */
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
    // The statement's type filter (one kind or one status) by id.
    index('transactions_kind_idx').on(t.kind, t.id),
    index('transactions_status_idx').on(t.status, t.id),
    // The "to settlement" tab in id order (a page and a search's capped count walk only unsettled rows; migration 0014).
    index('transactions_to_settle_idx').on(t.id).where(sql`status = 'TO_SETTLEMENT'`),
    // One index per sort key, (key, id) as the ORDER BY; kind and status last so a filtered page reads the index alone.
    index('transactions_transport_idx').on(t.transportId, t.id, t.kind, t.status),
    index('transactions_contractor_code_idx').on(t.contractorCode, t.id, t.kind, t.status),
    index('transactions_registration_idx').on(t.registrationNumber, t.id, t.kind, t.status),
    index('transactions_trailer_idx').on(t.trailerNumber, t.id, t.kind, t.status),
    index('transactions_loading_idx').on(t.dateLoading, t.id, t.kind, t.status),
    index('transactions_unloading_idx').on(t.dateUnloading, t.id, t.kind, t.status),
    index('transactions_payment_idx').on(t.paymentDate, t.id, t.kind, t.status),
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
