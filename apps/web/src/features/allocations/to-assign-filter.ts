import { CONTRACT_STATUSES, FREIGHTS, type ToAssignFilter, V, type ValidationKey } from '@grain/shared';
import {
  flagOf,
  idsOf,
  isReversed,
  listOf,
  oneOf,
  positiveIntOf,
  rangeOf,
  textOf,
} from '../../components/list/filter-values';
import type { FilterValues } from '../../components/list/list-state';

/**
 * The allocations page filter as kept in the URL (filter_<key>, lists as filter_<key>[]) and as sent to
 * /transport/get-to-assign-list (ToAssignFilterSchema). Date ranges are two URL keys each (…From / …To).
 */
export const PRIMARY_FILTER_KEYS = ['rawMaterialId', 'purchaseSupplierId', 'salesRecipientId', 'hasToDeliver'] as const;

export const SECONDARY_FILTER_KEYS = [
  'rawMaterialQualityId',
  'purchaseIsGmp',
  'salesIsGmp',
  'purchaseIsCert',
  'salesIsCert',
  'purchaseFreight',
  'salesFreight',
  'dateOfLoadingFrom',
  'dateOfLoadingTo',
  'dateOfUnloadingFrom',
  'dateOfUnloadingTo',
  'purchaseContractStatus',
  'salesContractStatus',
] as const;

export type ToAssignFilterKey = (typeof PRIMARY_FILTER_KEYS)[number] | (typeof SECONDARY_FILTER_KEYS)[number];

/** Multi-selects: one chip per chosen value. */
export const LIST_FILTER_KEYS: readonly ToAssignFilterKey[] = [
  'purchaseSupplierId',
  'salesRecipientId',
  'rawMaterialQualityId',
  'purchaseFreight',
  'salesFreight',
  'purchaseContractStatus',
  'salesContractStatus',
];

const FLAG_KEYS = ['purchaseIsGmp', 'salesIsGmp', 'purchaseIsCert', 'salesIsCert'] as const;

function dateOf(values: FilterValues, key: string): string | undefined {
  return textOf(values[key]) || undefined;
}

export function toToAssignFilter(values: FilterValues): ToAssignFilter {
  const filter: ToAssignFilter = {
    rawMaterialId: positiveIntOf(values.rawMaterialId),
    purchaseSupplierId: idsOf(values.purchaseSupplierId),
    salesRecipientId: idsOf(values.salesRecipientId),
    // "Only with something to deliver" is a switch: off means no condition, not "nothing to deliver".
    hasToDeliver: flagOf(values.hasToDeliver) === true ? true : undefined,
    rawMaterialQualityId: idsOf(values.rawMaterialQualityId),
    purchaseFreight: oneOf(FREIGHTS, values.purchaseFreight),
    salesFreight: oneOf(FREIGHTS, values.salesFreight),
    dateOfLoading: rangeOf(dateOf(values, 'dateOfLoadingFrom'), dateOf(values, 'dateOfLoadingTo')),
    dateOfUnloading: rangeOf(dateOf(values, 'dateOfUnloadingFrom'), dateOf(values, 'dateOfUnloadingTo')),
    purchaseContractStatus: oneOf(CONTRACT_STATUSES, values.purchaseContractStatus),
    salesContractStatus: oneOf(CONTRACT_STATUSES, values.salesContractStatus),
  };
  for (const key of FLAG_KEYS) filter[key] = flagOf(values[key]);
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as ToAssignFilter;
}

/** spec/1 List filters: a date "from" cannot exceed its "to". */
export function toAssignFilterError(values: FilterValues): ValidationKey | null {
  const filter = toToAssignFilter(values);
  return isReversed(filter.dateOfLoading) || isReversed(filter.dateOfUnloading) ? V.dateToIsBefore : null;
}

/** One removable chip: a key, and for multi-selects the one value it stands for. */
export interface ActiveFilter {
  key: ToAssignFilterKey;
  value: string;
}

/** The chips of the applied filter, in the order of the filter fields. */
export function activeFilters(values: FilterValues): ActiveFilter[] {
  const chips: ActiveFilter[] = [];
  for (const key of [...PRIMARY_FILTER_KEYS, ...SECONDARY_FILTER_KEYS]) {
    if (LIST_FILTER_KEYS.includes(key)) {
      for (const value of listOf(values[key])) chips.push({ key, value });
    } else if (key === 'hasToDeliver') {
      if (flagOf(values[key]) === true) chips.push({ key, value: 'true' });
    } else {
      const value = textOf(values[key]);
      if (value) chips.push({ key, value });
    }
  }
  return chips;
}

/** The filter without one chip's value. */
export function withoutFilter(values: FilterValues, chip: ActiveFilter): FilterValues {
  const next: FilterValues = { ...values };
  if (LIST_FILTER_KEYS.includes(chip.key)) {
    const rest = listOf(values[chip.key]).filter((value) => value !== chip.value);
    if (rest.length) next[chip.key] = rest;
    else delete next[chip.key];
  } else {
    delete next[chip.key];
  }
  return next;
}
