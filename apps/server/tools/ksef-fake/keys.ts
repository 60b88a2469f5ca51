import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';

/**
 * The fake KSeF's own key pairs and their self-signed X.509 certificates, made at start (nothing secret is
 * committed): one per usage, as the Ministry publishes one certificate for KSeF-token encryption and one for
 * symmetric-key encryption (`bezpieczenstwo/klucze-publiczne-do-szyfrowania.md`). node:crypto reads certificates
 * but cannot write them, so the certificate is encoded here in DER by hand (RFC 5280, sha256WithRSAEncryption).
 */
export type KeyUsage = 'KsefTokenEncryption' | 'SymmetricKeyEncryption';

export interface KeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

function length(size: number): Buffer {
  if (size < 0x80) return Buffer.from([size]);
  const bytes: number[] = [];
  for (let rest = size; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

const sequence = (...content: Buffer[]) => tlv(0x30, ...content);
const set = (...content: Buffer[]) => tlv(0x31, ...content);

function integer(value: Buffer): Buffer {
  const bytes = value[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), value]) : value;
  return tlv(0x02, bytes);
}

function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number) as [number, number, ...number[]];
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const groups: number[] = [];
    for (let value = arc; ; value = Math.floor(value / 128)) {
      groups.unshift(value % 128);
      if (value < 128) break;
    }
    bytes.push(...groups.map((group, index) => (index < groups.length - 1 ? group | 0x80 : group)));
  }
  return tlv(0x06, Buffer.from(bytes));
}

function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  // RFC 5280 4.1.2.5: UTCTime up to 2049, GeneralizedTime from 2050.
  return date.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}

function name(commonName: string): Buffer {
  const attribute = (type: string, value: string, tag: number) =>
    set(sequence(oid(type), tlv(tag, Buffer.from(value))));
  return sequence(
    attribute('2.5.4.6', 'PL', 0x13),
    attribute('2.5.4.10', 'Ministerstwo Finansów (fake KSeF)', 0x0c),
    attribute('2.5.4.3', commonName, 0x0c),
  );
}

const SHA256_WITH_RSA = sequence(oid('1.2.840.113549.1.1.11'), tlv(0x05));
const VALIDITY_YEARS = 5;

/** A self-signed certificate (DER) of `keys` for `usage`, valid from `notBefore` for five years. */
export function testCertificate(keys: KeyPair, usage: KeyUsage, notBefore: Date): Buffer {
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + VALIDITY_YEARS);
  const subject = name(`KSeF ${usage}`);
  const tbs = sequence(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(Buffer.from(`${usage}${notBefore.getTime()}`).subarray(0, 16)),
    SHA256_WITH_RSA,
    subject,
    sequence(time(notBefore), time(notAfter)),
    subject,
    keys.publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, keys.privateKey);
  return sequence(tbs, SHA256_WITH_RSA, tlv(0x03, Buffer.from([0]), signature));
}

export function generateKeyPair(): KeyPair {
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}

let shared: Record<KeyUsage, KeyPair> | null = null;

/**
 * One pair per usage for the whole process: generating a 2048-bit RSA key costs tens of milliseconds, and every
 * fake started by the tests may use the same ones.
 */
export function sharedKeyPairs(): Record<KeyUsage, KeyPair> {
  shared ??= { KsefTokenEncryption: generateKeyPair(), SymmetricKeyEncryption: generateKeyPair() };
  return shared;
}
