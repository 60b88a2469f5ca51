import type { KsefAccess, PollOptions } from './access.js';
import { certificateFor } from './access.js';
import type { FormCode } from './api-types.js';
import type { KsefClient } from './client.js';
import {
  aesEncrypt,
  generateSymmetricKey,
  publicKeyOfCertificate,
  rsaOaepEncrypt,
  type SymmetricKey,
  sha256Base64,
} from './crypto.js';
import { FA_RR_FORM } from './xml/fa-rr.js';
import { FA3_FORM } from './xml/fa3.js';

/**
 * An online (interactive) session (KSeF docs `sesja-interaktywna.md`): opened for one form with a fresh AES-256 key
 * sent RSA-OAEP-encrypted, valid 12 hours; each invoice goes as its exact bytes, AES-encrypted, with the SHA-256
 * and size of both; KSeF validates it asynchronously, so its status is polled until it has a KSeF number or a
 * refusal; the UPO is fetched per invoice; closing starts the session's collective UPO.
 *
 * The state (`state()`) holds the session key: a sender that stores it encrypted can resume the session after a
 * restart (`KsefSession.resume`) instead of opening another.
 */
export type KsefForm = 'FA' | 'FA_RR';

export const KSEF_FORM_CODES: Readonly<Record<KsefForm, FormCode>> = {
  FA: { ...FA3_FORM },
  FA_RR: { ...FA_RR_FORM },
};

export interface KsefSessionState {
  referenceNumber: string;
  validUntil: string;
  form: KsefForm;
  /** AES-256 key and IV, Base64. Secret: store them as the KSeF token is stored. */
  symmetricKey: string;
  initializationVector: string;
}

export interface SentInvoice {
  invoiceReferenceNumber: string;
  /** SHA-256 of the exact bytes, Base64 (what KSeF and the UPO call the invoice hash). */
  invoiceHash: string;
  invoiceSize: number;
}

/** Where an invoice stands (status codes of `SessionInvoiceStatusResponse`). */
export type InvoiceProcessing =
  | { status: 'processing'; code: number; description: string }
  | {
      status: 'accepted';
      ksefNumber: string;
      invoiceNumber: string | null;
      acquisitionDate: string | null;
      permanentStorageDate: string | null;
      invoicingMode: 'Online' | 'Offline' | null;
    }
  /** 440: KSeF already holds this invoice (e.g. a send repeated after a lost answer). */
  | {
      status: 'duplicate';
      code: number;
      description: string;
      originalKsefNumber: string | null;
      originalSessionReferenceNumber: string | null;
    }
  | {
      status: 'rejected';
      code: number;
      description: string;
      details: string[];
      /** 405, 500, 550: refused for KSeF's own reasons; sending the same bytes again may succeed. */
      canResend: boolean;
    };

const RESENDABLE_CODES = new Set([405, 500, 550]);

export class KsefSession {
  private constructor(
    private readonly client: KsefClient,
    private readonly access: KsefAccess,
    private readonly current: KsefSessionState,
    private readonly key: SymmetricKey,
  ) {}

  /** Opens a session for one form (FA (3) 1-0E or FA_RR (1) 1-1E). */
  static async open(client: KsefClient, access: KsefAccess, form: KsefForm): Promise<KsefSession> {
    const certificate = certificateFor(await client.publicKeyCertificates(), 'SymmetricKeyEncryption', client.now());
    const key = generateSymmetricKey();
    const encryptedKey = rsaOaepEncrypt(publicKeyOfCertificate(certificate.certificate), key.key);
    const opened = await access.call((token) =>
      client.openOnlineSession(token, {
        formCode: KSEF_FORM_CODES[form],
        encryption: {
          encryptedSymmetricKey: encryptedKey.toString('base64'),
          initializationVector: key.iv.toString('base64'),
          publicKeyId: certificate.publicKeyId,
        },
      }),
    );
    return new KsefSession(
      client,
      access,
      {
        referenceNumber: opened.referenceNumber,
        validUntil: opened.validUntil,
        form,
        symmetricKey: key.key.toString('base64'),
        initializationVector: key.iv.toString('base64'),
      },
      key,
    );
  }

