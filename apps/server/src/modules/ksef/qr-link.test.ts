import { describe, expect, it } from 'vitest';
import { invoiceVerificationLink, invoiceVerificationLinkOfHash, qrCaption, sha256Base64Url } from './qr-link.js';

describe('KOD I verification link', () => {
  it('builds the official example of kody-qr.md on the test environment', () => {
    expect(
      invoiceVerificationLinkOfHash('test', {
        sellerNip: '1111111111',
        issueDate: '2026-02-01',
        sha256Base64Url: 'UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE',
      }),
    ).toBe('https://qr-test.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE');
  });

  it('hashes the exact bytes: SHA-256 of "abc" in Base64URL (FIPS 180-2 test vector ba7816bf…15ad)', () => {
    const xml = new TextEncoder().encode('abc');
    // ba7816bf 8f01cfea 414140de 5dae2223 b00361a3 96177a9c b410ff61 f20015ad, written in Base64URL by hand.
    expect(sha256Base64Url(xml)).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    expect(invoiceVerificationLink('prod', { sellerNip: '5265877635', issueDate: '2026-11-20', xml })).toBe(
      'https://qr.ksef.mf.gov.pl/invoice/5265877635/20-11-2026/ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0',
    );
    expect(invoiceVerificationLink('demo', { sellerNip: '5265877635', issueDate: '2026-11-20', xml })).toMatch(
      /^https:\/\/qr-demo\.ksef\.mf\.gov\.pl\/invoice\//,
    );
  });

  it('changes with one byte of the file', () => {
    const a = sha256Base64Url(new TextEncoder().encode('<Faktura/>'));
    const b = sha256Base64Url(new TextEncoder().encode('<Faktura/>\n'));
    expect(a).not.toBe(b);
  });

  it('refuses a malformed NIP, date or hash', () => {
    const ok = { sellerNip: '1111111111', issueDate: '2026-02-01', sha256Base64Url: 'A'.repeat(43) };
    expect(() => invoiceVerificationLinkOfHash('test', { ...ok, sellerNip: '111' })).toThrow(RangeError);
    expect(() => invoiceVerificationLinkOfHash('test', { ...ok, issueDate: '01.02.2026' })).toThrow(RangeError);
    expect(() => invoiceVerificationLinkOfHash('test', { ...ok, sha256Base64Url: 'abc+/=' })).toThrow(RangeError);
  });

  it('captions the code with the KSeF number or OFFLINE', () => {
    expect(qrCaption(null)).toBe('OFFLINE');
    expect(qrCaption('5265877635-20250826-0100001AF629-AF')).toBe('5265877635-20250826-0100001AF629-AF');
  });
});
