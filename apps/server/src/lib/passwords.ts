import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { AppError, retryLater } from './errors.js';

/** scrypt with N=2^15, r=8, p=1 (OWASP password storage minimum), 16-byte salt, 64-byte key. */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1, keyLength: 64 } as const;
const MAX_MEM = 64 * 1024 * 1024;

/**
 * At most HASHES_AT_ONCE derivations run at a time and at most HASHES_WAITING wait for their turn; one more is refused
 * at once with 429 TOO_MANY_REQUESTS and Retry-After rather than queued. Each derivation holds 32 MB and a thread of
 * libuv's pool (4 threads, which also do the file, zlib and DNS work of every other call) for tens of milliseconds, so
 * a burst of sign-ins from many addresses, each within its rate limit, must neither starve the other calls nor grow
 * a queue without end. Two at once leave the pool's other threads to the rest of the server.
 */
export const HASHES_AT_ONCE = 2;
export const HASHES_WAITING = 16;
const RETRY_AFTER_BUSY_SECONDS = 1;

const hashing = { running: 0, peakRunning: 0, refused: 0, waiting: [] as (() => void)[] };

/** What the hash gate has seen since the last reset (tests read that the cap held). */
export function hashingStats() {
  return {
    running: hashing.running,
    waiting: hashing.waiting.length,
    peakRunning: hashing.peakRunning,
    refused: hashing.refused,
  };
}
export function resetHashingStats() {
  hashing.peakRunning = hashing.running;
  hashing.refused = 0;
}

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing.running >= HASHES_AT_ONCE) {
    if (hashing.waiting.length >= HASHES_WAITING) {
      hashing.refused += 1;
      throw retryLater('TOO_MANY_REQUESTS', RETRY_AFTER_BUSY_SECONDS);
    }
    // The slot is handed over by the derivation that ends (below), so `running` never passes the cap.
    await new Promise<void>((resolve) => hashing.waiting.push(resolve));
  } else {
    hashing.running += 1;
  }
  hashing.peakRunning = Math.max(hashing.peakRunning, hashing.running);
  try {
    return await work();
  } finally {
    const next = hashing.waiting.shift();
    if (next) next();
    else hashing.running -= 1;
  }
}

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number; keyLength: number }) {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: MAX_MEM };
  return withHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, params.keyLength, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

/** Stored as `scrypt$N$r$p$salt$hash` so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, SCRYPT_PARAMS);
  const { N, r, p } = SCRYPT_PARAMS;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** False for a wrong password and for a stored value that is not a usable hash (never a 500 at login). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length === 0) return false;
  try {
    const key = await derive(password, Buffer.from(salt, 'base64'), {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      keyLength: expected.length,
    });
    return timingSafeEqual(key, expected);
  } catch (error) {
    // A refusal of the hash gate is an answer for the client; parameters scrypt refuses are a wrong password.
    if (error instanceof AppError) throw error;
    return false;
  }
}

/** A hash of nothing in particular, compared against when the e-mail is unknown so timing does not tell. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex')).catch((error: unknown) => {
    dummyHash = null; // made again by the next call when the hash gate refused this one
    throw error;
  });
  return dummyHash;
}
