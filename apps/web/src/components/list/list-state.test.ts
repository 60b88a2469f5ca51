import { describe, expect, it } from 'vitest';
import {
  hasNextPage,
  isFiltering,
  nextOffset,
  nextOrderBy,
  parseListState,
  previousOffset,
  sortDirectionOf,
  toSearchParams,
} from './list-state';

describe('parseListState', () => {
  it('reads limit, offset, search, order_by and filter_ keys from the query string', () => {
    const params = new URLSearchParams(
      'limit=25&offset=50&search=abc&order_by=code:desc&filter_contractStatus[]=NEW&filter_contractStatus[]=ACTIVE&filter_rawMaterialId=1',
    );
    expect(parseListState(params)).toEqual({
      limit: 25,
      offset: 50,
      search: 'abc',
      orderBy: 'code:desc',
      filter: { contractStatus: ['NEW', 'ACTIVE'], rawMaterialId: '1' },
    });
  });

  it('falls back to page size 10 for sizes outside 10/25/50 and to offset 0 for nonsense', () => {
    const state = parseListState(new URLSearchParams('limit=1000&offset=-5'));
    expect(state.limit).toBe(10);
    expect(state.offset).toBe(0);
  });

  it('uses the default filter only when the URL has no filter keys', () => {
    const defaults = { filter: { contractStatus: ['NEW', 'ACTIVE'] } };
    expect(parseListState(new URLSearchParams(''), defaults).filter).toEqual(defaults.filter);
    expect(parseListState(new URLSearchParams('filter_='), defaults).filter).toEqual({});
  });
});

describe('toSearchParams', () => {
  it('round-trips through parseListState', () => {
    const state = { limit: 50, offset: 100, search: 'żyto', orderBy: 'name:asc', filter: { status: ['NEW'], id: '3' } };
    expect(parseListState(toSearchParams(state))).toEqual(state);
  });

  it('keeps query keys that are not list state', () => {
    const params = toSearchParams(
      { limit: 10, offset: 0, search: '', orderBy: '', filter: {} },
      new URLSearchParams('rawMaterialId=2&search=old'),
    );
    expect(params.get('rawMaterialId')).toBe('2');
    expect(params.get('search')).toBeNull();
  });
});

describe('sorting', () => {
  it('cycles ascending, descending, none; a new column starts ascending', () => {
    expect(nextOrderBy('', 'code')).toBe('code:asc');
    expect(nextOrderBy('code:asc', 'code')).toBe('code:desc');
    expect(nextOrderBy('code:desc', 'code')).toBe('');
    expect(nextOrderBy('code:desc', 'name')).toBe('name:asc');
  });

  it('tells the direction of a column', () => {
    expect(sortDirectionOf('code:desc', 'code')).toBe('desc');
    expect(sortDirectionOf('code', 'code')).toBe('asc');
    expect(sortDirectionOf('code:asc', 'name')).toBeNull();
  });
});

describe('paging', () => {
  it('moves forward only below the last page and back not below 0', () => {
    expect(nextOffset({ offset: 0, limit: 10 }, 25)).toBe(10);
    expect(nextOffset({ offset: 20, limit: 10 }, 25)).toBe(20);
    expect(previousOffset({ offset: 10, limit: 25 })).toBe(0);
    expect(previousOffset({ offset: 50, limit: 25 })).toBe(25);
  });

  it('has a next page below the last one, a capped count ending at the cap', () => {
    expect(hasNextPage({ offset: 10, limit: 10 }, { filtered: 25 })).toBe(true);
    expect(hasNextPage({ offset: 20, limit: 10 }, { filtered: 25 })).toBe(false);
    // A capped count (10 000) ends there too: the server refuses offset 10 000 and on.
    expect(hasNextPage({ offset: 9_980, limit: 10 }, { filtered: 10_000 })).toBe(true);
    expect(hasNextPage({ offset: 9_990, limit: 10 }, { filtered: 10_000 })).toBe(false);
    expect(hasNextPage({ offset: 9_950, limit: 50 }, { filtered: 10_000 })).toBe(false);
  });
});

describe('isFiltering', () => {
  it('is true for a search or a filter different from the defaults', () => {
    const base = { limit: 10, offset: 0, search: '', orderBy: '', filter: {} };
    expect(isFiltering(base)).toBe(false);
    expect(isFiltering({ ...base, search: ' x ' })).toBe(true);
    expect(isFiltering({ ...base, filter: { a: '1' } })).toBe(true);
    expect(isFiltering({ ...base, filter: { a: '1' } }, { filter: { a: '1' } })).toBe(false);
  });
});
