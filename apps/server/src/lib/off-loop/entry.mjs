// The thread of one call run off the server's event loop (run.ts): TypeScript is loaded through tsx, as the server
// itself is; the module's export is called with the input and its answer, or its error, posted back.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { moduleUrl, exportName, input } = workerData;
try {
  const exported = (await import(moduleUrl))[exportName];
  parentPort.postMessage({ ok: true, value: await exported(input) });
} catch (error) {
  const fields = error && typeof error === 'object' ? { ...error } : {};
  const kind = error?.constructor?.name ?? 'Error';
  parentPort.postMessage({ ok: false, kind, message: String(error?.message ?? error), fields });
}
