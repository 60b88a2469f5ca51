// The real PDF worker with faults a test can ask for by the document's title (tests only): 'hang' never answers,
// 'crash' ends the thread. Its listener comes first, so such a document never reaches the real one; the pool sends
// documents only once the real one has said it is ready.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

parentPort.on('message', ({ document }) => {
  if (document.info.title === 'crash') process.exit(3);
  if (document.info.title === 'hang') for (;;);
});
register();
await import('../src/lib/pdf/worker.ts');
