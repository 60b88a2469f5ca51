import { Worker } from 'node:worker_threads';
import { type StatementFormat, StatementLineError, type StatementTransfer } from './index.js';

export type ParsedOffLoop =
  | { ok: true; format: StatementFormat; transfers: StatementTransfer[] }
  | { ok: false; line: number; detail: string };

const ENTRY = new URL('./parse-worker-entry.mjs', import.meta.url);
/** A 1 MB statement reads in well under a second; a thread past this is stuck and is stopped. */
const PARSE_TIMEOUT_MS = 20_000;

/**
 * parseBankStatement on a thread of its own: a statement of the largest size allowed takes a few hundred
 * milliseconds to read, which the server's one event loop, serving every user's calls, must not spend. Imports are
 * rare, so each starts its own short-lived thread.
 */
export function parseBankStatementOffLoop(
  bytes: Uint8Array,
): Promise<{ format: StatementFormat; transfers: StatementTransfer[] }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(ENTRY, { workerData: bytes, resourceLimits: { maxOldGenerationSizeMb: 256 } });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`Bank statement parse took longer than ${PARSE_TIMEOUT_MS} ms`));
    }, PARSE_TIMEOUT_MS);
    worker.once('message', (parsed: ParsedOffLoop) => {
      clearTimeout(timer);
      void worker.terminate();
      if (parsed.ok) resolve({ format: parsed.format, transfers: parsed.transfers });
      else reject(new StatementLineError(parsed.line, parsed.detail));
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Bank statement parser exited (${code})`));
    });
  });
}
