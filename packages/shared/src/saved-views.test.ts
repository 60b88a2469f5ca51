import { describe, expect, it } from 'vitest';
import {
  isSavedViewStateSmall,
  SAVED_VIEW_STATE_MAX_BYTES,
  SavedViewCreateRequestSchema,
  SavedViewStateSchema,
  SavedViewUpdateRequestSchema,
  savedViewStateBytes,
} from './saved-views.js';
import { V } from './validation.js';

const emptyState = { search: '', orderBy: '', limit: null, columns: { order: null, hidden: null, density: null } };
const stateWith = (values: string[]) => ({ ...emptyState, filter: [['tekst', values]] });

/** A state whose JSON is exactly `bytes` long: filter values of up to 1000 letters (the schema's longest). */
function stateOfBytes(bytes: number) {
  const values: string[] = [];
  while (savedViewStateBytes(stateWith(values)) < bytes) {
    const left = bytes - savedViewStateBytes(stateWith(values));
    // A further value adds its two quotes, and a comma after the first.
    const length = Math.min(1_000, left - (values.length ? 3 : 2));
    values.push('x'.repeat(Math.max(length, 1)));
  }
  return stateWith(values);
}

describe('saved view state size (RULES.md: 16 KB at most)', () => {
  it('counts the JSON in UTF-8 bytes', () => {
    expect(savedViewStateBytes({ search: 'ż' })).toBe(JSON.stringify({ search: 'x' }).length + 1);
  });

  it('accepts a state of exactly 16 KB and refuses one byte more with viewTooBig on the state', () => {
    const atCap = stateOfBytes(SAVED_VIEW_STATE_MAX_BYTES);
    expect(savedViewStateBytes(atCap)).toBe(SAVED_VIEW_STATE_MAX_BYTES);
    expect(isSavedViewStateSmall(atCap)).toBe(true);
    expect(SavedViewStateSchema.safeParse(atCap).success).toBe(true);

    const over = stateOfBytes(SAVED_VIEW_STATE_MAX_BYTES + 1);
    expect(savedViewStateBytes(over)).toBe(SAVED_VIEW_STATE_MAX_BYTES + 1);
    const create = SavedViewCreateRequestSchema.safeParse({ listKey: 'logistics', name: 'Duży', state: over });
    expect(create.error?.issues).toMatchObject([{ path: ['state'], message: V.viewTooBig }]);
    const update = SavedViewUpdateRequestSchema.safeParse({ state: over });
    expect(update.error?.issues).toMatchObject([{ path: ['state'], message: V.viewTooBig }]);
  });

  it('counts a Polish letter as the two bytes it takes', () => {
    const polish = stateWith(Array.from({ length: 9 }, () => 'ż'.repeat(1_000)));
    expect(JSON.stringify(polish).length).toBeLessThan(SAVED_VIEW_STATE_MAX_BYTES);
    expect(savedViewStateBytes(polish)).toBeGreaterThan(SAVED_VIEW_STATE_MAX_BYTES);
    expect(SavedViewStateSchema.safeParse(polish).success).toBe(false);
  });
});
