import { Writable } from 'node:stream';
import type { PurchaseListItem } from '@grain/shared';
import { EXPORT_SHEET_MODULES } from '../../src/app.js';
import type { Ctx } from '../../src/lib/context.js';
import { EXPORT_BATCH_SIZE, exportWorkbook, prepareExportWorker } from '../../src/lib/xlsx/export.js';
import { createWorkbookWriter } from '../../src/lib/xlsx/sheet.js';
import { WORKBOOKS } from '../../src/modules/contracts/export-sheet.js';
import { drainedBytes, measureExport } from './export-measure.js';
import { BENCH_WORKBOOKS_MODULE, syntheticItem } from './export-workbooks.js';

/**
 * The .xlsx writer alone on synthetic purchase-list items, without a database: once in this thread,
 * then three times through the export worker as the server runs it (the first run includes the worker's first
 * import of the sheets).
 * `node --expose-gc --import tsx tools/bench/xlsx-writer.ts [rows] [batch size]` in apps/server.
 */
const rows = Number(process.argv[2] ?? 100_000);
const batchSize = Number(process.argv[3] ?? EXPORT_BATCH_SIZE.serverThread);

function batchFrom(start: number) {
  const end = Math.min(rows, start + batchSize);
  const items: PurchaseListItem[] = [];
  for (let n = start; n < end; n++) items.push(syntheticItem(n + 1));
  return { items, next: end < rows ? end : null };
}

await measureExport({ run: 'in this thread', rows, batchSize }, async () => {
  let bytes = 0;
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.byteLength;
      done();
    },
  });
  const writer = createWorkbookWriter(out, WORKBOOKS.PURCHASE);
  for (let start = 0; start < rows; start += batchSize) writer.addItems(0, batchFrom(start).items);
  await writer.finish();
  return bytes;
});

prepareExportWorker([...EXPORT_SHEET_MODULES, BENCH_WORKBOOKS_MODULE]);
// As in the server, the worker is up with its sheets long before the first export.
await new Promise((done) => setTimeout(done, 3000));
// No database: the items are made on this thread, as the embedded database's rows are read on it.
const ctx = {
  config: { databaseUrl: null },
  log: { error: (...args: unknown[]) => console.error(...args) },
} as unknown as Ctx;
for (let run = 1; run <= 3; run++) {
  await measureExport({ run: `export worker ${run}`, rows, batchSize }, async () => {
    const { stream } = await exportWorkbook(ctx, {
      workbook: { module: BENCH_WORKBOOKS_MODULE, name: 'SYNTHETIC' },
      request: { rows },
      batchSize,
      fileName: 'bench.xlsx',
    });
    return drainedBytes(stream);
  });
}
process.exit(0);
