import { parentPort, workerData } from 'node:worker_threads';
import { parseBankStatement, StatementLineError } from './index.js';
import type { ParsedOffLoop } from './parse-off-loop.js';

/** Reads the statement given as workerData and posts what it found, or the line it could not read. */
function answer(): ParsedOffLoop {
  try {
    return { ok: true, ...parseBankStatement(workerData as Uint8Array) };
  } catch (error) {
    if (!(error instanceof StatementLineError)) throw error;
    return { ok: false, line: error.line, detail: error.detail };
  }
}

parentPort?.postMessage(answer());
