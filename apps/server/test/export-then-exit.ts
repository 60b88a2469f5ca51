import { openPostgres } from '../src/db/client.js';
import type { Ctx } from '../src/lib/context.js';
import { exportWorkbook, exportWorkerState } from '../src/lib/xlsx/export.js';
import { BENCH_WORKBOOKS_MODULE } from '../tools/bench/export-workbooks.js';

/**
 * A process that exports and then has nothing left to do (lib/xlsx/export-exit.test.ts): it must end by itself,
 * its export worker (and the worker's pool, on PostgreSQL) holding it only while busy. Prints what it exported.
 */
const url = process.env.TEST_DATABASE_URL || null;
const database = url ? openPostgres(url, { max: 1 }) : null;
const ctx = { db: database?.db, config: { databaseUrl: url }, log: console } as unknown as Ctx;
const { stream } = await exportWorkbook(ctx, {
  workbook: { module: BENCH_WORKBOOKS_MODULE, name: url ? 'PURCHASES' : 'SYNTHETIC' },
  request: { rows: 2_000 },
  batchSize: 250,
  fileName: 'exit.xlsx',
});
let bytes = 0;
for await (const chunk of stream) bytes += (chunk as Buffer).byteLength;
const state = await exportWorkerState();
await database?.close();
console.log(JSON.stringify({ bytes, state }));
