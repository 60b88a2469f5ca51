import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The key the backup tool shows the running server to get the embedded database's dump: a file in DATA_DIR
 * (0600), so only the server's own user on the same machine can read it. Written at the server's start.
 */
export function operationsKeyFile(dataDir: string): string {
  return join(dataDir, 'operations-key');
}

export function ensureOperationsKey(dataDir: string): string {
  const file = operationsKeyFile(dataDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

export function isOperationsKey(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
