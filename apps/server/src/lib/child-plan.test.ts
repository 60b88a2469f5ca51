import { describe, expect, it } from 'vitest';
import { childChanges, planChildren } from './child-plan.js';
import { AppError } from './errors.js';

describe('planChildren (RULES.md Contracts and Contractors: at most 10)', () => {
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
