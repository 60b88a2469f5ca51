import type { ContractStatus } from '@grain/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { lockRowsInIdOrder } from './locks.js';

/**
 * Values copied from contractors and contracts onto the rows that list, sort and search by them (a contract's
 * counterparty code and name; an allocation's and a transport's contract numbers and counterparty codes; an
 * allocation's contract statuses; a transport's carrier name; a transaction's contractor, contract numbers and vehicle numbers). A copy is written
 * by the statement that sets its foreign key, read from the source in that statement, and rewritten in the
 * transaction that changes the source (refreshContractorCopies, refreshContractCopies). The lists then sort and
 * page one table by its own indexes instead of joining a million rows first.
 */

type Id = number | SQL;

export const contractorCodeOf = (contractorId: Id) =>
  sql<string>`(select code from contractors where id = ${contractorId})`;
export const contractorNameOf = (contractorId: Id) =>
  sql<string | null>`(select name from contractors where id = ${contractorId})`;
export const documentNumberOf = (contractId: Id) =>
  sql<string>`(select document_number from contracts where id = ${contractId})`;
/** The contract's own copy of its counterparty's code (kept right before anything copies it further). */
const counterpartyCodeOf = (contractId: Id) =>
  sql<string>`(select counterparty_code from contracts where id = ${contractId})`;

/** A contract's counterparty copies, for its insert or a change of counterparty. */
export function contractCopies(counterpartyId: Id) {
  return { counterpartyCode: contractorCodeOf(counterpartyId), counterpartyName: contractorNameOf(counterpartyId) };
}

/** Both contracts' numbers and counterparty codes: what an allocation and a transport copy of their pair. */
export function pairCopies(purchaseId: Id, salesId: Id) {
  return {
    purchaseDocumentNumber: documentNumberOf(purchaseId),
    salesDocumentNumber: documentNumberOf(salesId),
    supplierCode: counterpartyCodeOf(purchaseId),
    recipientCode: counterpartyCodeOf(salesId),
  };
}

const contractStatusOf = (contractId: Id) =>
  sql<ContractStatus>`(select status from contracts where id = ${contractId})`;

/**
 * Both contracts' statuses, what an allocation copies besides pairCopies (the allocations page filters by them).
 * A status change rewrites them by the trigger of migration 0014_list_speed, in the statement that changes it.
 */
export function pairStatusCopies(purchaseId: Id, salesId: Id) {
  return { purchaseStatus: contractStatusOf(purchaseId), salesStatus: contractStatusOf(salesId) };
}

/** A new transport's copies: its pair's and its carrier's. */
export function transportCopies(row: { purchaseId: Id; salesId: Id; carrierId: Id }) {
  return { ...pairCopies(row.purchaseId, row.salesId), carrierName: contractorNameOf(row.carrierId) };
}

/** The sales side of a pair alone (a transport redirected to another sale). */
export function salesSideCopies(salesId: Id) {
  return { salesDocumentNumber: documentNumberOf(salesId), recipientCode: counterpartyCodeOf(salesId) };
}

const transportColumnOf = (transportId: Id, column: string) =>
  sql<string | null>`(select ${sql.identifier(column)} from transports where id = ${transportId})`;

/**
 * A statement row's copies. Its own side's number is its contract's (a moved row keeps the new one); the other
 * side, and both sides of a TRANSPORT row, are the transport's pair (as settlements/queries/statement.ts reads them).
 */
export function transactionCopies(row: {
  kind: 'PURCHASE' | 'SALES' | 'TRANSPORT';
  contractId: number | null;
  contractorId: number;
  transportId: number;
}) {
  const ownSide = (kind: 'PURCHASE' | 'SALES', column: string) =>
    row.kind === kind && row.contractId !== null
      ? documentNumberOf(row.contractId)
      : transportColumnOf(row.transportId, column);
  return {
    contractorCode: contractorCodeOf(row.contractorId),
    contractorName: contractorNameOf(row.contractorId),
    purchaseDocumentNumber: ownSide('PURCHASE', 'purchase_document_number'),
    salesDocumentNumber: ownSide('SALES', 'sales_document_number'),
    registrationNumber: transportColumnOf(row.transportId, 'registration_number'),
    trailerNumber: transportColumnOf(row.transportId, 'trailer_number'),
  };
}

/**
 * A contractor's code and name onto every copy, in the transaction of the contractor's update, which holds the
 * contractor FOR UPDATE. The copies are locked level by level in ascending id (db/locks.ts) before they are written.
 */
