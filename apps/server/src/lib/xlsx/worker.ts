import { once } from 'node:events';
import { readlinkSync } from 'node:fs';
import { constants, getPriority, setPriority } from 'node:os';
import { Writable } from 'node:stream';
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { openPostgres } from '../../db/client.js';
import { createWorkbookWriter } from './sheet.js';
import { type Batch, type ExportSpec, type Workbook, workbookOf } from './workbook.js';

/**
 * The exports' worker thread: reads each export's rows batch by batch and writes them into an .xlsx,
 * posting the file's bytes back as they come, so neither the queries and row mapping nor the zip and XML work run
 * on the server's event loop. One thread serves every export of the process (`id` tells them apart); starting
 * one costs more than a small export.
 *
 * On PostgreSQL (a `databaseUrl`) the worker reads on a small pool of its own. The embedded database lives in the
 * server thread, so there the worker asks the server for each batch ('read') and the server reads it on `ctx.db`
 * with the same sources. Either way one batch is read ahead while the last is written.
 *
 * Backpressure: a batch is written only against a credit. The export starts with one; the server grants the next
 * ('more') once the bytes of the last batch have drained to the reader, so a slow reader holds the export at one
 * batch read ahead and one batch of bytes buffered.
 */
/** What the worker is started with: the modules of the workbooks it will write, imported before any export. */
export interface SheetWorkerData {
  sheetModules: readonly string[];
}
/** The worker's own state, for tests and checks: exports under way, and its pool's connections checked out. */
export interface SheetWorkerState {
  exports: number;
  connectionsInUse: number;
  /** The thread's nice value (10 here: below normal), null where it cannot be read. */
  niceness: number | null;
  /** The most the thread's heap may take (V8's limit under the cap the server starts it with), in MB. */
  heapLimitMb: number;
}
export type ToSheetWorker =
  | { id: number; type: 'start'; spec: ExportSpec; databaseUrl: string | null }
  | { id: number; type: 'more' }
  | { id: number; type: 'batch'; batch: Batch<unknown> }
  | { id: number; type: 'read-error'; message: string }
  | { id: number; type: 'abort' }
  | { id: 0; type: 'state' };
export type FromSheetWorker =
  | { id: number; type: 'ready' }
  | { id: number; type: 'read'; sheet: number; cursor: unknown }
  | { id: number; type: 'chunk'; data: Uint8Array }
  | { id: number; type: 'written' }
  | { id: number; type: 'done' }
  | { id: number; type: 'error'; message: string }
  | ({ id: 0; type: 'state' } & SheetWorkerState);

const port = parentPort;
if (!port) throw new Error('lib/xlsx/worker.ts runs as a worker thread');
const post = (message: FromSheetWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/**
 * The worker's pool per database URL (one in practice), opened by the first export: two connections, one batch
 * query each at a time. Idle connections close after a while and never hold the thread open.
 */
const pools = new Map<string, ReturnType<typeof openPostgres>>();
function databaseOf(url: string) {
  let database = pools.get(url);
  if (!database) {
    database = openPostgres(url, {
      max: 2,
      idleTimeoutMillis: 10_000,
      allowExitOnIdle: true,
      application_name: 'grain-export',
    });
    pools.set(url, database);
  }
  return database;
}

interface Export {
  credits: number;
  isAborted: boolean;
  /** Wakes the export waiting for a credit (or for its abort). */
  wake: (() => void) | null;
  /** The server's answer to the batch asked for (embedded database). */
  answer: { resolve: (batch: Batch<unknown>) => void; reject: (error: Error) => void } | null;
  out: Writable | null;
  /** Settles when the export has stopped (and its last query is over). */
  finished: Promise<void>;
}
const running = new Map<number, Export>();

function bytesTo(id: number) {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      // A copy of its own, so its memory moves to the server thread instead of being copied again.
      const data = new Uint8Array(chunk.byteLength);
      data.set(chunk);
      post({ id, type: 'chunk', data }, [data.buffer]);
      done();
    },
  });
}

/** A batch asked of the server thread, which reads it on its own database (embedded). */
function askServer(id: number, current: Export, sheet: number, cursor: unknown) {
  return new Promise<Batch<unknown>>((resolve, reject) => {
    current.answer = { resolve, reject };
    post({ id, type: 'read', sheet, cursor });
  });
}

/**
 * The sheets' sources: the workbook's own on this thread's pool (PostgreSQL), or the server thread's, asked batch by
 * batch (embedded database).
 */
