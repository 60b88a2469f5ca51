import { randomBytes } from 'node:crypto';
import { makeKsefNumber } from '../../src/modules/ksef/ksef-number.js';

/**
 * Identifiers as KSeF writes them. Reference numbers and challenges are 36 characters
 * (`20250514-CR-226FB7B000-3ACF9BE4C0-10`: date, kind, 10 + 10 + 2 hex), as `ReferenceNumber` and `Challenge`
 * require; tokens are opaque; KSeF numbers carry the seller NIP, the day and a valid CRC-8.
 */
const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();
const compactDate = (now: Date) => now.toISOString().slice(0, 10).replaceAll('-', '');

export function referenceNumber(kind: string, now: Date): string {
  return `${compactDate(now)}-${kind}-${hex(5)}-${hex(5)}-${hex(1)}`;
}

export function opaqueToken(kind: string): string {
  return `fake-${kind}.${randomBytes(24).toString('base64url')}`;
}

let counter = 0;

/** A fresh KSeF number: seller NIP, the day KSeF took the invoice in (UTC), 12 hex digits (a counter and noise). */
export function ksefNumberFor(sellerNip: string, now: Date): string {
  counter += 1;
  const technical = `${counter.toString(16).padStart(6, '0')}${hex(3)}`.toUpperCase();
  return makeKsefNumber(sellerNip, now.toISOString().slice(0, 10), technical);
}
