import { CURRENCIES, type LabResult, TRANSPORT_DECISIONS, TRANSPORT_STATUSES } from '@grain/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { day, isoTimestamp, kg, minor, searchText, timestamps } from '../columns.js';
import { enumCheck } from '../enum-checks.js';
import { activeTransportSql } from '../status-sql.js';
import { vehicleKeySql } from '../vehicle-key-sql.js';
import { contractors } from './contractors.js';
import { contracts } from './contracts.js';
import { rawMaterialQualities } from './reference-data.js';
import { users } from './users.js';

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
    /** Why the truck or driver may be on another transport at the same time. */
    doubleBookingNote: text('double_booking_note'),
    /**
     * The registration number and driver document as the "no truck in two places" rule compares them
     * (`vehicleKey` in packages/shared/src/rules/vehicle-key.ts: upper case, no spaces or hyphens, empty is null;
     * the twin `db/vehicle-key-sql.ts`, migration 0016_rules_vehicle_key).
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
    // A carrier's transports newest first: its last freight on a route (transports/queries/last-freight.ts).
    index('transports_carrier_loading_idx').on(t.carrierId, t.dateLoading, t.id),
    // The logistics tabs by id: DELIVERED from (status, id), NEW + ON_THE_WAY from this partial index.
    index('transports_status_idx').on(t.status, t.id),
    index('transports_active_idx').on(t.id).where(activeTransportSql()),
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
    // The other active transports of one truck or driver.
    index('transports_active_registration_key_idx').on(t.registrationKey).where(activeTransportSql()),
    index('transports_active_driver_document_key_idx').on(t.driverDocumentKey).where(activeTransportSql()),
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
    /** The lab results entered at the scale; null when none were. */
    labResults: jsonb('lab_results').$type<LabResult[]>(),
    /** A lab result beyond a rejection limit of either side's terms ("do decyzji"). */
    isToDecide: boolean('is_to_decide').notNull().default(false),
    /** What a person decided on a "do decyzji" unloading (shared transport-decisions.ts), by whom and when. */
    decision: varchar('decision', { length: 16, enum: TRANSPORT_DECISIONS }),
    decisionNote: text('decision_note'),
    /** ACCEPT: minor units per tonne off the flagged rows' price, added to their deductions. */
    decisionDiscountPerTon: minor('decision_discount_per_ton'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: isoTimestamp('decided_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('unloadings_transport_key').on(t.transportId),
    // The logistics "Do decyzji" filter and its count read only the unloadings waiting for a decision.
    index('unloadings_to_decide_idx').on(t.transportId).where(sql`is_to_decide`),
    enumCheck('unloadings', 'decision'),
    check('unloadings_decision_discount_non_negative', sql`decision_discount_per_ton >= 0`),
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
