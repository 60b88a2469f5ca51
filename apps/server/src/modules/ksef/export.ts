import type { KsefAccess, PollOptions } from './access.js';
import { certificateFor } from './access.js';
import {
  exportMetadataFileSchema,
  type InvoiceExportStatusResponse,
  type InvoiceMetadata,
  type InvoiceQueryFilters,
} from './api-types.js';
import type { KsefClient } from './client.js';
import { aesDecrypt, generateSymmetricKey, publicKeyOfCertificate, rsaOaepEncrypt, sha256Base64 } from './crypto.js';
import { KsefOperationFailedError, KsefProtocolError } from './errors.js';
import { readZip } from './zip-read.js';

/**
 * One export of received (or issued) invoices, as KSeF recommends for incremental sync (KSeF docs
 * `pobieranie-faktur/przyrostowe-pobieranie-faktur.md`, `hwm.md`): `POST /invoices/exports` with a fresh AES key,
 * poll its status, download the parts, check their hashes, decrypt each part, join them into one zip and read
 * `{ksefNumber}.xml` files and `_metadata.json` from it.
 *
 * Windows: filter by `PermanentStorage` dates with `restrictToPermanentStorageHwmDate: true`, one subject type at a
 * time (Subject2: invoices where we are the buyer), not more often than every 15 minutes; the next window starts at
 * `nextWindowFrom`: the last permanent-storage date of a truncated package, else the window's `to` when one was
 * given, else the high water mark. Windows touch, so the same invoice can come twice: deduplicate by KSeF number.
 */
export interface ExportedInvoice {
  ksefNumber: string;
  /** The invoice file as KSeF holds it, exact bytes. */
  xml: Uint8Array;
  metadata: InvoiceMetadata | null;
}

export interface InvoiceExportResult {
  referenceNumber: string;
  invoices: ExportedInvoice[];
  /** Every entry of `_metadata.json`. */
  metadata: InvoiceMetadata[];
  isTruncated: boolean;
  lastPermanentStorageDate: string | null;
  permanentStorageHwmDate: string | null;
  /** Where the next window starts, or null when KSeF gave no date to continue from. */
  nextWindowFrom: string | null;
}

const METADATA_FILE = '_metadata.json';

export async function exportInvoices(
  client: KsefClient,
  access: KsefAccess,
  filters: InvoiceQueryFilters,
  options: PollOptions = {},
): Promise<InvoiceExportResult> {
  const certificate = certificateFor(await client.publicKeyCertificates(), 'SymmetricKeyEncryption', client.now());
  const key = generateSymmetricKey();
  const referenceNumber = await access.call((token) =>
    client.startInvoiceExport(token, {
      encryption: {
        encryptedSymmetricKey: rsaOaepEncrypt(publicKeyOfCertificate(certificate.certificate), key.key).toString(
          'base64',
        ),
        initializationVector: key.iv.toString('base64'),
        publicKeyId: certificate.publicKeyId,
      },
      filters,
    }),
  );
  const status = await waitForExport(client, access, referenceNumber, options);
  const exported = status.package;
  if (!exported) throw new KsefProtocolError('GET /invoices/exports/{referenceNumber}', 'finished without a package');

  const parts = [...exported.parts].sort((a, b) => a.ordinalNumber - b.ordinalNumber);
  const decrypted: Buffer[] = [];
  for (const part of parts) {
    const encrypted = await client.downloadExportPart(part.url);
    if (sha256Base64(encrypted) !== part.encryptedPartHash || encrypted.byteLength !== part.encryptedPartSize) {
      throw new KsefProtocolError('GET export part', `part ${part.ordinalNumber} does not match its hash or size`);
    }
    const plain = aesDecrypt(key, encrypted);
    if (sha256Base64(plain) !== part.partHash) {
      throw new KsefProtocolError('GET export part', `part ${part.ordinalNumber} decrypts to the wrong content`);
    }
    decrypted.push(plain);
  }

  const entries = parts.length === 0 ? [] : readZip(Buffer.concat(decrypted));
  const metadataEntry = entries.find((entry) => entry.name === METADATA_FILE);
  const metadata = metadataEntry
    ? exportMetadataFileSchema.parse(JSON.parse(metadataEntry.data.toString('utf8'))).invoices
    : [];
  const metadataByNumber = new Map(metadata.map((entry) => [entry.ksefNumber, entry]));
  const invoices = entries
    .filter((entry) => entry.name.endsWith('.xml'))
    .map((entry) => {
      const ksefNumber = entry.name.slice(entry.name.lastIndexOf('/') + 1, -'.xml'.length);
      return { ksefNumber, xml: new Uint8Array(entry.data), metadata: metadataByNumber.get(ksefNumber) ?? null };
    });
  const lastPermanentStorageDate = exported.lastPermanentStorageDate ?? null;
  const permanentStorageHwmDate = exported.permanentStorageHwmDate ?? null;
  return {
    referenceNumber,
    invoices,
    metadata,
    isTruncated: exported.isTruncated,
    lastPermanentStorageDate,
    permanentStorageHwmDate,
    nextWindowFrom:
      exported.isTruncated && lastPermanentStorageDate
        ? lastPermanentStorageDate
        : (filters.dateRange.to ?? permanentStorageHwmDate),
  };
}

async function waitForExport(
  client: KsefClient,
  access: KsefAccess,
  referenceNumber: string,
  options: PollOptions,
): Promise<InvoiceExportStatusResponse> {
  const maxPolls = options.maxPolls ?? 60;
  for (let poll = 1; ; poll++) {
    const status = await access.call((token) => client.invoiceExportStatus(token, referenceNumber));
    if (status.status.code === 200) return status;
    if (status.status.code !== 100) {
      const { code, description, details } = status.status;
      throw new KsefOperationFailedError('GET /invoices/exports/{referenceNumber}', code, description, details ?? []);
    }
    if (poll >= maxPolls) {
      throw new KsefOperationFailedError('GET /invoices/exports/{referenceNumber}', 100, 'still in progress', []);
    }
    await client.sleep(options.pollIntervalMs ?? 5000);
  }
}
