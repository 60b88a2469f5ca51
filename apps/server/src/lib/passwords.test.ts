import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import {
  dummyPasswordHash,
  HASHES_AT_ONCE,
  HASHES_WAITING,
  hashingStats,
  hashPassword,
  resetHashingStats,
  SCRYPT_PARAMS,
  verifyPassword,
} from './passwords.js';

describe('hashPassword', () => {
  it('stores scrypt$N$r$p$salt$hash with N=2^15, r=8, p=1, a 16-byte salt and a 64-byte key', async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 32768, r: 8, p: 1, keyLength: 64 });
    const stored = await hashPassword('Secret123!');
    const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '32768', '8', '1']);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(hash!, 'base64')).toHaveLength(64);
    expect(rest).toEqual([]);
    expect(stored).not.toContain('Secret123!');
  });

  it('derives the key with exactly those parameters', async () => {
    const stored = await hashPassword('Secret123!');
    const [, , , , salt, hash] = stored.split('$');
    const expected = scryptSync('Secret123!', Buffer.from(salt!, 'base64'), 64, {
      N: 32768,
      r: 8,
      p: 1,
      maxmem: 64 * 1024 * 1024,
    });
    expect(hash).toBe(expected.toString('base64'));
  });

  it('salts every hash: the same password gives different hashes', async () => {
    const [first, second] = await Promise.all([hashPassword('Secret123!'), hashPassword('Secret123!')]);
    expect(first).not.toBe(second);
  });
});

describe('verifyPassword', () => {
  it('accepts the right password and refuses any other', async () => {
    const stored = await hashPassword('Secret123!');
    expect(await verifyPassword('Secret123!', stored)).toBe(true);
    expect(await verifyPassword('secret123!', stored)).toBe(false);
    expect(await verifyPassword('Secret123', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('reads the parameters from the stored hash, so older weaker hashes still verify', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('Old-pass1', salt, 32, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$1024$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    expect(await verifyPassword('Old-pass1', stored)).toBe(true);
    expect(await verifyPassword('Old-pass2', stored)).toBe(false);
  });

  it('treats equivalent Unicode forms of a password as the same (NFKC)', async () => {
    const stored = await hashPassword('Zażółć1!');
    expect(await verifyPassword('Zaz\u0307o\u0301\u0142c\u03011!', stored)).toBe(true);
  });

  it.each([
    ['an empty value', ''],
    ['another scheme', '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA'],
    ['a missing hash', 'scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA=='],
    ['impossible parameters', 'scrypt$abc$8$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaGhhc2hoYXNoaGFzaA=='],
    ['a non-power-of-two N', 'scrypt$1000$8$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaGhhc2hoYXNoaGFzaA=='],
  ])('answers false, without throwing, for %s', async (_, stored) => {
    await expect(verifyPassword('Secret123!', stored)).resolves.toBe(false);
  });
});

describe('dummyPasswordHash', () => {
  it('is one real hash, made once, that no guessable password matches', async () => {
    const first = dummyPasswordHash();
    expect(dummyPasswordHash()).toBe(first);
    const stored = await first;
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('', stored)).toBe(false);
  });
});

describe('the hash gate', () => {
  it('runs at most HASHES_AT_ONCE at a time, lets HASHES_WAITING wait and refuses the rest at once with 429', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('Old-pass1', salt, 32, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$1024$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    resetHashingStats();
    const outcomes = await Promise.all(
      Array.from({ length: HASHES_AT_ONCE + HASHES_WAITING + 5 }, () =>
        verifyPassword('Old-pass1', stored).catch((error: unknown) => error),
      ),
    );
    const refused = outcomes.filter((outcome) => outcome instanceof AppError);
    expect(refused).toHaveLength(5);
    expect(refused[0]).toMatchObject({ code: 'TOO_MANY_REQUESTS', statusCode: 429, retryAfterSeconds: 1 });
    expect(outcomes.filter((outcome) => outcome === true)).toHaveLength(HASHES_AT_ONCE + HASHES_WAITING);
    expect(hashingStats()).toEqual({ running: 0, waiting: 0, peakRunning: HASHES_AT_ONCE, refused: 5 });
  });

  it('lets the next hash in once one ends: a refused burst leaves the gate open', async () => {
    expect(await verifyPassword('Secret123!', await hashPassword('Secret123!'))).toBe(true);
    expect(hashingStats()).toMatchObject({ running: 0, waiting: 0 });
  });
});
