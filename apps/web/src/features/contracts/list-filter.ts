import { CONTRACT_LIST_DEFAULT_FILTER, type ContractListFilter, isDateBefore, V } from '@grain/shared';
import {
  decimalOf,
  flagOf,
  idsOf,
  isReversed,
  kgOf,
  listOf,
  minorOf,
  positiveIntOf,
  rangeOf,
  textOf,
} from '../../components/list/filter-values';
import type { FilterValues } from '../../components/list/list-state';

/**
 * The contract list filter as kept in the URL (`filter_<key>` and `filter_<key>[]`, all text) and as sent
 * (spec/2 Contract list filter: kilograms, minor units, numbers and booleans). Ranges are kept as two keys,
 * cargoQuantityFrom / cargoQuantityTo in tonnes and priceFrom / priceTo in major units, as people type them.
 */

export const DEFAULT_RAW_MATERIAL_ID = CONTRACT_LIST_DEFAULT_FILTER.rawMaterialId;

/** spec/2 Contract list filter, Default: NEW + ACTIVE on raw material 1 (or the tab the navigation asked for). */
export function defaultListFilter(rawMaterialId: number = DEFAULT_RAW_MATERIAL_ID): FilterValues {
  return { contractStatus: [...CONTRACT_LIST_DEFAULT_FILTER.contractStatus], rawMaterialId: String(rawMaterialId) };
}

/** The keys the collapsible panel edits; status chips and the raw-material tabs sit outside it. */
export const PANEL_KEYS = [
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
  'agreementStatus',
  'ownerId',
] as const;

const LIST_KEYS = ['rawMaterialQualityId', 'agreementStatus', 'contractStatus'] as const;

/** The URL filter as the list and export calls take it; unset and unreadable values are left out. */
export function toContractListFilter(values: FilterValues): ContractListFilter {
  const filter: Record<string, unknown> = {};
  const qualities = idsOf(values.rawMaterialQualityId);
  if (qualities) filter.rawMaterialQualityId = qualities;
  for (const key of ['contractStatus', 'agreementStatus'] as const) {
    const chosen = listOf(values[key]);
    if (chosen.length) filter[key] = chosen;
  }
  for (const key of ['isCert', 'isFor', 'isGmp'] as const) {
    const value = flagOf(values[key]);
    if (value !== undefined) filter[key] = value;
  }
  const freight = listOf(values.freight);
  if (freight.length) filter.freight = freight;
  const cargoQuantity = rangeOf(kgOf(values.cargoQuantityFrom), kgOf(values.cargoQuantityTo));
  if (cargoQuantity) filter.cargoQuantity = cargoQuantity;
  const price = rangeOf(minorOf(values.priceFrom), minorOf(values.priceTo));
  if (price) filter.price = price;
  for (const key of ['dateOfReceiptFrom', 'dateOfReceiptTo'] as const) {
    if (textOf(values[key])) filter[key] = textOf(values[key]);
  }
  for (const key of ['ownerId', 'rawMaterialId'] as const) {
    const id = positiveIntOf(values[key]);
    if (id) filter[key] = id;
  }
  return filter as ContractListFilter;
}

/** spec/1 List filters: a range's first value may not pass the second; the receipt "from" may not pass "to". */
export function filterError(values: FilterValues): string | null {
  for (const [fromKey, toKey] of [
    ['cargoQuantityFrom', 'cargoQuantityTo'],
    ['priceFrom', 'priceTo'],
  ] as const) {
    if (isReversed({ from: decimalOf(values[fromKey]), to: decimalOf(values[toKey]) })) return V.rangeOrder;
  }
  const dateFrom = textOf(values.dateOfReceiptFrom);
  const dateTo = textOf(values.dateOfReceiptTo);
  if (dateFrom && dateTo && isDateBefore(dateTo, dateFrom)) return V.dateToIsBefore;
  return null;
}

/** The filter with the panel's fields cleared: what "reset" returns to (chips and tab stay). */
export function withoutPanelFilters(values: FilterValues): FilterValues {
  const out = { ...values };
  for (const key of PANEL_KEYS) delete out[key];
  return out;
}

/** The chosen tab: filter_rawMaterialId, else raw material 1. */
export function rawMaterialOf(values: FilterValues): number {
  return positiveIntOf(values.rawMaterialId) ?? DEFAULT_RAW_MATERIAL_ID;
}

/** Another tab: the qualities belong to the previous raw material, so their filter goes. */
export function withRawMaterial(values: FilterValues, rawMaterialId: number): FilterValues {
  const { rawMaterialQualityId: _qualities, ...rest } = values;
  return { ...rest, rawMaterialId: String(rawMaterialId) };
}

export function contractStatusesOf(values: FilterValues): string[] {
  return listOf(values.contractStatus);
}

/** Multi-select values of the URL filter (one value or a list). */
export function listValue(values: FilterValues, key: (typeof LIST_KEYS)[number]): string[] {
  return listOf(values[key]);
}
