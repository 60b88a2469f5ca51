import { ACCOUNTING_METHODS, CONTRACTOR_LABELS, GENDERS, MAIL_STATUSES, PARAM_TYPES, USER_ROLES } from '@grain/shared';
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
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { isoTimestamp } from './columns.js';
import { enumCheck } from './enum-checks.js';

export { isoTimestamp };

const timestamps = {
  createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
  updatedAt: isoTimestamp('updated_at').notNull().default(sql`now()`),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 255 }).notNull(),
    firstName: varchar('first_name', { length: 255 }).notNull(),
    lastName: varchar('last_name', { length: 255 }).notNull(),
    role: varchar('role', { length: 16, enum: USER_ROLES }).notNull().default('USER'),
    active: boolean('active').notNull().default(true),
    passwordHash: text('password_hash').notNull(),
    passwordExpired: boolean('password_expired').notNull().default(true),
    isNotifyOnPurchase: boolean('is_notify_on_purchase').notNull().default(false),
    isNotifyOnSales: boolean('is_notify_on_sales').notNull().default(false),
    /** Issue 17: the daily list of certificates expiring within 30 days. */
    isNotifyOnCertificates: boolean('is_notify_on_certificates').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_first_name_idx').on(t.firstName, t.id),
    index('users_last_name_idx').on(t.lastName, t.id),
    index('users_role_idx').on(t.role, t.id),
    enumCheck('users', 'role'),
  ],
);

/** Refresh tokens are random; only their SHA-256 is stored. A family is one login's chain of rotations. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    familyId: varchar('family_id', { length: 36 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
);

export const countries = pgTable('countries', {
  code: varchar('code', { length: 2 }).primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
});

export interface StoredAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** Mail is written here in the transaction of the change that causes it, and sent by the outbox worker. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    recipients: text('recipients').array().notNull(),
    subject: varchar('subject', { length: 500 }).notNull(),
    body: text('body').notNull(),
    status: varchar('status', { length: 16, enum: MAIL_STATUSES }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Files sent with the message (issue 17: the transport order PDF), content base64-encoded. */
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_pending_idx').on(t.nextAttemptAt).where(sql`status = 'PENDING'`),
    enumCheck('mail_outbox', 'status'),
  ],
);

/** Append-only history of every change: who, when, which entity, what changed. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    entity: varchar('entity', { length: 64 }).notNull(),
    entityId: integer('entity_id').notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    changes: jsonb('changes').notNull().default({}),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.id)],
);

/**
 * Exact row counts of the big tables per group (a status, a kind), kept by statement triggers in the transaction of
 * every insert, update, delete and truncate (migration row_counts), so that a list's `total` and a tab's `filtered`
 * are a lookup instead of a count over a million rows. Read through db/row-counts.ts.
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    tableName: varchar('table_name', { length: 64 }).notNull(),
    rowGroup: varchar('row_group', { length: 64 }).notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.rowGroup] })],
);

/**
 * Suppliers, recipients and carriers. RULES.md Contractors and cargo: code unique, NIP and PESEL unique when given.
 * Code and name are copied onto contracts, allocations, transports and transactions (db/copies.ts).
 */
export const contractors = pgTable(
  'contractors',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }),
    nip: varchar('nip', { length: 10 }),
    pesel: varchar('pesel', { length: 11 }),
    phoneNumber: varchar('phone_number', { length: 255 }),
    email: varchar('email', { length: 255 }),
    label: varchar('label', { length: 8, enum: CONTRACTOR_LABELS }),
    accountingMethod: varchar('accounting_method', { length: 8, enum: ACCOUNTING_METHODS }),
    street: varchar('street', { length: 255 }),
    buildingNumber: varchar('building_number', { length: 255 }),
    postCode: varchar('post_code', { length: 255 }),
    city: varchar('city', { length: 255 }),
    countryCode: varchar('country_code', { length: 2 })
      .notNull()
      .default('PL')
      .references(() => countries.code),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contractors_code_key').on(t.code),
    uniqueIndex('contractors_nip_key').on(t.nip).where(sql`nip is not null`),
    uniqueIndex('contractors_pesel_key').on(t.pesel).where(sql`pesel is not null`),
    index('contractors_name_idx').on(t.name, t.id),
    index('contractors_nip_idx').on(t.nip, t.id),
    index('contractors_pesel_idx').on(t.pesel, t.id),
    index('contractors_phone_number_idx').on(t.phoneNumber, t.id),
    check('contractors_nip_format', sql`nip ~ '^[0-9]{10}$'`),
    check('contractors_pesel_format', sql`pesel ~ '^[0-9]{11}$'`),
    check('contractors_nip_or_pesel', sql`nip is not null or pesel is not null`),
    enumCheck('contractors', 'label'),
    enumCheck('contractors', 'accounting_method'),
  ],
);

export const contractorAddresses = pgTable(
  'contractor_addresses',
  {
    id: serial('id').primaryKey(),
    contractorId: integer('contractor_id')
      .notNull()
      .references(() => contractors.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }),
    street: varchar('street', { length: 255 }),
    buildingNumber: varchar('building_number', { length: 255 }),
    postCode: varchar('post_code', { length: 255 }),
    city: varchar('city', { length: 255 }).notNull(),
    countryCode: varchar('country_code', { length: 2 })
      .notNull()
      .default('PL')
      .references(() => countries.code),
  },
  (t) => [index('contractor_addresses_contractor_idx').on(t.contractorId, t.id)],
);

export const contractorContacts = pgTable(
  'contractor_contacts',
  {
    id: serial('id').primaryKey(),
    contractorId: integer('contractor_id')
      .notNull()
      .references(() => contractors.id, { onDelete: 'cascade' }),
    firstName: varchar('first_name', { length: 255 }),
    middleName: varchar('middle_name', { length: 255 }),
    lastName: varchar('last_name', { length: 255 }),
    name: varchar('name', { length: 255 }),
    phoneNumber: varchar('phone_number', { length: 255 }),
    email: varchar('email', { length: 255 }),
    gender: varchar('gender', { length: 8, enum: GENDERS }),
  },
  (t) => [
    index('contractor_contacts_contractor_idx').on(t.contractorId, t.id),
    enumCheck('contractor_contacts', 'gender'),
  ],
);

/** Reference data seeded with fixed ids (RULES.md: Pszenica = 1); `name` is the key, `translatePl` is shown. */
export const rawMaterials = pgTable(
  'raw_materials',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    translatePl: varchar('translate_pl', { length: 255 }).notNull(),
    /** RULES.md Invoices, VAT and KSeF: the CN code printed on the invoice line (FA(3) CN). */
    cnCode: varchar('cn_code', { length: 10 }),
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

export * from './carriers.js';
export * from './invoices.js';
export * from './saved-views.js';
export * from './trading.js';
