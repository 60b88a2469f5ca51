import { Worker } from 'node:worker_threads';
import { elementAt, elementStarts } from './element-lines.js';

/**
 * XSD validation inside the process (ARCHITECTURE.md Stack: a WebAssembly libxml2, no native build) against the
 * vendored official schemas (`../xsd/`). One worker thread keeps xmllint warm (`xsd-worker.mjs`), so validation
 * never blocks the event loop; documents that arrive while it works go together in its next run.
 *
 * An error names the field: libxml2 reports a line, and the element started there gives its path; for a missing
 * element `expected` lists what the schema wanted at that place (e.g. `Adnotacje`).
 */
export type XmlSchemaName = 'FA' | 'FA_RR' | 'UPO';

export interface XsdError {
  /** Path of the element the error is about, e.g. `Faktura/Fa/FaWiersz[2]/P_8B`; null for a document-level error. */
  path: string | null;
  /** Local name of that element. */
  element: string | null;
  line: number | null;
  /** libxml2's message with namespaces left out. */
  message: string;
  /** The elements the schema expected instead (for a missing or misplaced element), local names. */
  expected: string[];
}

export interface XsdValidationResult {
  valid: boolean;
  errors: XsdError[];
}

interface DocumentResult {
  valid: boolean;
  messages: string[];
}
type FromWorker =
  | { type: 'ready' }
  | { type: 'results'; id: number; results: DocumentResult[] }
  | { type: 'error'; id: number; message: string };

interface Pending {
  schema: XmlSchemaName;
  bytes: Uint8Array;
  resolve: (result: DocumentResult) => void;
  reject: (error: Error) => void;
}

/** Documents per xmllint run: the schema is parsed once per run, so a batch costs little more than one document. */
const MAX_BATCH = 50;

let worker: Worker | null = null;
let waiting: Pending[] = [];
const inFlight = new Map<number, Pending[]>();
let nextId = 1;

function startWorker(): Worker {
  const started = new Worker(new URL('./xsd-worker.mjs', import.meta.url));
  started.on('message', (message: FromWorker) => {
    if (message.type === 'ready') return;
    const batch = inFlight.get(message.id);
    inFlight.delete(message.id);
    if (!batch) return;
    for (const [index, pending] of batch.entries()) {
      if (message.type === 'results') pending.resolve(message.results[index]!);
      else pending.reject(new Error(`XSD validation failed: ${message.message}`));
    }
    flush();
  });
  started.on('error', (error) => failAll(error));
  started.on('exit', (code) => {
    if (worker === started) worker = null;
    if (code !== 0) failAll(new Error(`XSD validator thread stopped (exit code ${code})`));
  });
  // Held open only while it has work (after the listeners: adding one refs the thread again), so a server or a
  // test run ends without stopping it, and a script waiting for a result does not end before it comes.
  started.unref();
  return started;
}

function failAll(error: Error): void {
  for (const batch of inFlight.values()) for (const pending of batch) pending.reject(error);
  inFlight.clear();
  for (const pending of waiting) pending.reject(error);
  waiting = [];
}

/** Sends the next batch (one schema) when the worker is idle. */
function flush(): void {
  if (inFlight.size > 0) return;
  if (waiting.length === 0) {
    worker?.unref();
    return;
  }
  const schema = waiting[0]!.schema;
  const batch: Pending[] = [];
  const rest: Pending[] = [];
  for (const pending of waiting) (pending.schema === schema && batch.length < MAX_BATCH ? batch : rest).push(pending);
  waiting = rest;
  const id = nextId++;
  inFlight.set(id, batch);
  worker ??= startWorker();
  worker.ref();
  worker.postMessage({ type: 'validate', id, schema, documents: batch.map((pending) => pending.bytes) });
}

function validateBytes(bytes: Uint8Array, schema: XmlSchemaName): Promise<DocumentResult> {
  return new Promise((resolve, reject) => {
    waiting.push({ schema, bytes, resolve, reject });
    flush();
  });
}

/** Validates the exact bytes (or UTF-8 text) of a document against the named official schema. */
export async function validateXml(xml: Uint8Array | string, schema: XmlSchemaName): Promise<XsdValidationResult> {
  const bytes = typeof xml === 'string' ? new TextEncoder().encode(xml) : xml;
  const result = await validateBytes(bytes, schema);
  if (result.valid) return { valid: true, errors: [] };
  const starts = elementStarts(new TextDecoder().decode(bytes));
  const errors = result.messages.map((raw) => toXsdError(raw, starts));
  return {
    valid: false,
    errors: errors.length > 0 ? errors : [{ path: null, element: null, line: null, message: 'invalid', expected: [] }],
  };
}

const NAMESPACE = /\{[^}]*\}/g;

/** `12: Schemas validity error : Element '{ns}P_8B': …` → the error with its element's path. */
function toXsdError(raw: string, starts: ReturnType<typeof elementStarts>): XsdError {
  const lineMatch = /^(\d+):\s*/.exec(raw);
  const line = lineMatch ? Number(lineMatch[1]) : null;
  const message = raw
    .slice(lineMatch?.[0].length ?? 0)
    .replace(/^(element [^:]+: )?Schemas validity error : /, '')
    .replace(NAMESPACE, '')
    .trim();
  const element = /^Element '([^']+)'/.exec(message)?.[1] ?? null;
  const expectedList = /Expected is(?: one of)? \(\s*([^)]*)\)/.exec(message)?.[1];
  const expected = expectedList
    ? expectedList
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
    : [];
  const start = line === null ? null : elementAt(starts, line, element);
  return { path: start?.path ?? null, element: element ?? start?.name ?? null, line, message, expected };
}

/** Stops the worker (tests, shutdown); the next validation starts a new one. */
export async function stopXsdValidator(): Promise<void> {
  const running = worker;
  worker = null;
  if (running) await running.terminate();
}
