import { inArray, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertContractor } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { isAnyOf } from './rows-of-ids.js';
import { contractors } from './schema/index.js';

let t: TestApp;
let ids: number[];
let codes: string[];
beforeAll(async () => {
  t = await createTestApp();
  const made = [await insertContractor(t.db, { name: 'Pierwszy' }), await insertContractor(t.db, { name: 'Drugi' })];
  ids = made.map((row) => row.id);
  codes = made.map((row) => row.code);
});
afterAll(() => t.close());

/** The ids `condition` finds among the contractors, in id order. */
async function idsWhere(condition: SQL | undefined) {
  const rows = await t.db.select({ id: contractors.id }).from(contractors).where(condition).orderBy(contractors.id);
  return rows.map((row) => row.id);
}

describe('isAnyOf', () => {
  it('finds what inArray finds: numbers, text with a quote and a comma, and nothing for an empty list', async () => {
    const cases: (readonly (number | string)[])[] = [ids, [ids[1]!, 0], [], [codes[0]!, 'O\'Brien, "x"', '{}']];
    for (const values of cases) {
      const column = typeof values[0] === 'string' ? contractors.code : contractors.id;
      const expected = values.length ? await idsWhere(inArray(column, [...values])) : [];
      expect(await idsWhere(isAnyOf(column, values))).toEqual(expected);
    }
    expect(await idsWhere(isAnyOf(contractors.id, []))).toEqual([]);
    expect(await idsWhere(isAnyOf(contractors.code, [codes[0]!, "O'Brien"]))).toEqual([ids[0]]);
  });
});