export async function refreshContractorCopies(tx: Db, contractorId: number): Promise<void> {
  const contractIds = await lockRowsInIdOrder(tx, 'contracts', sql`counterparty_id = ${contractorId}`);
  const ofContracts = idList(contractIds);
  const allocationIds = contractIds.length
    ? await lockRowsInIdOrder(tx, 'allocations', sql`purchase_id in ${ofContracts} or sales_id in ${ofContracts}`)
    : [];
  const transportIds = await lockRowsInIdOrder(
    tx,
    'transports',
    contractIds.length
      ? sql`carrier_id = ${contractorId} or purchase_id in ${ofContracts} or sales_id in ${ofContracts}`
      : sql`carrier_id = ${contractorId}`,
  );
  await lockRowsInIdOrder(tx, 'transactions', sql`contractor_id = ${contractorId}`);

  await tx.execute(sql`
    update contracts c set counterparty_code = k.code, counterparty_name = k.name
    from contractors k
    where k.id = ${contractorId} and c.counterparty_id = k.id
      and (c.counterparty_code, c.counterparty_name) is distinct from (k.code, k.name)`);
  // Codes of the contracts' sides follow from the contracts' copies refreshed above.
  if (contractIds.length) await refreshPairCopies(tx, ofContracts, allocationIds.length > 0);
  if (transportIds.length) {
    await tx.execute(sql`
      update transports t set carrier_name = k.name
      from contractors k
      where k.id = ${contractorId} and t.carrier_id = k.id and t.carrier_name is distinct from k.name`);
  }
  await tx.execute(sql`
    update transactions x set contractor_code = k.code, contractor_name = k.name
    from contractors k
    where k.id = ${contractorId} and x.contractor_id = k.id
      and (x.contractor_code, x.contractor_name) is distinct from (k.code, k.name)`);
}

/**
 * A contract's number and counterparty onto every copy, in the transaction of the contract's update, which holds
 * its new counterparty FOR SHARE and the contract FOR UPDATE. Allocations, transports and statement rows of the
 * contract are locked level by level in ascending id (db/locks.ts) before they are written.
 */
export async function refreshContractCopies(tx: Db, contractId: number): Promise<void> {
  await tx.execute(sql`
    update contracts c set counterparty_code = k.code, counterparty_name = k.name
    from contractors k
    where c.id = ${contractId} and k.id = c.counterparty_id
      and (c.counterparty_code, c.counterparty_name) is distinct from (k.code, k.name)`);
  const ofPair = sql`purchase_id = ${contractId} or sales_id = ${contractId}`;
  const allocationIds = await lockRowsInIdOrder(tx, 'allocations', ofPair);
  const transportIds = await lockRowsInIdOrder(tx, 'transports', ofPair);
  const ofTransports = idList(transportIds);
  await lockRowsInIdOrder(
    tx,
    'transactions',
    transportIds.length
      ? sql`contract_id = ${contractId} or transport_id in ${ofTransports}`
      : sql`contract_id = ${contractId}`,
  );
  await refreshPairCopies(tx, sql`(${contractId})`, allocationIds.length > 0, transportIds.length > 0);
  // Statement rows: their own side's contract, or (the other side, TRANSPORT rows) the transport's pair.
  for (const [kind, column] of [
    ['PURCHASE', sql`purchase_document_number`],
    ['SALES', sql`sales_document_number`],
  ] as const) {
    await tx.execute(sql`
      update transactions x set ${column} = c.document_number
      from contracts c
      where c.id = ${contractId} and x.contract_id = c.id and x.kind = ${kind}
        and x.${column} is distinct from c.document_number`);
    if (!transportIds.length) continue;
    await tx.execute(sql`
      update transactions x set ${column} = t.${column}
      from transports t
      where t.${kind === 'PURCHASE' ? sql`purchase_id` : sql`sales_id`} = ${contractId} and x.transport_id = t.id
        and x.kind <> ${kind} and x.${column} is distinct from t.${column}`);
  }
}

const idList = (ids: number[]) => (ids.length ? sql`(${sql.join(ids, sql`, `)})` : sql`(null)`);

/** Allocations, then transports, whose purchase or sale is one of `contractIds`: rows the caller has locked. */
async function refreshPairCopies(tx: Db, contractIds: SQL, hasAllocations = true, hasTransports = true) {
  const tables = [...(hasAllocations ? [sql`allocations`] : []), ...(hasTransports ? [sql`transports`] : [])];
  for (const table of tables) {
    await tx.execute(sql`
      update ${table} r set purchase_document_number = c.document_number, supplier_code = c.counterparty_code
      from contracts c
      where c.id in ${contractIds} and r.purchase_id = c.id
        and (r.purchase_document_number, r.supplier_code) is distinct from (c.document_number, c.counterparty_code)`);
    await tx.execute(sql`
      update ${table} r set sales_document_number = c.document_number, recipient_code = c.counterparty_code
      from contracts c
      where c.id in ${contractIds} and r.sales_id = c.id
        and (r.sales_document_number, r.recipient_code) is distinct from (c.document_number, c.counterparty_code)`);
  }
}
