import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/harness.js';
// The app's modules, so that every statement prepared per database is declared (they are built at import).
import '../../app.js';
import { type Db, rowsOf } from '../../db/client.js';
import { statementsPreparedPerDatabase } from '../../db/prepared.js';
import { withPlannedRowMapping } from './row-mapper.js';

/**
 * The planned row mapping against Drizzle's own, over every statement prepared per database (the only ones it
 * maps, db/prepared.ts), on generated rows that the real database makes: for each statement, the types of its
 * result columns are asked of the database, rows of random values of those types (nulls among them) are selected
 * through the driver as Drizzle's session sets it up, and both mappings are given the statement's own fields.
 * A column type with no generator below fails the test, so a new kind of column is not compared on nothing.
 */
const RUNS_PER_STATEMENT = 25;

/** What Drizzle keeps on a prepared query and its session, read here as the mapper reads it (README.md). */
interface DrizzlePrepared {
  fields?: unknown[];
  queryString: string;
  params: unknown[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
  execute(values?: Record<string, unknown>): Promise<Record<string, unknown>[]>;
}
interface DrizzleSession {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: unknown[] | undefined,
    name: string | undefined,
    isResponseInArrayMode: boolean,
  ): DrizzlePrepared;
}
interface DriverResult {
  fields: { name: string; dataTypeID: number }[];
}
const sessionOf = (db: Db) => (db as unknown as { session: DrizzleSession }).session;
const driverOf = (db: Db) =>
  (db as unknown as { $client: { query(text: string, params: unknown[]): Promise<DriverResult> } }).$client;

interface ColumnType {
  oid: number;
  name: string;
  labels: string[] | null;
}

let db: Db;
beforeAll(async () => {
  db = (await testDatabase()).db;
});

async function columnTypes(statement: DrizzlePrepared): Promise<ColumnType[]> {
  // Every parameter null: no row, but the driver still reports each result column's type.
  const result = await driverOf(db).query(
    statement.queryString,
    statement.params.map(() => null),
  );
  const oids = result.fields.map((field) => field.dataTypeID);
  const types = rowsOf<ColumnType>(
    await db.execute(sql`
      select t.oid::int as oid, format_type(t.oid, null) as name,
        (select array_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid) as labels
      from pg_type t where t.oid = any(${`{${oids.join(',')}}`}::oid[])`),
  );
  return oids.map((oid) => types.find((type) => type.oid === oid)!);
}

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const day = fc.date({
  min: new Date('0001-01-01T00:00:00Z'),
  max: new Date('9999-12-31T23:59:59Z'),
  noInvalidDate: true,
});
/** Text PostgreSQL stores (no U+0000; graphemes keep surrogates paired). */
const text = fc.string({ unit: 'grapheme', maxLength: 40 }).filter((value) => !value.includes('\u0000'));

/** Values of a column type as the text PostgreSQL reads them in. */
function valuesOf(type: ColumnType): fc.Arbitrary<string> {
  if (type.labels) return fc.constantFrom(...type.labels);
  const numeric = /^numeric\((\d+),(\d+)\)$/.exec(type.name);
  if (numeric) {
    const scale = Number(numeric[2]);
    const whole = Number(numeric[1]) - scale;
    return fc
      .tuple(fc.boolean(), digits(1, Math.max(whole, 1)), digits(scale, scale))
      .map(([negative, integer, fraction]) => `${negative ? '-' : ''}${whole ? integer : '0'}.${fraction}`);
  }
  switch (type.name) {
    case 'smallint':
      return fc.integer({ min: -32_768, max: 32_767 }).map(String);
    case 'integer':
      return fc.integer().map(String);
    case 'bigint':
      return fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String);
    case 'numeric':
      return fc.tuple(fc.boolean(), digits(1, 20), digits(0, 10)).map(([n, i, f]) => `${n ? '-' : ''}${i}.${f}0`);
    case 'double precision':
    case 'real':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e30, max: 1e30 }).map(String);
    case 'boolean':
      return fc.boolean().map(String);
    case 'text':
    case 'character varying':
      return text;
    case 'date':
      return day.map((date) => date.toISOString().slice(0, 10));
    case 'timestamp with time zone':
    case 'timestamp without time zone':
      return day.map((date) => date.toISOString());
    case 'uuid':
      return fc.uuid();
    case 'json':
    case 'jsonb':
      return fc
        .jsonValue({ maxDepth: 2 })
        .map((value) => JSON.stringify(value))
        .filter((json) => !json.includes('\\u0000'));
    default:
      throw new Error(`no generated values for the column type ${type.name}: add them to this test`);
  }
}

/** `select` of given rows, each value cast from text to its column's type. */
function valuesQuery(types: ColumnType[], rows: (string | null)[][]) {
  const params: (string | null)[] = [];
  const lines = rows.map((row) => {
    const cells = row.map((value, index) => {
      params.push(value);
      return `cast($${params.length}::text as ${types[index]!.name})`;
    });
    return `(${cells.join(', ')})`;
  });
  return { sql: `select * from (values ${lines.join(', ')}) as generated`, params };
}

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
      const types = await columnTypes(statement);
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
