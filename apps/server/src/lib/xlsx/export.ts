import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Ctx } from '../context.js';
import { AppError } from '../errors.js';
import { type ExportSpec, type SheetSource, type WorkbookRef, workbookOf } from './workbook.js';
import type { FromSheetWorker, SheetWorkerData, SheetWorkerState, ToSheetWorker } from './worker.js';

export type { Batch, SheetSource, WorkbookRef, WorkbookSources } from './workbook.js';

/**
 * Rows read per query while the file streams (keyset paging), so a 100 000-row export never sits in memory. With
 * the embedded database the server thread reads them (only it can reach that database), each batch a slice of its
 * loop, so a batch stays short (bench 26.11, rows read on the server thread: list p95 during an export 22 ms at
 * 250 rows, 43 ms at 1 000). On PostgreSQL the export worker reads and maps them on its own pool, off the
 * server's loop, and larger batches cost fewer round trips (bench 26.11 evening: 100 000 rows in 6.9–7.3 s at
 * 1 000 rows, 7.6–8.0 s at 250, other users' list p95 unchanged).
 */
export const EXPORT_BATCH_SIZE = { serverThread: 250, worker: 1000 } as const;

const WORKER_FILE = new URL('./worker-entry.mjs', import.meta.url);

/**
 * The export worker's heap cap (V8's old generation). Its live data is its modules (about 40 MB) and a batch or two
 * per export, far below. The cap bounds what a runaway export can take (the worker alone ends, its exports fail and
 * the next export starts a new worker), and V8 sizes a capped heap more tightly: the first 100 000-row export grows
 * the process by about 50 MB instead of 110–120 MB, for a few per cent more of the worker's CPU in collections
 * (bench/export-rows.ts, 26.11; a 256 MB cap cost a fifth more).
 */
export const EXPORT_WORKER_HEAP_MB = 1024;

/** An export under way, as the server thread follows it. */
interface Listener {
  stream: PassThrough;
  /** The sheets' sources when this thread reads (embedded database); null when the worker reads. */
  sources: readonly SheetSource[] | null;
  log: FastifyBaseLogger;
  workbook: string;
  isReady: boolean;
  ready: { resolve: () => void; reject: (error: Error) => void };
}

interface SheetWorker {
  worker: Worker;
  listeners: Map<number, Listener>;
  /** Callers of `exportWorkerState`, answered in order. */
  stateAnswers: ((state: SheetWorkerState) => void)[];
}
/** The one sheet worker thread of the process, started by the first export and replaced if it dies. */
let sheetWorker: SheetWorker | null = null;
let lastExportId = 0;

const errorOf = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** An export that failed: before 'ready' its call answers EXPORT_ERROR; after, the download breaks. */
function fail(listeners: Map<number, Listener>, id: number, error: Error) {
  const listener = listeners.get(id);
  if (!listener) return;
  listeners.delete(id);
  if (!listener.isReady) return listener.ready.reject(error);
  // Headers are gone by now: the client sees a broken download, the log says why.
  listener.log.error({ err: error, workbook: listener.workbook }, 'export failed while streaming');
  listener.stream.destroy(error);
}

/** Until the reader has taken what is buffered (or has gone away). */
async function drained(stream: PassThrough) {
  while (stream.writableNeedDrain && !stream.destroyed) {
    await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
  }
}

