import { PassThrough } from 'node:stream';
import { createZipWriter } from '../../src/lib/xlsx/zip.js';
import type { InvoiceExportRequest } from '../../src/modules/ksef/api-types.js';
import { aesEncrypt, type SymmetricKey, sha256Base64 } from '../../src/modules/ksef/crypto.js';
import { exception } from './answers.js';
import type { FakeAuth } from './auth.js';
import { referenceNumber } from './ids.js';
import type { FakeStore, StoredInvoice } from './store.js';

/**
 * Invoice exports in the fake (`POST /invoices/exports`, `pobieranie-faktur/*.md`): the invoices matching the
 * filters, oldest first, up to `maxInvoices` (the package is then truncated, with the date to continue from), in a
 * zip of `{ksefNumber}.xml` files and `_metadata.json` (`{ invoices: InvoiceMetadata[] }`), split into parts of
 * `partBytes`, each part AES-256-CBC encrypted with the key the request sent. The status says "in progress" for
 * `pendingPolls` polls; parts are served, without a token, from `/__parts/{reference}/{n}`.
 */
const PACKAGE_DAYS = 7;

interface Part {
  ordinalNumber: number;
  plain: Buffer;
  encrypted: Buffer;
}

interface ExportJob {
  referenceNumber: string;
  nip: string;
  key: SymmetricKey;
  request: InvoiceExportRequest;
  startedAt: Date;
  pollsLeft: number;
  built: {
    invoices: StoredInvoice[];
    isTruncated: boolean;
    parts: Part[];
    completedAt: Date;
    hwm: Date;
  } | null;
}

export class FakeExports {
  pendingPolls = 1;
  maxInvoices = 10_000;
  partBytes = 50 * 1024 * 1024;
  private readonly jobs = new Map<string, ExportJob>();

  constructor(
    private readonly auth: FakeAuth,
    private readonly store: FakeStore,
    private readonly now: () => Date,
    private readonly partsUrl: () => string,
  ) {}

  start(nip: string, request: InvoiceExportRequest) {
    const now = this.now();
    if (!['Subject1', 'Subject2'].includes(request.filters.subjectType)) {
      throw exception(now, 21181, 'Nieprawidłowe żądanie eksportu faktur.', [
        `Nie można wyeksportować paczki faktur dla wybranego podmiotu (${request.filters.subjectType}).`,
      ]);
    }
    const key = this.auth.symmetricKeyOf(request.encryption);
    // The query runs now, so a range past the high water mark is refused at once (21183).
    this.store.query(nip, request.filters);
    const job: ExportJob = {
      referenceNumber: referenceNumber('EX', now),
      nip,
      key,
      request,
      startedAt: now,
      pollsLeft: this.pendingPolls,
      built: null,
    };
    this.jobs.set(job.referenceNumber, job);
    return { referenceNumber: job.referenceNumber };
  }

  async status(nip: string, reference: string) {
    const job = this.jobOf(nip, reference);
    if (job.pollsLeft > 0) {
      job.pollsLeft -= 1;
      return { status: { code: 100, description: 'Eksport faktur w toku' } };
    }
    job.built ??= await this.build(job);
    const { built } = job;
    const last = built.invoices.at(-1);
    const expires = new Date(built.completedAt.getTime() + PACKAGE_DAYS * 24 * 3600_000);
    return {
      status: { code: 200, description: 'Eksport faktur zakończony sukcesem' },
      completedDate: built.completedAt.toISOString(),
      packageExpirationDate: expires.toISOString(),
      package: {
        invoiceCount: built.invoices.length,
        size: built.parts.reduce((sum, part) => sum + part.plain.length, 0),
        parts: built.parts.map((part) => ({
          ordinalNumber: part.ordinalNumber,
          partName: `${job.referenceNumber}-${part.ordinalNumber}.zip.aes`,
          method: 'GET',
          url: `${this.partsUrl()}/${job.referenceNumber}/${part.ordinalNumber}`,
          partSize: part.plain.length,
          partHash: sha256Base64(part.plain),
          encryptedPartSize: part.encrypted.length,
          encryptedPartHash: sha256Base64(part.encrypted),
          expirationDate: expires.toISOString(),
        })),
        isTruncated: built.isTruncated,
        lastIssueDate: last?.header.issueDate ?? null,
        lastInvoicingDate: last?.invoicingDate.toISOString() ?? null,
        lastPermanentStorageDate: last?.permanentStorageDate.toISOString() ?? null,
        permanentStorageHwmDate: built.hwm.toISOString(),
      },
    };
  }

  part(reference: string, ordinalNumber: number): Buffer | null {
    return (
      this.jobs.get(reference)?.built?.parts.find((part) => part.ordinalNumber === ordinalNumber)?.encrypted ?? null
    );
  }

  private async build(job: ExportJob): Promise<NonNullable<ExportJob['built']>> {
    const matching = this.store.query(job.nip, job.request.filters);
    const invoices = matching.slice(0, this.maxInvoices);
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    const zip = createZipWriter(sink, this.now());
    if (!job.request.onlyMetadata) {
      for (const invoice of invoices) {
        zip.open(`${invoice.ksefNumber}.xml`);
        zip.write(invoice.xml.toString('utf8'));
        zip.close();
      }
    }
    zip.open('_metadata.json');
    zip.write(JSON.stringify({ invoices: invoices.map((invoice) => invoice.metadata) }));
    zip.close();
    await zip.finish();
    const whole = Buffer.concat(chunks);
    const parts: Part[] = [];
    for (let offset = 0, ordinalNumber = 1; offset < whole.length; offset += this.partBytes, ordinalNumber++) {
      const plain = whole.subarray(offset, offset + this.partBytes);
      parts.push({ ordinalNumber, plain, encrypted: aesEncrypt(job.key, plain) });
    }
    return {
      invoices,
      isTruncated: matching.length > invoices.length,
      parts,
      completedAt: this.now(),
      hwm: this.store.highWaterMark(),
    };
  }

  private jobOf(nip: string, reference: string): ExportJob {
    const job = this.jobs.get(reference);
    if (!job || job.nip !== nip) {
      throw exception(this.now(), 21175, 'Wynik zapytania o podanym identyfikatorze nie istnieje.');
    }
    return job;
  }
}
