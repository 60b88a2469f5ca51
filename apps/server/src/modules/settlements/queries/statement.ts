import type { TransactionListFilter, TransactionListType, TransactionSortKey } from '@grain/shared';
import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { countAllRows, countRowsInGroups } from '../../../db/row-counts.js';
import { idIsAnyOf, rowsOfIdsReader } from '../../../db/rows-of-ids.js';
import { contractors, contracts, rawMaterialQualities, transactions, transports } from '../../../db/schema.js';
import { searchTextCondition } from '../../../db/search.js';
import { countUpToCap, listPage, type SortSpec } from '../../../lib/list.js';

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
  accountingMethod: transactions.accountingMethod,
  splitFromId: transactions.splitFromId,
  settledAt: transactions.settledAt,
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
  },
  defaultKey: 'id',
  defaultDirection: 'desc',
  tiebreaker: transactions.id,
};

/** The joins of a statement row, for the page and for its count alike. */
function withStatementJoins<T extends PgSelect>(query: T) {
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
 * text); a whole number also finds the transaction or the transport of that id.
 */
function statementSearch(search: string | undefined): SQL | undefined {
  const text = searchTextCondition(transactions.searchText, search);
  const term = search?.trim() ?? '';
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
export function statementPage(db: Db, request: StatementQuery, scope?: SQL) {
  const { type, otherConditions, where } = statementConditions(request, scope);
  return listPage(request, STATEMENT_SORT, {
    page: (order, limit, offset) => statementPageRows(db, where, order, limit, offset),
    countFiltered: filteredCount(db, { scope, type, where, isNarrowed: otherConditions.length > 0 }),
    countTotal: () => (scope ? countTransactions(db, scope) : countAllRows(db, 'transactions')),
  });
}

/** The type, the search and the other filters of a statement request, apart (for the counts) and together. */
function statementConditions(request: Pick<StatementQuery, 'search' | 'filter'>, scope?: SQL) {
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

/**
 * One batch of the export after the id `afterId` (keyset paging on the id, the statement's default order): the
 * batch's ids on transactions alone, then their rows, as a page reads them.
 */
export async function statementExportBatch(
  db: Db,
  where: SQL | undefined,
  direction: 'asc' | 'desc',
  afterId: number | null,
  size: number,
) {
  const after =
    afterId === null ? undefined : direction === 'desc' ? lt(transactions.id, afterId) : gt(transactions.id, afterId);
  const batch = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(where, after))
    .orderBy(direction === 'desc' ? desc(transactions.id) : asc(transactions.id))
    .limit(size);
  return statementRowsOfIds(
    db,
    batch.map((row) => row.id),
  );
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
