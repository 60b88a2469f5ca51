import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { type ContractExportRequest, contractExportFileName, todayIso } from '@grain/shared';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import type { ExportItem, ExportSide } from './export-sheet.js';
import type { FromSheetWorker, ToSheetWorker } from './export-worker.js';
import { type ContractKind, PURCHASE, SALES } from './kinds.js';
import {
  type ContractListRow,
  contractListWhere,
  type ExportCursor,
  exportBatch,
  resolveSort,
} from './queries/list.js';
import { toPurchaseListItem, toSalesListItem } from './service/read.js';

export { PURCHASE_EXPORT_COLUMNS, SALES_EXPORT_COLUMNS } from './export-sheet.js';

/** Rows read per query while the file streams (keyset paging), so a 100 000-row export never sits in memory. */
export const EXPORT_BATCH_SIZE = 1000;

type Batch = Awaited<ReturnType<typeof exportBatch>>;

const WORKER_FILE = new URL('./export-worker-entry.mjs', import.meta.url);

interface Waiting {
  resolve: () => void;
  reject: (error: Error) => void;
}
interface Listener {
  stream: PassThrough;
  waiting: Waiting | null;
  failure: Error | null;
}

/** The one sheet worker thread of the process, started by the first export and replaced if it dies. */
let sheetWorker: { worker: Worker; listeners: Map<number, Listener> } | null = null;
let lastExportId = 0;

function fail(listener: Listener, error: Error) {
  listener.failure ??= error;
  listener.waiting?.reject(listener.failure);
  listener.waiting = null;
}

function sharedSheetWorker() {
  if (sheetWorker) return sheetWorker;
  const worker = new Worker(WORKER_FILE);
  // Idle between exports, it must not keep the process (or a test run) alive.
  worker.unref();
  const listeners = new Map<number, Listener>();
  const current = { worker, listeners };
  worker.on('message', (message: FromSheetWorker) => {
    const listener = listeners.get(message.id);
    if (!listener) return;
    if (message.type === 'chunk') {
      const { data } = message;
      if (!listener.stream.destroyed) listener.stream.write(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    } else if (message.type === 'error') {
      fail(listener, new Error(message.message));
    } else {
      listener.waiting?.resolve();
      listener.waiting = null;
    }
  });
  const lost = (error: Error) => {
    if (sheetWorker === current) sheetWorker = null;
    for (const listener of listeners.values()) fail(listener, error);
  };
  worker.on('error', lost);
  worker.on('exit', (code) => lost(new Error(`export worker exited (${code})`)));
  sheetWorker = current;
  return current;
}

/**
 * Starts the sheet worker ahead of the first export (server start): its start-up (a thread, TypeScript and exceljs
 * loaded) is a fixed cost of the process, not of whoever exports first.
 */
export function prepareExportWorker(): void {
  sharedSheetWorker();
}

/** One export on the sheet worker, as promises: `write` resolves once a batch is written, `finish` once done. */
function startSheet(stream: PassThrough, side: ExportSide) {
  const { worker, listeners } = sharedSheetWorker();
  lastExportId += 1;
  const id = lastExportId;
  const listener: Listener = { stream, waiting: null, failure: null };
  listeners.set(id, listener);
  const send = (message: ToSheetWorker) => worker.postMessage(message);
  const reply = (message: ToSheetWorker) =>
    new Promise<void>((resolve, reject) => {
      if (listener.failure) return reject(listener.failure);
      listener.waiting = { resolve, reject };
      send(message);
    });
  send({ id, type: 'start', side });
  return {
    write: (items: ExportItem[]) => reply({ id, type: 'items', items }),
    finish: () => reply({ id, type: 'end' }),
    /** Forgets the export; the worker drops it too if it did not finish (reader gone, or a failure). */
    close: () => {
      listeners.delete(id);
      send({ id, type: 'abort' });
    },
  };
}

/** Until the reader has taken what is buffered (or has gone away). */
async function drained(stream: PassThrough) {
  while (stream.writableNeedDrain && !stream.destroyed) {
    await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
  }
}

/**
 * Reads the batches here (the next one while the worker writes the last) and hands them to the sheet worker,
 * waiting whenever the reader falls behind; the worker's bytes go into `stream`.
 */
async function writeWorkbook(
  stream: PassThrough,
  side: ExportSide,
  toItem: (row: ContractListRow) => ExportItem,
  first: Batch,
  nextBatch: (cursor: ExportCursor) => Promise<Batch>,
  batchSize: number,
) {
  const sheet = startSheet(stream, side);
  try {
    let batch = first;
    for (;;) {
      const written = sheet.write(batch.rows.map(toItem));
      const cursor = batch.rows.length < batchSize ? null : batch.next;
      const following = cursor ? nextBatch(cursor) : null;
      // Awaited below; a failure meanwhile must not count as unhandled.
      following?.catch(() => {});
      await written;
      await drained(stream);
      if (!following || stream.destroyed) break;
      batch = await following;
    }
    if (!stream.destroyed) {
      await sheet.finish();
      stream.end();
    }
  } finally {
    sheet.close();
  }
}

/**
 * The list's rows (search, filter and order of the list, no paging) as an .xlsx stream. The sort is checked and
 * the first batch read before anything is sent, so those failures still answer with an error code.
 */
async function exportContracts(
  ctx: Ctx,
  kind: ContractKind,
  request: ContractExportRequest,
  toItem: (row: ContractListRow) => ExportItem,
  batchSize: number,
) {
  const sort = resolveSort(kind.type, request.orderBy);
  const where = contractListWhere(kind.type, request);
  const nextBatch = (cursor: ExportCursor | null) => exportBatch(ctx.db, kind.type, where, sort, cursor, batchSize);
  let first: Batch;
  try {
    first = await nextBatch(null);
  } catch (error) {
    ctx.log.error({ err: error }, 'contract export failed');
    throw new AppError('EXPORT_ERROR');
  }
  const stream = new PassThrough();
  writeWorkbook(stream, kind.type, toItem, first, nextBatch, batchSize).catch((error: unknown) => {
    // Headers are gone by now: the client sees a broken download, the log says why.
    ctx.log.error({ err: error }, 'contract export failed while streaming');
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { fileName: contractExportFileName(kind.type, todayIso()), stream };
}

export const exportPurchaseList = (ctx: Ctx, request: ContractExportRequest, batchSize = EXPORT_BATCH_SIZE) =>
  exportContracts(ctx, PURCHASE, request, toPurchaseListItem, batchSize);
export const exportSalesList = (ctx: Ctx, request: ContractExportRequest, batchSize = EXPORT_BATCH_SIZE) =>
  exportContracts(ctx, SALES, request, toSalesListItem, batchSize);
