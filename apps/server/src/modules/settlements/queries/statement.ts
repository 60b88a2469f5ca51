import {
  parseOrderBy,
  parseTransportOrderNumber,
  type TransactionListFilter,
  type TransactionListType,
  type TransactionSortKey,
} from '@grain/shared';
import { and, count, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { pageWithCountsReader } from '../../../db/page-with-counts.js';
import { countAllRows, countRowsInGroups, rowCountSql } from '../../../db/row-counts.js';
import { idIsAnyOf, rowsOfIdsReader } from '../../../db/rows-of-ids.js';
import {
  contractors,
  contracts,
  invoiceLines,
  rawMaterialQualities,
  receivedInvoiceRows,
  transactions,
  transports,
  vatRates,
} from '../../../db/schema/index.js';
import { searchTextCondition } from '../../../db/search.js';
import { AppError } from '../../../lib/errors.js';
import { type CappedCount, countUpToCap, listPage, orderByOf, type SortSpec } from '../../../lib/list.js';

/**
 * The statement rows (spec/1 Transaction statement): one select joining the contractor, the transport, both
 * contracts and the three qualities, so a page is one query whatever its size.
 */
const purchaseContract = alias(contracts, 'purchase_contract');
const salesContract = alias(contracts, 'sales_contract');
const plannedQuality = alias(rawMaterialQualities, 'planned_quality');
const realQuality = alias(rawMaterialQualities, 'real_quality');
const finalQuality = alias(rawMaterialQualities, 'final_quality');

/**
 * A row's own side is its contract (it may have been moved off the transport's pair); the other side, and both
 * sides of a TRANSPORT row, come from the transport.
 */
const purchaseIdSql = sql`(case when ${transactions.kind} = 'PURCHASE'
  then ${transactions.contractId} else ${transports.purchaseId} end)`;
const salesIdSql = sql`(case when ${transactions.kind} = 'SALES'
  then ${transactions.contractId} else ${transports.salesId} end)`;

/**
 * RULES.md Invoices, VAT and KSeF: the row's VAT rate on its tax point (the unloading date; today before one): a
 * TRANSPORT row is a service; a goods row takes the rate of its quality (final, else real, else planned) over the
 * rate of its raw material, the newest valid on that day. Null when none is set.
 */
export const vatRatePercentSql = sql<number | null>`(select ${vatRates.ratePercent} from ${vatRates}
  where ${vatRates.validFrom} <= coalesce(${transactions.dateUnloading}, current_date)
    and case when ${transactions.kind} = 'TRANSPORT' then ${vatRates.subject} = 'SERVICE'
      else ${vatRates.subject} = 'GOODS'
        and ${vatRates.rawMaterialId} = coalesce(${finalQuality.rawMaterialId}, ${realQuality.rawMaterialId}, ${plannedQuality.rawMaterialId})
        and (${vatRates.qualityId} is null
          or ${vatRates.qualityId} = coalesce(${transactions.finalQualityId}, ${transactions.realQualityId}, ${transactions.plannedQualityId}))
      end
  order by ${vatRates.qualityId} nulls last, ${vatRates.validFrom} desc
  limit 1)`.mapWith(Number);

/**
 * RULES.md Invoices, VAT and KSeF: the invoice issued here that has the row as a line, or null. Its corrections
 * name the row too (their lines keep the transaction): the first invoice, the one the row was invoiced on, is it.
 */
const invoiceIdSql = sql<number | null>`(select ${invoiceLines.invoiceId} from ${invoiceLines}
  where ${invoiceLines.transactionId} = ${transactions.id} order by ${invoiceLines.invoiceId} limit 1)`.mapWith(Number);

/**
 * RULES.md Invoices, VAT and KSeF: the received invoice whose match filled the row's invoice number (a row is on one
 * received invoice at most); a number a person typed links nowhere.
 */
const receivedInvoiceIdSql = sql<number | null>`(select ${receivedInvoiceRows.receivedInvoiceId}
  from ${receivedInvoiceRows} where ${receivedInvoiceRows.transactionId} = ${transactions.id}
  and ${receivedInvoiceRows.filledInvoiceNumber})`.mapWith(Number);

export const statementColumns = {
  id: transactions.id,
  kind: transactions.kind,
  status: transactions.status,
  contractId: transactions.contractId,
  purchaseId: purchaseContract.id,
  salesId: salesContract.id,
  purchaseDocumentNumber: purchaseContract.documentNumber,
  salesDocumentNumber: salesContract.documentNumber,
  contractorId: transactions.contractorId,
  contractorCode: contractors.code,
  contractorName: contractors.name,
  transportId: transactions.transportId,
  unloadingId: transactions.unloadingId,
  registrationNumber: transports.registrationNumber,
  trailerNumber: transports.trailerNumber,
  currency: transactions.currency,
  finalQualityId: transactions.finalQualityId,
  finalQualityTitle: finalQuality.title,
  realQualityId: transactions.realQualityId,
  realQualityTitle: realQuality.title,
  plannedQualityId: transactions.plannedQualityId,
  plannedQualityTitle: plannedQuality.title,
  finalQuantityKg: transactions.finalQuantityKg,
  realQuantityKg: transactions.realQuantityKg,
  plannedQuantityKg: transactions.plannedQuantityKg,
  finalPrice: transactions.finalPrice,
  realPrice: transactions.realPrice,
  plannedPrice: transactions.plannedPrice,
  finalValue: transactions.finalValue,
  realValue: transactions.realValue,
  plannedValue: transactions.plannedValue,
  exchangeRate: transactions.exchangeRate,
  plnValue: transactions.plnValue,
  deductions: transactions.deductions,
  surcharges: transactions.surcharges,
  qualitySettlement: transactions.qualitySettlement,
  details: transactions.details,
  dateLoading: transactions.dateLoading,
  dateUnloading: transactions.dateUnloading,
  paymentDate: transactions.paymentDate,
  invoiceNumber: transactions.invoiceNumber,
  invoiceDate: transactions.invoiceDate,
  invoiceId: invoiceIdSql,
  receivedInvoiceId: receivedInvoiceIdSql,
  accountingMethod: transactions.accountingMethod,
  splitFromId: transactions.splitFromId,
  settledAt: transactions.settledAt,
  vatRatePercent: vatRatePercentSql,
};
export type StatementDbRow = Awaited<ReturnType<ReturnType<typeof selectStatementRows>['execute']>>[number];

/**
 * spec/1 Transaction statement: the sortable columns; default id descending (the spec does not show one). Every key
 * is a column of transactions (the joined values as copies, db/copies.ts) with an index (key, id, kind, status).
 */
export const STATEMENT_SORT: SortSpec<TransactionSortKey> = {
  keys: {
    id: transactions.id,
    contractor_code: transactions.contractorCode,
    transport_id: transactions.transportId,
    registration_number: transactions.registrationNumber,
    trailer_number: transactions.trailerNumber,
    date_loading: transactions.dateLoading,
    date_unloading: transactions.dateUnloading,
    payment_date: transactions.paymentDate,
    invoice_number: transactions.invoiceNumber,
    invoice_date: transactions.invoiceDate,
  },
  defaultKey: 'id',
  defaultDirection: 'desc',
  tiebreaker: transactions.id,
};

/** The joins of a statement row, for the page and for its count alike. */
export function withStatementJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(contractors, eq(contractors.id, transactions.contractorId))
    .innerJoin(transports, eq(transports.id, transactions.transportId))
    .leftJoin(purchaseContract, eq(purchaseContract.id, purchaseIdSql))
    .leftJoin(salesContract, eq(salesContract.id, salesIdSql))
    .leftJoin(plannedQuality, eq(plannedQuality.id, transactions.plannedQualityId))
    .leftJoin(realQuality, eq(realQuality.id, transactions.realQualityId))
    .leftJoin(finalQuality, eq(finalQuality.id, transactions.finalQualityId));
}

