import type { ContractListFilter } from '@grain/shared';
import { type AnyColumn, and, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { contracts } from './schema/index.js';

/** The spec/2 Contract list filter fields that the contract lists and the allocation tables share. */
export type ContractFilterFields = Pick<
  ContractListFilter,
  | 'rawMaterialQualityId'
  | 'isCert'
  | 'isFor'
  | 'isGmp'
  | 'freight'
  | 'cargoQuantity'
  | 'price'
  | 'dateOfReceiptFrom'
  | 'dateOfReceiptTo'
>;

function rangeCondition(column: AnyColumn, range: { from?: number | string | null; to?: number | string | null }) {
  return and(
    range.from === undefined || range.from === null ? undefined : gte(column, range.from),
    range.to === undefined || range.to === null ? undefined : lte(column, range.to),
  );
}

/**
 * spec/2 Contract list filter on the contracts table, one reading for every list of contracts. A receipt date given
 * as one date bounds the receipt period so that contracts whose period overlaps [dateOfReceiptFrom, dateOfReceiptTo]
 * match; given as { from, to } it ranges that column.
 */
export function contractFilterConditions(filter: ContractFilterFields): (SQL | undefined)[] {
  const { dateOfReceiptFrom: from, dateOfReceiptTo: to } = filter;
  return [
    filter.rawMaterialQualityId?.length
      ? inArray(contracts.rawMaterialQualityId, filter.rawMaterialQualityId)
      : undefined,
    filter.freight?.length ? inArray(contracts.freight, filter.freight) : undefined,
    filter.isCert === undefined ? undefined : eq(contracts.isCert, filter.isCert),
    filter.isFor === undefined ? undefined : eq(contracts.isFor, filter.isFor),
    filter.isGmp === undefined ? undefined : eq(contracts.isGmp, filter.isGmp),
    filter.cargoQuantity ? rangeCondition(contracts.cargoQuantityKg, filter.cargoQuantity) : undefined,
    filter.price ? rangeCondition(contracts.price, filter.price) : undefined,
    typeof from === 'string'
      ? gte(contracts.dateOfReceiptTo, from)
      : from && rangeCondition(contracts.dateOfReceiptFrom, from),
    typeof to === 'string' ? lte(contracts.dateOfReceiptFrom, to) : to && rangeCondition(contracts.dateOfReceiptTo, to),
  ];
}
