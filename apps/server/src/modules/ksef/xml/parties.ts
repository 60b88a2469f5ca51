import { formatAccountNumber, formatTimestamp } from './format.js';
import { element, optional, type XmlNode } from './nodes.js';

/** Pieces FA (3) and FA_RR share: addresses, contact data, bank accounts, key/value notes (TAdres, TKluczWartosc…). */

export interface InvoiceAddress {
  /** ISO 3166 alpha-2 (KodKraju), e.g. `PL`. */
  countryCode: string;
  /** Street and number (AdresL1). */
  line1: string;
  /** Postcode and town (AdresL2). */
  line2?: string;
}

export interface Contact {
  email?: string;
  phone?: string;
}

export interface BankAccount {
  /** The full account number (NRB or IBAN); spaces are left out. */
  number: string;
  swift?: string;
  bankName?: string;
  description?: string;
}

export interface KeyValue {
  key: string;
  value: string;
  /** The invoice line (NrWierszaFa) the note belongs to, if only one. */
  lineNumber?: number;
}

export function addressNode(name: string, address: InvoiceAddress): XmlNode {
  return element(name, [
    element('KodKraju', address.countryCode),
    element('AdresL1', address.line1),
    optional('AdresL2', address.line2),
  ]);
}

export function contactNode(contact: Contact | undefined): XmlNode | null {
  if (!contact || (!contact.email && !contact.phone)) return null;
  return element('DaneKontaktowe', [optional('Email', contact.email), optional('Telefon', contact.phone)]);
}

/** TRachunekBankowy without the FA (3)-only RachunekWlasnyBanku. */
export function bankAccountNode(name: string, account: BankAccount): XmlNode {
  return element(name, [
    element('NrRB', formatAccountNumber(account.number)),
    optional('SWIFT', account.swift),
    optional('NazwaBanku', account.bankName),
    optional('OpisRachunku', account.description),
  ]);
}

export function keyValueNodes(notes: readonly KeyValue[] | undefined): XmlNode[] {
  return (notes ?? []).map((note) =>
    element('DodatkowyOpis', [
      optional('NrWiersza', note.lineNumber === undefined ? undefined : String(note.lineNumber)),
      element('Klucz', note.key),
      element('Wartosc', note.value),
    ]),
  );
}

/** DaneFaKorygowanej: the corrected invoice's date and number, and its KSeF number or the mark "issued outside". */
export interface CorrectedInvoice {
  issueDate: string;
  number: string;
  /** Null when the corrected invoice never got one (issued outside KSeF): NrKSeFN = 1. */
  ksefNumber: string | null;
}

export function correctedInvoiceNode(corrected: CorrectedInvoice): XmlNode {
  return element('DaneFaKorygowanej', [
    element('DataWystFaKorygowanej', corrected.issueDate),
    element('NrFaKorygowanej', corrected.number),
    ...(corrected.ksefNumber
      ? [element('NrKSeF', '1'), element('NrKSeFFaKorygowanej', corrected.ksefNumber)]
      : [element('NrKSeFN', '1')]),
  ]);
}

/** Naglowek: the form code with its system code and schema version, the variant, when and by what it was made. */
export function headerNode(
  form: { systemCode: string; schemaVersion: string; value: string },
  variant: string,
  document: { generatedAt: Date; systemInfo?: string },
): XmlNode {
  return element('Naglowek', [
    {
      name: 'KodFormularza',
      attributes: { kodSystemowy: form.systemCode, wersjaSchemy: form.schemaVersion },
      text: form.value,
    },
    element('WariantFormularza', variant),
    element('DataWytworzeniaFa', formatTimestamp(document.generatedAt)),
    optional('SystemInfo', document.systemInfo),
  ]);
}

/** Stopka with one footer text, when there is one. */
export function footerNode(footer: string | undefined): XmlNode | null {
  return footer ? element('Stopka', [element('Informacje', [element('StopkaFaktury', footer)])]) : null;
}
