import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (README Configuration, SECRETS_KEY): AES-256-GCM with a random 96-bit nonce per value, so a copy of
 * the database (a backup, a dump) does not carry what it encrypts, and a changed byte fails the authentication tag
 * instead of decrypting to something else. Stored as `v1.<nonce>.<tag>.<ciphertext>`, each part base64url.
 */
const VERSION = 'v1';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;

/** SECRETS_KEY as 32 bytes: 64 hex digits or base64 (standard or URL alphabet); anything else stops the start. */
export function secretsKeyFrom(value: string | undefined): Buffer | null {
  const text = value?.trim();
  if (!text) return null;
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES) {
    throw new Error('SECRETS_KEY must be 32 bytes, as 64 hex digits or base64 (e.g. `openssl rand -base64 32`)');
  }
  return key;
}

export function encryptSecret(key: Buffer, plaintext: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plaintext, or null when the value was written with another key or altered (the caller logs that). */
export function decryptSecret(key: Buffer, stored: string): string | null {
  const [version, nonce, tag, ciphertext] = stored.split('.');
  if (version !== VERSION || !nonce || !tag || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
