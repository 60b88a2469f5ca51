import {
  ACCOUNTING_METHODS,
  AGREEMENT_STATUSES,
  CERTIFICATE_KINDS,
  CONTRACT_STATUSES,
  CONTRACT_TYPES,
  CONTRACTOR_LABELS,
  CURRENCIES,
  EXCHANGE_RATE_CURRENCIES,
  EXCHANGE_RATE_SOURCES,
  FREIGHTS,
  GENDERS,
  KSEF_SETTINGS_ENVIRONMENTS,
  MAIL_STATUSES,
  PARAM_TYPES,
  PRICE_LIST_SOURCES,
  PRICE_LIST_SUPPLIER_KINDS,
  SAVED_VIEW_LISTS,
  SETTLEMENT_STATUSES,
  TOLERANCE_TYPES,
  TOLERANCE_UNITS,
  TRANSACTION_KINDS,
  TRANSPORT_DECISIONS,
  TRANSPORT_STATUSES,
  USER_ROLES,
  VAT_RATE_SUBJECTS,
  WEIGHBRIDGE_SIDES,
  WEIGHBRIDGE_TICKET_STATUSES,
  WEIGHING_SOURCES,
} from '@grain/shared';
import { sql } from 'drizzle-orm';
import { check } from 'drizzle-orm/pg-core';

/**
 * Every enumerated column and the shared constant it takes its values from. The schema's CHECK constraints
 * are built from this list (enumCheck) and a test compares the live database's constraints with it, so an enum
 * changed in packages/shared without a migration fails the tests instead of drifting.
 */
export const ENUM_COLUMNS = [
  { table: 'users', column: 'role', values: USER_ROLES },
  { table: 'mail_outbox', column: 'status', values: MAIL_STATUSES },
  { table: 'contractors', column: 'label', values: CONTRACTOR_LABELS, name: 'contractors_label' },
  {
    table: 'contractors',
    column: 'accounting_method',
    values: ACCOUNTING_METHODS,
    name: 'contractors_accounting_method',
  },
  { table: 'contractor_contacts', column: 'gender', values: GENDERS, name: 'contractor_contacts_gender' },
  { table: 'quality_params', column: 'type', values: PARAM_TYPES, name: 'quality_params_type' },
  { table: 'contracts', column: 'type', values: CONTRACT_TYPES },
  { table: 'contracts', column: 'status', values: CONTRACT_STATUSES },
  { table: 'contracts', column: 'agreement_status', values: AGREEMENT_STATUSES },
  { table: 'contracts', column: 'currency', values: CURRENCIES },
  { table: 'contracts', column: 'freight', values: FREIGHTS },
  { table: 'contracts', column: 'tolerance_type', values: TOLERANCE_TYPES },
  { table: 'contracts', column: 'tolerance_unit', values: TOLERANCE_UNITS },
  { table: 'transports', column: 'status', values: TRANSPORT_STATUSES },
  { table: 'transports', column: 'currency', values: CURRENCIES },
  { table: 'unloadings', column: 'decision', values: TRANSPORT_DECISIONS },
  { table: 'transactions', column: 'kind', values: TRANSACTION_KINDS },
  { table: 'transactions', column: 'status', values: SETTLEMENT_STATUSES },
  { table: 'transactions', column: 'currency', values: CURRENCIES },
  { table: 'transactions', column: 'accounting_method', values: ACCOUNTING_METHODS },
  { table: 'contractor_certificates', column: 'kind', values: CERTIFICATE_KINDS },
  { table: 'saved_views', column: 'list_key', values: SAVED_VIEW_LISTS },
  { table: 'list_page_sizes', column: 'list_key', values: SAVED_VIEW_LISTS },
  { table: 'vat_rates', column: 'subject', values: VAT_RATE_SUBJECTS },
  { table: 'exchange_rates', column: 'currency', values: EXCHANGE_RATE_CURRENCIES },
  { table: 'exchange_rates', column: 'source', values: EXCHANGE_RATE_SOURCES },
  { table: 'company_settings', column: 'ksef_environment', values: KSEF_SETTINGS_ENVIRONMENTS },
  { table: 'weighbridge_tickets', column: 'side', values: WEIGHBRIDGE_SIDES },
  { table: 'weighbridge_tickets', column: 'status', values: WEIGHBRIDGE_TICKET_STATUSES },
  { table: 'weighbridge_tickets', column: 'gross_source', values: WEIGHING_SOURCES },
  { table: 'weighbridge_tickets', column: 'tare_source', values: WEIGHING_SOURCES },
  { table: 'price_list_entries', column: 'supplier_kind', values: PRICE_LIST_SUPPLIER_KINDS },
  { table: 'price_list_entries', column: 'source', values: PRICE_LIST_SOURCES },
] as const satisfies readonly EnumColumn[];

interface EnumColumn {
  table: string;
  column: string;
  values: readonly string[];
  /** Constraints that existed before this list keep their names. */
  name?: string;
}

export function enumCheckName(entry: EnumColumn): string {
  return entry.name ?? `${entry.table}_${entry.column}_valid`;
}

/** `column in ('A', 'B')`: a null passes, as NOT NULL is the column's own business. */
export function enumCheckExpression(entry: EnumColumn): string {
  return `${entry.column} in (${entry.values.map((value) => `'${value}'`).join(', ')})`;
}

/** The drizzle CHECK of one enumerated column, for the table definitions in db/schema/. */
export function enumCheck(table: string, column: string) {
  const entry: EnumColumn | undefined = ENUM_COLUMNS.find((e) => e.table === table && e.column === column);
  if (!entry) throw new Error(`${table}.${column} is not in ENUM_COLUMNS`);
  return check(enumCheckName(entry), sql.raw(enumCheckExpression(entry)));
}

/** The statements that add every CHECK of ENUM_COLUMNS; migration 0007 holds their output. */
export function enumCheckStatements(): string[] {
  return ENUM_COLUMNS.map(
    (entry) =>
      `ALTER TABLE "${entry.table}" ADD CONSTRAINT "${enumCheckName(entry)}" CHECK (${enumCheckExpression(entry)});`,
  );
}
