import { Column, is, SQL, sql } from 'drizzle-orm';

/**
 * Speed code that reads Drizzle's private internals (a prepared query's `fields`, its `customResultMapper` hook,
 * an SQL expression's `decoder` and a select builder's `_prepare()`): see README.md in this folder for its measured
 * gain, its equality test and its bench.
 *
 * Delete when Drizzle maps a prepared statement's rows by a plan made once (its mapper no longer runs `is()` and a
 * path walk per field of every row), or lets a statement be given its own row mapper through a public option.
 *
 * Node CPU per list call: Drizzle maps every row of a select by looking at each field's kind again
 * (`is(field, Column)`, `is(field, SQL)`, a path walk), about a tenth of a list call's CPU for the 70-column
 * transport row. A prepared statement is mapped the same way over and over, so its plan is worked out once here:
 * each column's key and decoder, then a plain loop per row. Only flat selections (no nested objects, so no
 * left-join nulling) are planned; any other statement keeps Drizzle's own mapping.
 *
 * It uses the prepared query's `fields` and its `customResultMapper` hook (the one Drizzle's relational queries
 * use), present on both drivers we run (node-postgres and PGlite); the tests compare it with Drizzle's own
 * mapping of the same select, so a Drizzle upgrade that changes them fails there.
 */
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
interface SelectedField {
  path: string[];
  field: unknown;
}
interface MappablePrepared {
  fields?: SelectedField[];
  customResultMapper?: (rows: unknown[][]) => unknown[];
}

/** Drizzle keeps an SQL expression's decoder (`mapWith`) on a field its typings do not show. */
const decoderOfSql = (expression: SQL) => (expression as unknown as { decoder: Decoder }).decoder;

function decoderOf(field: unknown): Decoder | null {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, SQL.Aliased)) return decoderOfSql(field.sql);
  return null;
}

/** Decoders that hand the driver's value back as it is: Drizzle's own for plain columns and undecoded SQL. */
const IDENTITY_DECODERS = new Set<unknown>([
  Column.prototype.mapFromDriverValue,
  decoderOfSql(sql``).mapFromDriverValue,
]);

/** A generated mapper of one row, given the decoders of the fields that have one. */
type RowMapperFactory = (decoders: ((value: unknown) => unknown)[]) => (row: unknown[]) => unknown;

/**
 * Generated row mappers by selection shape (each key, its column index, whether it decodes): a one-off select of a
 * shape seen before reuses its code, so a list call compiles nothing. The shapes are the code's own selections.
 */
const factoriesByShape = new Map<string, RowMapperFactory>();

/**
 * A mapper of array rows to objects keyed as the selection, or null when the selection is not flat. It is generated
 * code: one object literal per row gives V8 a fixed shape with fast properties (a loop of keyed stores on a
 * 70-column row does not), and values without a decoder are copied as they are.
 */
function planRowMapper(fields: SelectedField[]): ((rows: unknown[][]) => unknown[]) | null {
  const decoders: ((value: unknown) => unknown)[] = [];
  const properties: string[] = [];
  for (const [index, { path, field }] of fields.entries()) {
    const decoder = decoderOf(field);
    if (path.length !== 1 || !decoder) return null;
    const key = JSON.stringify(path[0]);
    if (IDENTITY_DECODERS.has(decoder.mapFromDriverValue)) {
      properties.push(`${key}: row[${index}]`);
    } else {
      decoders.push((value) => decoder.mapFromDriverValue(value));
      const decode = `decoders[${decoders.length - 1}]`;
      properties.push(`${key}: row[${index}] === null ? null : ${decode}(row[${index}])`);
    }
  }
  const shape = properties.join(', ');
  let factory = factoriesByShape.get(shape);
  if (!factory) {
    factory = new Function('decoders', `return (row) => ({ ${shape} });`) as RowMapperFactory;
    factoriesByShape.set(shape, factory);
  }
  const mapRow = factory(decoders);
  return (rows) => rows.map(mapRow);
}

/** The same prepared statement, its rows mapped by a plan made now (see above); unchanged when not flat. */
export function withPlannedRowMapping<S>(prepared: S): S {
  const statement = prepared as MappablePrepared;
  if (!Array.isArray(statement.fields) || statement.customResultMapper) return prepared;
  const mapper = planRowMapper(statement.fields);
  if (mapper) statement.customResultMapper = mapper;
  return prepared;
}

/** A select builder as Drizzle runs it when awaited: `_prepare()` builds the query its `execute` runs. */
interface RunnableSelect {
  _prepare(): MappablePrepared & { execute(): Promise<unknown[]> };
}

/**
 * Runs a one-off select as awaiting it does, its rows mapped by the plan of its selection's shape: for the pages
 * and children of lists that are not prepared statements (their conditions vary), whose 50 rows Drizzle mapped
 * field by field (a tenth of a contract list call's Node CPU; docs/performance.md, "Tenth pass").
 */
export function selectPlanned<T>(query: PromiseLike<T[]>): Promise<T[]> {
  const prepared = withPlannedRowMapping((query as unknown as RunnableSelect)._prepare());
  return prepared.execute() as Promise<T[]>;
}
