import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../errors.js';
import type { PdfDocument, PdfRendered } from './document.js';
import type { FromPdfWorker, ToPdfWorker } from './worker.js';

/**
 * The product's one PDF service: `renderPdf(document, log)` turns a document description (`document.ts`) into
 * PDF bytes on a small pool of worker threads, so laying out text never takes turns on the server's event loop
 * with other users' calls. Bounded on every side: a few threads, a few renders waiting, a time limit per render
 * (a render past it ends its thread), a heap cap per thread; a thread that dies is replaced by the next render.
 * A render that fails answers EXPORT_ERROR (the spec's file-export failure); one that finds the queue full answers
 * PDF_SERVICE_BUSY.
 */
export interface PdfPoolOptions {
  /** Threads at most; the second starts only when the first is busy and a render waits. */
  size: number;
  /** Renders waiting for a thread at most; one more is refused with PDF_SERVICE_BUSY. */
  queueLimit: number;
  /** A render (from when a thread takes it) running longer ends its thread and answers EXPORT_ERROR. */
  timeoutMs: number;
  /** Each thread's heap cap (V8's old generation), MB. */
  heapMb: number;
  /** The thread's entry module. */
  entry: URL;
}

/**
 * Two threads on the 2-core machines we run on: one render does not wait for another's, and the server thread keeps
 * a core. A transport order with 255-character words in every field renders in about 0,1 s (bench), so 16 waiting
 * renders clear well inside the client's 20-second call time-out (spec/2 section 9); 15 s ends a runaway render
 * before that time-out.
 */
export const PDF_POOL_DEFAULTS: PdfPoolOptions = {
  size: 2,
  queueLimit: 16,
  timeoutMs: 15_000,
  heapMb: 256,
  entry: new URL('./worker-entry.mjs', import.meta.url),
};

/** A full queue clears in about this long (16 renders of about 0,1 s on 2 threads): the refusal's Retry-After. */
export const PDF_BUSY_RETRY_AFTER_SECONDS = 2;

interface Job {
  id: number;
  document: PdfDocument;
  resolve: (rendered: PdfRendered) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  /** Loaded and listening (its start-up, a few hundred ms, is not a render's time). */
  isReady: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

export interface PdfPool {
  /** Starts a thread ahead of the first render (server start); resolves once one is ready. */
  prepare(): Promise<void>;
  /** Rejects with the cause (a plain Error) when the render fails; with AppError PDF_SERVICE_BUSY when full. */
  render(document: PdfDocument): Promise<PdfRendered>;
  /** Threads running, renders under way and waiting (for tests and checks). */
  state(): { threads: number; rendering: number; waiting: number };
  close(): Promise<void>;
}

export function createPdfPool(options: PdfPoolOptions = PDF_POOL_DEFAULTS): PdfPool {
  const threads: Thread[] = [];
  const queue: Job[] = [];
  let lastId = 0;
  const whenReady: (() => void)[] = [];

  /** The thread is gone (crashed, out of memory, past its time): its render fails, the queue moves on. */
  function lose(thread: Thread, error: Error) {
    const index = threads.indexOf(thread);
    if (index < 0) return;
    threads.splice(index, 1);
    if (thread.timer) clearTimeout(thread.timer);
    thread.job?.reject(error);
    thread.job = null;
    // A thread that cannot even start fails the render it was started for, so a broken start never loops.
    if (!thread.isReady) queue.shift()?.reject(error);
    void thread.worker.terminate();
    dispatch();
  }

  function start(): Thread {
    const worker = new Worker(options.entry, { resourceLimits: { maxOldGenerationSizeMb: options.heapMb } });
    const thread: Thread = { worker, isReady: false, job: null, timer: null };
    worker.on('message', (message: FromPdfWorker) => finish(thread, message));
    worker.on('error', (error) => lose(thread, error));
    worker.on('exit', (code) => lose(thread, new Error(`PDF worker exited (${code})`)));
    // While it starts and while it renders, a thread keeps the process alive (a script awaiting a render would
    // otherwise end first); idle, it does not.
    threads.push(thread);
    return thread;
  }

  function run(thread: Thread, job: Job) {
    thread.job = job;
    thread.worker.ref();
    thread.timer = setTimeout(
      () => lose(thread, new Error(`PDF render took longer than ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    thread.worker.postMessage({ id: job.id, document: job.document } satisfies ToPdfWorker);
  }

  function finish(thread: Thread, message: FromPdfWorker) {
    if (message.type === 'ready') {
      thread.isReady = true;
      for (const resolve of whenReady.splice(0)) resolve();
      dispatch();
      if (!thread.job) thread.worker.unref();
      return;
    }
    const { job } = thread;
    if (!job || job.id !== message.id) return;
    if (thread.timer) clearTimeout(thread.timer);
    thread.timer = null;
    thread.job = null;
    thread.worker.unref();
    if (message.type === 'done') {
      const { bytes, pages, renderMs, cpuMs } = message;
      job.resolve({ bytes, pages, renderMs, cpuMs });
    } else job.reject(new Error(message.message));
    dispatch();
  }

  /** Waiting renders go to idle ready threads; a thread is started for each render no starting thread will take. */
  function dispatch() {
    while (queue.length > 0) {
      const idle = threads.find((thread) => thread.isReady && !thread.job);
      if (idle) {
        run(idle, queue.shift()!);
        continue;
      }
      const starting = threads.filter((thread) => !thread.isReady).length;
      if (starting >= queue.length || threads.length >= options.size) return;
      start();
    }
  }

  return {
    prepare() {
      if (threads.some((thread) => thread.isReady)) return Promise.resolve();
      if (threads.length === 0) start();
      return new Promise((resolve) => whenReady.push(resolve));
    },
    render(document) {
      if (queue.length >= options.queueLimit) return Promise.reject(new AppError('PDF_SERVICE_BUSY'));
      lastId += 1;
      const id = lastId;
      return new Promise((resolve, reject) => {
        queue.push({ id, document, resolve, reject });
        dispatch();
      });
    },
    state: () => ({
      threads: threads.length,
      rendering: threads.filter((thread) => thread.job).length,
      waiting: queue.length,
    }),
    async close() {
      const closing = [...threads];
      for (const job of queue.splice(0)) job.reject(new Error('PDF service closed'));
      for (const thread of closing) lose(thread, new Error('PDF service closed'));
      await Promise.all(closing.map((thread) => thread.worker.terminate()));
    },
  };
}

let pool: PdfPool | null = null;

/**
 * The document as PDF bytes, rendered by the process's pool (started by the first render). A failure is logged
 * with its cause and answers EXPORT_ERROR; a full queue answers PDF_SERVICE_BUSY.
 */
export async function renderPdf(document: PdfDocument, log: FastifyBaseLogger): Promise<PdfRendered> {
  pool ??= createPdfPool();
  try {
    return await pool.render(document);
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.error({ err: error, document: document.info.title }, 'PDF render failed');
    throw new AppError('EXPORT_ERROR');
  }
}

/** Renders waiting and running in this process's pool (the metrics read it); zero before the first render. */
export function pdfQueueState(): { rendering: number; waiting: number } {
  return pool ? pool.state() : { rendering: 0, waiting: 0 };
}
