import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { columnTypes, type DrizzlePrepared, sessionOf, valuesOf, valuesQuery } from '../../../test/generated-rows.js';
import { testDatabase } from '../../../test/harness.js';
// The app's modules, so that every statement prepared per database is declared (they are built at import).
import '../../app.js';
import type { Db } from '../../db/client.js';
import { statementsPreparedPerDatabase } from '../../db/prepared.js';
import { withPlannedRowMapping } from './row-mapper.js';

/**
 * The planned row mapping against Drizzle's own, over every statement prepared per database (the only ones it
 * maps, db/prepared.ts), on generated rows that the real database makes: for each statement, the types of its
 * result columns are asked of the database, rows of random values of those types (nulls among them) are selected
 * through the driver as Drizzle's session sets it up, and both mappings are given the statement's own fields.
 * A column type with no generator (test/generated-rows.ts) fails the test: a new kind of column is not left out.
 */
const RUNS_PER_STATEMENT = 25;

let db: Db;
beforeAll(async () => {
  db = (await testDatabase()).db;
});

describe("the planned row mapping equals Drizzle's own", () => {
  it('on generated rows of every statement prepared per database', async () => {
    const prepares = statementsPreparedPerDatabase();
    // The session's user, the transports', the settlement statement's and the allocations' rows of ids, at least.
    expect(prepares.length).toBeGreaterThanOrEqual(4);
    let planned = 0;
    for (const prepare of prepares) {
      const statement = prepare(db) as DrizzlePrepared;
      const fields = statement.fields;
      expect(Array.isArray(fields)).toBe(true);
      const types = await columnTypes(db, statement);
      expect(types).toHaveLength(fields!.length);
      const row = fc.tuple(...types.map((type) => fc.option(valuesOf(type), { nil: null, freq: 4 })));
      const session = sessionOf(db);
      let isPlanned = false;
      await fc.assert(
        fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 8 }), async (rows) => {
          const query = valuesQuery(types, rows);
          const byDrizzle = session.prepareQuery(query, fields, undefined, true);
          const byPlan = withPlannedRowMapping(session.prepareQuery(query, fields, undefined, true));
          byDrizzle.joinsNotNullableMap = statement.joinsNotNullableMap;
          byPlan.joinsNotNullableMap = statement.joinsNotNullableMap;
          isPlanned = typeof byPlan.customResultMapper === 'function';
          const [expected, actual] = [await byDrizzle.execute(), await byPlan.execute()];
          expect(actual).toEqual(expected);
          expect(actual.map((mapped) => Object.keys(mapped))).toEqual(expected.map((mapped) => Object.keys(mapped)));
        }),
        { numRuns: RUNS_PER_STATEMENT },
      );
      if (isPlanned) planned += 1;
    }
    // A statement that is not flat keeps Drizzle's mapping; today every one of them is flat and planned.
    expect(planned).toBe(prepares.length);
  });
});
