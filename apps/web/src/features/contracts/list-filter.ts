import {
  CONTRACT_LIST_DEFAULT_FILTER,
  type ContractListFilter,
  isDateBefore,
  toMinorUnits,
  tonnesToKg,
  V,
} from '@grain/shared';
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

const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value.trim() : '');
const list = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).filter((item) => item !== '');

function positiveInt(value: string | string[] | undefined): number | undefined {
  const number = Number(text(value));
  return text(value) !== '' && Number.isInteger(number) && number > 0 ? number : undefined;
}

function decimal(value: string | string[] | undefined): number | undefined {
  const raw = text(value).replace(',', '.');
  const number = Number(raw);
  return raw !== '' && Number.isFinite(number) && number >= 0 ? number : undefined;
}

function flag(value: string | string[] | undefined): boolean | undefined {
  const raw = text(value);
  return raw === 'true' ? true : raw === 'false' ? false : undefined;
}

function range(from: number | undefined, to: number | undefined, convert: (value: number) => number) {
  if (from === undefined && to === undefined) return undefined;
  return { from: from === undefined ? null : convert(from), to: to === undefined ? null : convert(to) };
}

/** The URL filter as the list and export calls take it; unset and unreadable values are left out. */
export function toContractListFilter(values: FilterValues): ContractListFilter {
  const filter: Record<string, unknown> = {};
  const qualities = list(values.rawMaterialQualityId)
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  if (qualities.length) filter.rawMaterialQualityId = qualities;
  for (const key of ['contractStatus', 'agreementStatus'] as const) {
    const chosen = list(values[key]);
    if (chosen.length) filter[key] = chosen;
  }
  for (const key of ['isCert', 'isFor', 'isGmp'] as const) {
    const value = flag(values[key]);
    if (value !== undefined) filter[key] = value;
  }
  const freight = list(values.freight);
  if (freight.length) filter.freight = freight;
  const cargoQuantity = range(decimal(values.cargoQuantityFrom), decimal(values.cargoQuantityTo), tonnesToKg);
  if (cargoQuantity) filter.cargoQuantity = cargoQuantity;
  const price = range(decimal(values.priceFrom), decimal(values.priceTo), toMinorUnits);
  if (price) filter.price = price;
  for (const key of ['dateOfReceiptFrom', 'dateOfReceiptTo'] as const) {
    if (text(values[key])) filter[key] = text(values[key]);
  }
  for (const key of ['ownerId', 'rawMaterialId'] as const) {
    const id = positiveInt(values[key]);
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
    const from = decimal(values[fromKey]);
    const to = decimal(values[toKey]);
    if (from !== undefined && to !== undefined && from > to) return V.rangeOrder;
  }
  const dateFrom = text(values.dateOfReceiptFrom);
  const dateTo = text(values.dateOfReceiptTo);
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
  return positiveInt(values.rawMaterialId) ?? DEFAULT_RAW_MATERIAL_ID;
}

/** Another tab: the qualities belong to the previous raw material, so their filter goes. */
export function withRawMaterial(values: FilterValues, rawMaterialId: number): FilterValues {
  const { rawMaterialQualityId: _qualities, ...rest } = values;
  return { ...rest, rawMaterialId: String(rawMaterialId) };
}

export function contractStatusesOf(values: FilterValues): string[] {
  return list(values.contractStatus);
}

/** Multi-select values of the URL filter (one value or a list). */
export function listValue(values: FilterValues, key: (typeof LIST_KEYS)[number]): string[] {
  return list(values[key]);
}
