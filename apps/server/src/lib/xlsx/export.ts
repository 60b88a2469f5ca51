import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { Ctx } from '../context.js';
import { AppError } from '../errors.js';
import type { FromSheetWorker, SheetWorkerData, ToSheetWorker, WorkbookRef } from './worker.js';

export type { WorkbookRef } from './worker.js';

/**
 * Rows read per query while the file streams (keyset paging), so a 100 000-row export never sits in memory. A batch
 * is mapped and handed to the worker in one go on the server's event loop: 250 rows keep that slice short enough
 * for other users' calls (bench 26.11: list p95 during an export 22 ms at 250 rows, 43 ms at 1 000).
 */
export const EXPORT_BATCH_SIZE = 250;

/** One batch of a sheet's items and the cursor after it (null: the sheet has no more rows). */
export interface Batch<C> {
  items: unknown[];
  next: C | null;
}
/** A sheet's rows, batch by batch after a cursor (null: from the start). */
// biome-ignore lint/suspicious/noExplicitAny: each sheet has its own cursor type.
export type SheetSource = (cursor: any) => Promise<Batch<unknown>>;

const WORKER_FILE = new URL('./worker-entry.mjs', import.meta.url);

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

function sharedSheetWorker(sheetModules: readonly string[] = []) {
  if (sheetWorker) return sheetWorker;
  const worker = new Worker(WORKER_FILE, { workerData: { sheetModules } satisfies SheetWorkerData });
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
 * Starts the sheet worker ahead of the first export (server start), importing the modules that define the
 * workbooks (their `import.meta.url`): its start-up (a thread, TypeScript, the sheets and what they import) is a
 * fixed cost of the process, not of whoever exports first.
 */
export function prepareExportWorker(sheetModules: readonly string[] = []): void {
  sharedSheetWorker(sheetModules);
}

/** One export on the sheet worker, as promises: `write` resolves once a batch is written, `finish` once done. */
function startWorkbook(stream: PassThrough, workbook: WorkbookRef) {
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
  send({ id, type: 'start', workbook });
  return {
    write: (sheet: number, items: unknown[]) => reply({ id, type: 'items', sheet, items }),
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
 * Reads each sheet's batches here (the next one while the worker writes the last) and hands them to the sheet
 * worker, waiting whenever the reader falls behind; the worker's bytes go into `stream`.
 */
async function writeWorkbook(
  stream: PassThrough,
  workbook: WorkbookRef,
  sources: readonly SheetSource[],
  first: Batch<unknown>,
) {
  const writer = startWorkbook(stream, workbook);
  try {
    for (const [sheet, source] of sources.entries()) {
      let batch = sheet === 0 ? first : await source(null);
      for (;;) {
        const written = writer.write(sheet, batch.items);
        const following = batch.next === null ? null : source(batch.next);
        // Awaited below; a failure meanwhile must not count as unhandled.
        following?.catch(() => {});
        await written;
        await drained(stream);
        if (!following || stream.destroyed) break;
        batch = await following;
      }
      if (stream.destroyed) break;
    }
    if (!stream.destroyed) {
      await writer.finish();
      stream.end();
    }
  } finally {
    writer.close();
  }
}

/**
 * A workbook of every row of `sources` (one per sheet, in order) as an .xlsx stream. The first batch is read
 * before anything is sent, so its failures (and the caller's checks before) still answer with an error code.
 */
export async function exportWorkbook(
  ctx: Ctx,
  request: { workbook: WorkbookRef; sources: readonly SheetSource[]; fileName: string },
) {
  const { workbook, sources, fileName } = request;
  let first: Batch<unknown>;
  try {
    first = await sources[0]!(null);
  } catch (error) {
    ctx.log.error({ err: error, workbook: workbook.name }, 'export failed');
    throw new AppError('EXPORT_ERROR');
  }
  const stream = new PassThrough();
  writeWorkbook(stream, workbook, sources, first).catch((error: unknown) => {
    // Headers are gone by now: the client sees a broken download, the log says why.
    ctx.log.error({ err: error, workbook: workbook.name }, 'export failed while streaming');
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { fileName, stream };
}
