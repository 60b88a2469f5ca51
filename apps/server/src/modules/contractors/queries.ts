import type { AdditionalAddress, Contact, ContractorListRequest, ContractorSortKey } from '@grain/shared';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { isAnyOf } from '../../db/rows-of-ids.js';
import { contractorAddresses, contractorContacts, contractors, countries } from '../../db/schema/index.js';
import { type SortSpec, searchCondition, smallTableListPage } from '../../lib/list.js';
import { selectPlanned } from '../../lib/speed/row-mapper.js';

const contractorColumns = {
  id: contractors.id,
  code: contractors.code,
  name: contractors.name,
  nip: contractors.nip,
  pesel: contractors.pesel,
  phoneNumber: contractors.phoneNumber,
  email: contractors.email,
  label: contractors.label,
  accountingMethod: contractors.accountingMethod,
  street: contractors.street,
  buildingNumber: contractors.buildingNumber,
  postCode: contractors.postCode,
  city: contractors.city,
  countryCode: contractors.countryCode,
  invoicePaymentTermDays: contractors.invoicePaymentTermDays,
  invoiceBankAccount: contractors.invoiceBankAccount,
  bankAccount: contractors.bankAccount,
  flatRateDeclarationDate: contractors.flatRateDeclarationDate,
  isKsefRrDesignated: contractors.isKsefRrDesignated,
  createdAt: contractors.createdAt,
  updatedAt: contractors.updatedAt,
};

const addressColumns = {
  id: contractorAddresses.id,
  name: contractorAddresses.name,
  street: contractorAddresses.street,
  buildingNumber: contractorAddresses.buildingNumber,
  postCode: contractorAddresses.postCode,
  city: contractorAddresses.city,
  countryCode: contractorAddresses.countryCode,
};

const contactColumns = {
  id: contractorContacts.id,
  contractorId: contractorContacts.contractorId,
  firstName: contractorContacts.firstName,
  middleName: contractorContacts.middleName,
  lastName: contractorContacts.lastName,
  name: contractorContacts.name,
  phoneNumber: contractorContacts.phoneNumber,
  email: contractorContacts.email,
  gender: contractorContacts.gender,
};

export type ContractorRow = NonNullable<Awaited<ReturnType<typeof getContractor>>>;
export type AddressRow = Awaited<ReturnType<typeof addressesOf>>[number];
export type ContactRow = Awaited<ReturnType<typeof contactsOf>>[number];
export type ContractorValues = Omit<typeof contractors.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type AddressValues = Omit<AdditionalAddress, 'id'>;
export type ContactValues = Omit<Contact, 'id'>;

/** spec/1 Contractors: sort keys of the list, default code ascending. */
export const CONTRACTOR_SORT: SortSpec<ContractorSortKey> = {
  keys: {
    code: contractors.code,
    name: contractors.name,
    nip: contractors.nip,
    pesel: contractors.pesel,
    phone_number: contractors.phoneNumber,
    id: contractors.id,
  },
  defaultKey: 'code',
  tiebreaker: contractors.id,
};

/** spec/1 Contractors: search over code, name, nip, pesel and phone number. */
function contractorSearch(search: string | undefined): SQL | undefined {
  return searchCondition(search, [
    contractors.code,
    contractors.name,
    contractors.nip,
    contractors.pesel,
    contractors.phoneNumber,
  ]);
}

export function listContractors(db: Db, request: ContractorListRequest) {
  const where = contractorSearch(request.search);
  return smallTableListPage<ContractorRow>(db, request, CONTRACTOR_SORT, {
    table: contractors,
    columns: contractorColumns,
    where,
  });
}

export async function countContractors(db: Db): Promise<number> {
  return (await db.select({ n: count() }).from(contractors))[0]?.n ?? 0;
}

/** Options ordered by code (spec/2 Contractors: option-list is lazy, by code ascending). */
export async function contractorOptions(db: Db, search: string | undefined, limit: number, offset: number) {
  const where = contractorSearch(search);
  const [rows, countRows] = await Promise.all([
    db
      .select({ id: contractors.id, code: contractors.code, name: contractors.name })
      .from(contractors)
      .where(where)
      .orderBy(asc(contractors.code), asc(contractors.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(contractors).where(where),
  ]);
  return { rows, filtered: countRows[0]?.n ?? 0 };
}

export function contractorOptionsByIds(db: Db, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: contractors.id, code: contractors.code, name: contractors.name })
    .from(contractors)
    .where(isAnyOf(contractors.id, ids))
    .orderBy(asc(contractors.code), asc(contractors.id));
}

