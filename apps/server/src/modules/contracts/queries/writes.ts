import { ACTIVE_TRANSPORT_STATUSES, type ContractType } from '@grain/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../../db/client.js';
import { contractCopies } from '../../../db/copies.js';
import { type LockedContract, lockContract } from '../../../db/locks.js';
import {
  allocations,
  contractContacts,
  contractors,
  contractPriceOptions,
  contracts,
  countries,
  documentNumberSequences,
  rawMaterials,
  transports,
  users,
} from '../../../db/schema/index.js';

export type ContractValues = Omit<
  typeof contracts.$inferInsert,
  | 'id'
  | 'type'
  | 'status'
  | 'agreementStatus'
  | 'allocatedKg'
  | 'inDeliveryKg'
  | 'inDeliveryCount'
  | 'deliveredKg'
  | 'createdBy'
  | 'createdAt'
  | 'updatedAt'
  | 'counterpartyCode'
  | 'counterpartyName'
  | 'searchText'
>;
export type PriceOptionValues = Omit<typeof contractPriceOptions.$inferInsert, 'id' | 'contractId'>;
export type ContactValues = Omit<typeof contractContacts.$inferInsert, 'id' | 'contractId'>;

/** The contract row of one kind, locked until the transaction ends (db/locks.ts); null for another kind. */
export async function lockContractOfKind(db: Db, type: ContractType, id: number): Promise<LockedContract | null> {
  const row = await lockContract(db, id);
  return row?.type === type ? row : null;
}
export type { LockedContract };

export async function insertContract(
  db: Db,
  values: ContractValues & Pick<typeof contracts.$inferInsert, 'type' | 'status' | 'agreementStatus' | 'createdBy'>,
) {
  const [row] = await db
    .insert(contracts)
    .values({ ...values, ...contractCopies(values.counterpartyId) })
    .returning({ id: contracts.id });
  return row!.id;
}

/** A changed counterparty rewrites the contract's copies in the same statement (db/copies.ts). */
export async function updateContract(
  db: Db,
  id: number,
  values: Partial<ContractValues & typeof contracts.$inferInsert>,
) {
  await db
    .update(contracts)
    .set({
      ...values,
      ...(values.counterpartyId === undefined ? {} : contractCopies(values.counterpartyId)),
      updatedAt: sql`now()`,
    })
    .where(eq(contracts.id, id));
}

/** Price options and contacts go with the contract (ON DELETE CASCADE). */
export async function deleteContract(db: Db, id: number) {
  await db.delete(contracts).where(eq(contracts.id, id));
}

/**
 * RULES.md Contracts: the next number of the kind and year. The upsert locks the sequence row, so concurrent
 * creates get different numbers; a number already given by hand is skipped.
 */
export async function nextDocumentNumber(
  db: Db,
  type: ContractType,
  year: number,
  format: (sequence: number) => string,
): Promise<string> {
  for (;;) {
    const [row] = await db
      .insert(documentNumberSequences)
      .values({ type, year, lastNumber: 1 })
      .onConflictDoUpdate({
        target: [documentNumberSequences.type, documentNumberSequences.year],
        set: { lastNumber: sql`${documentNumberSequences.lastNumber} + 1` },
      })
      .returning({ lastNumber: documentNumberSequences.lastNumber });
    const candidate = format(row!.lastNumber);
    if (!(await isDocumentNumberTaken(db, type, candidate))) return candidate;
  }
}

async function isDocumentNumberTaken(db: Db, type: ContractType, documentNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.type, type), eq(contracts.documentNumber, documentNumber)));
  return Boolean(row);
}

export async function insertPriceOptions(db: Db, contractId: number, options: PriceOptionValues[]) {
  if (!options.length) return;
  await db.insert(contractPriceOptions).values(options.map((option) => ({ ...option, contractId })));
}

