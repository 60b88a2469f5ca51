import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * Values copied from contractors and contracts onto the rows that list, sort and search by them (a contract's
 * counterparty code and name; an allocation's and a transport's contract numbers and counterparty codes; a
 * transport's carrier name; a transaction's contractor, contract numbers and vehicle numbers). A copy is written
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
 * side, and both sides of a TRANSPORT row, are the transport's pair (as statement-queries reads them).
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

/** A contractor's code and name onto every copy, in the transaction of the contractor's update. */
export async function refreshContractorCopies(tx: Db, contractorId: number): Promise<void> {
  await tx.execute(sql`
    update contracts c set counterparty_code = k.code, counterparty_name = k.name
    from contractors k
    where k.id = ${contractorId} and c.counterparty_id = k.id
      and (c.counterparty_code, c.counterparty_name) is distinct from (k.code, k.name)`);
  await tx.execute(sql`
    update transports t set carrier_name = k.name
    from contractors k
    where k.id = ${contractorId} and t.carrier_id = k.id and t.carrier_name is distinct from k.name`);
  await tx.execute(sql`
    update transactions x set contractor_code = k.code, contractor_name = k.name
    from contractors k
    where k.id = ${contractorId} and x.contractor_id = k.id
      and (x.contractor_code, x.contractor_name) is distinct from (k.code, k.name)`);
  // Codes of the contracts' sides follow from the contracts' copies refreshed above.
  const counterpartyContracts = sql`(select id from contracts where counterparty_id = ${contractorId})`;
  await refreshPairCopies(tx, counterpartyContracts);
}

/** A contract's number and counterparty onto every copy, in the transaction of the contract's update. */
export async function refreshContractCopies(tx: Db, contractId: number): Promise<void> {
  await tx.execute(sql`
    update contracts c set counterparty_code = k.code, counterparty_name = k.name
    from contractors k
    where c.id = ${contractId} and k.id = c.counterparty_id
      and (c.counterparty_code, c.counterparty_name) is distinct from (k.code, k.name)`);
  await refreshPairCopies(tx, sql`(${contractId})`);
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
    await tx.execute(sql`
      update transactions x set ${column} = t.${column}
      from transports t
      where t.${kind === 'PURCHASE' ? sql`purchase_id` : sql`sales_id`} = ${contractId} and x.transport_id = t.id
        and x.kind <> ${kind} and x.${column} is distinct from t.${column}`);
  }
}

/** Allocations and transports whose purchase or sale is one of `contractIds` (a subquery or a list). */
async function refreshPairCopies(tx: Db, contractIds: SQL): Promise<void> {
  for (const table of [sql`allocations`, sql`transports`]) {
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
