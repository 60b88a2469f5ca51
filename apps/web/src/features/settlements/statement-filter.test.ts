import { describe, expect, it } from 'vitest';
import { reversedDateRanges, searchForTab, toTransactionFilter } from './statement-filter';

describe('toTransactionFilter', () => {
  it('sends the tab as the type; on the all tab the settlement state, or nothing', () => {
    expect(toTransactionFilter('sales', {})).toEqual({ type: 'sales' });
    expect(toTransactionFilter('transport', { type: 'settled' })).toEqual({ type: 'transport' });
    expect(toTransactionFilter('all', { type: 'settled' })).toEqual({ type: 'settled' });
    expect(toTransactionFilter('all', { type: 'to_settlement' })).toEqual({ type: 'to_settlement' });
    expect(toTransactionFilter('all', {})).toEqual({});
    expect(toTransactionFilter('all', { type: 'purchase' })).toEqual({});
  });

  it('maps contractor, transport id and date ranges from the URL values', () => {
    expect(
      toTransactionFilter('purchase', {
        contractorId: '4',
        transportId: '12',
        dateLoadingFrom: '2026-03-01',
        dateUnloadingTo: '2026-03-31',
        paymentDateFrom: '2026-04-01',
        paymentDateTo: '2026-04-30',
      }),
    ).toEqual({
      type: 'purchase',
      contractorId: [4],
      transportId: 12,
      dateLoading: { from: '2026-03-01', to: null },
      dateUnloading: { from: null, to: '2026-03-31' },
      paymentDate: { from: '2026-04-01', to: '2026-04-30' },
    });
  });

  it('drops empty and unreadable values', () => {
    expect(toTransactionFilter('all', { contractorId: '', transportId: 'abc', dateLoadingFrom: '' })).toEqual({});
    expect(toTransactionFilter('all', { transportId: '0' })).toEqual({});
  });
});

describe('reversedDateRanges', () => {
  it('names each range whose "from" is after its "to"', () => {
    expect(reversedDateRanges({ dateLoadingFrom: '2026-03-02', dateLoadingTo: '2026-03-01' })).toEqual(['dateLoading']);
    expect(reversedDateRanges({ paymentDateFrom: '2026-03-01', paymentDateTo: '2026-03-01' })).toEqual([]);
    expect(reversedDateRanges({ dateUnloadingFrom: '2026-03-05' })).toEqual([]);
  });
});

describe('searchForTab', () => {
  it('keeps search, sort and filters but drops the state filter and the page', () => {
    const next = searchForTab(
      new URLSearchParams('limit=25&offset=50&search=abc&order_by=id:asc&filter_type=settled&filter_contractorId=4'),
    );
    expect(next.get('offset')).toBeNull();
    expect(next.get('filter_type')).toBeNull();
    expect(next.get('search')).toBe('abc');
    expect(next.get('limit')).toBe('25');
    expect(next.get('filter_contractorId')).toBe('4');
  });
});
