import { PurchaseListResponseSchema, TransportListResponseSchema, toCamelKeys, toSnakeKeys } from '@grain/shared';
import * as drizzle from 'drizzle-orm';
import fc from 'fast-check';
import { type ZodType, z } from 'zod';
import '../../src/app.js';
import { openDatabase } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { statementsPreparedPerDatabase } from '../../src/db/prepared.js';
import { compileAnswerWriter } from '../../src/lib/speed/answer-writer.js';
import { withPlannedRowMapping } from '../../src/lib/speed/row-mapper.js';
import { type DrizzlePrepared, driverRows } from '../../test/generated-rows.js';
import { type JsonSchema, plausible } from '../../test/trust/arbitraries.js';
import { round, timingOf } from './stats.js';

type Fields = { path: string[]; field: unknown }[];
/** Drizzle's own row mapping (exported at run time, left out of its typings): what the row mapper replaces. */
const { mapResultRow } = drizzle as unknown as {
  mapResultRow(fields: Fields, row: unknown[], joinsNotNullableMap?: Record<string, boolean>): unknown;
};

/**
 * The speed code of src/lib/speed against the library path it replaces, on the same values, in this thread and
 * without a server: `npm run bench:speed [-- answer-writer | row-mapper]`. Prints a markdown table of the median
 * and 95th percentile of `SAMPLES` timed batches; the README in src/lib/speed keeps the last results.
 */
const only = process.argv[2];
const SAMPLES = 40;
const WARM_UP = 10;

interface Case {
  piece: string;
  what: string;
  library: () => unknown;
  ours: () => unknown;
}

/** Milliseconds per call of `action`, each sample a batch of calls long enough for the timer. */
function measure(action: () => unknown, batch: number) {
  for (let n = 0; n < WARM_UP * batch; n++) action();
  global.gc?.();
  const samples: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample++) {
    const started = performance.now();
    for (let n = 0; n < batch; n++) action();
    samples.push((performance.now() - started) / batch);
  }
  return timingOf(samples.map((ms) => ms * 1000));
}

/** A list page of `items` zod accepts, generated from the item schema (camelCase keys, as handlers return them). */
function generatedPage(schema: ZodType, itemSchema: ZodType, items: number, extra: object = {}) {
  const node = z.toJSONSchema(itemSchema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  const list = fc
    .sample(plausible(node), { numRuns: items * 20, seed: 27 })
    .map((value) => toCamelKeys(value))
    .filter((value) => itemSchema.safeParse(value).success)
    .slice(0, items);
  if (list.length < items) throw new Error(`only ${list.length} generated items pass the schema`);
  const page = { list, filtered: 12_345, total: 99_999, ...extra };
  schema.parse(page);
  return page;
}

function answerWriterCases(): Case[] {
  const zodPath = (schema: ZodType, value: unknown) => () => JSON.stringify(toSnakeKeys(schema.parse(value)));
  const itemOf = (schema: ZodType) => (schema as z.ZodObject<{ list: z.ZodArray<ZodType> }>).shape.list.element;
  const totalData = { sumCargoQuantity: 1, sumAllocated: 2, sumInDelivery: 3, sumDelivered: 4, sumRemaining: 5 };
  const purchases = generatedPage(PurchaseListResponseSchema, itemOf(PurchaseListResponseSchema), 100, { totalData });
  const transports = generatedPage(TransportListResponseSchema, itemOf(TransportListResponseSchema), 100);
  return [
    {
      piece: 'answer writer',
      what: 'purchase list, 100 rows',
      library: zodPath(PurchaseListResponseSchema, purchases),
      ours: (
        (write) => () =>
          write(purchases)
      )(compileAnswerWriter(PurchaseListResponseSchema)),
    },
    {
      piece: 'answer writer',
      what: 'transport list, 100 rows',
      library: zodPath(TransportListResponseSchema, transports),
      ours: (
        (write) => () =>
          write(transports)
      )(compileAnswerWriter(TransportListResponseSchema)),
    },
  ];
}

async function rowMapperCases(): Promise<Case[]> {
  const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
  await runMigrations(database);
  const cases: Case[] = [];
  for (const prepare of statementsPreparedPerDatabase()) {
    const statement = prepare(database.db) as DrizzlePrepared;
    const fields = statement.fields as Fields;
    // A list page's worth of rows, their values made by the database of the statement's own column types.
    const rows = await driverRows(database.db, statement, 100, 27);
    const planned = withPlannedRowMapping<{ fields: Fields; customResultMapper?: (rows: unknown[][]) => unknown[] }>({
      fields,
    });
    // Named by the table of its first column (a statement's sub-selects come first in its text).
    const first = fields.find(({ field }) => drizzle.is(field, drizzle.Column))?.field as drizzle.Column | undefined;
    const table = first ? drizzle.getTableName(first.table) : 'statement';
    cases.push({
      piece: 'row mapper',
      what: `the ${table} statement, ${fields.length} columns, 100 rows`,
      library: () => rows.map((row) => mapResultRow(fields, row, statement.joinsNotNullableMap)),
      ours: () => planned.customResultMapper!(rows),
    });
  }
  await database.close();
  return cases;
}

const cases = [
  ...(!only || only === 'answer-writer' ? answerWriterCases() : []),
  ...(!only || only === 'row-mapper' ? await rowMapperCases() : []),
];
console.log(`Node ${process.version}, ${SAMPLES} samples after warm-up, µs per call (median / p95)\n`);
console.log('| piece | on | library path | ours | speed-up |');
console.log('| --- | --- | --- | --- | --- |');
for (const { piece, what, library, ours } of cases) {
  if (JSON.stringify(library()) !== JSON.stringify(ours())) throw new Error(`${piece} (${what}): results differ`);
  const byLibrary = measure(library, 20);
  const byUs = measure(ours, 20);
  const speedUp = round(byLibrary.median / byUs.median, 1);
  console.log(
    `| ${piece} | ${what} | ${byLibrary.median} / ${byLibrary.p95} | ${byUs.median} / ${byUs.p95} | ${speedUp}× |`,
  );
}
process.exit(0);
