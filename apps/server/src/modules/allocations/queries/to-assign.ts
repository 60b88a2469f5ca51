import {
  type ContractStatus,
  FILTERED_COUNT_CAP,
  parseOrderBy,
  TO_ASSIGN_DEFAULT_STATUSES,
  type ToAssignFilter,
  type ToAssignListRequest,
  type ToAssignSortKey,
  type ToAssignTotals,
} from '@grain/shared';
import { type AnyColumn, and, eq, gt, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { readFiguresBeside } from '../../../db/page-with-counts.js';
import { countAllRows } from '../../../db/row-counts.js';
import { idIsAnyOf, rowsOfIdsReader } from '../../../db/rows-of-ids.js';
import {
  allocations,
  allocationTotals,
  contractors,
  contracts,
  rawMaterialQualities,
} from '../../../db/schema/index.js';
import { searchTextCondition } from '../../../db/search.js';
import { cappedCount, listPage, orderByOf, type SortSpec } from '../../../lib/list.js';

/**
 * GET /transport/get-to-assign-list: one row per allocation pair with both contracts, their counterparties and
 * the purchase's quality (the goods are the purchase's). Totals come from one aggregate over allocations with the
 * page's WHERE (read up to the cap), which names the allocation's own columns and reaches the contracts
 * by semi-joins only.
 */
const purchase = alias(contracts, 'purchase');
const sale = alias(contracts, 'sale');
const supplier = alias(contractors, 'supplier');
const recipient = alias(contractors, 'recipient');
const quality = rawMaterialQualities;

/** "street building, post code city", skipping what is empty (the one-line form shown and sorted on). */
function addressFullSql(contract: Record<'street' | 'buildingNumber' | 'postCode' | 'city', AnyColumn>) {
  return sql<string>`concat_ws(', ',
    nullif(concat_ws(' ', ${contract.street}, ${contract.buildingNumber}), ''),
    nullif(concat_ws(' ', ${contract.postCode}, ${contract.city}), ''))`;
}
const purchaseAddressFull = addressFullSql(purchase);
const salesAddressFull = addressFullSql(sale);

/** spec/1 Transports-to-assign rows: toDeliver = allocation − in delivery − delivered (indexed expression). */
const toDeliverSql = sql<number>`(${allocations.quantityKg} - ${allocations.inDeliveryKg} - ${allocations.deliveredKg})`;

const rowColumns = {
  id: allocations.id,
  purchaseId: allocations.purchaseId,
  salesId: allocations.salesId,
  allocatedKg: allocations.quantityKg,
  inDeliveryKg: allocations.inDeliveryKg,
  inDeliveryCount: allocations.inDeliveryCount,
  deliveredKg: allocations.deliveredKg,
  toDeliverKg: toDeliverSql.mapWith(Number),
  confirmationNote: allocations.confirmationNote,
  purchaseDocumentNumber: purchase.documentNumber,
  salesDocumentNumber: sale.documentNumber,
  purchaseStatus: purchase.status,
  salesStatus: sale.status,
  supplierId: supplier.id,
  supplierCode: supplier.code,
  supplierName: supplier.name,
  recipientId: recipient.id,
  recipientCode: recipient.code,
  recipientName: recipient.name,
  purchaseFreight: purchase.freight,
  salesFreight: sale.freight,
  purchaseStreet: purchase.street,
  purchaseBuildingNumber: purchase.buildingNumber,
  purchasePostCode: purchase.postCode,
  purchaseCity: purchase.city,
  salesStreet: sale.street,
  salesBuildingNumber: sale.buildingNumber,
  salesPostCode: sale.postCode,
  salesCity: sale.city,
  purchaseAddressFull,
  salesAddressFull,
  dateOfLoadingFrom: purchase.dateOfReceiptFrom,
  dateOfLoadingTo: purchase.dateOfReceiptTo,
  dateOfUnloadingFrom: sale.dateOfReceiptFrom,
  dateOfUnloadingTo: sale.dateOfReceiptTo,
  cargoName: quality.title,
  rawMaterialId: purchase.rawMaterialId,
  rawMaterialQualityId: purchase.rawMaterialQualityId,
  purchaseComments: purchase.comments,
  purchaseIsGmp: purchase.isGmp,
  salesIsGmp: sale.isGmp,
  purchaseIsCert: purchase.isCert,
  salesIsCert: sale.isCert,
};
export type ToAssignDbRow = Awaited<ReturnType<typeof toAssignRows>>[number];

/**
 * spec/1 Allocations page: the column sort keys; default newest first, created_at descending. The numbers and codes
 * are the allocation's copies (db/copies.ts) with an index each; the others need the pair's contracts joined.
 */
export const TO_ASSIGN_SORT: SortSpec<ToAssignSortKey> = {
  keys: {
    sales_agreement_document_number: allocations.salesDocumentNumber,
    purchase_agreement_document_number: allocations.purchaseDocumentNumber,
    purchase_supplier_code: allocations.supplierCode,
    sales_recipient_code: allocations.recipientCode,
    purchase_address_full: purchaseAddressFull,
    sales_address_full: salesAddressFull,
    to_deliver: toDeliverSql,
    in_delivery: allocations.inDeliveryKg,
    delivered: allocations.deliveredKg,
    raw_material_quality_title: quality.title,
    sales_is_gmp: sale.isGmp,
    created_at: allocations.createdAt,
  },
  defaultKey: 'created_at',
  defaultDirection: 'desc',
  tiebreaker: allocations.id,
};

/** Sort keys on the allocation's own columns: its page is picked without a join. */
const OWN_SORT_KEYS = new Set([
  'sales_agreement_document_number',
  'purchase_agreement_document_number',
  'purchase_supplier_code',
  'sales_recipient_code',
  'to_deliver',
  'in_delivery',
  'delivered',
  'created_at',
]);

function toAssignRows(db: Db) {
  return db
    .select(rowColumns)
    .from(allocations)
    .innerJoin(purchase, eq(purchase.id, allocations.purchaseId))
    .innerJoin(sale, eq(sale.id, allocations.salesId))
    .innerJoin(supplier, eq(supplier.id, purchase.counterpartyId))
    .innerJoin(recipient, eq(recipient.id, sale.counterpartyId))
    .innerJoin(quality, eq(quality.id, purchase.rawMaterialQualityId));
}

const kgSum = (value: SQL | AnyColumn) => sql<number>`coalesce(sum(${value}), 0)::bigint`.mapWith(Number);

/** What a request's figures read: how many pairs match (`n`, or isOverCap past the cap) and their sums. */
interface ToAssignFigures extends ToAssignTotals {
  n: number;
  isOverCap: boolean;
}

/**
 * A search or a filter: `filtered` and the totals bar in one aggregate over at most FILTERED_COUNT_CAP + 1 matching
 * allocations (as countUpToCap counts), so a broad search stops at the cap however long the history; past it the
 * sums are dropped (toAssignFiguresUpToCap). One scan: counting to the cap first and summing after (as the logistics totals do)
 * read a search the trigram index cannot serve ("an") twice, all 72 000 allocations each time at the large demo.
 * Inside, the columns name the inner FROM allocations (the nearest): one uncorrelated subquery.
 */
function toAssignFiguresSql(where: SQL | undefined): SQL {
  return sql`(select json_build_object(
      'n', count(*),
      'sumDelivered', coalesce(sum(m.delivered_kg), 0),
      'sumInDelivery', coalesce(sum(m.in_delivery_kg), 0),
      'sumInDeliveryTransportCount', coalesce(sum(m.in_delivery_count), 0),
      'sumToDeliver', coalesce(sum(m.to_deliver_kg), 0))
    from (select ${allocations.deliveredKg} as delivered_kg, ${allocations.inDeliveryKg} as in_delivery_kg,
        ${allocations.inDeliveryCount} as in_delivery_count, ${toDeliverSql} as to_deliver_kg
      from ${allocations} where ${where ?? sql`true`} limit ${FILTERED_COUNT_CAP + 1}) m)`;
}

/** A search's or a filter's figures; past the cap (lib/list.ts cappedCount, its one definition) the sums do not stand. */
async function toAssignFiguresUpToCap(db: Db, where: SQL | undefined): Promise<ToAssignFigures> {
  const figures = await readFiguresBeside<Omit<ToAssignFigures, 'isOverCap'>>(db, toAssignFiguresSql(where));
  return { ...figures, isOverCap: cappedCount(Number(figures.n)).filteredCapped === true };
}

/**
 * The same figures when only the contracts' statuses narrow the page (its default): the sum of the kept totals of
 * those status pairs (migration 0014_list_speed), a few rows instead of every allocation; the count is exact.
 */
async function toAssignTotalsOfStatuses(db: Db, statuses: ContractStatuses): Promise<ToAssignFigures> {
  const [row] = await db
    .select({
      n: kgSum(allocationTotals.allocationCount),
      sumDelivered: kgSum(allocationTotals.deliveredKg),
      sumInDelivery: kgSum(allocationTotals.inDeliveryKg),
      sumInDeliveryTransportCount: kgSum(allocationTotals.inDeliveryCount),
      sumToDeliver: kgSum(
        sql`${allocationTotals.quantityKg} - ${allocationTotals.inDeliveryKg} - ${allocationTotals.deliveredKg}`,
      ),
    })
    .from(allocationTotals)
    .where(
      and(
        inArray(allocationTotals.purchaseStatus, statuses.purchase),
        inArray(allocationTotals.salesStatus, statuses.sales),
      ),
    );
  return { ...row!, isOverCap: false };
}

/** The totals bar as answered: null past the cap (the web asks to narrow the search). Kilograms, far below 2^53. */
function totalsOf({ n, isOverCap, ...sums }: ToAssignFigures): ToAssignTotals | null {
  if (isOverCap) return null;
  return {
    sumDelivered: Number(sums.sumDelivered),
    sumInDelivery: Number(sums.sumInDelivery),
    sumInDeliveryTransportCount: Number(sums.sumInDeliveryTransportCount),
    sumToDeliver: Number(sums.sumToDeliver),
  };
}

/**
 * The pair's contract on one side matches `conditions`: a semi-join, so the allocation's row joins nothing. It also
 * names the side's type and the statuses the allocation's copies hold (the same rows): the open book's contracts are
 * then read from their covering partial index (migration 0044), not every contract of the history.
 */
function sideMatches(
  side: AnyColumn,
  type: 'PURCHASE' | 'SALES',
  statuses: ContractStatus[],
  conditions: (SQL | undefined)[],
): SQL | undefined {
  const defined = conditions.filter((condition): condition is SQL => condition !== undefined);
  if (!defined.length) return undefined;
  const ofSide = and(eq(contracts.type, type), inArray(contracts.status, statuses), ...defined);
  return inArray(side, sql`(select ${contracts.id} from ${contracts} where ${ofSide})`);
}

/**
 * spec/1 Allocations page search: document numbers and counterparty codes, the contracts' addresses, the purchase's
 * cargo name and comments, all copied into the allocation's search text (migration 0018), so one LIKE on one column
 * served by its trigram index, as the other lists search (db/search.ts).
 */
function toAssignSearch(search: string | undefined): SQL | undefined {
  return searchTextCondition(allocations.searchText, search);
}

function flagCondition(column: AnyColumn, value: boolean | null | undefined): SQL | undefined {
  return typeof value === 'boolean' ? eq(column, value) : undefined;
}

/** A receipt period [from, to] overlapping the requested range. */
function periodOverlaps(range: { from?: string | null; to?: string | null } | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (range?.from) conditions.push(gte(contracts.dateOfReceiptTo, range.from));
  if (range?.to) conditions.push(lte(contracts.dateOfReceiptFrom, range.to));
  return conditions;
}

const hasIds = (ids: number[] | undefined): ids is number[] => Boolean(ids?.length);
const hasCodes = (codes: string[] | undefined): codes is string[] => Boolean(codes?.length);

type ContractStatuses = { purchase: ContractStatus[]; sales: ContractStatus[] };

/** The contracts' statuses the page shows: those the filter names, else the defaults, on each side. */
function statusesOf(filter: ToAssignFilter): ContractStatuses {
  const orDefault = (statuses: ContractStatus[] | undefined) =>
    statuses?.length ? statuses : [...TO_ASSIGN_DEFAULT_STATUSES];
  return { purchase: orDefault(filter.purchaseContractStatus), sales: orDefault(filter.salesContractStatus) };
}

const definedOnly = (conditions: (SQL | undefined)[]) =>
  conditions.filter((condition): condition is SQL => condition !== undefined);

/**
 * The filter as conditions on the allocation's own columns (the contracts' statuses are copies) and a semi-join per
 * side for the other contract filters; whether anything besides the statuses narrows (if not, the kept totals of
 * the statuses answer the totals bar).
 */
function toAssignFilterConditions(filter: ToAssignFilter = {}) {
  const statuses = statusesOf(filter);
  const purchaseConditions = definedOnly([
    hasIds(filter.purchaseSupplierId) ? inArray(contracts.counterpartyId, filter.purchaseSupplierId) : undefined,
    filter.rawMaterialId ? eq(contracts.rawMaterialId, filter.rawMaterialId) : undefined,
    hasIds(filter.rawMaterialQualityId)
      ? inArray(contracts.rawMaterialQualityId, filter.rawMaterialQualityId)
      : undefined,
    flagCondition(contracts.isGmp, filter.purchaseIsGmp),
    flagCondition(contracts.isCert, filter.purchaseIsCert),
    filter.purchaseFreight?.length ? inArray(contracts.freight, filter.purchaseFreight) : undefined,
    ...periodOverlaps(filter.dateOfLoading),
  ]);
  const salesConditions = definedOnly([
    hasIds(filter.salesRecipientId) ? inArray(contracts.counterpartyId, filter.salesRecipientId) : undefined,
    flagCondition(contracts.isGmp, filter.salesIsGmp),
    flagCondition(contracts.isCert, filter.salesIsCert),
    filter.salesFreight?.length ? inArray(contracts.freight, filter.salesFreight) : undefined,
    ...periodOverlaps(filter.dateOfUnloading),
  ]);
  const ownConditions = definedOnly([
    hasCodes(filter.purchaseSupplierCode) ? inArray(allocations.supplierCode, filter.purchaseSupplierCode) : undefined,
    hasCodes(filter.salesRecipientCode) ? inArray(allocations.recipientCode, filter.salesRecipientCode) : undefined,
    filter.hasToDeliver === true ? gt(toDeliverSql, 0) : undefined,
    filter.hasToDeliver === false ? sql`${toDeliverSql} <= 0` : undefined,
  ]);
  return {
    statuses,
    conditions: [
      inArray(allocations.purchaseStatus, statuses.purchase),
      inArray(allocations.salesStatus, statuses.sales),
      sideMatches(allocations.purchaseId, 'PURCHASE', statuses.purchase, purchaseConditions),
      sideMatches(allocations.salesId, 'SALES', statuses.sales, salesConditions),
      ...ownConditions,
    ],
    isNarrowedBeyondStatuses: purchaseConditions.length + salesConditions.length + ownConditions.length > 0,
  };
}

type PageWindow = { order: SQL[]; limit: number; offset: number };

/**
 * The page's ids picked on allocations alone (its indexes serve the copied sort keys, the statuses are copies too),
 * joined to the pair's contracts only when the sort key is one of theirs; then the rows of those ids.
 */
async function toAssignPageRows(db: Db, request: ToAssignListRequest, where: SQL | undefined, window: PageWindow) {
  const page = await toAssignPageIds(db, request, where, window);
  return toAssignRowsOfIds(
    db,
    page.map((row) => row.id),
  );
}

function toAssignPageIds(db: Db, request: ToAssignListRequest, where: SQL | undefined, window: PageWindow) {
  const sortKey = parseOrderBy(request.orderBy)?.key ?? TO_ASSIGN_SORT.defaultKey;
  const ids = OWN_SORT_KEYS.has(sortKey) ? db.select({ id: allocations.id }).from(allocations) : pairIds(db);
  return ids
    .where(where)
    .orderBy(...window.order)
    .limit(window.limit)
    .offset(window.offset);
}

/** The search and the filter of a request, as the page and its count read them. */
function toAssignWhere(request: ToAssignListRequest) {
  const search = toAssignSearch(request.search);
  const filter = toAssignFilterConditions(request.filter);
  return { ...filter, search, where: and(search, ...filter.conditions) };
}

/**
 * The statement that picks a page's ids, exactly as the list runs it: to-assign-search.test.ts checks that
 * PostgreSQL can serve its search from the trigram index (EXPLAIN), which the former OR of semi-joins never was.
 */
export function toAssignPageIdsStatement(db: Db, request: ToAssignListRequest) {
  const window = { order: orderByOf(request.orderBy, TO_ASSIGN_SORT), limit: request.limit, offset: request.offset };
  return toAssignPageIds(db, request, toAssignWhere(request).where, window);
}

/** The rows of `ids` in the order of `ids`, over one prepared statement (db/rows-of-ids.ts). */
const toAssignRowsOfIds = rowsOfIdsReader((db) =>
  toAssignRows(db).where(idIsAnyOf(allocations.id)).prepare('to_assign_rows_of_ids'),
);

function pairIds(db: Db) {
  return db
    .select({ id: allocations.id })
    .from(allocations)
    .innerJoin(purchase, eq(purchase.id, allocations.purchaseId))
    .innerJoin(sale, eq(sale.id, allocations.salesId))
    .innerJoin(quality, eq(quality.id, purchase.rawMaterialQualityId));
}

/**
 * The page, `filtered` and the totals bar. A search or a filter counts its matches up to the cap (a page past a
 * capped count is refused, lib/list.ts listPage); the statuses alone are counted exactly by the kept totals.
 */
export async function toAssignList(db: Db, request: ToAssignListRequest) {
  const { search, statuses, isNarrowedBeyondStatuses, where } = toAssignWhere(request);
  const isCappedCount = Boolean(search) || isNarrowedBeyondStatuses;
  const figuresRead = isCappedCount ? toAssignFiguresUpToCap(db, where) : toAssignTotalsOfStatuses(db, statuses);
  // Awaited later, or first by the page's count: not reported as unhandled when the page is refused meanwhile.
  figuresRead.catch(() => {});
  const page = await listPage(request, TO_ASSIGN_SORT, {
    page: (order, limit, offset) => toAssignPageRows(db, request, where, { order, limit, offset }),
    countFiltered: () => figuresRead.then(({ n }) => (isCappedCount ? cappedCount(Number(n)) : Number(n))),
    countTotal: () => countAllRows(db, 'allocations'),
  });
  return { ...page, totalData: totalsOf(await figuresRead) };
}
