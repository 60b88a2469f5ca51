import type {
  AllocatedPurchaseSortKey,
  AllocatedSalesSortKey,
  AllocationContractListRequest,
  PurchaseToAllocateSortKey,
} from '@grain/shared';
import { ALLOCATABLE_STATUSES } from '@grain/shared';
import { and, count, eq, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { contractSummaryColumns } from '../../../db/contract-columns.js';
import { contractFilterConditions } from '../../../db/contract-filter.js';
import { allocations, contractors, contracts, rawMaterialQualities, transports } from '../../../db/schema/index.js';
import { listPage, type SortSpec, searchCondition } from '../../../lib/list.js';

/**
 * The contract tables of the allocation screens: purchases a sale can take from, and the pairs seen from either
 * side. Each query reads one contract row per list row, its counterparty, its quality and the pair's allocation.
 */

const contractColumns = { ...contractSummaryColumns, isFor: contracts.isFor };

const pairColumns = {
  allocationId: allocations.id,
  pairQuantityKg: allocations.quantityKg,
  pairPlannedNewKg: sql<number>`coalesce((select sum(${transports.cargoQuantityKg}) from ${transports}
    where ${transports.purchaseId} = ${allocations.purchaseId} and ${transports.salesId} = ${allocations.salesId}
      and ${transports.status} = 'NEW'), 0)::bigint`.mapWith(Number),
  pairInDeliveryKg: allocations.inDeliveryKg,
  pairInDeliveryCount: allocations.inDeliveryCount,
  pairDeliveredKg: allocations.deliveredKg,
  confirmationNote: allocations.confirmationNote,
};

const rowColumns = { ...contractColumns, ...pairColumns };
export type ContractPairRow = Awaited<ReturnType<typeof purchasesToAllocate>>['list'][number];

/** Search over the contract's document number and the counterparty's code and name. */
function contractSearch(search: string | undefined): SQL | undefined {
  return searchCondition(search, [contracts.documentNumber, contractors.code, contractors.name]);
}

/** The sort keys every allocation table has; each table adds its counterparty code and its own figures. */
const commonSortKeys = {
  document_number: contracts.documentNumber,
  raw_material_quality_title: rawMaterialQualities.title,
  cargo_quantity: contracts.cargoQuantityKg,
  price: contracts.price,
  date_of_receipt_from: contracts.dateOfReceiptFrom,
  id: contracts.id,
};

const PURCHASE_TO_ALLOCATE_SORT: SortSpec<PurchaseToAllocateSortKey> = {
  keys: {
    ...commonSortKeys,
    supplier_code: contractors.code,
    allowed: sql`${contracts.cargoQuantityKg} - ${contracts.allocatedKg}`,
    date_of_receipt_to: contracts.dateOfReceiptTo,
    allocated_on_purchase: sql`coalesce(${allocations.quantityKg}, 0)`,
  },
  defaultKey: 'date_of_receipt_from',
  tiebreaker: contracts.id,
};

const ALLOCATED_PURCHASE_SORT: SortSpec<AllocatedPurchaseSortKey> = {
  keys: {
    ...commonSortKeys,
    supplier_code: contractors.code,
    allocated_on_purchase: allocations.quantityKg,
    in_delivery_on_purchase: allocations.inDeliveryKg,
    delivered_on_purchase: allocations.deliveredKg,
  },
  defaultKey: 'document_number',
  tiebreaker: contracts.id,
};

const ALLOCATED_SALES_SORT: SortSpec<AllocatedSalesSortKey> = {
  keys: {
    ...commonSortKeys,
    recipient_code: contractors.code,
    allocated_for_sales: allocations.quantityKg,
    in_delivery_for_sales: allocations.inDeliveryKg,
    delivered_for_sales: allocations.deliveredKg,
  },
  defaultKey: 'document_number',
  tiebreaker: contracts.id,
};

/** A contract row with its counterparty, its quality and the pair's allocation (joined on `pairJoin`). */
function contractRows(db: Db, pairJoin: SQL) {
  return db
    .select(rowColumns)
    .from(contracts)
    .innerJoin(contractors, eq(contractors.id, contracts.counterpartyId))
    .innerJoin(rawMaterialQualities, eq(rawMaterialQualities.id, contracts.rawMaterialQualityId))
    .leftJoin(allocations, pairJoin);
}

/** The count over the same FROM as contractRows. */
async function countContractRows(db: Db, pairJoin: SQL, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contracts)
    .innerJoin(contractors, eq(contractors.id, contracts.counterpartyId))
    .innerJoin(rawMaterialQualities, eq(rawMaterialQualities.id, contracts.rawMaterialQualityId))
    .leftJoin(allocations, pairJoin)
    .where(where);
  return row?.n ?? 0;
}

interface ContractListScope {
  pairJoin: SQL;
  /** What `total` counts: the list before search and filter. */
  base: SQL;
  sort: SortSpec;
}

function contractPairList(db: Db, request: AllocationContractListRequest, scope: ContractListScope) {
  const where = and(scope.base, contractSearch(request.search), ...contractFilterConditions(request.filter ?? {}));
  return listPage(request, scope.sort, {
    page: (order, limit, offset) =>
      contractRows(db, scope.pairJoin)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    countFiltered: () => countContractRows(db, scope.pairJoin, where),
    countTotal: () => countContractRows(db, scope.pairJoin, scope.base),
  });
}

/**
 * Purchases the sale can take from: same raw material, allocatable status, and either room left under the
 * upper tolerance limit or already allocated to this sale (so the pair can still be edited).
 */
export function purchasesToAllocate(
  db: Db,
  sale: { id: number; rawMaterialId: number },
  request: AllocationContractListRequest,
) {
  return contractPairList(db, request, {
    pairJoin: and(eq(allocations.purchaseId, contracts.id), eq(allocations.salesId, sale.id))!,
    base: and(
      eq(contracts.type, 'PURCHASE'),
      eq(contracts.rawMaterialId, sale.rawMaterialId),
      inArray(contracts.status, [...ALLOCATABLE_STATUSES]),
      or(lt(contracts.allocatedKg, contracts.toleranceUpperLimitKg), isNotNull(allocations.id)),
    )!,
    sort: PURCHASE_TO_ALLOCATE_SORT,
  });
}

/** The purchases allocated to a sale (sale dashboard). */
export function allocatedPurchases(db: Db, salesId: number, request: AllocationContractListRequest) {
  return contractPairList(db, request, {
    pairJoin: and(eq(allocations.purchaseId, contracts.id), eq(allocations.salesId, salesId))!,
    base: eq(allocations.salesId, salesId),
    sort: ALLOCATED_PURCHASE_SORT,
  });
}

/** The sales a purchase is allocated to (purchase dashboard). */
export function allocatedSales(db: Db, purchaseId: number, request: AllocationContractListRequest) {
  return contractPairList(db, request, {
    pairJoin: and(eq(allocations.salesId, contracts.id), eq(allocations.purchaseId, purchaseId))!,
    base: eq(allocations.purchaseId, purchaseId),
    sort: ALLOCATED_SALES_SORT,
  });
}
