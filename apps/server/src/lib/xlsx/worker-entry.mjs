// The export worker thread's entry: TypeScript is loaded through tsx, as the server itself is.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
