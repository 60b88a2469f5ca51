import { createHash, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testCertificate } from '../../../tools/ksef-fake/keys.js';
import {
  aesDecrypt,
  aesEncrypt,
  encryptKsefToken,
  generateSymmetricKey,
  publicKeyIdOf,
  publicKeyOfCertificate,
  rsaOaepDecrypt,
  rsaOaepEncrypt,
  sha256Base64,
} from './crypto.js';

describe('KSeF cryptography', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  it('encrypts the token and the challenge timestamp with RSA-OAEP SHA-256 so the key owner reads them back', () => {
    const encrypted = encryptKsefToken(publicKey, 'token-abc', 1_752_236_636_015);
    expect(Buffer.from(encrypted, 'base64')).toHaveLength(256);
    expect(rsaOaepDecrypt(privateKey, Buffer.from(encrypted, 'base64')).toString('utf8')).toBe(
      'token-abc|1752236636015',
    );
    // OAEP is randomised: the same token never gives the same ciphertext twice.
    expect(encryptKsefToken(publicKey, 'token-abc', 1_752_236_636_015)).not.toBe(encrypted);
  });

  it('uses SHA-256 for OAEP and MGF1: a SHA-1 OAEP decryption fails', () => {
    const encrypted = rsaOaepEncrypt(publicKey, Buffer.from('key'));
    expect(() => rsaOaepDecrypt(privateKey, encrypted)).not.toThrow();
    // node's default OAEP hash is SHA-1: a key holder using it could not read what we sent.
    expect(() => privateDecrypt({ key: privateKey, oaepHash: 'sha1' }, encrypted)).toThrow();
  });

  it('AES-256-CBC with PKCS#7: a block of padding is added to whole blocks, and the text comes back', () => {
    const symmetricKey = generateSymmetricKey();
    expect(symmetricKey.key).toHaveLength(32);
    expect(symmetricKey.iv).toHaveLength(16);
    const xml = Buffer.from('x'.repeat(32));
    const encrypted = aesEncrypt(symmetricKey, xml);
    expect(encrypted).toHaveLength(48);
    expect(aesDecrypt(symmetricKey, encrypted).equals(xml)).toBe(true);
    expect(() => aesDecrypt(generateSymmetricKey(), encrypted)).toThrow();
  });

  it('matches the NIST SP 800-38A CBC-AES256 test vector (first block)', () => {
    const key = Buffer.from('603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4', 'hex');
    const iv = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
    const plain = Buffer.from('6bc1bee22e409f96e93d7e117393172a', 'hex');
    expect(aesEncrypt({ key, iv }, plain).subarray(0, 16).toString('hex')).toBe('f58c4c04d6e5f1ba779eabfb5f7bfbd6');
  });

  it('hashes SHA-256 in Base64 and names a key by the hash of its SubjectPublicKeyInfo', () => {
    expect(sha256Base64(Buffer.from('abc'))).toBe('ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=');
    const spki = publicKey.export({ type: 'spki', format: 'der' });
    expect(publicKeyIdOf(publicKey)).toBe(createHash('sha256').update(spki).digest('base64'));
  });

  it('reads the public key out of an X.509 certificate given as Base64 DER', () => {
    const certificate = testCertificate({ privateKey, publicKey }, 'KsefTokenEncryption', new Date('2026-01-01'));
    const key = publicKeyOfCertificate(certificate.toString('base64'));
    expect(publicKeyIdOf(key)).toBe(publicKeyIdOf(publicKey));
  });
});
