import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  type KeyObject,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
  X509Certificate,
} from 'node:crypto';

/**
 * The cryptography of the KSeF API 2.0, with node:crypto only (KSeF docs `uwierzytelnianie.md`,
 * `sesja-interaktywna.md`, `bezpieczenstwo/klucze-publiczne-do-szyfrowania.md`):
 * - the KSeF token travels as RSA-OAEP (SHA-256, MGF1-SHA-256) of `"{token}|{timestampMs}"`, Base64;
 * - each online session has its own AES-256 key and 16-byte IV, the key sent RSA-OAEP-encrypted the same way;
 * - invoices (and export packages) are AES-256-CBC with PKCS#7 padding under that key and IV (the ciphertext alone:
 *   the IV travels in the session's `encryption`);
 * - hashes are SHA-256 in Base64.
 * The Ministry's keys come as X.509 certificates (DER, Base64) from `GET /security/public-key-certificates`.
 */

export const AES_KEY_BYTES = 32;
export const AES_IV_BYTES = 16;

/** The public key of a certificate as `/security/public-key-certificates` answers it (DER in Base64). */
export function publicKeyOfCertificate(certificateBase64: string): KeyObject {
  return new X509Certificate(Buffer.from(certificateBase64, 'base64')).publicKey;
}

/** RSAES-OAEP with SHA-256 and MGF1-SHA-256 (node uses the OAEP hash for MGF1 too). */
export function rsaOaepEncrypt(publicKey: KeyObject, data: Uint8Array): Buffer {
  return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, data);
}

export function rsaOaepDecrypt(privateKey: KeyObject, data: Uint8Array): Buffer {
  return privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, data);
}

/** `encryptedToken` of `POST /auth/ksef-token`: the token and the challenge's `timestampMs`, encrypted, Base64. */
export function encryptKsefToken(publicKey: KeyObject, ksefToken: string, challengeTimestampMs: number): string {
  return rsaOaepEncrypt(publicKey, Buffer.from(`${ksefToken}|${challengeTimestampMs}`, 'utf8')).toString('base64');
}

export interface SymmetricKey {
  key: Buffer;
  iv: Buffer;
}

/** A fresh AES-256 key and IV (one per online session or export, as the docs recommend). */
export function generateSymmetricKey(): SymmetricKey {
  return { key: randomBytes(AES_KEY_BYTES), iv: randomBytes(AES_IV_BYTES) };
}

function checkKey({ key, iv }: SymmetricKey): void {
  if (key.length !== AES_KEY_BYTES) throw new RangeError(`AES-256 key must be ${AES_KEY_BYTES} bytes`);
  if (iv.length !== AES_IV_BYTES) throw new RangeError(`IV must be ${AES_IV_BYTES} bytes`);
}

/** AES-256-CBC with PKCS#7 padding (node's default padding for block ciphers). */
export function aesEncrypt(symmetricKey: SymmetricKey, data: Uint8Array): Buffer {
  checkKey(symmetricKey);
  const cipher = createCipheriv('aes-256-cbc', symmetricKey.key, symmetricKey.iv);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/** The reverse of `aesEncrypt`; throws on a wrong key or broken padding. */
export function aesDecrypt(symmetricKey: SymmetricKey, data: Uint8Array): Buffer {
  checkKey(symmetricKey);
  const decipher = createDecipheriv('aes-256-cbc', symmetricKey.key, symmetricKey.iv);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

export function sha256Base64(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('base64');
}

/** `publicKeyId` as KSeF computes it: SHA-256 of the key's DER SubjectPublicKeyInfo, Base64. */
export function publicKeyIdOf(publicKey: KeyObject): string {
  return sha256Base64(publicKey.export({ type: 'spki', format: 'der' }));
}
