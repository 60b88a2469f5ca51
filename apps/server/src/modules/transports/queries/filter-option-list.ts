import {
  contractorLabel,
  type TransportFilterOption,
  type TransportFilterOptionField,
  type TransportFilterOptionListRequest,
} from '@grain/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { contractors, contracts, rawMaterialQualities, transports } from '../../../db/schema/index.js';
import { searchCondition } from '../../../lib/list.js';

type Side = 'PURCHASE' | 'SALES';

/** Some transport carries this contract on its side: one probe of transports_pair_idx / transports_sales_idx. */
const hasTransport = (side: Side, contractId: AnyPgColumn) =>
  sql`exists (select 1 from ${transports} where ${side === 'PURCHASE' ? transports.purchaseId : transports.salesId} = ${contractId})`;

/** Some contract of the side with a transport has this counterparty (contracts_counterparty_idx, then a probe). */
const isCounterpartyOnTransports = (side: Side) =>
  sql`exists (select 1 from ${contracts} where ${contracts.counterpartyId} = ${contractors.id}
    and ${contracts.type} = ${side} and ${hasTransport(side, contracts.id)})`;

/** Ids given as text; anything that is not a 32-bit id cannot match and is left out. */
const idsOf = (values: string[]) =>
  values.filter((value) => /^[1-9][0-9]{0,8}$/.test(value)).map((value) => Number(value));

interface Page {
  limit: number;
  offset: number;
}

function contractorOptions(db: Db, present: SQL, values: string[] | undefined, search: string | undefined, page: Page) {
  const where = values
    ? and(present, inArray(contractors.code, values.length ? values : ['']))
    : and(present, searchCondition(search, [contractors.code, contractors.name]));
  return db
    .select({ code: contractors.code, name: contractors.name })
    .from(contractors)
    .where(where)
    .orderBy(asc(contractors.code))
    .limit(page.limit)
    .offset(page.offset)
    .then((rows) => rows.map((row) => ({ value: row.code, label: contractorLabel(row) })));
}

function qualityOptions(db: Db, values: string[] | undefined, search: string | undefined, page: Page) {
  const present = sql`exists (select 1 from ${contracts} where ${contracts.rawMaterialQualityId} = ${rawMaterialQualities.id}
    and ${contracts.type} = 'PURCHASE' and ${hasTransport('PURCHASE', contracts.id)})`;
  const where = values
    ? and(present, inArray(rawMaterialQualities.id, idsOf(values).length ? idsOf(values) : [0]))
    : and(present, searchCondition(search, [rawMaterialQualities.title]));
  return db
    .select({ id: rawMaterialQualities.id, title: rawMaterialQualities.title })
    .from(rawMaterialQualities)
    .where(where)
    .orderBy(asc(rawMaterialQualities.title), asc(rawMaterialQualities.id))
    .limit(page.limit)
    .offset(page.offset)
    .then((rows) => rows.map((row) => ({ value: String(row.id), label: row.title })));
}

function documentNumberOptions(
  db: Db,
  side: Side,
  values: string[] | undefined,
  search: string | undefined,
  page: Page,
) {
  const present = and(eq(contracts.type, side), hasTransport(side, contracts.id));
  const where = values
    ? and(present, inArray(contracts.id, idsOf(values).length ? idsOf(values) : [0]))
    : and(present, searchCondition(search, [contracts.documentNumber]));
  // (type, document_number) is the unique index contracts_document_number_key: the page is an index walk.
  return db
    .select({ id: contracts.id, documentNumber: contracts.documentNumber })
    .from(contracts)
    .where(where)
    .orderBy(asc(contracts.documentNumber), asc(contracts.id))
    .limit(page.limit)
    .offset(page.offset)
    .then((rows) => rows.map((row) => ({ value: String(row.id), label: row.documentNumber })));
}

function readOptions(
  db: Db,
  field: TransportFilterOptionField,
  values: string[] | undefined,
  search: string | undefined,
  page: Page,
): Promise<TransportFilterOption[]> {
  switch (field) {
    case 'suppliers':
      return contractorOptions(db, isCounterpartyOnTransports('PURCHASE'), values, search, page);
    case 'recipients':
      return contractorOptions(db, isCounterpartyOnTransports('SALES'), values, search, page);
    case 'carriers':
      return contractorOptions(
        db,
        sql`exists (select 1 from ${transports} where ${transports.carrierId} = ${contractors.id})`,
        values,
        search,
        page,
      );
    case 'qualities':
      return qualityOptions(db, values, search, page);
    case 'purchase_document_numbers':
      return documentNumberOptions(db, 'PURCHASE', values, search, page);
    case 'sales_document_numbers':
      return documentNumberOptions(db, 'SALES', values, search, page);
  }
}

/**
 * GET|POST /transport/filter-option-list: one select's options present among transports, searched and
 * paged here, so the logistics page never loads every document number. One row more than the page tells
 * whether another page follows.
 */
export async function transportFilterOptionPage(db: Db, request: TransportFilterOptionListRequest) {
  const { field, values } = request.filter;
  if (values) {
    const list = await readOptions(db, field, values, undefined, { limit: values.length || 1, offset: 0 });
    return { list, hasMore: false };
  }
  const rows = await readOptions(db, field, undefined, request.search, {
    limit: request.limit + 1,
    offset: request.offset,
  });
  return { list: rows.slice(0, request.limit), hasMore: rows.length > request.limit };
}