function onMessage(current: SheetWorker, message: FromSheetWorker) {
  const { worker, listeners } = current;
  const send = (reply: ToSheetWorker) => worker.postMessage(reply);
  if (message.type === 'state') {
    const { exports, connectionsInUse, niceness, heapLimitMb } = message;
    current.stateAnswers.shift()?.({ exports, connectionsInUse, niceness, heapLimitMb });
    return;
  }
  const { id } = message;
  const listener = listeners.get(id);
  if (!listener) return;
  const { stream } = listener;
  if (message.type === 'chunk') {
    const { data } = message;
    if (!stream.destroyed) stream.write(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  } else if (message.type === 'ready') {
    listener.isReady = true;
    listener.ready.resolve();
  } else if (message.type === 'read') {
    // The embedded database: this thread reads the batch the worker asks for.
    listener.sources![message.sheet]!(message.cursor).then(
      (batch) => send({ id, type: 'batch', batch }),
      (error: unknown) => send({ id, type: 'read-error', message: errorOf(error).message }),
    );
  } else if (message.type === 'written') {
    // The next batch's credit once the reader has taken this one's bytes.
    drained(stream).then(() => {
      if (listeners.has(id) && !stream.destroyed) send({ id, type: 'more' });
    });
  } else if (message.type === 'done') {
    listeners.delete(id);
    stream.end();
  } else {
    fail(listeners, id, new Error(message.message));
  }
}

/**
 * Idle between exports, the worker must not keep the process (or a test run) alive; while an export or a question
 * waits for it, it must, or a process with nothing else to do would exit mid-file.
 */
function holdWhileBusy({ worker, listeners, stateAnswers }: SheetWorker) {
  if (listeners.size > 0 || stateAnswers.length > 0) worker.ref();
  else worker.unref();
}

function sharedSheetWorker(sheetModules: readonly string[] = []): SheetWorker {
  if (sheetWorker) return sheetWorker;
  const worker = new Worker(WORKER_FILE, {
    workerData: { sheetModules } satisfies SheetWorkerData,
    resourceLimits: { maxOldGenerationSizeMb: EXPORT_WORKER_HEAP_MB },
  });
  const current: SheetWorker = { worker, listeners: new Map(), stateAnswers: [] };
  worker.on('message', (message: FromSheetWorker) => {
    onMessage(current, message);
    holdWhileBusy(current);
  });
  const lost = (error: Error) => {
    if (sheetWorker === current) sheetWorker = null;
    for (const id of [...current.listeners.keys()]) fail(current.listeners, id, error);
  };
  worker.on('error', lost);
  worker.on('exit', (code) => lost(new Error(`export worker exited (${code})`)));
  // After the listeners: adding a 'message' listener refs the worker again.
  holdWhileBusy(current);
  sheetWorker = current;
  return current;
}

/**
 * Starts the sheet worker ahead of the first export (server start), importing the modules that define the
 * workbooks (their `import.meta.url`): its start-up (a thread, TypeScript, the sheets, their queries and what
 * they import) is a fixed cost of the process, not of whoever exports first.
 */
export function prepareExportWorker(sheetModules: readonly string[] = []): void {
  sharedSheetWorker(sheetModules);
}

/** The worker's exports under way and its pool's connections checked out, once aborted exports have stopped. */
export function exportWorkerState(): Promise<SheetWorkerState> {
  const current = sharedSheetWorker();
  return new Promise((resolve) => {
    current.stateAnswers.push(resolve);
    holdWhileBusy(current);
    current.worker.postMessage({ id: 0, type: 'state' } satisfies ToSheetWorker);
  });
}

/**
 * A workbook of every row the request finds, sheet after sheet, as an .xlsx stream. The sources of `workbook`
 * read the rows: in the export worker on its own pool when the server runs on PostgreSQL (`databaseUrl`), so
 * neither the queries nor the row mapping take turns on this thread's event loop with other users' calls; here on
 * `ctx.db` with the embedded database. The first batch is read before anything is sent, so its failures (and the
 * caller's checks before, such as the sort) still answer with an error code; `request` must be validated already.
 */
export async function exportWorkbook(
  ctx: Ctx,
  options: { workbook: WorkbookRef; request: unknown; fileName: string; batchSize?: number },
) {
  const { workbook, request, fileName } = options;
  const databaseUrl = ctx.config.databaseUrl;
  const batchSize = options.batchSize ?? (databaseUrl ? EXPORT_BATCH_SIZE.worker : EXPORT_BATCH_SIZE.serverThread);
  const spec: ExportSpec = { workbook, request, batchSize };
  const stream = new PassThrough();
  const current = sharedSheetWorker();
  const { worker, listeners } = current;
  lastExportId += 1;
  const id = lastExportId;
  try {
    const sources = databaseUrl ? null : (await workbookOf(workbook)).sources(ctx.db, request, batchSize);
    await new Promise<void>((resolve, reject) => {
      listeners.set(id, {
        stream,
        sources,
        log: ctx.log,
        workbook: workbook.name,
        isReady: false,
        ready: { resolve, reject },
      });
      holdWhileBusy(current);
      worker.postMessage({ id, type: 'start', spec, databaseUrl } satisfies ToSheetWorker);
    });
  } catch (error) {
    listeners.delete(id);
    holdWhileBusy(current);
    ctx.log.error({ err: error, workbook: workbook.name }, 'export failed');
    throw new AppError('EXPORT_ERROR');
  }
  // A reader gone before the end (a closed connection): the worker drops the export and its reads.
  stream.once('close', () => {
    if (!listeners.delete(id)) return;
    worker.postMessage({ id, type: 'abort' } satisfies ToSheetWorker);
    holdWhileBusy(current);
  });
  return { fileName, stream };
}

/** Exports streaming from this process's sheet worker (the metrics read it). */
export function exportsInFlight(): number {
  return sheetWorker ? sheetWorker.listeners.size : 0;
}
