// The bank statement parser's worker thread entry: TypeScript is loaded through tsx, as the server itself is.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