function selectStatementRows(db: Db) {
  return withStatementJoins(db.select(statementColumns).from(transactions).$dynamic());
}

/**
 * Search: agreement document numbers, contractor code and name, vehicle numbers, invoice number (the row's search
 * text); a whole number also finds the transaction or the transport of that id, and a transport order number
 * (ZT/2026/3001) the rows of that transport (by its id, indexed, as the logistics search reads it).
 */
function statementSearch(search: string | undefined): SQL | undefined {
  const term = search?.trim() ?? '';
  const order = parseTransportOrderNumber(term);
  if (order) {
    const ofYear = sql`exists (select 1 from transports where id = ${order.transportId} and extract(year from created_at) = ${order.year})`;
    return and(eq(transactions.transportId, order.transportId), ofYear);
  }
  const text = searchTextCondition(transactions.searchText, search);
  if (!text || !/^\d{1,9}$/.test(term)) return text;
  const id = Number(term);
  return or(text, eq(transactions.id, id), eq(transactions.transportId, id));
}

/**
 * spec/1 section 4 "Transaction filter states": all, purchase, sales, transport, settled, to settlement; each one
 * kind or one status, as the row counters group them.
 */
const TYPE_GROUPS = {
  purchase: { column: transactions.kind, value: 'PURCHASE', group: 'kind:PURCHASE' },
  sales: { column: transactions.kind, value: 'SALES', group: 'kind:SALES' },
  transport: { column: transactions.kind, value: 'TRANSPORT', group: 'kind:TRANSPORT' },
  settled: { column: transactions.status, value: 'SETTLED', group: 'status:SETTLED' },
  to_settlement: { column: transactions.status, value: 'TO_SETTLEMENT', group: 'status:TO_SETTLEMENT' },
} as const;

