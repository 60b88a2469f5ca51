import type { OpenOnlineSessionRequest, SendInvoiceRequest } from '../../src/modules/ksef/api-types.js';
import { aesDecrypt, type SymmetricKey, sha256Base64 } from '../../src/modules/ksef/crypto.js';
import { KSEF_FORM_CODES, type KsefForm } from '../../src/modules/ksef/session.js';
import { readInvoiceHeader } from '../../src/modules/ksef/xml/parse.js';
import { validateXml } from '../../src/modules/ksef/xml/validate.js';
import { exception, inputError } from './answers.js';
import type { FakeAuth } from './auth.js';
import { referenceNumber } from './ids.js';
import type { FakeStore } from './store.js';
import { buildUpo } from './upo.js';

/**
 * Online sessions in the fake (`sesja-interaktywna.md`): the AES key is decrypted with the fake's
 * SymmetricKeyEncryption key; each invoice is decrypted, its sizes and hashes checked (21402, 21403), validated
 * against the session form's XSD with the module's own validator, and accepted with a KSeF number of its seller's
 * NIP and a valid CRC-8, or refused with the status codes of `SessionInvoiceStatusResponse` (410 not the context's
 * invoice, 435 decryption, 440 duplicate, 450 XSD). The status says "processing" for `processingPolls` polls first.
 */
const SESSION_MS = 12 * 3600_000;

type Outcome = { code: number; description: string; details?: string[]; extensions?: Record<string, string> };

export interface FakeInvoice {
  referenceNumber: string;
  ordinalNumber: number;
  sessionReferenceNumber: string;
  /** The form of the session it was sent in (its form code checked on opening: FA (3) or FA_RR (1)). */
  form: KsefForm;
  invoiceHash: string;
  xml: Buffer | null;
  invoiceNumber: string | null;
  receivedAt: Date;
  isOffline: boolean;
  pollsLeft: number;
  outcome: Outcome;
  ksefNumber: string | null;
}

interface Session {
  referenceNumber: string;
  nip: string;
  authenticationHash: string;
  form: KsefForm;
  key: SymmetricKey;
  createdAt: Date;
  updatedAt: Date;
  validUntil: Date;
  isClosed: boolean;
  invoices: FakeInvoice[];
}

