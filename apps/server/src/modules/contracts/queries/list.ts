import {
  type ContractListRequest,
  type ContractListTotals,
  type ContractType,
  FILTERED_COUNT_CAP,
  type PurchaseSortKey,
  parseOrderBy,
  type SalesSortKey,
} from '@grain/shared';
import { type AnyColumn, and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { contractFilterConditions } from '../../../db/contract-filter.js';
import { rowCountSql } from '../../../db/row-counts.js';
import { idIsAnyOf, rowsOfIdsReader } from '../../../db/rows-of-ids.js';
import { contractors, contracts, rawMaterialQualities, users } from '../../../db/schema/index.js';
import { searchTextCondition } from '../../../db/search.js';
import { AppError } from '../../../lib/errors.js';
import { cappedCount, orderByOf, refusePastCappedCount, type SortSpec } from '../../../lib/list.js';
import { contractRowColumns, usageColumns } from './details.js';

/** SQL type of each sort key, so that an export cursor value read as text compares as the column does. */
type SortType = 'integer' | 'bigint' | 'varchar' | 'date' | 'timestamptz';
interface SortKey {
  column: AnyColumn;
  type: SortType;
}

/**
 * spec/1 contract lists: sort keys (indexed with `type` first in db/schema/contracts.ts; the counterparty's code is the
 * contract's copy, db/copies.ts); default newest first. Only the quality's title needs a join to sort by.
 */
const commonSortKeys: Record<Exclude<PurchaseSortKey, 'supplier_code'>, SortKey> = {
  id: { column: contracts.id, type: 'integer' },
  document_number: { column: contracts.documentNumber, type: 'varchar' },
  cargo_quantity: { column: contracts.cargoQuantityKg, type: 'bigint' },
  price: { column: contracts.price, type: 'bigint' },
  date_of_receipt_from: { column: contracts.dateOfReceiptFrom, type: 'date' },
  date_of_receipt_to: { column: contracts.dateOfReceiptTo, type: 'date' },
  status: { column: contracts.status, type: 'varchar' },
  agreement_status: { column: contracts.agreementStatus, type: 'varchar' },
  created_at: { column: contracts.createdAt, type: 'timestamptz' },
  raw_material_quality_title: { column: rawMaterialQualities.title, type: 'varchar' },
};
const counterpartySortKey: SortKey = { column: contracts.counterpartyCode, type: 'varchar' };

function sortKeys(type: ContractType): Record<string, SortKey> {
  return type === 'PURCHASE'
    ? ({ ...commonSortKeys, supplier_code: counterpartySortKey } satisfies Record<PurchaseSortKey, SortKey>)
    : ({ ...commonSortKeys, recipient_code: counterpartySortKey } satisfies Record<SalesSortKey, SortKey>);
}

const DEFAULT_SORT = { key: 'created_at' satisfies PurchaseSortKey & SalesSortKey, direction: 'desc' as const };

export function contractSort(type: ContractType): SortSpec {
  const keys = Object.fromEntries(Object.entries(sortKeys(type)).map(([key, { column }]) => [key, column]));
  return { keys, defaultKey: DEFAULT_SORT.key, defaultDirection: DEFAULT_SORT.direction, tiebreaker: contracts.id };
}

/** The sort of a request resolved against the whitelist (INVALID_SORT_PARAMS otherwise). */
export function resolveSort(type: ContractType, orderBy: string | undefined) {
  const parsed = parseOrderBy(orderBy) ?? DEFAULT_SORT;
  const keys = sortKeys(type);
  if (!Object.hasOwn(keys, parsed.key)) throw new AppError('INVALID_SORT_PARAMS');
  return { ...keys[parsed.key]!, direction: parsed.direction };
}
export type ResolvedSort = ReturnType<typeof resolveSort>;

/** Filters and search of a contract list; the kind is always the first condition (it leads every index). */
export function contractListWhere(type: ContractType, request: Pick<ContractListRequest, 'search' | 'filter'>) {
  const filter = request.filter ?? {};
  return and(
    eq(contracts.type, type),
    filter.rawMaterialId ? eq(contracts.rawMaterialId, filter.rawMaterialId) : undefined,
    filter.contractStatus ? inArray(contracts.status, filter.contractStatus) : undefined,
    filter.agreementStatus ? inArray(contracts.agreementStatus, filter.agreementStatus) : undefined,
    filter.ownerId ? eq(contracts.userId, filter.ownerId) : undefined,
    ...contractFilterConditions(filter),
    // spec/1 Purchase contract list: number, counterparty, freight address, post code and comments.
    searchTextCondition(contracts.searchText, request.search),
  );
}

/** Whether the request narrows the list beyond its kind (else `filtered` is `total`). */
function isNarrowed(request: Pick<ContractListRequest, 'search' | 'filter'>): boolean {
  const hasFilter = Object.values(request.filter ?? {}).some((value) => value !== undefined && value !== null);
  return hasFilter || Boolean(request.search?.trim());
}

/** One select of the list rows: counterparty, quality and owner joined once, usage flags correlated. */
function selectRows(db: Db, type: ContractType) {
  return db
    .select({ ...contractRowColumns, ...usageColumns(type) })
    .from(contracts)
    .innerJoin(contractors, eq(contractors.id, contracts.counterpartyId))
    .innerJoin(rawMaterialQualities, eq(rawMaterialQualities.id, contracts.rawMaterialQualityId))
    .innerJoin(users, eq(users.id, contracts.userId))
    .$dynamic();
}
export type ContractListRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

/** The rows of `ids` of each kind, in the order of `ids`: one prepared statement each, built and planned once. */
const contractRowsOfIds: Record<ContractType, (db: Db, ids: number[]) => Promise<ContractListRow[]>> = {
  PURCHASE: rowsOfIdsReader((db) =>
    selectRows(db, 'PURCHASE').where(idIsAnyOf(contracts.id)).prepare('purchase_rows_of_ids'),
  ),
  SALES: rowsOfIdsReader((db) => selectRows(db, 'SALES').where(idIsAnyOf(contracts.id)).prepare('sales_rows_of_ids')),
};

/**
 * The ids of a page, picked on contracts alone (the quality joined only to sort by its title), then their rows: the
 * joins and the usage flags' probes run for those rows only, in a statement Drizzle builds and PostgreSQL plans once
 * (db/rows-of-ids.ts), as the logistics list reads its rows.
 */
async function rowsOfIds(
  db: Db,
  type: ContractType,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset: number,
): Promise<ContractListRow[]> {
  const page = await db
    .select({ id: contracts.id })
    .from(contracts)
    .innerJoin(rawMaterialQualities, eq(rawMaterialQualities.id, contracts.rawMaterialQualityId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return contractRowsOfIds[type](
    db,
    page.map((row) => row.id),
  );
}

async function _countContracts(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contracts).where(where);
  return row?.n ?? 0;
}

const sumKg = (column: SQL) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

/**
 * Tonnage sums over the filtered rows, with their count and the kind's total (row counters) in the same statement
 * (the sums read every filtered row anyway, so counting them apart was a second scan and round trip).
 * `filtered` follows the capped-count rule of every list (lib/list.ts countUpToCap) so the answer reads the same.
 */
async function sumContracts(db: Db, type: ContractType, where: SQL | undefined) {
  const realized = sql`${contracts.inDeliveryKg} + ${contracts.deliveredKg}`;
  const [row] = await db
    .select({
      matching: sql<number>`count(*)::int`.mapWith(Number),
      total: rowCountSql('contracts', [`type:${type}`]),
      sumCargoQuantity: sumKg(sql`${contracts.cargoQuantityKg}`),
      sumAllocated: sumKg(sql`${contracts.allocatedKg}`),
      sumInDelivery: sumKg(sql`${contracts.inDeliveryKg}`),
      sumDelivered: sumKg(sql`${contracts.deliveredKg}`),
      sumRemaining: sumKg(sql`greatest(${contracts.cargoQuantityKg} - (${realized}), 0)`),
    })
    .from(contracts)
    .where(where);
  const { matching = 0, total = 0, ...totalData }: Partial<NonNullable<typeof row>> = row ?? {};
  const sums: ContractListTotals = {
    sumCargoQuantity: totalData.sumCargoQuantity ?? 0,
    sumAllocated: totalData.sumAllocated ?? 0,
    sumInDelivery: totalData.sumInDelivery ?? 0,
    sumDelivered: totalData.sumDelivered ?? 0,
    sumRemaining: totalData.sumRemaining ?? 0,
  };
  return { matching, total, totalData: sums };
}

export async function listContracts(db: Db, type: ContractType, request: ContractListRequest) {
  const where = contractListWhere(type, request);
  // A page past the capped count is refused before it is read (lib/list.ts refusePastCappedCount).
  const summed = request.offset >= FILTERED_COUNT_CAP ? await sumContracts(db, type, where) : undefined;
  if (summed && isNarrowed(request)) refusePastCappedCount(request.offset, cappedCount(summed.matching));
  const [list, sums] = await Promise.all([
    rowsOfIds(db, type, where, orderByOf(request.orderBy, contractSort(type)), request.limit, request.offset),
    summed ?? sumContracts(db, type, where),
  ]);
  const filtered = isNarrowed(request) ? cappedCount(sums.matching) : { filtered: sums.total };
  return { list, ...filtered, total: sums.total, totalData: sums.totalData };
}

export interface ExportCursor {
  sortValue: string;
  id: number;
}

/**
 * One batch of an export in list order, after the cursor (keyset paging: each batch is one short query, so
 * neither the rows nor a long transaction are held while the file streams). Sort values are carried as text
 * and cast back, so timestamps keep their microseconds.
 */
export async function exportBatch(
  db: Db,
  type: ContractType,
  where: SQL | undefined,
  sort: ResolvedSort,
  cursor: ExportCursor | null,
  size: number,
) {
  const by = sort.direction === 'desc' ? desc : asc;
  const after = cursor
    ? sql`(${sort.column}, ${contracts.id}) ${sql.raw(sort.direction === 'desc' ? '<' : '>')} (cast(${cursor.sortValue} as ${sql.raw(sort.type)}), ${cursor.id})`
    : undefined;
  const order = [by(sort.column), by(contracts.id)];
  // The batch's ids on contracts alone, then their rows (as a list page reads them).
  const batch = db
    .select({ id: contracts.id, sortValue: sql<string>`cast(${sort.column} as text)`.as('sort_value') })
    .from(contracts)
    .innerJoin(rawMaterialQualities, eq(rawMaterialQualities.id, contracts.rawMaterialQualityId))
    .where(and(where, after))
    .orderBy(...order)
    .limit(size)
    .as('batch');
  const rows = await db
    .select({ ...contractRowColumns, ...usageColumns(type), sortValue: batch.sortValue })
    .from(contracts)
    .innerJoin(batch, eq(batch.id, contracts.id))
    .innerJoin(contractors, eq(contractors.id, contracts.counterpartyId))
    .innerJoin(rawMaterialQualities, eq(rawMaterialQualities.id, contracts.rawMaterialQualityId))
    .innerJoin(users, eq(users.id, contracts.userId))
    .orderBy(...order);
  const last = rows.at(-1);
  return { rows, next: last ? { sortValue: last.sortValue, id: last.id } : null };
}