  /** A session opened earlier (by this or another process), from its stored state. */
  static resume(client: KsefClient, access: KsefAccess, state: KsefSessionState): KsefSession {
    const key = {
      key: Buffer.from(state.symmetricKey, 'base64'),
      iv: Buffer.from(state.initializationVector, 'base64'),
    };
    return new KsefSession(client, access, { ...state }, key);
  }

  get referenceNumber(): string {
    return this.current.referenceNumber;
  }

  state(): KsefSessionState {
    return { ...this.current };
  }

  /** True while KSeF still takes invoices in it by the client's clock (with a minute to spare). */
  isOpenAt(now: Date = this.client.now()): boolean {
    return Date.parse(this.current.validUntil) - 60_000 > now.getTime();
  }

  /**
   * Sends one invoice's exact bytes. `offlineMode` marks an invoice issued offline (offline24: sent by the next
   * business day); `hashOfCorrectedInvoice` a technical correction of a rejected offline invoice.
   */
  async sendInvoice(
    xml: Uint8Array,
    options: { offlineMode?: boolean; hashOfCorrectedInvoice?: string } = {},
  ): Promise<SentInvoice> {
    const encrypted = aesEncrypt(this.key, xml);
    const invoiceHash = sha256Base64(xml);
    const invoiceReferenceNumber = await this.access.call((token) =>
      this.client.sendInvoice(token, this.current.referenceNumber, {
        invoiceHash,
        invoiceSize: xml.byteLength,
        encryptedInvoiceHash: sha256Base64(encrypted),
        encryptedInvoiceSize: encrypted.byteLength,
        encryptedInvoiceContent: encrypted.toString('base64'),
        offlineMode: options.offlineMode ?? false,
        ...(options.hashOfCorrectedInvoice ? { hashOfCorrectedInvoice: options.hashOfCorrectedInvoice } : {}),
      }),
    );
    return { invoiceReferenceNumber, invoiceHash, invoiceSize: xml.byteLength };
  }

  /** One look at an invoice's status. */
  async invoiceStatus(invoiceReferenceNumber: string): Promise<InvoiceProcessing> {
    const answer = await this.access.call((token) =>
      this.client.invoiceStatus(token, this.current.referenceNumber, invoiceReferenceNumber),
    );
    const { code, description, details, extensions } = answer.status;
    if (code === 200 && answer.ksefNumber) {
      return {
        status: 'accepted',
        ksefNumber: answer.ksefNumber,
        invoiceNumber: answer.invoiceNumber ?? null,
        acquisitionDate: answer.acquisitionDate ?? null,
        permanentStorageDate: answer.permanentStorageDate ?? null,
        invoicingMode: answer.invoicingMode ?? null,
      };
    }
    if (code < 300) return { status: 'processing', code, description };
    if (code === 440) {
      return {
        status: 'duplicate',
        code,
        description,
        originalKsefNumber: extensions?.originalKsefNumber ?? null,
        originalSessionReferenceNumber: extensions?.originalSessionReferenceNumber ?? null,
      };
    }
    return { status: 'rejected', code, description, details: details ?? [], canResend: RESENDABLE_CODES.has(code) };
  }

  /** Polls until the invoice is accepted or refused; still `processing` after `maxPolls` (default 30). */
  async waitForInvoice(invoiceReferenceNumber: string, options: PollOptions = {}): Promise<InvoiceProcessing> {
    const maxPolls = options.maxPolls ?? 30;
    for (let poll = 1; ; poll++) {
      const outcome = await this.invoiceStatus(invoiceReferenceNumber);
      if (outcome.status !== 'processing' || poll >= maxPolls) return outcome;
      await this.client.sleep(options.pollIntervalMs ?? 1000);
    }
  }

  /** The UPO of an accepted invoice (XML, schema upo-v4-3), as KSeF sends it. */
  upo(invoiceReferenceNumber: string): Promise<string> {
    return this.access.call((token) =>
      this.client.invoiceUpo(token, this.current.referenceNumber, invoiceReferenceNumber),
    );
  }

  upoByKsefNumber(ksefNumber: string): Promise<string> {
    return this.access.call((token) =>
      this.client.invoiceUpoByKsefNumber(token, this.current.referenceNumber, ksefNumber),
    );
  }

  /** Closes the session (KSeF then prepares its collective UPO). */
  close(): Promise<void> {
    return this.access.call((token) => this.client.closeOnlineSession(token, this.current.referenceNumber));
  }
}
