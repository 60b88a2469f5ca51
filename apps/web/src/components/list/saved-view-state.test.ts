import { describe, expect, it } from 'vitest';
import { appliedView, hasListParams, viewStateOf } from './saved-view-state';

describe('saved view state', () => {
  const list = {
    limit: 25,
    offset: 50,
    search: 'pszenica',
    orderBy: 'date_loading:desc',
    filter: { registrationNumber: 'WA 1', status: ['NEW', 'ON_THE_WAY'] },
  };

  it('keeps search, filters, sort, page size and columns, not the page', () => {
    const state = viewStateOf(list, { hidden: ['comment'], density: 'comfortable' });
    expect(state).toEqual({
      search: 'pszenica',
      orderBy: 'date_loading:desc',
      limit: 25,
      filter: [
        ['registrationNumber', 'WA 1'],
        ['status', ['NEW', 'ON_THE_WAY']],
      ],
      columns: { order: null, hidden: ['comment'], density: 'comfortable' },
    });
    expect(appliedView(state, 10)).toEqual({
      list: { search: 'pszenica', orderBy: 'date_loading:desc', limit: 25, filter: list.filter },
      prefs: { hidden: ['comment'], density: 'comfortable' },
    });
  });

  it('falls back to the page size given when the view has none', () => {
    const state = { ...viewStateOf(list, {}), limit: null };
    expect(appliedView(state, 10).list.limit).toBe(10);
    expect(appliedView(state, 10).prefs).toEqual({});
  });

  it('applies a default view only to a list opened without list params', () => {
    expect(hasListParams(new URLSearchParams(''))).toBe(false);
    expect(hasListParams(new URLSearchParams('tab=all'))).toBe(false);
    expect(hasListParams(new URLSearchParams('search=x'))).toBe(true);
    expect(hasListParams(new URLSearchParams('filter_='))).toBe(true);
    expect(hasListParams(new URLSearchParams('limit=10&offset=0'))).toBe(true);
  });
});
