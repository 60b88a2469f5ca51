import { createHash } from 'node:crypto';
import { KSEF_QR_BASE_URLS, type KsefEnvironment } from './environments.js';

/**
 * KOD I, the verification link printed as a QR code on every invoice handed over outside KSeF (KSeF docs
 * `kody-qr.md`): `https://qr{-test|-demo|}.ksef.mf.gov.pl/invoice/{seller NIP}/{P_1 as DD-MM-YYYY}/{SHA-256 of the
 * invoice file, Base64URL}`. RULES.md Invoices, VAT and KSeF: the hash is of the exact bytes stored and sent, never
 * of a rebuilt document. Under the code goes the KSeF number, or "OFFLINE" until KSeF has given one.
 */
export function invoiceVerificationLink(
  environment: KsefEnvironment,
  invoice: { sellerNip: string; issueDate: string; xml: Uint8Array },
): string {
  return invoiceVerificationLinkOfHash(environment, {
    sellerNip: invoice.sellerNip,
    issueDate: invoice.issueDate,
    sha256Base64Url: sha256Base64Url(invoice.xml),
  });
}

/** The same link from a hash already known (e.g. stored with the invoice). */
export function invoiceVerificationLinkOfHash(
  environment: KsefEnvironment,
  invoice: { sellerNip: string; issueDate: string; sha256Base64Url: string },
): string {
  if (!/^\d{10}$/.test(invoice.sellerNip)) throw new RangeError(`seller NIP must be 10 digits: ${invoice.sellerNip}`);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(invoice.issueDate);
  if (!match) throw new RangeError(`issue date must be YYYY-MM-DD: ${invoice.issueDate}`);
  if (!/^[A-Za-z0-9_-]{43}$/.test(invoice.sha256Base64Url)) {
    throw new RangeError(`not a SHA-256 in Base64URL: ${invoice.sha256Base64Url}`);
  }
  const [, year, month, day] = match;
  return `${KSEF_QR_BASE_URLS[environment]}/invoice/${invoice.sellerNip}/${day}-${month}-${year}/${invoice.sha256Base64Url}`;
}

export function sha256Base64Url(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64url');
}

/** What is printed under the QR code: the KSeF number, or OFFLINE while there is none (`kody-qr.md`). */
export function qrCaption(ksefNumber: string | null): string {
  return ksefNumber ?? 'OFFLINE';
}
