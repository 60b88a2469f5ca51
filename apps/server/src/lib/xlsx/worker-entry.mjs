// The export worker thread's entry (issue 15): TypeScript is loaded through tsx, as the server itself is.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