function sourcesOf(id: number, current: Export, spec: ExportSpec, databaseUrl: string | null, workbook: Workbook) {
  if (databaseUrl) return workbook.sources(databaseOf(databaseUrl).db, spec.request, spec.batchSize);
  return workbook.sheets.map((_, sheet) => (cursor: unknown) => askServer(id, current, sheet, cursor));
}

/** Until the export may write its next batch (or is aborted). */
async function credit(current: Export) {
  while (current.credits === 0 && !current.isAborted) {
    await new Promise<void>((resolve) => {
      current.wake = resolve;
    });
  }
  current.credits -= 1;
}

/** One export: the first batch read before 'ready', then every batch written against a credit. */
async function run(id: number, current: Export, spec: ExportSpec, databaseUrl: string | null) {
  const workbook = await workbookOf(spec.workbook);
  const { sheets } = workbook;
  const sources = sourcesOf(id, current, spec, databaseUrl, workbook);
  let batch = await sources[0]!(null);
  post({ id, type: 'ready' });
  const out = bytesTo(id);
  current.out = out;
  const writer = createWorkbookWriter(out, sheets);
  for (const [sheet, source] of sources.entries()) {
    if (sheet > 0) batch = await source(null);
    for (;;) {
      await credit(current);
      if (current.isAborted) return;
      // The next batch is read while this one is written, and awaited even after an abort, so a stopped export
      // has no query left running.
      const following = batch.next === null ? null : source(batch.next);
      writer.addItems(sheet, batch.items);
      post({ id, type: 'written' });
      if (!following) break;
      batch = await following;
    }
  }
  await writer.finish();
  if (!out.writableFinished) {
    out.end();
    await once(out, 'finish');
  }
  post({ id, type: 'done' });
}

function start(id: number, spec: ExportSpec, databaseUrl: string | null) {
  const current: Export = {
    credits: 1,
    isAborted: false,
    wake: null,
    answer: null,
    out: null,
    finished: Promise.resolve(),
  };
  running.set(id, current);
  current.finished = run(id, current, spec, databaseUrl)
    .catch((error: unknown) => {
      if (!current.isAborted)
        post({ id, type: 'error', message: error instanceof Error ? error.message : String(error) });
    })
    .finally(() => running.delete(id));
}

function abort(current: Export) {
  current.isAborted = true;
  current.wake?.();
  current.answer?.reject(new Error('export aborted'));
  current.out?.destroy();
}

async function postState() {
  const stopping = [...running.values()].filter((current) => current.isAborted);
  await Promise.all(stopping.map((current) => current.finished));
  let connectionsInUse = 0;
  for (const { pool } of pools.values()) connectionsInUse += pool.totalCount - pool.idleCount;
  const heapLimitMb = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20);
  post({ id: 0, type: 'state', exports: running.size, connectionsInUse, niceness: threadNiceness(), heapLimitMb });
}

function handle(message: ToSheetWorker) {
  if (message.type === 'state') return void postState();
  const { id } = message;
  if (message.type === 'start') return start(id, message.spec, message.databaseUrl);
  const current = running.get(id);
  if (!current) return;
  if (message.type === 'more') {
    current.credits += 1;
    current.wake?.();
    current.wake = null;
  } else if (message.type === 'batch' || message.type === 'read-error') {
    const { answer } = current;
    current.answer = null;
    if (message.type === 'batch') answer?.resolve(message.batch);
    else answer?.reject(new Error(message.message));
  } else {
    abort(current);
  }
}

/** This thread's id (Linux: /proc/thread-self names it), null elsewhere. */
function threadId(): number | null {
  try {
    const id = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}

function threadNiceness(): number | null {
  const id = threadId();
  return id === null ? null : getPriority(id);
}

/**
 * Exports that don't stall others: the export's reading, XML and deflate run below normal CPU priority
 * (nice 10), so on a busy machine the server's own thread (other users' calls) goes first; not the lowest (19),
 * so that under sustained load an export still gets about a tenth of a core and ends. Linux keeps a nice value
 * per thread; elsewhere (or if refused) the export runs at the server's priority.
 */
function lowerThisThreadsPriority() {
  const id = threadId();
  if (id === null) return;
  try {
    setPriority(id, constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // Not allowed here: the export keeps the server's priority.
  }
}

lowerThisThreadsPriority();
// The modules named at start are imported first (a failure there shows again when an export imports the module).
const { sheetModules } = (workerData ?? { sheetModules: [] }) as SheetWorkerData;
for (const module of sheetModules) import(module).catch(() => {});
port.on('message', handle);
