import type { TransactionListFilter } from '@grain/shared';
import { isReversed, positiveIntOf, rangeOf, textOf } from '../../components/list/filter-values';
import { FILTER_PREFIX, type FilterValues } from '../../components/list/list-state';
import type { StatementTab } from './tabs';

/**
 * The statement's filter as kept in the URL (filter_type, filter_contractorId, filter_transportId and the
 * filter_<date>From / filter_<date>To pairs) and as sent (TransactionListFilterSchema). The settlement state rides
 * on `type` (RULES.md settlement calls: all, purchase, sales, transport, settled, to_settlement), so it can only be
 * chosen on the all tab: the other tabs send their own kind there.
 */
export const SETTLEMENT_STATES = ['to_settlement', 'settled'] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];

export const DATE_FILTERS = ['dateLoading', 'dateUnloading', 'paymentDate'] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];

function dateRangeOf(values: FilterValues, key: DateFilter) {
  return rangeOf(textOf(values[`${key}From`]) || undefined, textOf(values[`${key}To`]) || undefined);
}

export function stateOf(values: FilterValues): SettlementState | null {
  const type = textOf(values.type);
  return (SETTLEMENT_STATES as readonly string[]).includes(type) ? (type as SettlementState) : null;
}

export function toTransactionFilter(tab: StatementTab, values: FilterValues): TransactionListFilter {
  const filter: TransactionListFilter = { type: tab === 'all' ? stateOf(values) : tab };
  const contractorId = positiveIntOf(values.contractorId);
  if (contractorId) filter.contractorId = [contractorId];
  const transportId = positiveIntOf(values.transportId);
  if (transportId) filter.transportId = transportId;
  for (const key of DATE_FILTERS) {
    const range = dateRangeOf(values, key);
    if (range) filter[key] = range;
  }
  if (!filter.type) delete filter.type;
  return filter;
}

/** spec/1 List filters: "from" cannot exceed "to"; the date filters whose range is reversed. */
export function reversedDateRanges(values: FilterValues): DateFilter[] {
  return DATE_FILTERS.filter((key) => {
    return isReversed(dateRangeOf(values, key));
  });
}

/** Another tab starts on its first page, and the state filter of the all tab does not go along. */
export function searchForTab(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(`${FILTER_PREFIX}type`);
  next.delete('offset');
  return next;
}
