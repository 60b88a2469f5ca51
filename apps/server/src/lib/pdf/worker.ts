import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import type { PdfDocument } from './document.js';
import { renderDocument } from './render.js';

/**
 * The PDF worker thread: says when it is ready, then renders one document at a time (the pool sends the next when
 * it answers), off the server's event loop, and posts the bytes back (transferred, not copied) with the time the
 * render took here.
 */
export interface ToPdfWorker {
  id: number;
  document: PdfDocument;
}
export type FromPdfWorker =
  | { id: 0; type: 'ready' }
  | { id: number; type: 'done'; bytes: Uint8Array; pages: number; renderMs: number; cpuMs: number | null }
  | { id: number; type: 'error'; message: string };

/**
 * This thread's CPU time in ms, from Linux's /proc/thread-self/stat (user + system time in clock ticks of 10 ms);
 * null elsewhere. Unlike the wall-clock time it does not grow when other processes take the cores.
 */
function threadCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'latin1');
    // The fields after the command name (which may hold spaces): state first, utime and stime 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

const port = parentPort;
if (!port) throw new Error('lib/pdf/worker.ts runs as a worker thread');

port.on('message', async ({ id, document }: ToPdfWorker) => {
  const started = performance.now();
  const cpuBefore = threadCpuMs();
  let answer: FromPdfWorker;
  try {
    const { bytes, pages } = await renderDocument(document);
    const cpuAfter = threadCpuMs();
    const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
    answer = { id, type: 'done', bytes, pages, renderMs: performance.now() - started, cpuMs };
  } catch (error) {
    answer = { id, type: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer, answer.type === 'done' ? [answer.bytes.buffer as ArrayBuffer] : []);
});
// A first small document parses the fonts and warms the layout code, so that the first user's render does not
// carry the thread's start-up. Then it is ready: the pool sends documents, and times each render from when it is sent.
await renderDocument({
  page: { size: 'A4', margin: 40 },
  info: { title: 'start' },
  body: [
    { kind: 'text', text: 'Zażółć gęślą jaźń' },
    { kind: 'text', text: 'ZAŻÓŁĆ', font: 'bold' },
  ],
});
port.postMessage({ id: 0, type: 'ready' } satisfies FromPdfWorker);
