import { once } from 'node:events';
import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import { createSheetWriter, type ExportItem, type ExportSide } from './export-sheet.js';

/**
 * The exports' worker thread (issue 15): builds each .xlsx from the items the server sends, batch by batch, and
 * posts the file's bytes back as they come, so the zip and XML work never blocks the server's event loop. One
 * thread serves every export of the process (`id` tells them apart); starting one costs more than a small export.
 */
export type ToSheetWorker =
  | { id: number; type: 'start'; side: ExportSide }
  | { id: number; type: 'items'; items: ExportItem[] }
  | { id: number; type: 'end' }
  | { id: number; type: 'abort' };
export type FromSheetWorker =
  | { id: number; type: 'chunk'; data: Uint8Array }
  | { id: number; type: 'written' }
  | { id: number; type: 'done' }
  | { id: number; type: 'error'; message: string };

const port = parentPort;
if (!port) throw new Error('export-worker.ts runs as a worker thread');
const post = (message: FromSheetWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

interface Export {
  out: Writable;
  writer: ReturnType<typeof createSheetWriter>;
}
const running = new Map<number, Export>();

function startExport(id: number, side: ExportSide): Export {
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      // A copy of its own, so its memory moves to the server thread instead of being copied again.
      const data = new Uint8Array(chunk.byteLength);
      data.set(chunk);
      post({ id, type: 'chunk', data }, [data.buffer]);
      done();
    },
  });
  return { out, writer: createSheetWriter(out, side) };
}

async function handle(message: ToSheetWorker) {
  const { id } = message;
  if (message.type === 'start') {
    running.set(id, startExport(id, message.side));
    return;
  }
  const current = running.get(id);
  if (!current) return;
  if (message.type === 'items') {
    current.writer.addItems(message.items);
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

port.on('message', (message: ToSheetWorker) => {
  handle(message).catch((error: unknown) => {
    running.delete(message.id);
    post({ id: message.id, type: 'error', message: error instanceof Error ? error.message : String(error) });
  });
});
