import { fromMinorUnits } from '@grain/shared';
import type { InvoiceMetadata, InvoiceQueryFilters } from '../../src/modules/ksef/api-types.js';
import { sha256Base64 } from '../../src/modules/ksef/crypto.js';
import { KSEF_FORM_CODES } from '../../src/modules/ksef/session.js';
import { type InvoiceHeader, parseFa3Invoice, readInvoiceHeader } from '../../src/modules/ksef/xml/parse.js';
import { exception } from './answers.js';
import { ksefNumberFor } from './ids.js';

/**
 * The fake's invoice repository: the invoices it accepted and the ones tests put there as received from suppliers,
 * each with the dates KSeF keeps (invoicing, acquisition = KSeF number, permanent storage) and its `InvoiceMetadata`.
 * Queries filter by subject (Subject1 = we sell, Subject2 = we buy) and date range as
 * `POST /invoices/query/metadata` describes, sorted by the chosen date.
 */
export interface StoredInvoice {
  ksefNumber: string;
  xml: Buffer;
  header: InvoiceHeader;
  invoiceHash: string;
  invoicingDate: Date;
  acquisitionDate: Date;
  permanentStorageDate: Date;
  isOffline: boolean;
  hashOfCorrectedInvoice: string | null;
  metadata: InvoiceMetadata;
}

const INVOICE_TYPES: Record<string, string> = {
  VAT: 'Vat',
  KOR: 'Kor',
  ZAL: 'Zal',
  ROZ: 'Roz',
  UPR: 'Upr',
  KOR_ZAL: 'KorZal',
  KOR_ROZ: 'KorRoz',
  VAT_RR: 'VatRr',
  KOR_VAT_RR: 'KorVatRr',
};

function buyerIdentifier(xml: Buffer, header: InvoiceHeader): InvoiceMetadata['buyer']['identifier'] {
  if (header.buyerNip) return { type: 'Nip', value: header.buyerNip };
  if (header.form === 'FA') {
    const buyer = parseFa3Invoice(xml).buyer;
    if (buyer.euVat) return { type: 'VatUe', value: `${buyer.euVat.countryCode}${buyer.euVat.number}` };
    if (buyer.otherId) return { type: 'Other', value: buyer.otherId.id };
  }
  return { type: 'None' };
}

export function metadataOf(invoice: Omit<StoredInvoice, 'metadata'>): InvoiceMetadata {
  const { header } = invoice;
  return {
    ksefNumber: invoice.ksefNumber,
    invoiceNumber: header.number,
    issueDate: header.issueDate,
    invoicingDate: invoice.invoicingDate.toISOString(),
    acquisitionDate: invoice.acquisitionDate.toISOString(),
    permanentStorageDate: invoice.permanentStorageDate.toISOString(),
    seller: { nip: header.sellerNip, name: header.sellerName },
    buyer: { identifier: buyerIdentifier(invoice.xml, header), name: header.buyerName },
    // KSeF answers metadata amounts as JSON numbers in major units.
    netAmount: fromMinorUnits(header.netMinor),
    grossAmount: fromMinorUnits(header.grossMinor),
    vatAmount: fromMinorUnits(header.vatMinor),
    currency: header.currency,
    invoicingMode: invoice.isOffline ? 'Offline' : 'Online',
    invoiceType: INVOICE_TYPES[header.kind] ?? 'Vat',
    formCode: { ...KSEF_FORM_CODES[header.form] },
    isSelfInvoicing: false,
    hasAttachment: false,
    invoiceHash: invoice.invoiceHash,
    hashOfCorrectedInvoice: invoice.hashOfCorrectedInvoice,
  };
}

export class FakeStore {
  readonly invoices: StoredInvoice[] = [];
  /** How far the high water mark trails the clock (HWM = now − lag), for tests of incremental windows. */
  hwmLagMs = 0;

  constructor(private readonly now: () => Date) {}

