import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { EXPORT_SHEET_MODULES } from '../app.js';
import { type Db, SESSION_OPTIONS } from '../db/client.js';
import * as schema from '../db/schema.js';
import type { Ctx } from '../lib/context.js';
import { EXPORT_BATCH_SIZE, exportWorkbook, prepareExportWorker } from '../lib/xlsx/export.js';
import { CONTRACT_SHEETS_MODULE } from '../modules/contracts/export-sheet.js';
import { contractListWhere, type ExportCursor, exportBatch, resolveSort } from '../modules/contracts/queries/list.js';
import { toPurchaseListItem } from '../modules/contracts/service/read.js';
import { drainedBytes, measureExport } from './export-measure.js';

/**
 * The purchase-list export (issue 15) on a database, read only: the real keyset batches, list items and export
 * worker, passing over the purchases again until `rows` rows are written (the bench database's 20 000 purchases
 * give a 100 000-row file without writing to it).
 * `node --expose-gc --import tsx src/bench/export-rows.ts [rows] [batch size] [runs]` in apps/server, on
 * BENCH_DATABASE_URL or the bench database.
 */
const rows = Number(process.argv[2] ?? 100_000);
const batchSize = Number(process.argv[3] ?? EXPORT_BATCH_SIZE);
const runs = Number(process.argv[4] ?? 3);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const pool = new pg.Pool({ connectionString: url, max: 4, options: SESSION_OPTIONS });
const db = drizzle(pool, { schema }) as unknown as Db;
const ctx = { db, log: { error: (...args: unknown[]) => console.error(...args) } } as unknown as Ctx;

const where = contractListWhere('PURCHASE', {});
const sort = resolveSort('PURCHASE', undefined);
interface Cursor {
  written: number;
  after: ExportCursor | null;
}
async function batch(cursor: Cursor | null) {
  const { written, after } = cursor ?? { written: 0, after: null };
  const size = Math.min(batchSize, rows - written);
  const read = await exportBatch(db, 'PURCHASE', where, sort, after, size);
  const items = read.rows.map(toPurchaseListItem);
  const total = written + items.length;
  const isDone = total >= rows || (items.length === 0 && after === null);
  // Past the last purchase: from the first one again.
  return { items, next: isDone ? null : { written: total, after: items.length < size ? null : read.next } };
}

const exported = (source: typeof batch) =>
  exportWorkbook(ctx, {
    workbook: { module: CONTRACT_SHEETS_MODULE, name: 'PURCHASE' },
    sources: [source],
    fileName: 'bench.xlsx',
  }).then(({ stream }) => drainedBytes(stream));

prepareExportWorker(EXPORT_SHEET_MODULES);
// As in the server, the worker is up with its sheets long before the first export.
await new Promise((done) => setTimeout(done, 3000));
for (let run = 1; run <= runs; run++) {
  await measureExport({ run, rows, batchSize }, () => exported(batch));
}
await pool.end();
process.exit(0);
