import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, secretsKeyFrom } from './secrets.js';

describe('secrets at rest (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('reads SECRETS_KEY as hex or base64 and refuses any other length', () => {
    expect(secretsKeyFrom(key.toString('hex'))).toEqual(key);
    expect(secretsKeyFrom(key.toString('base64'))).toEqual(key);
    expect(secretsKeyFrom(key.toString('base64url'))).toEqual(key);
    expect(secretsKeyFrom(undefined)).toBeNull();
    expect(secretsKeyFrom('  ')).toBeNull();
    expect(() => secretsKeyFrom(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });

  it('round-trips, never stores the plaintext, and a new nonce makes each value different', () => {
    const first = encryptSecret(key, 'ksef-token-żółw');
    const second = encryptSecret(key, 'ksef-token-żółw');
    expect(first).not.toContain('ksef-token');
    expect(first).not.toBe(second);
    expect(decryptSecret(key, first)).toBe('ksef-token-żółw');
  });

  it('answers null for another key or an altered value', () => {
    const stored = encryptSecret(key, 'secret');
    expect(decryptSecret(randomBytes(32), stored)).toBeNull();
    const parts = stored.split('.');
    const altered = Buffer.from(parts[3]!, 'base64url');
    altered[0]! ^= 1;
    parts[3] = altered.toString('base64url');
    expect(decryptSecret(key, parts.join('.'))).toBeNull();
    expect(decryptSecret(key, 'plain text')).toBeNull();
  });
});