  add(
    xml: Uint8Array,
    options: {
      ksefNumber?: string;
      invoicingDate?: Date;
      permanentStorageDate?: Date;
      isOffline?: boolean;
      hashOfCorrectedInvoice?: string | null;
    } = {},
  ): StoredInvoice {
    const bytes = Buffer.from(xml);
    const header = readInvoiceHeader(bytes);
    const invoicingDate = options.invoicingDate ?? this.now();
    const stored: Omit<StoredInvoice, 'metadata'> = {
      ksefNumber: options.ksefNumber ?? ksefNumberFor(header.sellerNip, invoicingDate),
      xml: bytes,
      header,
      invoiceHash: sha256Base64(bytes),
      invoicingDate,
      acquisitionDate: invoicingDate,
      permanentStorageDate: options.permanentStorageDate ?? invoicingDate,
      isOffline: options.isOffline ?? false,
      hashOfCorrectedInvoice: options.hashOfCorrectedInvoice ?? null,
    };
    const invoice = { ...stored, metadata: metadataOf(stored) };
    this.invoices.push(invoice);
    return invoice;
  }

  byKsefNumber(ksefNumber: string, nip: string): StoredInvoice | null {
    const invoice = this.invoices.find((candidate) => candidate.ksefNumber === ksefNumber);
    if (!invoice || (invoice.header.sellerNip !== nip && invoice.header.buyerNip !== nip)) return null;
    return invoice;
  }

  /** An accepted invoice with the same seller, form and number (KSeF's duplicate rule, status 440). */
  duplicateOf(header: InvoiceHeader): StoredInvoice | null {
    return (
      this.invoices.find(
        (invoice) =>
          invoice.header.form === header.form &&
          invoice.header.sellerNip === header.sellerNip &&
          invoice.header.number === header.number,
      ) ?? null
    );
  }

  highWaterMark(): Date {
    return new Date(this.now().getTime() - this.hwmLagMs);
  }

  /** The invoices of a context matching the filters, sorted by the filtered date. */
  query(nip: string, filters: InvoiceQueryFilters, sortOrder: 'Asc' | 'Desc' = 'Asc'): StoredInvoice[] {
    const { dateRange } = filters;
    const from = Date.parse(dateRange.from);
    const hwm = this.highWaterMark().getTime();
    if (dateRange.restrictToPermanentStorageHwmDate && from > hwm) {
      throw exception(this.now(), 21183, 'Zakres filtrowania wykracza poza dostępny zakres danych.', [
        'Parametr dateRange.from jest późniejszy niż PermanentStorageHwmDate przy włączonym restrictToPermanentStorageHwmDate.',
      ]);
    }
    let to = dateRange.to ? Date.parse(dateRange.to) : Number.POSITIVE_INFINITY;
    if (dateRange.restrictToPermanentStorageHwmDate) to = Math.min(to, hwm);
    const dateOf = (invoice: StoredInvoice) =>
      dateRange.dateType === 'Issue'
        ? Date.parse(`${invoice.header.issueDate}T00:00:00Z`)
        : (dateRange.dateType === 'Invoicing' ? invoice.invoicingDate : invoice.permanentStorageDate).getTime();
    const isSubject = (invoice: StoredInvoice) =>
      filters.subjectType === 'Subject1'
        ? invoice.header.sellerNip === nip
        : filters.subjectType === 'Subject2'
          ? invoice.header.buyerNip === nip
          : false;
    return this.invoices
      .filter(isSubject)
      .filter((invoice) => dateOf(invoice) >= from && dateOf(invoice) <= to)
      .filter((invoice) => !filters.ksefNumber || invoice.ksefNumber === filters.ksefNumber)
      .filter((invoice) => !filters.invoiceNumber || invoice.header.number === filters.invoiceNumber)
      .filter((invoice) => !filters.sellerNip || invoice.header.sellerNip === filters.sellerNip)
      .filter((invoice) => !filters.formType || invoice.header.form === filters.formType)
      .filter((invoice) => !filters.currencyCodes?.length || filters.currencyCodes.includes(invoice.header.currency))
      .sort((a, b) => (sortOrder === 'Asc' ? dateOf(a) - dateOf(b) : dateOf(b) - dateOf(a)));
  }
}
