import {
  TRANSPORT_STATUSES,
  type TransportFilterOptionField,
  type TransportListFilter,
  type TransportTab,
} from '@grain/shared';
import {
  flagOf,
  idsOf,
  isReversed,
  kgOf,
  listOf,
  oneOf,
  positiveIntOf,
  rangeOf,
  textOf,
} from '../../components/list/filter-values';
import type { FilterValues } from '../../components/list/list-state';

/**
 * The logistics filter (spec/1 Logistics, spec/2 Transport filter body) as kept in the URL (filter_<key>, lists as
 * filter_<key>[]) and as sent to /transport/list. Ranges are two URL keys each (…From / …To); the real quantity
 * is typed in tonnes.
 */
export const LIST_KEYS = [
  'purchaseSupplierCode',
  'rawMaterialQualityId',
  'carrierCode',
  'salesRecipientCode',
  'purchaseAgreementDocumentNumberId',
  'salesAgreementDocumentNumberId',
  'status',
] as const;

export const TEXT_KEYS = ['transportId', 'registrationNumber', 'trailerNumber', 'driverName', 'phoneNumber'] as const;

export const RANGE_KEYS = [
  'dateLoadingFrom',
  'dateLoadingTo',
  'dateUnloadingFrom',
  'dateUnloadingTo',
  'realCargoQuantityFrom',
  'realCargoQuantityTo',
] as const;

export const FLAG_KEYS = ['purchaseIsGmp', 'salesIsGmp', 'isToDecide'] as const;

export type TransportFilterKey =
  | (typeof LIST_KEYS)[number]
  | (typeof TEXT_KEYS)[number]
  | (typeof RANGE_KEYS)[number]
  | (typeof FLAG_KEYS)[number];

/** The selects whose options the server searches, in the panel's order. */
export const OPTION_SELECTS: { key: TransportFilterKey; field: TransportFilterOptionField }[] = [
  { key: 'purchaseSupplierCode', field: 'suppliers' },
  { key: 'salesRecipientCode', field: 'recipients' },
  { key: 'carrierCode', field: 'carriers' },
  { key: 'rawMaterialQualityId', field: 'qualities' },
  { key: 'purchaseAgreementDocumentNumberId', field: 'purchase_document_numbers' },
  { key: 'salesAgreementDocumentNumberId', field: 'sales_document_numbers' },
];

const ALL_KEYS: readonly TransportFilterKey[] = [...LIST_KEYS, ...TEXT_KEYS, ...RANGE_KEYS, ...FLAG_KEYS];

/** The status filter exists only on the all tab (spec/1 Logistics). */
export function isKeyOnTab(key: TransportFilterKey, tab: TransportTab): boolean {
  return key !== 'status' || tab === 'all';
}

const dateOf = (values: FilterValues, key: string) => textOf(values[key]) || undefined;

function validRange<T>(range: { from: T | null; to: T | null } | undefined) {
  return isReversed(range) ? undefined : range;
}

/** The request filter; reversed ranges are not sent (the panel shows their error instead). */
export function toTransportFilter(values: FilterValues, tab: TransportTab): TransportListFilter {
  const filter: TransportListFilter = {
    tab,
    purchaseSupplierCode: listOf(values.purchaseSupplierCode),
    rawMaterialQualityId: idsOf(values.rawMaterialQualityId),
    carrierCode: listOf(values.carrierCode),
    salesRecipientCode: listOf(values.salesRecipientCode),
    purchaseAgreementDocumentNumberId: idsOf(values.purchaseAgreementDocumentNumberId),
    salesAgreementDocumentNumberId: idsOf(values.salesAgreementDocumentNumberId),
    status: tab === 'all' ? oneOf(TRANSPORT_STATUSES, values.status) : undefined,
    transportId: positiveIntOf(values.transportId),
    registrationNumber: textOf(values.registrationNumber) || undefined,
    trailerNumber: textOf(values.trailerNumber) || undefined,
    driverName: textOf(values.driverName) || undefined,
    phoneNumber: textOf(values.phoneNumber) || undefined,
    dateLoading: validRange(rangeOf(dateOf(values, 'dateLoadingFrom'), dateOf(values, 'dateLoadingTo'))),
    dateUnloading: validRange(rangeOf(dateOf(values, 'dateUnloadingFrom'), dateOf(values, 'dateUnloadingTo'))),
    realCargoQuantity: validRange(rangeOf(kgOf(values.realCargoQuantityFrom), kgOf(values.realCargoQuantityTo))),
    purchaseIsGmp: flagOf(values.purchaseIsGmp),
    salesIsGmp: flagOf(values.salesIsGmp),
    // Only the waiting ones or no condition: "not waiting" is not a question anyone asks.
    isToDecide: flagOf(values.isToDecide) === true ? true : undefined,
  };
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0)),
  ) as TransportListFilter;
}

/** Which ranges are reversed ("from" after "to"): their names, for the panel's error line. */
export function reversedRanges(values: FilterValues): ('dateLoading' | 'dateUnloading' | 'realCargoQuantity')[] {
  const reversed: ('dateLoading' | 'dateUnloading' | 'realCargoQuantity')[] = [];
  if (isReversed(rangeOf(dateOf(values, 'dateLoadingFrom'), dateOf(values, 'dateLoadingTo')))) {
    reversed.push('dateLoading');
  }
  if (isReversed(rangeOf(dateOf(values, 'dateUnloadingFrom'), dateOf(values, 'dateUnloadingTo')))) {
    reversed.push('dateUnloading');
  }
  if (isReversed(rangeOf(kgOf(values.realCargoQuantityFrom), kgOf(values.realCargoQuantityTo)))) {
    reversed.push('realCargoQuantity');
  }
  return reversed;
}

/** One removable chip: a key, and for multi-selects the one value it stands for. */
export interface FilterChip {
  key: TransportFilterKey;
  value: string;
}

export function activeChips(values: FilterValues, tab: TransportTab): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const key of ALL_KEYS) {
    if (!isKeyOnTab(key, tab)) continue;
    if ((LIST_KEYS as readonly string[]).includes(key)) {
      for (const value of listOf(values[key])) chips.push({ key, value });
    } else {
      const value = textOf(values[key]);
      if (value) chips.push({ key, value });
    }
  }
  return chips;
}

export function withoutChip(values: FilterValues, chip: FilterChip): FilterValues {
  const next: FilterValues = { ...values };
  if ((LIST_KEYS as readonly string[]).includes(chip.key)) {
    const rest = listOf(values[chip.key]).filter((value) => value !== chip.value);
    if (rest.length) next[chip.key] = rest;
    else delete next[chip.key];
  } else {
    delete next[chip.key];
  }
  return next;
}
