import { once } from 'node:events';
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { createWorkbookWriter, type WorkbookDef } from './sheet.js';

/**
 * The exports' worker thread (issue 15): builds each .xlsx from the items the server sends, batch by batch, and
 * posts the file's bytes back as they come, so the zip and XML work never blocks the server's event loop. One
 * thread serves every export of the process (`id` tells them apart); starting one costs more than a small export.
 */
/**
 * Where a workbook's sheets are defined: a module (its URL) exporting `WORKBOOKS`, and the name of one of them.
 * Columns are functions, so the worker imports them instead of receiving them.
 */
export interface WorkbookRef {
  module: string;
  name: string;
}
/** What the worker is started with: the modules of the workbooks it will write, imported before any export. */
export interface SheetWorkerData {
  sheetModules: readonly string[];
}
export type ToSheetWorker =
  | { id: number; type: 'start'; workbook: WorkbookRef }
  | { id: number; type: 'items'; sheet: number; items: unknown[] }
  | { id: number; type: 'end' }
  | { id: number; type: 'abort' };
export type FromSheetWorker =
  | { id: number; type: 'chunk'; data: Uint8Array }
  | { id: number; type: 'written' }
  | { id: number; type: 'done' }
  | { id: number; type: 'error'; message: string };

const port = parentPort;
if (!port) throw new Error('lib/xlsx/worker.ts runs as a worker thread');
const post = (message: FromSheetWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

interface Export {
  out: Writable;
  writer: ReturnType<typeof createWorkbookWriter>;
}
const running = new Map<number, Export>();

async function workbookOf(ref: WorkbookRef): Promise<WorkbookDef> {
  const definitions = (await import(ref.module)) as { WORKBOOKS?: Record<string, WorkbookDef> };
  const workbook = definitions.WORKBOOKS?.[ref.name];
  if (!workbook) throw new Error(`no workbook ${ref.name} in ${ref.module}`);
  return workbook;
}

async function startExport(id: number, ref: WorkbookRef): Promise<Export> {
  const sheets = await workbookOf(ref);
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      // A copy of its own, so its memory moves to the server thread instead of being copied again.
      const data = new Uint8Array(chunk.byteLength);
      data.set(chunk);
      post({ id, type: 'chunk', data }, [data.buffer]);
      done();
    },
  });
  return { out, writer: createWorkbookWriter(out, sheets) };
}

async function handle(message: ToSheetWorker) {
  const { id } = message;
  if (message.type === 'start') {
    running.set(id, await startExport(id, message.workbook));
    return;
  }
  const current = running.get(id);
  if (!current) return;
  if (message.type === 'items') {
    current.writer.addItems(message.sheet, message.items);
    post({ id, type: 'written' });
  } else if (message.type === 'end') {
    running.delete(id);
    await current.writer.finish();
    if (!current.out.writableFinished) {
      current.out.end();
      await once(current.out, 'finish');
    }
    post({ id, type: 'done' });
  } else {
    running.delete(id);
    current.out.destroy();
  }
}

/**
 * Messages handled one after another: a start imports its sheets first, and its items must not overtake it. The
 * modules named at start are imported first (a failure there shows again when an export imports the module).
 */
const { sheetModules } = (workerData ?? { sheetModules: [] }) as SheetWorkerData;
let queue = Promise.all(sheetModules.map((module) => import(module))).then(
  () => {},
  () => {},
);
port.on('message', (message: ToSheetWorker) => {
  queue = queue.then(() =>
    handle(message).catch((error: unknown) => {
      running.delete(message.id);
      post({ id: message.id, type: 'error', message: error instanceof Error ? error.message : String(error) });
    }),
  );
});
