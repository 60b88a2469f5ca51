import { EXPORT_SHEET_MODULES } from '../../src/app.js';
import { openPostgres } from '../../src/db/client.js';
import type { Ctx } from '../../src/lib/context.js';
import { EXPORT_BATCH_SIZE, exportWorkbook, prepareExportWorker } from '../../src/lib/xlsx/export.js';
import { drainedBytes, measureExport } from './export-measure.js';
import { BENCH_WORKBOOKS_MODULE } from './export-workbooks.js';

/**
 * The purchase-list export on a database, read only: the real keyset batches, list items and export
 * worker, passing over the purchases again until `rows` rows are written. By default the export worker reads the
 * rows on its own pool, as the server does on PostgreSQL; `main` reads them on this thread (as with the embedded
 * database) to compare the event loop's delay.
 * `node --expose-gc --import tsx tools/bench/export-rows.ts [rows] [batch size] [runs] [worker|main]` in
 * apps/server, on BENCH_DATABASE_URL or the bench database.
 */
const rows = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[4] ?? 3);
const reader = process.argv[5] === 'main' ? 'main' : 'worker';
const batchSize = Number(
  process.argv[3] ?? (reader === 'main' ? EXPORT_BATCH_SIZE.serverThread : EXPORT_BATCH_SIZE.worker),
);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const database = openPostgres(url, { max: 4 });
const ctx = {
  db: database.db,
  config: { databaseUrl: reader === 'worker' ? url : null },
  log: { error: (...args: unknown[]) => console.error(...args) },
} as unknown as Ctx;

const exported = () =>
  exportWorkbook(ctx, {
    workbook: { module: BENCH_WORKBOOKS_MODULE, name: 'PURCHASES' },
    request: { rows },
    batchSize,
    fileName: 'bench.xlsx',
  }).then(({ stream }) => drainedBytes(stream));

prepareExportWorker([...EXPORT_SHEET_MODULES, BENCH_WORKBOOKS_MODULE]);
// As in the server, the worker is up with its sheets long before the first export.
await new Promise((done) => setTimeout(done, 3000));
for (let run = 1; run <= runs; run++) {
  await measureExport({ run, rows, batchSize, reader }, exported);
}
await database.close();
process.exit(0);
