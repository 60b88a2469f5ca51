import { Writable } from 'node:stream';
import type { PurchaseListItem } from '@grain/shared';
import { EXPORT_SHEET_MODULES } from '../app.js';
import type { Ctx } from '../lib/context.js';
import { EXPORT_BATCH_SIZE, exportWorkbook, prepareExportWorker } from '../lib/xlsx/export.js';
import { createWorkbookWriter } from '../lib/xlsx/sheet.js';
import { CONTRACT_SHEETS_MODULE, WORKBOOKS } from '../modules/contracts/export-sheet.js';
import { drainedBytes, measureExport } from './export-measure.js';

/**
 * The .xlsx writer alone on synthetic purchase-list items (issue 15), without a database: once in this thread,
 * then three times through the export worker as the server runs it (the first run includes the worker's first
 * import of the sheets).
 * `node --expose-gc --import tsx src/bench/xlsx-writer.ts [rows] [batch size]` in apps/server.
 */
const rows = Number(process.argv[2] ?? 100_000);
const batchSize = Number(process.argv[3] ?? EXPORT_BATCH_SIZE);

function item(n: number) {
  return {
    id: n,
    documentNumber: `ZK/2026/${String(n).padStart(6, '0')}`,
    status: 'ACTIVE',
    agreementStatus: 'SIGNED',
    supplierCode: `D${n % 5000}`,
    supplierName: `Gospodarstwo Rolne „Złoty Kłos” ${n % 5000} & Syn <sp. j.>`,
    rawMaterialQualityTitle: 'Pszenica konsumpcyjna kl. A',
    cargoQuantity: 25_000_000 + n,
    price: 95_000 + (n % 700),
    currency: 'PLN',
    minPrice: n % 3 === 0 ? null : 90_000,
    freight: 'FCA',
    dateOfReceiptFrom: '2026-03-01',
    dateOfReceiptTo: '2026-09-30',
    address: 'ul. Polna 12, 62-100 Wągrowiec',
    isCert: n % 2 === 0,
    isGmp: n % 3 === 0,
    isFor: false,
    allocated: 12_000_000,
    inDelivery: 1_000_000,
    delivered: 5_500_000,
    realized: 6_500_000,
    toPickUp: 18_500_000,
    allowed: 13_000_000,
    ownerName: 'Anna Kowalska',
    comments: n % 4 === 0 ? 'Odbiór po żniwach; wilgotność do 14,5%' : null,
    createdAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
  } as unknown as PurchaseListItem;
}

function batchFrom(start: number) {
  const end = Math.min(rows, start + batchSize);
  const items: PurchaseListItem[] = [];
  for (let n = start; n < end; n++) items.push(item(n + 1));
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

prepareExportWorker(EXPORT_SHEET_MODULES);
// As in the server, the worker is up with its sheets long before the first export.
await new Promise((done) => setTimeout(done, 3000));
const ctx = { log: { error: (...args: unknown[]) => console.error(...args) } } as unknown as Ctx;
for (let run = 1; run <= 3; run++) {
  await measureExport({ run: `export worker ${run}`, rows, batchSize }, async () => {
    const { stream } = await exportWorkbook(ctx, {
      workbook: { module: CONTRACT_SHEETS_MODULE, name: 'PURCHASE' },
      sources: [async (cursor: number | null) => batchFrom(cursor ?? 0)],
      fileName: 'bench.xlsx',
    });
    return drainedBytes(stream);
  });
}
process.exit(0);
