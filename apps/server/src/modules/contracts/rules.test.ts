import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { childChanges, documentYear, planChildren } from './rules.js';

describe('documentYear', () => {
  it('counts the year in Poland: New Year in Warsaw comes an hour before UTC', () => {
    expect(documentYear(new Date('2026-12-31T22:59:59Z'))).toBe(2026);
    expect(documentYear(new Date('2026-12-31T23:00:00Z'))).toBe(2027);
  });
});

describe('planChildren (RULES.md Contracts: at most 10)', () => {
  it('splits entries into deleted, updated and added, ignoring delete ids of other contracts', () => {
    const plan = planChildren('contact_list', [1, 2, 3], [2, 99], [{ id: 1 }, { id: null }, {}], 10);
    expect(plan).toEqual({ deleteIds: [2], updated: [{ id: 1 }], added: [{ id: null }, {}] });
    expect(childChanges('contactList', plan)).toEqual({
      contactList: { deleted: [2], updated: [1], added: [{ id: null }, {}] },
    });
  });

  it('refuses an id that is not a kept child (VALUE_IS_WRONG)', () => {
    expect(() => planChildren('contact_list', [1], [1], [{ id: 1 }], 10)).toThrow(AppError);
    expect(() => planChildren('contact_list', [1], [], [{ id: 5 }], 10)).toThrow(AppError);
  });

  it('counts kept and added children against the maximum', () => {
    expect(() => planChildren('x', [1, 2], [], [{}], 2)).toThrow(AppError);
    expect(planChildren('x', [1, 2], [1], [{}], 2).added).toHaveLength(1);
  });

  it('records nothing when a list did not change', () => {
    expect(childChanges('contactList', { deleteIds: [], updated: [], added: [] })).toEqual({});
  });
});
