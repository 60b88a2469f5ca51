import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { type Db, rowsOf } from '../src/db/client.js';

/**
 * Rows of random values of a prepared statement's own result column types, made by the real database and read
 * through Drizzle's session: the row mapper's equality test (src/lib/speed) and its bench map them.
 */
/** What Drizzle keeps on a prepared query and its session, read here as the mapper reads it (README.md). */
export interface DrizzlePrepared {
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
    customResultMapper?: (rows: unknown[][]) => unknown[],
  ): DrizzlePrepared;
}
interface DriverResult {
  fields: { name: string; dataTypeID: number }[];
}
export const sessionOf = (db: Db) => (db as unknown as { session: DrizzleSession }).session;
const driverOf = (db: Db) =>
  (db as unknown as { $client: { query(text: string, params: unknown[]): Promise<DriverResult> } }).$client;

export interface ColumnType {
  oid: number;
  name: string;
  labels: string[] | null;
}

export async function columnTypes(db: Db, statement: DrizzlePrepared): Promise<ColumnType[]> {
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
export function valuesOf(type: ColumnType): fc.Arbitrary<string> {
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
    case 'text[]':
    case 'character varying[]':
      // An array literal: every element quoted, its quotes and backslashes escaped (PostgreSQL's array input).
      return fc
        .array(text, { maxLength: 4 })
        .map((items) => `{${items.map((item) => `"${item.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`);
    case 'json':
    case 'jsonb':
      return fc
        .jsonValue({ maxDepth: 2 })
        .map((value) => JSON.stringify(value))
        .filter((json) => !json.includes('\\u0000'));
    default:
      throw new Error(`no generated values for the column type ${type.name}: add them to test/generated-rows.ts`);
  }
}

/** `select` of given rows, each value cast from text to its column's type. */
export function valuesQuery(types: ColumnType[], rows: (string | null)[][]) {
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

/** `count` rows of generated values of the statement's column types, as the driver hands them to Drizzle's mapper. */
export async function driverRows(db: Db, statement: DrizzlePrepared, count: number, seed = 1): Promise<unknown[][]> {
  const types = await columnTypes(db, statement);
  const row = fc.tuple(...types.map((type) => fc.option(valuesOf(type), { nil: null, freq: 4 })));
  const rows = fc.sample(row, { numRuns: count, seed });
  const raw = sessionOf(db).prepareQuery(valuesQuery(types, rows), undefined, undefined, true, (driven) => driven);
  return (await raw.execute()) as unknown as unknown[][];
}
