import type { TransactionListFilter } from '@grain/shared';
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

const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value.trim() : '');

function positiveInt(value: string | string[] | undefined): number | undefined {
  const number = Number(text(value));
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

function dateRangeOf(values: FilterValues, key: DateFilter) {
  const from = text(values[`${key}From`]) || null;
  const to = text(values[`${key}To`]) || null;
  return from || to ? { from, to } : undefined;
}

export function stateOf(values: FilterValues): SettlementState | null {
  const type = text(values.type);
  return (SETTLEMENT_STATES as readonly string[]).includes(type) ? (type as SettlementState) : null;
}

export function toTransactionFilter(tab: StatementTab, values: FilterValues): TransactionListFilter {
  const filter: TransactionListFilter = { type: tab === 'all' ? stateOf(values) : tab };
  const contractorId = positiveInt(values.contractorId);
  if (contractorId) filter.contractorId = [contractorId];
  const transportId = positiveInt(values.transportId);
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
    const range = dateRangeOf(values, key);
    return Boolean(range?.from && range.to && range.from > range.to);
  });
}

/** Another tab starts on its first page, and the state filter of the all tab does not go along. */
export function searchForTab(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(`${FILTER_PREFIX}type`);
  next.delete('offset');
  return next;
}