export async function updateMainPriceOption(db: Db, contractId: number, values: PriceOptionValues) {
  await db
    .update(contractPriceOptions)
    .set(values)
    .where(and(eq(contractPriceOptions.contractId, contractId), eq(contractPriceOptions.isMainOption, true)));
}

export async function updatePriceOption(db: Db, contractId: number, id: number, values: PriceOptionValues) {
  await db
    .update(contractPriceOptions)
    .set(values)
    .where(and(eq(contractPriceOptions.id, id), eq(contractPriceOptions.contractId, contractId)));
}

export async function deletePriceOptions(db: Db, contractId: number, ids: number[]) {
  if (!ids.length) return;
  await db
    .delete(contractPriceOptions)
    .where(and(eq(contractPriceOptions.contractId, contractId), inArray(contractPriceOptions.id, ids)));
}

export async function insertContacts(db: Db, contractId: number, contacts: ContactValues[]) {
  if (!contacts.length) return;
  await db.insert(contractContacts).values(contacts.map((contact) => ({ ...contact, contractId })));
}

export async function updateContact(db: Db, contractId: number, id: number, values: ContactValues) {
  await db
    .update(contractContacts)
    .set(values)
    .where(and(eq(contractContacts.id, id), eq(contractContacts.contractId, contractId)));
}

export async function deleteContacts(db: Db, contractId: number, ids: number[]) {
  if (!ids.length) return;
  await db
    .delete(contractContacts)
    .where(and(eq(contractContacts.contractId, contractId), inArray(contractContacts.id, ids)));
}

/** Ids of the additional options and contacts the contract has now, to check update and delete lists against. */
export async function childIdsOf(db: Db, contractId: number) {
  const optionRows = await db
    .select({ id: contractPriceOptions.id })
    .from(contractPriceOptions)
    .where(and(eq(contractPriceOptions.contractId, contractId), eq(contractPriceOptions.isMainOption, false)));
  const contactRows = await db
    .select({ id: contractContacts.id })
    .from(contractContacts)
    .where(eq(contractContacts.contractId, contractId));
  return { optionIds: optionRows.map((row) => row.id), contactIds: contactRows.map((row) => row.id) };
}

/** RULES.md Contracts: canDelete needs no allocation and no transport on the contract's side. */
export async function usageOf(db: Db, type: ContractType, id: number) {
  const allocationSide = type === 'PURCHASE' ? allocations.purchaseId : allocations.salesId;
  const transportSide = type === 'PURCHASE' ? transports.purchaseId : transports.salesId;
  const result = await db.execute(sql`select
    exists (select 1 from ${allocations} where ${allocationSide} = ${id}) as has_allocation,
    exists (select 1 from ${transports} where ${transportSide} = ${id}) as has_transport`);
  const row = rowsOf<{ has_allocation: boolean; has_transport: boolean }>(result)[0];
  return { hasAllocation: Boolean(row?.has_allocation), hasTransport: Boolean(row?.has_transport) };
}

/** RULES.md Contracts: a transport NEW or ON_THE_WAY blocks CANCELLED and CLOSED. */
export async function hasActiveTransport(db: Db, type: ContractType, id: number): Promise<boolean> {
  const side = type === 'PURCHASE' ? transports.purchaseId : transports.salesId;
  const [row] = await db
    .select({ id: transports.id })
    .from(transports)
    .where(and(eq(side, id), inArray(transports.status, [...ACTIVE_TRANSPORT_STATUSES])))
    .limit(1);
  return Boolean(row);
}

/** The contractor's code, or null when there is no such contractor. */
export async function contractorCodeOf(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select({ code: contractors.code }).from(contractors).where(eq(contractors.id, id));
  return row?.code ?? null;
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return Boolean(row);
}

export async function rawMaterialExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: rawMaterials.id }).from(rawMaterials).where(eq(rawMaterials.id, id));
  return Boolean(row);
}

export async function countryExists(db: Db, code: string): Promise<boolean> {
  const [row] = await db.select({ code: countries.code }).from(countries).where(eq(countries.code, code));
  return Boolean(row);
}
