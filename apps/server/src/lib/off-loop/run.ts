import { Worker } from 'node:worker_threads';

/** What a call run off the loop threw: the error's class name, message and own fields, for the caller to rebuild. */
export class OffLoopError extends Error {
  constructor(
    readonly kind: string,
    message: string,
    readonly fields: Record<string, unknown>,
  ) {
    super(message);
  }
}

type Answer =
  | { ok: true; value: unknown }
  | { ok: false; kind: string; message: string; fields: Record<string, unknown> };

const ENTRY = new URL('./entry.mjs', import.meta.url);

/**
 * Calls `exportName(input)` of the module at `moduleUrl` on a short-lived thread of its own, so that reading a large
 * file (a bank statement, a received invoice's XML) does not hold the server's one event loop, which serves every
 * user's calls. Starting a thread costs more than reading a small file: callers send only large ones here. The input
 * and the answer are copied between threads (structured clone).
 */
export function runOffLoop<T>(
  moduleUrl: URL,
  exportName: string,
  input: unknown,
  options: { timeoutMs?: number; heapMb?: number } = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(ENTRY, {
      workerData: { moduleUrl: moduleUrl.href, exportName, input },
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 256 },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`${exportName} took longer than ${timeoutMs} ms off the event loop`));
    }, timeoutMs);
    const settle = () => {
      clearTimeout(timer);
      void worker.terminate();
    };
    worker.once('message', (answer: Answer) => {
      settle();
      if (answer.ok) resolve(answer.value as T);
      else reject(new OffLoopError(answer.kind, answer.message, answer.fields));
    });
    worker.once('error', (error) => {
      settle();
      reject(error);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${exportName} thread exited (${code})`));
    });
  });
}
