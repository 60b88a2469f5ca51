import type { ListRequest, ReallocateCandidateSortKey } from '@grain/shared';
import { ALLOCATABLE_STATUSES } from '@grain/shared';
import { and, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { contractSummaryColumns } from '../../../db/contract-columns.js';
import { contractors, contracts, rawMaterialQualities } from '../../../db/schema/index.js';
import { listPage, type SortSpec, searchCondition } from '../../../lib/list.js';

/**
 * GET /transport/contract-to-reallocate and /transport/purchase-contract-to-reallocate: contracts of one kind
 * with the same raw material as the current one, open for allocation, the current one left out.
 */
const toAllocateSql = sql<number>`(${contracts.cargoQuantityKg} - ${contracts.allocatedKg})`;

const candidateColumns = {
  ...contractSummaryColumns,
  addressFull: sql<string>`concat_ws(', ',
    nullif(concat_ws(' ', ${contracts.street}, ${contracts.buildingNumber}), ''),
    nullif(concat_ws(' ', ${contracts.postCode}, ${contracts.city}), ''))`,
  inDeliveryKg: contracts.inDeliveryKg,
  deliveredKg: contracts.deliveredKg,
};
export type CandidateRow = Awaited<ReturnType<typeof listCandidates>>['list'][number];

export const CANDIDATE_SORT: SortSpec<ReallocateCandidateSortKey> = {
  keys: {
    document_number: contracts.documentNumber,
    counterparty_code: contractors.code,
    date_of_receipt_from: contracts.dateOfReceiptFrom,
    cargo_quantity: contracts.cargoQuantityKg,
    to_allocate: toAllocateSql,
    id: contracts.id,
  },
  defaultKey: 'document_number',
  tiebreaker: contracts.id,
};

export async function contractKindAndMaterial(db: Db, id: number) {
  const [row] = await db
    .select({ id: contracts.id, type: contracts.type, rawMaterialId: contracts.rawMaterialId })
    .from(contracts)
    .where(eq(contracts.id, id));
  return row ?? null;
}

/** Search over document number and the counterparty's code and name. */
export function listCandidates(
  db: Db,
  current: { id: number; type: 'PURCHASE' | 'SALES'; rawMaterialId: number },
  request: ListRequest<unknown>,
) {
  const base: SQL | undefined = and(
    eq(contracts.type, current.type),
    eq(contracts.rawMaterialId, current.rawMaterialId),
    inArray(contracts.status, [...ALLOCATABLE_STATUSES]),
    ne(contracts.id, current.id),
  );
  const where = and(
    base,
    searchCondition(request.search, [contracts.documentNumber, contractors.code, contractors.name]),
  );
  return listPage(request, CANDIDATE_SORT, {
    page: (order, limit, offset) =>
      db
        .select(candidateColumns)
        .from(contracts)
        .innerJoin(contractors, eq(contractors.id, contracts.counterpartyId))
        .innerJoin(rawMaterialQualities, eq(rawMaterialQualities.id, contracts.rawMaterialQualityId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    countFiltered: async () =>
      (
        await db
          .select({ n: count() })
          .from(contracts)
          .innerJoin(contractors, eq(contractors.id, contracts.counterpartyId))
          .where(where)
      )[0]?.n ?? 0,
    countTotal: async () => (await db.select({ n: count() }).from(contracts).where(base))[0]?.n ?? 0,
  });
}
