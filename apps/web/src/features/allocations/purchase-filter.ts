import { type AllocationContractFilter, FREIGHTS, V, type ValidationKey } from '@grain/shared';
import { flagOf, idsOf, isReversed, kgOf, minorOf, oneOf, rangeOf, textOf } from '../../components/list/filter-values';
import type { FilterValues } from '../../components/list/list-state';

/**
 * The filter of the sale allocation screen's purchase table (spec/1 List filters), as kept in the URL and as
 * sent (AllocationContractFilterSchema). Quantities are typed in tonnes and prices in major units, and sent as
 * kilograms and minor units.
 */
export const PURCHASE_FILTER_KEYS = [
  'rawMaterialQualityId',
  'isCert',
  'isFor',
  'isGmp',
  'freight',
  'cargoQuantityFrom',
  'cargoQuantityTo',
  'priceFrom',
  'priceTo',
  'dateOfReceiptFrom',
  'dateOfReceiptTo',
] as const;

export function toPurchaseFilter(values: FilterValues): AllocationContractFilter {
  const filter: AllocationContractFilter = {
    rawMaterialQualityId: idsOf(values.rawMaterialQualityId),
    isCert: flagOf(values.isCert),
    isFor: flagOf(values.isFor),
    isGmp: flagOf(values.isGmp),
    freight: oneOf(FREIGHTS, values.freight),
    cargoQuantity: rangeOf(kgOf(values.cargoQuantityFrom), kgOf(values.cargoQuantityTo)),
    price: rangeOf(minorOf(values.priceFrom), minorOf(values.priceTo)),
    dateOfReceiptFrom: textOf(values.dateOfReceiptFrom) || undefined,
    dateOfReceiptTo: textOf(values.dateOfReceiptTo) || undefined,
  };
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined),
  ) as AllocationContractFilter;
}

/** spec/1 List filters: "from" cannot exceed "to" (ranges and receipt dates). */
export function purchaseFilterError(values: FilterValues): ValidationKey | null {
  const filter = toPurchaseFilter(values);
  const dates = rangeOf(filter.dateOfReceiptFrom, filter.dateOfReceiptTo);
  if (isReversed(dates)) return V.dateToIsBefore;
  if (isReversed(filter.cargoQuantity) || isReversed(filter.price)) return V.rangeOrder;
  return null;
}
