import { ACCOUNTING_METHODS, CONTRACTOR_LABELS, GENDERS } from '@grain/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { searchText, timestamps } from '../columns.js';
import { enumCheck } from '../enum-checks.js';
import { countries } from './reference-data.js';

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
    // RULES.md Invoices, VAT and KSeF: this contractor's own payment term and bank account on its invoices; null
    // takes the company settings'.
    invoicePaymentTermDays: integer('invoice_payment_term_days'),
    invoiceBankAccount: varchar('invoice_bank_account', { length: 64 }),
    // RULES.md Invoices, VAT and KSeF, VAT RR: a flat-rate farmer's account (26 NRB digits, IBAN-checked), the date
    // of his declaration of being a flat-rate farmer, and whether he designated us in KSeF to issue his RR invoices.
    bankAccount: varchar('bank_account', { length: 26 }),
    flatRateDeclarationDate: date('flat_rate_declaration_date', { mode: 'string' }),
    isKsefRrDesignated: boolean('is_ksef_rr_designated').notNull().default(false),
    /** The command palette's search (GET /search): code, name, NIP, PESEL and city, served by a trigram index. */
    searchText: searchText(['code', 'name', 'nip', 'pesel', 'city']),
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
    check(
      'contractors_invoice_payment_term_days_valid',
      sql`invoice_payment_term_days is null or invoice_payment_term_days between 0 and 365`,
    ),
    check('contractors_bank_account_format', sql`bank_account ~ '^[0-9]{26}$'`),
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
