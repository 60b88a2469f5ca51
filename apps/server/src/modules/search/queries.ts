import { SEARCH_HITS_PER_KIND } from '@grain/shared';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contractors, contracts, invoices, transports } from '../../db/schema/index.js';
import { searchTextCondition } from '../../db/search.js';

/*
 * Each query reads one table through an index: the search text by its trigram index (migrations 0002, 0026, 0030),
 * a number by its unique or primary key. None orders the trigram hits: an ORDER BY with a LIMIT lets the planner
 * walk the primary key and filter every row instead; the service orders the few hits.
 */
const LIMIT = SEARCH_HITS_PER_KIND;

const contractColumns = {
  id: contracts.id,
  type: contracts.type,
  documentNumber: contracts.documentNumber,
  counterpartyName: contracts.counterpartyName,
  status: contracts.status,
};

async function selectContracts(db: Db, where: SQL | undefined) {
  return db.select(contractColumns).from(contracts).where(where).limit(LIMIT);
}

/** Contracts whose number is the term exactly (the unique (type, number) index), then those whose text holds it. */
export async function searchContracts(db: Db, term: string) {
  const exact = await selectContracts(
    db,
    and(inArray(contracts.type, ['PURCHASE', 'SALES']), eq(contracts.documentNumber, term)),
  );
  const matching = await selectContracts(db, searchTextCondition(contracts.searchText, term));
  return { exact, matching };
}

const transportColumns = {
  id: transports.id,
  status: transports.status,
  carrierName: transports.carrierName,
  registrationNumber: transports.registrationNumber,
  purchaseDocumentNumber: transports.purchaseDocumentNumber,
  salesDocumentNumber: transports.salesDocumentNumber,
  createdAt: transports.createdAt,
};

/** One transport by its id (the primary key), or none. */
export async function transportById(db: Db, id: number) {
  return db.select(transportColumns).from(transports).where(eq(transports.id, id)).limit(1);
}

export async function searchTransports(db: Db, term: string) {
  return db
    .select(transportColumns)
    .from(transports)
    .where(searchTextCondition(transports.searchText, term))
    .limit(LIMIT);
}

export async function searchContractors(db: Db, term: string) {
  return db
    .select({
      id: contractors.id,
      code: contractors.code,
      name: contractors.name,
      nip: contractors.nip,
      city: contractors.city,
    })
    .from(contractors)
    .where(searchTextCondition(contractors.searchText, term))
    .limit(LIMIT);
}

export async function searchInvoices(db: Db, term: string) {
  return db
    .select({ id: invoices.id, number: invoices.number, buyerName: invoices.buyerName, status: invoices.status })
    .from(invoices)
    .where(searchTextCondition(invoices.searchText, term))
    .limit(LIMIT);
}