export async function getContractor(db: Db, id: number) {
  const [row] = await db.select(contractorColumns).from(contractors).where(eq(contractors.id, id));
  return row ?? null;
}

export async function lockContractor(db: Db, id: number) {
  const [row] = await db.select(contractorColumns).from(contractors).where(eq(contractors.id, id)).for('update');
  return row ?? null;
}

export function addressesOf(db: Db, contractorId: number) {
  return db
    .select(addressColumns)
    .from(contractorAddresses)
    .where(eq(contractorAddresses.contractorId, contractorId))
    .orderBy(asc(contractorAddresses.id));
}

/** Contacts of many contractors in one query (a list page never asks once per row). */
export function contactsOf(db: Db, contractorIds: number[]) {
  if (!contractorIds.length) return Promise.resolve([]);
  return selectPlanned(
    db
      .select(contactColumns)
      .from(contractorContacts)
      .where(isAnyOf(contractorContacts.contractorId, contractorIds))
      .orderBy(asc(contractorContacts.contractorId), asc(contractorContacts.id)),
  );
}

export async function insertContractor(db: Db, values: ContractorValues) {
  const [row] = await db.insert(contractors).values(values).returning({ id: contractors.id });
  return row!.id;
}

export async function updateContractor(db: Db, id: number, values: ContractorValues) {
  await db
    .update(contractors)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(contractors.id, id));
}

export async function deleteContractor(db: Db, id: number) {
  await db.delete(contractors).where(eq(contractors.id, id));
}

/** RULES.md Contractors: a contractor used by a contract, a transport or a settlement cannot be deleted. */
export async function isContractorInUse(db: Db, id: number): Promise<boolean> {
  const result = await db.execute(sql`select exists (select 1 from contracts where counterparty_id = ${id})
    or exists (select 1 from transports where carrier_id = ${id})
    or exists (select 1 from transactions where contractor_id = ${id}) as in_use`);
  return Boolean(rowsOf<{ in_use: boolean }>(result)[0]?.in_use);
}

export async function insertAddresses(db: Db, contractorId: number, addresses: AddressValues[]) {
  if (!addresses.length) return;
  await db.insert(contractorAddresses).values(addresses.map((address) => ({ ...address, contractorId })));
}

export async function updateAddress(db: Db, contractorId: number, id: number, values: AddressValues) {
  await db
    .update(contractorAddresses)
    .set(values)
    .where(and(eq(contractorAddresses.id, id), eq(contractorAddresses.contractorId, contractorId)));
}

export async function deleteAddresses(db: Db, contractorId: number, ids: number[]) {
  if (!ids.length) return;
  await db
    .delete(contractorAddresses)
    .where(and(eq(contractorAddresses.contractorId, contractorId), inArray(contractorAddresses.id, ids)));
}

export async function insertContacts(db: Db, contractorId: number, contacts: ContactValues[]) {
  if (!contacts.length) return;
  await db.insert(contractorContacts).values(contacts.map((contact) => ({ ...contact, contractorId })));
}

export async function updateContact(db: Db, contractorId: number, id: number, values: ContactValues) {
  await db
    .update(contractorContacts)
    .set(values)
    .where(and(eq(contractorContacts.id, id), eq(contractorContacts.contractorId, contractorId)));
}

export async function deleteContacts(db: Db, contractorId: number, ids: number[]) {
  if (!ids.length) return;
  await db
    .delete(contractorContacts)
    .where(and(eq(contractorContacts.contractorId, contractorId), inArray(contractorContacts.id, ids)));
}

/** The ids of addresses and contacts a contractor has now, to check update and delete lists against. */
export async function childIdsOf(db: Db, contractorId: number) {
  const addressRows = await db
    .select({ id: contractorAddresses.id })
    .from(contractorAddresses)
    .where(eq(contractorAddresses.contractorId, contractorId));
  const contactRows = await db
    .select({ id: contractorContacts.id })
    .from(contractorContacts)
    .where(eq(contractorContacts.contractorId, contractorId));
  return { addressIds: addressRows.map((row) => row.id), contactIds: contactRows.map((row) => row.id) };
}

/** Which of the given country codes exist in the dictionary. */
export async function knownCountryCodes(db: Db, codes: string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const rows = await db.select({ code: countries.code }).from(countries).where(inArray(countries.code, codes));
  return new Set(rows.map((row) => row.code));
}
