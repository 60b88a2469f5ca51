import type { TransportStatus } from '@grain/shared';
import { useMemo, useState } from 'react';
import type { ListState } from '../../components/list/list-state';
import { type ListStateApi, listStateApi } from '../../components/list/use-list-state';

/** A row of the showcase's lists: a transport as a list shows it. */
export interface SampleRow {
  id: number;
  number: string;
  counterparty: string;
  quantityKg: number;
  valueMinor: number;
  status: TransportStatus;
}

export const SAMPLE_ROWS: SampleRow[] = [
  { id: 12, number: 'ZK/2026/0012', counterparty: 'DOS-01', quantityKg: 25_000, valueMinor: 2_125_000, status: 'NEW' },
  {
    id: 13,
    number: 'ZK/2026/0013',
    counterparty: 'GR-KOWALSKI',
    quantityKg: 24_380,
    valueMinor: 2_072_300,
    status: 'ON_THE_WAY',
  },
  {
    id: 14,
    number: 'SP/2026/0007',
    counterparty: 'MLYN-PL',
    quantityKg: 26_120,
    valueMinor: 2_546_700,
    status: 'DELIVERED',
  },
  {
    id: 15,
    number: 'SP/2026/0009',
    counterparty: 'PASZE-SA',
    quantityKg: 25_000,
    valueMinor: 2_400_000,
    status: 'RETURN_TO_CLIENT',
  },
  {
    id: 16,
    number: 'ZK/2026/0021',
    counterparty: 'DOS-02',
    quantityKg: 12_500,
    valueMinor: 1_062_500,
    status: 'CANCELLED',
  },
];

const SAMPLE_DEFAULTS: Partial<ListState> = { filter: {} };

export type SampleSortKey = 'number' | 'counterparty' | 'quantity';

const SORT_VALUES: Record<SampleSortKey, (row: SampleRow) => string | number> = {
  number: (row) => row.number,
  counterparty: (row) => row.counterparty,
  quantity: (row) => row.quantityKg,
};

/** The page of rows a list state asks for, sorted as the server would sort them. */
export function samplePage(rows: SampleRow[], state: ListState): SampleRow[] {
  const [key, direction] = state.orderBy.split(':') as [SampleSortKey | '', string | undefined];
  const sorted = [...rows];
  const sortValue = key ? SORT_VALUES[key] : undefined;
  if (sortValue) {
    const sign = direction === 'desc' ? -1 : 1;
    sorted.sort((a, b) => (sortValue(a) < sortValue(b) ? -sign : sortValue(a) > sortValue(b) ? sign : 0));
  }
  return sorted.slice(state.offset, state.offset + state.limit);
}

/**
 * A list state kept in the component rather than the address (the showcase has several lists on one page); it
 * behaves as the shared one: a change other than the page returns to the first page.
 */
export function useSampleListState(initial: Partial<ListState> = {}): ListStateApi {
  const [state, setState] = useState<ListState>({
    limit: 10,
    offset: 0,
    search: '',
    orderBy: '',
    filter: {},
    ...initial,
  });
  return useMemo(
    () => listStateApi(state, SAMPLE_DEFAULTS, (change) => setState((current) => ({ ...current, ...change }))),
    [state],
  );
}