function typeGroup(type: TransactionListType | null | undefined) {
  return type && type !== 'all' ? TYPE_GROUPS[type] : null;
}

type DateColumn = typeof transactions.dateLoading;

function dateRangeConditions(column: DateColumn, range: { from?: string | null; to?: string | null } | undefined) {
  return [range?.from ? gte(column, range.from) : undefined, range?.to ? lte(column, range.to) : undefined];
}

/** The filters besides the type, all on the row's own columns. */
function statementFilterConditions(filter: TransactionListFilter = {}): (SQL | undefined)[] {
  return [
    filter.contractorId?.length ? inArray(transactions.contractorId, filter.contractorId) : undefined,
    filter.transportId ? eq(transactions.transportId, filter.transportId) : undefined,
    ...dateRangeConditions(transactions.dateLoading, filter.dateLoading),
    ...dateRangeConditions(transactions.dateUnloading, filter.dateUnloading),
    ...dateRangeConditions(transactions.paymentDate, filter.paymentDate),
  ];
}

export interface StatementQuery {
  limit: number;
  offset: number;
  search?: string;
  orderBy?: string;
  filter?: TransactionListFilter;
}

/**
 * A page of statement rows. `scope` narrows every count (a per-side list: one contract's rows), so `total` is
 * the scope's size and `filtered` the scope after search and filters. The whole statement's total, and its
 * `filtered` when only the type narrows it, come from the row counters.
 */
export async function statementPage(
  db: Db,
  request: StatementQuery,
  scope?: SQL,
  /** The matches of a search or a filter counted elsewhere (the totals count them: statement-totals.ts). */
  countMatches?: () => Promise<CappedCount>,
) {
  const conditions = statementConditions(request, scope);
  const { type, otherConditions, where } = conditions;
  if (!scope && !otherConditions.length) {
    // The whole statement or one tab: the page's ids carry the counts.
    const page = await statementPageWithCounts(db, tabPageShape(request, conditions), request.limit, request.offset);
    if (page) return page;
  }
  return listPage(request, STATEMENT_SORT, {
    page: (order, limit, offset) => statementPageRows(db, where, order, limit, offset),
    countFiltered:
      countMatches && otherConditions.length
        ? countMatches
        : filteredCount(db, { scope, type, where, isNarrowed: otherConditions.length > 0 }),
    countTotal: () => (scope ? countTransactions(db, scope) : countAllRows(db, 'transactions')),
  });
}

/** The page of the whole statement or one tab: ordered ids, counted by the row counters. */
export function tabPageShape(request: StatementQuery, { type, where }: ReturnType<typeof statementConditions>) {
  return {
    where,
    order: orderByOf(request.orderBy, STATEMENT_SORT),
    total: rowCountSql('transactions', 'whole table'),
    filtered: type ? rowCountSql('transactions', [type.group]) : null,
  };
}

/** The type, the search and the other filters of a statement request, apart (for the counts) and together. */
export function statementConditions(request: Pick<StatementQuery, 'search' | 'filter'>, scope?: SQL) {
  const type = typeGroup(request.filter?.type);
  const typeCondition = type ? eq(type.column, type.value) : undefined;
  const otherConditions = [statementSearch(request.search), ...statementFilterConditions(request.filter)].filter(
    (condition) => condition,
  );
  return { type, otherConditions, where: and(scope, typeCondition, ...otherConditions) };
}

/** Every row a statement request finds (no paging), as one condition: the export's. */
export function statementWhere(request: Pick<StatementQuery, 'search' | 'filter'>): SQL | undefined {
  return statementConditions(request).where;
}

/** Where an export batch ends: the sort value (as text, null for a row without it) and the id of its last row. */
export interface StatementExportCursor {
  sortValue: string | null;
  id: number;
}

