import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportInvoices } from './export.js';
import { type KsefHarness, startKsefHarness } from './ksef-harness.js';
import { isValidKsefNumber } from './ksef-number.js';
import { buildFa3Xml, type SalesInvoiceDocument } from './xml/fa3.js';
import { BUYER_NIP, CEREALS_WITH_FREIGHT, PLN_CEREALS, SELLER_NIP } from './xml/fixtures.js';
import { parseFa3Invoice } from './xml/parse.js';

/** Invoices our suppliers issued to us (Podmiot2 = our NIP), as the received-invoices feature will fetch them. */
function supplierInvoice(document: SalesInvoiceDocument, number: string): Uint8Array {
  return buildFa3Xml({
    ...document,
    number,
    seller: {
      nip: BUYER_NIP,
      name: 'Młyn Zbożowy „Kłos” S.A.',
      address: { countryCode: 'PL', line1: 'ul. Młyńska 3' },
    },
    buyer: {
      identifier: { type: 'nip', nip: SELLER_NIP },
      name: 'Agro-Handel Zbożowy sp. z o.o.',
      address: { countryCode: 'PL', line1: 'ul. Spichrzowa 12', line2: '62-300 Września' },
    },
  });
}

const at = (iso: string) => new Date(iso);
let ksef: KsefHarness;
let received: { ksefNumber: string; xml: Uint8Array }[];

beforeEach(async () => {
  ksef = await startKsefHarness();
  received = [
    ['FZ/11/101', '2026-11-18T08:00:00Z'],
    ['FZ/11/102', '2026-11-18T09:00:00Z'],
    ['FZ/11/103', '2026-11-19T12:00:00Z'],
  ].map(([number, storedAt], index) => {
    const xml = supplierInvoice(index === 2 ? CEREALS_WITH_FREIGHT : PLN_CEREALS, number!);
    const ksefNumber = ksef.fake.control.addInvoice(xml, {
      invoicingDate: at(storedAt!),
      permanentStorageDate: at(storedAt!),
    });
    return { ksefNumber, xml };
  });
  // One we issued ourselves: never among the invoices we received.
  ksef.fake.control.addInvoice(buildFa3Xml(PLN_CEREALS), { permanentStorageDate: at('2026-11-18T10:00:00Z') });
});
afterEach(async () => {
  await ksef.close();
});

const subject2 = (from: string, to?: string) => ({
  subjectType: 'Subject2' as const,
  dateRange: { dateType: 'PermanentStorage' as const, from, to, restrictToPermanentStorageHwmDate: true },
});

describe('received invoices from the fake KSeF', () => {
  it('lists the metadata of invoices addressed to us (Subject2), in pages', async () => {
    const first = await ksef.access.call((token) =>
      ksef.client.queryInvoiceMetadata(token, subject2('2026-11-01T00:00:00Z'), { pageSize: 10 }),
    );
    expect(first.hasMore).toBe(false);
    expect(first.invoices.map((invoice) => invoice.invoiceNumber)).toEqual(['FZ/11/101', 'FZ/11/102', 'FZ/11/103']);
    expect(first.invoices[0]).toMatchObject({
      ksefNumber: received[0]!.ksefNumber,
      seller: { nip: BUYER_NIP },
      buyer: { identifier: { type: 'Nip', value: SELLER_NIP } },
      invoiceType: 'Vat',
      formCode: { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' },
      currency: 'PLN',
    });
    expect(isValidKsefNumber(first.invoices[0]!.ksefNumber)).toBe(true);
  });

  it('exports them: decrypted, unzipped, the exact XML bytes with their metadata, and where the next window starts', async () => {
    const result = await exportInvoices(ksef.client, ksef.access, subject2('2026-11-01T00:00:00Z'));
    expect(result.invoices.map((invoice) => invoice.ksefNumber)).toEqual(received.map((invoice) => invoice.ksefNumber));
    for (const [index, invoice] of result.invoices.entries()) {
      expect(Buffer.from(invoice.xml).equals(Buffer.from(received[index]!.xml))).toBe(true);
      expect(invoice.metadata?.invoiceNumber).toBe(`FZ/11/10${index + 1}`);
    }
    expect(result.isTruncated).toBe(false);
    expect(result.nextWindowFrom).toBe('2026-11-20T10:00:00.000Z'); // the high water mark: the fake's now
    expect(parseFa3Invoice(result.invoices[2]!.xml).totals.map((total) => total.rate)).toEqual(['23', '5']);
    expect(ksef.sleeps).toEqual([1000, 5000]); // one "in progress" status of the authentication, one of the export
  });

  it('continues a truncated package from its last permanent-storage date, deduplicating by KSeF number', async () => {
    ksef.fake.control.setExportLimits({ maxInvoices: 2, partBytes: 700 });
    const first = await exportInvoices(ksef.client, ksef.access, subject2('2026-11-01T00:00:00Z'));
    expect(first.isTruncated).toBe(true);
    expect(first.invoices).toHaveLength(2);
    expect(first.nextWindowFrom).toBe('2026-11-18T09:00:00.000Z');
    const second = await exportInvoices(ksef.client, ksef.access, subject2(first.nextWindowFrom!));
    const seen = new Set([...first.invoices, ...second.invoices].map((invoice) => invoice.ksefNumber));
    expect([...seen]).toEqual(received.map((invoice) => invoice.ksefNumber));
  });

  it('refuses a window that starts after the high water mark (21183)', async () => {
    ksef.fake.control.setHighWaterMarkLag(3 * 24 * 3600_000);
    const error = await exportInvoices(ksef.client, ksef.access, subject2('2026-11-19T00:00:00Z')).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ kind: 'request', code: 21183 });
  });

  it('fetches one invoice by its KSeF number, byte for byte', async () => {
    const xml = await ksef.access.call((token) => ksef.client.getInvoice(token, received[1]!.ksefNumber));
    expect(Buffer.from(xml).equals(Buffer.from(received[1]!.xml))).toBe(true);
    await expect(
      ksef.access.call((token) => ksef.client.getInvoice(token, '7260000006-20261120-000000000000-00')),
    ).rejects.toMatchObject({ kind: 'request', code: 21164 });
  });
});
