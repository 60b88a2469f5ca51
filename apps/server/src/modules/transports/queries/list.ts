import {
  FILTERED_COUNT_CAP,
  parseTransportOrderNumber,
  TRANSPORT_STATUSES,
  TRANSPORT_TAB_STATUSES,
  type TransportListFilter,
  type TransportListRequest,
  type TransportListTotals,
  type TransportSortKey,
  type TransportStatus,
} from '@grain/shared';
import { and, asc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { readFiguresBeside } from '../../../db/page-with-counts.js';
import { countAllRows, countRowsInGroups, rowCountSql } from '../../../db/row-counts.js';
import { contractors, contracts, transports, unloadings } from '../../../db/schema/index.js';
import { searchTextCondition } from '../../../db/search.js';
import {
  cappedCountSql,
  countOfFigures,
  IS_OVER_CAP,
  likePattern,
  listPage,
  orderByOf,
  overCapWith,
  type SortSpec,
} from '../../../lib/list.js';
import { toDecideCount } from './decisions.js';
import {
  carrier,
  purchase,
  purchaseQuality,
  recipient,
  sale,
  supplier,
  transportPageRows,
  transportPageWithCounts,
} from './rows.js';

/**
 * Sort keys of the logistics table (shared TRANSPORT_SORT_KEYS); default id descending, newest first. Every key is
 * a column of transports (the joined values as copies, db/copies.ts) with an index (key, id, status).
 */
export const TRANSPORT_SORT: SortSpec<TransportSortKey> = {
  keys: {
    id: transports.id,
    status: transports.status,
    date_loading: transports.dateLoading,
    date_unloading: transports.dateUnloading,
    unloading_date: transports.unloadingDate,
    cargo_quantity: transports.cargoQuantityKg,
    real_cargo_quantity: transports.realCargoQuantityKg,
    price_per_ton: transports.pricePerTon,
    carrier_name: transports.carrierName,
    registration_number: transports.registrationNumber,
    purchase_document_number: transports.purchaseDocumentNumber,
    sales_document_number: transports.salesDocumentNumber,
    supplier_code: transports.supplierCode,
    recipient_code: transports.recipientCode,
  },
  defaultKey: 'id',
  defaultDirection: 'desc',
  tiebreaker: transports.id,
};

const contains = (column: AnyPgColumn, text: string | null | undefined) =>
  text ? ilike(column, likePattern(text)) : undefined;
const isIn = <T>(column: AnyPgColumn, values: T[] | undefined) =>
  values?.length ? inArray(column, values) : undefined;

function rangeOf(column: AnyPgColumn, range: { from?: unknown; to?: unknown } | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (range?.from !== undefined && range.from !== null) conditions.push(gte(column, range.from));
  if (range?.to !== undefined && range.to !== null) conditions.push(lte(column, range.to));
  return conditions;
}

/** The transport's contract on one side matches `condition`: a semi-join into contracts, no row join. */
const contractOfSide = (side: AnyPgColumn, condition: SQL) =>
  inArray(side, sql`(select ${contracts.id} from ${contracts} where ${condition})`);

const contractFlag = (side: AnyPgColumn, value: boolean | null | undefined) =>
  typeof value === 'boolean' ? contractOfSide(side, eq(contracts.isGmp, value)) : undefined;

/**
 * The tab as a literal list: it then matches the partial index of the active tab (transports_active_idx), which a
 * parameter list would not prove.
 */
function tabCondition(tab: TransportListFilter['tab']): SQL | undefined {
  const statuses = TRANSPORT_TAB_STATUSES[tab ?? 'all'];
  if (!statuses) return undefined;
  return sql`${transports.status} in (${sql.raw(statuses.map((status) => `'${status}'`).join(', '))})`;
}

/**
 * spec/2 Transport filter body and the dashboards' purchaseId / salesId, all on transports' own columns (copies
 * of the joined values, or a semi-join into contracts and contractors): the page and the count join nothing.
 */
function transportFilterConditions(filter: TransportListFilter = {}): (SQL | undefined)[] {
  return [
    isIn(transports.supplierCode, filter.purchaseSupplierCode),
    filter.rawMaterialQualityId?.length
      ? contractOfSide(transports.purchaseId, inArray(contracts.rawMaterialQualityId, filter.rawMaterialQualityId))
      : undefined,
    filter.carrierCode?.length
      ? inArray(
          transports.carrierId,
          sql`(select ${contractors.id} from ${contractors} where ${inArray(contractors.code, filter.carrierCode)})`,
        )
      : undefined,
    isIn(transports.recipientCode, filter.salesRecipientCode),
    isIn(transports.purchaseId, filter.purchaseAgreementDocumentNumberId),
    isIn(transports.salesId, filter.salesAgreementDocumentNumberId),
    filter.transportId ? eq(transports.id, filter.transportId) : undefined,
    filter.purchaseId ? eq(transports.purchaseId, filter.purchaseId) : undefined,
    filter.salesId ? eq(transports.salesId, filter.salesId) : undefined,
    contains(transports.registrationNumber, filter.registrationNumber),
    contains(transports.trailerNumber, filter.trailerNumber),
    contains(transports.driverName, filter.driverName),
    contains(transports.phoneNumber, filter.phoneNumber),
    ...rangeOf(transports.dateLoading, filter.dateLoading),
    ...rangeOf(transports.dateUnloading, filter.dateUnloading),
    ...rangeOf(transports.realCargoQuantityKg, filter.realCargoQuantity),
    contractFlag(transports.purchaseId, filter.purchaseIsGmp),
    contractFlag(transports.salesId, filter.salesIsGmp),
    // A semi-join into the partial index unloadings_to_decide_idx: only the few waiting unloadings are read.
    filter.isToDecide === true
      ? inArray(
          transports.id,
          sql`(select ${unloadings.transportId} from ${unloadings} where ${unloadings.isToDecide})`,
        )
      : undefined,
  ];
}

/** The status groups of the row counters that make up the tab and the status filter (null: no status condition). */
function statusGroups(filter: TransportListFilter): `status:${TransportStatus}`[] | null {
  const tabStatuses = TRANSPORT_TAB_STATUSES[filter.tab ?? 'all'];
  const statuses = filter.status?.length ? filter.status : null;
  if (!tabStatuses && !statuses) return null;
  const allowed = (tabStatuses ?? TRANSPORT_STATUSES).filter((status) => !statuses || statuses.includes(status));
  return allowed.map((status) => `status:${status}` as const);
}

const MAX_ID = 2_147_483_647;

/**
 * A search finds a transport by its id, typed as "3002" or "#3002", or by its order number "ZT/2026/3002".
 * "#3002" means the id alone; plain digits also match the searched text (phone numbers, GMP numbers hold digits
 * too). An order number is the id and the year of creation (transportOrderNumber), so it is read by the primary
 * key rather than copied into the search text.
 */
export function transportSearchCondition(search: string | undefined): SQL | undefined {
  const term = search?.trim() ?? '';
  const order = parseTransportOrderNumber(term);
  // The session's time zone is UTC, as the order number's year is that of the ISO createdAt.
  if (order) {
    return and(eq(transports.id, order.transportId), sql`extract(year from ${transports.createdAt}) = ${order.year}`);
  }
  const idMatch = /^(#?)(\d{1,10})$/.exec(term);
  const id = idMatch ? Number(idMatch[2]) : 0;
  if (!idMatch || id < 1 || id > MAX_ID) return searchTextCondition(transports.searchText, search);
  if (idMatch[1] === '#') return eq(transports.id, id);
  return or(eq(transports.id, id), searchTextCondition(transports.searchText, term));
}

/** The list's conditions: the tab and the status apart (the row counters count them), and all of them together. */
function transportListConditions(request: Pick<TransportListRequest, 'search' | 'filter'>) {
  const filter = request.filter ?? {};
  const search = transportSearchCondition(request.search);
  const otherConditions = [search, ...transportFilterConditions(filter)].filter((condition) => condition);
  const where = and(tabCondition(filter.tab), isIn(transports.status, filter.status), ...otherConditions);
  return { filter, otherConditions, where };
}

/** The logistics totals row and the "Do decyzji" counter (transportFiguresSql), as the service answers them. */
export interface TransportListFigures {
  totals: TransportListTotals | null;
  toDecideCount: number;
}

/**
 * One page of the logistics list with its counts and figures. A tab or a status alone: one statement carries the
 * page's ids, the row counters and the figures (an InitPlan), then the rows of those ids (prepared): two statements.
 * Anything else: the page as listPage reads it, and the figures beside it on another connection.
 */
export async function listTransportRows(db: Db, request: TransportListRequest) {
  const conditions = transportListConditions(request);
  const { filter, otherConditions, where } = conditions;
  const figures = transportFiguresSql(conditions);
  const groups = statusGroups(filter);
  if (!otherConditions.length) {
    const shape = {
      where,
      order: orderByOf(request.orderBy, TRANSPORT_SORT),
      total: rowCountSql('transports', 'whole table'),
      filtered: groups ? rowCountSql('transports', groups) : null,
      extra: figures,
    };
    const page = await transportPageWithCounts(db, shape, request.limit, request.offset);
    if (page) {
      const { extra, ...counted } = page;
      return { ...counted, ...figuresOf(extra as FiguresRow) };
    }
  }
  // A search or a filter: the figures count the matches (up to the cap) and answer `filtered`, beside the page.
  // A tab or a status alone (its page was empty) is counted by the row counters.
  const figuresRead = readFiguresBeside<FiguresRow>(db, figures);
  const countFiltered = otherConditions.length
    ? () => figuresRead.then(countOfFigures)
    : groups
      ? () => countRowsInGroups(db, 'transports', groups)
      : null;
  const page = await listPage(request, TRANSPORT_SORT, {
    page: (order, limit, offset) => transportPageRows(db, where, order, limit, offset),
    countFiltered,
    countTotal: () => countAllRows(db, 'transports'),
  });
  return { ...page, ...figuresOf(await figuresRead) };
}

/** What transportFiguresSql reads: the matching rows (capped), their sums, whether the count is past the cap. */
interface FiguresRow {
  n: number;
  sumPlanned: number;
  sumInDelivery: number;
  sumDelivered: number;
  toDecideCount: number;
  isOverCap: boolean;
}

/** The figures as answered; the sums come as JSON numbers (kilograms, far below 2^53). */
function figuresOf(row: FiguresRow): TransportListFigures {
  const toDecideCount = Number(row.toDecideCount);
  if (row.isOverCap || row.n > FILTERED_COUNT_CAP) return { totals: null, toDecideCount };
  const { sumPlanned, sumInDelivery, sumDelivered } = row;
  return { totals: { sumPlanned, sumInDelivery, sumDelivered }, toDecideCount };
}

/**
 * The logistics totals row: the tonnage sums over the rows the list's own WHERE finds, in one aggregate over at
 * most FILTERED_COUNT_CAP + 1 of them (as countUpToCap reads the count: a broad search over a million transports
 * costs as much as one over ten thousand); totals null when more rows match: the web asks to narrow the search. The
 * "Do decyzji" counter comes with them. One uncorrelated scalar subquery (a json object), so it can ride in the
 * page's own statement (db/page-with-counts.ts `extra`) or be read alone.
 */
function transportFiguresSql({ filter, otherConditions, where }: ReturnType<typeof transportListConditions>): SQL {
  // A tab or a status alone: the row counters know how many match; anything else is counted up to the cap first.
  // Past the cap the sums are not read at all (a one-time filter: PostgreSQL tests it once, before the scan): the
  // unfiltered page does not sum 10 001 transports to answer null, nor does a broad search.
  const counted = otherConditions.length
    ? cappedCountSql(transports, where)
    : rowCountSql('transports', statusGroups(filter) ?? 'whole table');
  const delivered = sql`case when m.status = 'DELIVERED' then coalesce(m.real_kg, m.cargo_kg) end`;
  // Inside, the columns name the inner FROM transports (the nearest), so the subquery does not depend on the outer row.
  return sql`(${overCapWith(counted)} select json_build_object(
      'n', count(*),
      'sumPlanned', coalesce(sum(m.cargo_kg), 0),
      'sumInDelivery', coalesce(sum(case when m.status = 'ON_THE_WAY' then m.cargo_kg end), 0),
      'sumDelivered', coalesce(sum(${delivered}), 0),
      'toDecideCount', ${toDecideCount},
      'isOverCap', ${IS_OVER_CAP})
    from (select ${transports.status} as status, ${transports.cargoQuantityKg} as cargo_kg,
        ${transports.realCargoQuantityKg} as real_kg
      from ${transports} where ${and(where, sql`not ${IS_OVER_CAP}`)} limit ${FILTERED_COUNT_CAP + 1}) m)`;
}

/** Some transport has this contract on its purchase (or sales) side: one probe of transports_pair_idx / _sales_idx. */
const hasTransportOn = (side: 'purchase' | 'sales', contractId: AnyPgColumn) => {
  const sideId = side === 'purchase' ? transports.purchaseId : transports.salesId;
  return sql`exists (select 1 from ${transports} where ${sideId} = ${contractId})`;
};

/**
 * GET /transport/get-filter-option: the counterparties, carriers, qualities and contracts transports use. Each is
 * read from the (few) contracts and contractors with an index probe into transports, never by scanning transports.
 */
export async function transportFilterOptions(db: Db) {
  const [suppliers, recipients, carriers, qualities, purchaseNumbers, salesNumbers] = await Promise.all([
    db
      .selectDistinct({ code: supplier.code, name: supplier.name })
      .from(purchase)
      .innerJoin(supplier, eq(supplier.id, purchase.counterpartyId))
      .where(and(eq(purchase.type, 'PURCHASE'), hasTransportOn('purchase', purchase.id)))
      .orderBy(asc(supplier.code)),
    db
      .selectDistinct({ code: recipient.code, name: recipient.name })
      .from(sale)
      .innerJoin(recipient, eq(recipient.id, sale.counterpartyId))
      .where(and(eq(sale.type, 'SALES'), hasTransportOn('sales', sale.id)))
      .orderBy(asc(recipient.code)),
    db
      .select({ code: carrier.code, name: carrier.name })
      .from(carrier)
      .where(sql`exists (select 1 from ${transports} where ${transports.carrierId} = ${carrier.id})`)
      .orderBy(asc(carrier.code)),
    db
      .selectDistinct({ id: purchaseQuality.id, title: purchaseQuality.title })
      .from(purchase)
      .innerJoin(purchaseQuality, eq(purchaseQuality.id, purchase.rawMaterialQualityId))
      .where(and(eq(purchase.type, 'PURCHASE'), hasTransportOn('purchase', purchase.id)))
      .orderBy(asc(purchaseQuality.title), asc(purchaseQuality.id)),
    db
      .select({ id: purchase.id, documentNumber: purchase.documentNumber })
      .from(purchase)
      .where(and(eq(purchase.type, 'PURCHASE'), hasTransportOn('purchase', purchase.id)))
      .orderBy(asc(purchase.documentNumber), asc(purchase.id)),
    db
      .select({ id: sale.id, documentNumber: sale.documentNumber })
      .from(sale)
      .where(and(eq(sale.type, 'SALES'), hasTransportOn('sales', sale.id)))
      .orderBy(asc(sale.documentNumber), asc(sale.id)),
  ]);
  return { suppliers, recipients, carriers, qualities, purchaseNumbers, salesNumbers };
}