/** The list's sort for the export's keyset: the column and the direction (an unknown key is INVALID_SORT_PARAMS). */
export function statementExportSort(orderBy: string | undefined) {
  const parsed = parseOrderBy(orderBy) ?? {
    key: STATEMENT_SORT.defaultKey,
    direction: STATEMENT_SORT.defaultDirection ?? 'asc',
  };
  if (!Object.hasOwn(STATEMENT_SORT.keys, parsed.key)) throw new AppError('INVALID_SORT_PARAMS');
  const column = STATEMENT_SORT.keys[parsed.key as TransactionSortKey] as PgColumn;
  return { orderBy: `${parsed.key}:${parsed.direction}`, column, direction: parsed.direction };
}
type StatementExportSort = ReturnType<typeof statementExportSort>;

/** The type a sort value is cast back to: a serial column's values are integers. */
function castTypeOf(column: PgColumn): string {
  const type = column.getSQLType();
  return { smallserial: 'smallint', serial: 'integer', bigserial: 'bigint' }[type] ?? type;
}

/**
 * The rows after the cursor in the list's order (sort column, then id). Several sort columns may be empty:
 * PostgreSQL puts NULLs last ascending and first descending, and the cursor follows that.
 */
function afterCursor({ column, direction }: StatementExportSort, cursor: StatementExportCursor) {
  const id = transactions.id;
  if (cursor.sortValue === null) {
    return direction === 'asc'
      ? and(isNull(column), gt(id, cursor.id))
      : or(isNotNull(column), and(isNull(column), lt(id, cursor.id)));
  }
  const value = sql`cast(${cursor.sortValue} as ${sql.raw(castTypeOf(column))})`;
  return direction === 'asc'
    ? or(sql`${column} > ${value}`, and(sql`${column} = ${value}`, gt(id, cursor.id)), isNull(column))
    : or(sql`${column} < ${value}`, and(sql`${column} = ${value}`, lt(id, cursor.id)));
}

/**
 * One batch of the export in the list's order after the cursor (keyset paging: each batch one short query): the
 * batch's ids on transactions alone, then their rows, as a page reads them. Sort values travel as text.
 */
export async function statementExportBatch(
  db: Db,
  where: SQL | undefined,
  sort: StatementExportSort,
  cursor: StatementExportCursor | null,
  size: number,
) {
  const batch = await db
    .select({ id: transactions.id, sortValue: sql<string | null>`cast(${sort.column} as text)` })
    .from(transactions)
    .where(and(where, cursor ? afterCursor(sort, cursor) : undefined))
    .orderBy(...orderByOf(sort.orderBy, STATEMENT_SORT))
    .limit(size);
  const rows = await statementRowsOfIds(
    db,
    batch.map((row) => row.id),
  );
  const last = batch.at(-1);
  return { rows, next: batch.length < size || !last ? null : { sortValue: last.sortValue, id: last.id } };
}

/** Nothing narrows: `filtered` is `total`. Only the type narrows the whole statement: its row counter. */
function filteredCount(
  db: Db,
  request: { scope: SQL | undefined; type: ReturnType<typeof typeGroup>; where: SQL | undefined; isNarrowed: boolean },
) {
  const { scope, type, where, isNarrowed } = request;
  if (!isNarrowed && !type) return null;
  if (!isNarrowed && !scope && type) return () => countRowsInGroups(db, 'transactions', [type.group]);
  return () => countUpToCap(db, db.select({ id: transactions.id }).from(transactions).where(where).$dynamic());
}

/** The page's ids picked on transactions alone (an index walk for every sort key), then the rows of those ids. */
async function statementPageRows(db: Db, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  const page = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return statementRowsOfIds(
    db,
    page.map((row) => row.id),
  );
}

/** The rows of `ids` in the order of `ids`, over one prepared statement (db/rows-of-ids.ts). */
const statementRowsOfIds = rowsOfIdsReader((db) =>
  selectStatementRows(db).where(idIsAnyOf(transactions.id)).prepare('statement_rows_of_ids'),
);

/** A page of rows with its counts (db/page-with-counts.ts). */
export const statementPageWithCounts = pageWithCountsReader(transactions, transactions.id, statementRowsOfIds);

async function countTransactions(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(transactions).where(where);
  return row?.n ?? 0;
}

/** Statement rows of the given ids (the answer of a write), in id order. */
export function statementRowsByIds(db: Db, ids: number[]) {
  return statementRowsOfIds(
    db,
    [...ids].sort((a, b) => a - b),
  );
}

/** One contract's rows on its own side (the per-side lists). */
export function contractScope(contractId: number, kind: 'PURCHASE' | 'SALES'): SQL {
  return and(eq(transactions.contractId, contractId), eq(transactions.kind, kind))!;
}