export class FakeSessions {
  processingPolls = 1;
  /** The tests' "reject the next invoice": used once, by the next invoice sent. */
  nextRejection: Outcome | null = null;
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly auth: FakeAuth,
    private readonly store: FakeStore,
    private readonly now: () => Date,
  ) {}

  /** Every invoice received, in order, with its decrypted bytes (tests read what was sent). */
  invoices(): FakeInvoice[] {
    return [...this.sessions.values()].flatMap((session) => session.invoices);
  }

  open(context: { nip: string; authenticationHash: string }, request: OpenOnlineSessionRequest) {
    const now = this.now();
    const form = (Object.keys(KSEF_FORM_CODES) as KsefForm[]).find((candidate) => {
      const code = KSEF_FORM_CODES[candidate];
      const asked = request.formCode;
      return (
        code.systemCode === asked.systemCode && code.schemaVersion === asked.schemaVersion && code.value === asked.value
      );
    });
    if (!form) throw inputError(now, `Nieobsługiwany kod formularza ${JSON.stringify(request.formCode)}.`);
    const key = this.auth.symmetricKeyOf(request.encryption);
    const session: Session = {
      referenceNumber: referenceNumber('SO', now),
      nip: context.nip,
      authenticationHash: context.authenticationHash,
      form,
      key,
      createdAt: now,
      updatedAt: now,
      validUntil: new Date(now.getTime() + SESSION_MS),
      isClosed: false,
      invoices: [],
    };
    this.sessions.set(session.referenceNumber, session);
    return { referenceNumber: session.referenceNumber, validUntil: session.validUntil.toISOString() };
  }

  async send(nip: string, sessionReference: string, request: SendInvoiceRequest) {
    const now = this.now();
    const session = this.sessionOf(nip, sessionReference);
    if (session.isClosed || session.validUntil.getTime() <= now.getTime()) {
      throw exception(now, 21180, 'Status sesji nie pozwala na wykonanie operacji.', [
        `Status sesji ${session.isClosed ? 170 : 440} uniemożliwia wysyłkę faktur.`,
      ]);
    }
    const encrypted = Buffer.from(request.encryptedInvoiceContent, 'base64');
    if (encrypted.length !== request.encryptedInvoiceSize) {
      throw exception(now, 21402, 'Nieprawidłowy rozmiar pliku.', ['Długość treści nie zgadza się z rozmiarem pliku.']);
    }
    if (sha256Base64(encrypted) !== request.encryptedInvoiceHash) {
      throw exception(now, 21403, 'Nieprawidłowy skrót pliku.', ['Skrót treści nie zgadza się ze skrótem pliku.']);
    }
    let xml: Buffer | null = null;
    try {
      xml = aesDecrypt(session.key, encrypted);
    } catch {
      // Decryption fails asynchronously in KSeF: the invoice is taken, its status says 435.
    }
    if (xml && xml.length !== request.invoiceSize) {
      throw exception(now, 21402, 'Nieprawidłowy rozmiar pliku.', ['Rozmiar faktury nie zgadza się z invoiceSize.']);
    }
    if (xml && sha256Base64(xml) !== request.invoiceHash) {
      throw exception(now, 21403, 'Nieprawidłowy skrót pliku.', ['Skrót faktury nie zgadza się z invoiceHash.']);
    }
    const invoice: FakeInvoice = {
      referenceNumber: referenceNumber('EE', now),
      ordinalNumber: session.invoices.length + 1,
      sessionReferenceNumber: session.referenceNumber,
      form: session.form,
      invoiceHash: request.invoiceHash,
      xml,
      invoiceNumber: null,
      receivedAt: now,
      isOffline: request.offlineMode ?? false,
      pollsLeft: this.processingPolls,
      outcome: { code: 150, description: 'Trwa przetwarzanie' },
      ksefNumber: null,
    };
    invoice.outcome = xml
      ? await this.process(session, invoice, xml, request.hashOfCorrectedInvoice ?? null)
      : { code: 435, description: 'Błąd odszyfrowania pliku' };
    session.invoices.push(invoice);
    session.updatedAt = now;
    return { referenceNumber: invoice.referenceNumber };
  }

  private async process(
    session: Session,
    invoice: FakeInvoice,
    xml: Buffer,
    hashOfCorrected: string | null,
  ): Promise<Outcome> {
    if (this.nextRejection) {
      const rejection = this.nextRejection;
      this.nextRejection = null;
      return rejection;
    }
    const validation = await validateXml(xml, session.form);
    if (!validation.valid) {
      return {
        code: 450,
        description: 'Błąd weryfikacji semantyki dokumentu faktury',
        details: validation.errors.map((error) => `${error.path ?? ''}: ${error.message}`.trim()),
      };
    }
    const header = readInvoiceHeader(xml);
    invoice.invoiceNumber = header.number;
    // The context issues FA as the seller and FA_RR as the buyer (Podmiot2) on the farmer's behalf.
    const issuer = header.form === 'FA' ? header.sellerNip : header.buyerNip;
    if (issuer !== session.nip) return { code: 410, description: 'Nieprawidłowy zakres uprawnień' };
    const duplicate = this.store.duplicateOf(header);
    if (duplicate) {
      return {
        code: 440,
        description: 'Duplikat faktury',
        extensions: {
          originalKsefNumber: duplicate.ksefNumber,
          // As KSeF: the session the first send went in (its UPO is kept there).
          originalSessionReferenceNumber:
            this.invoices().find((sent) => sent.ksefNumber === duplicate.ksefNumber)?.sessionReferenceNumber ??
            session.referenceNumber,
        },
      };
    }
    const stored = this.store.add(xml, {
      invoicingDate: invoice.receivedAt,
      isOffline: invoice.isOffline,
      hashOfCorrectedInvoice: hashOfCorrected,
    });
    invoice.ksefNumber = stored.ksefNumber;
    return { code: 200, description: 'Sukces' };
  }

  status(nip: string, sessionReference: string, invoiceReference: string) {
    const invoice = this.invoiceOf(nip, sessionReference, invoiceReference);
    const isProcessing = invoice.pollsLeft > 0;
    if (isProcessing) invoice.pollsLeft -= 1;
    const stored = !isProcessing && invoice.ksefNumber ? this.store.byKsefNumber(invoice.ksefNumber, nip) : null;
    return {
      ordinalNumber: invoice.ordinalNumber,
      invoiceNumber: invoice.invoiceNumber,
      ksefNumber: stored?.ksefNumber ?? null,
      referenceNumber: invoice.referenceNumber,
      invoiceHash: invoice.invoiceHash,
      acquisitionDate: stored?.acquisitionDate.toISOString() ?? null,
      invoicingDate: invoice.receivedAt.toISOString(),
      permanentStorageDate: stored?.permanentStorageDate.toISOString() ?? null,
      invoicingMode: invoice.isOffline ? 'Offline' : 'Online',
      status: isProcessing ? { code: 150, description: 'Trwa przetwarzanie' } : invoice.outcome,
    };
  }

  upo(nip: string, sessionReference: string, find: { invoiceReference?: string; ksefNumber?: string }): string {
    const session = this.sessionOf(nip, sessionReference);
    const invoice = session.invoices.find(
      (candidate) =>
        (find.invoiceReference && candidate.referenceNumber === find.invoiceReference) ||
        (find.ksefNumber && candidate.ksefNumber === find.ksefNumber),
    );
    const stored =
      invoice?.ksefNumber && invoice.pollsLeft === 0 ? this.store.byKsefNumber(invoice.ksefNumber, nip) : null;
    if (!invoice || !stored) {
      throw exception(this.now(), 21178, 'Nie znaleziono UPO dla podanych kryteriów.', [
        `UPO dla sesji ${sessionReference} nie zostało znalezione.`,
      ]);
    }
    return buildUpo({
      sessionReferenceNumber: session.referenceNumber,
      contextNip: session.nip,
      authenticationHash: session.authenticationHash,
      form: stored.header.form,
      sellerNip: stored.header.sellerNip,
      ksefNumber: stored.ksefNumber,
      invoiceNumber: stored.header.number,
      issueDate: stored.header.issueDate,
      receivedAt: invoice.receivedAt,
      numberedAt: stored.acquisitionDate,
      invoiceHash: stored.invoiceHash,
      isOffline: stored.isOffline,
    });
  }

  close(nip: string, sessionReference: string): void {
    const session = this.sessionOf(nip, sessionReference);
    if (session.isClosed) {
      throw exception(this.now(), 21180, 'Status sesji nie pozwala na wykonanie operacji.', [
        'Status sesji 170 uniemożliwia jej zamknięcie.',
      ]);
    }
    session.isClosed = true;
    session.updatedAt = this.now();
  }

  sessionStatus(nip: string, sessionReference: string) {
    const session = this.sessionOf(nip, sessionReference);
    const done = session.invoices.filter((invoice) => invoice.pollsLeft === 0);
    return {
      status: session.isClosed
        ? { code: 170, description: 'Sesja interaktywna zamknięta' }
        : { code: 100, description: 'Sesja interaktywna otwarta' },
      dateCreated: session.createdAt.toISOString(),
      dateUpdated: session.updatedAt.toISOString(),
      validUntil: session.validUntil.toISOString(),
      invoiceCount: session.invoices.length,
      successfulInvoiceCount: done.filter((invoice) => invoice.outcome.code === 200).length,
      failedInvoiceCount: done.filter((invoice) => invoice.outcome.code !== 200).length,
    };
  }

  private sessionOf(nip: string, reference: string): Session {
    const session = this.sessions.get(reference);
    if (!session || session.nip !== nip) {
      throw exception(this.now(), 21173, 'Brak sesji o wskazanym numerze referencyjnym.', [
        `Sesja o numerze referencyjnym ${reference} nie została odnaleziona.`,
      ]);
    }
    return session;
  }

  private invoiceOf(nip: string, sessionReference: string, invoiceReference: string): FakeInvoice {
    const invoice = this.sessionOf(nip, sessionReference).invoices.find(
      (candidate) => candidate.referenceNumber === invoiceReference,
    );
    if (!invoice)
      throw inputError(this.now(), `Faktura o numerze referencyjnym ${invoiceReference} nie została znaleziona.`);
    return invoice;
  }
}
