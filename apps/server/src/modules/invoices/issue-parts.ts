import { formatInvoiceNumber, invoicePeriodKey, V } from '@grain/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { buildFa3Xml, type Fa3VatRate, type SalesInvoiceDocument, validateXml } from '../ksef/index.js';
import * as q from './queries.js';

/** What issuing a sales invoice and issuing a correction share: rates, numbers, parties, the validated XML. */

export const FA3_RATES: Record<number, Fa3VatRate> = { 23: '23', 8: '8', 5: '5' };

/**
 * RULES.md Invoices, VAT and KSeF: the next number of a series (sales or corrections), without gaps. The counter
 * row stays locked to the end of the issuing transaction, so a refused issue gives its number back.
 */
export async function nextInvoiceNumber(tx: Db, series: string, issueDate: string): Promise<string> {
  const counter = await q.nextInvoiceCounter(tx, invoicePeriodKey(series, issueDate));
  return formatInvoiceNumber(series, issueDate, counter);
}

interface SellerSettings {
  nip: string;
  name: string;
  street: string | null;
  postCode: string | null;
  city: string;
}

/** The seller as the invoice row keeps it (RULES.md Invoices, VAT and KSeF: never re-read from today's settings). */
export const sellerCopy = (settings: SellerSettings) => ({
  sellerNip: settings.nip,
  sellerName: settings.name,
  sellerStreet: settings.street,
  sellerPostCode: settings.postCode,
  sellerCity: settings.city,
});

export function sellerParty(settings: SellerSettings): SalesInvoiceDocument['seller'] {
  return {
    nip: settings.nip,
    name: settings.name,
    address: {
      countryCode: 'PL',
      line1: settings.street ?? settings.city,
      line2: [settings.postCode, settings.city].filter(Boolean).join(' '),
    },
  };
}

interface BuyerRecord {
  code: string;
  name: string | null;
  countryCode: string;
  street: string | null;
  buildingNumber: string | null;
  postCode: string | null;
  city: string | null;
}

export function buyerParty(buyer: BuyerRecord, nip: string, name: string): SalesInvoiceDocument['buyer'] {
  return {
    identifier: { type: 'nip', nip },
    name,
    address: {
      countryCode: buyer.countryCode,
      line1: [buyer.street, buyer.buildingNumber].filter(Boolean).join(' ') || (buyer.city ?? buyer.code),
      line2: [buyer.postCode, buyer.city].filter(Boolean).join(' ') || undefined,
    },
  };
}

/** The document's XML, refused when it fails the official XSD (RULES.md Invoices, VAT and KSeF); the refusal names the field. */
export async function validatedXml(document: SalesInvoiceDocument): Promise<Buffer> {
  const xml = Buffer.from(buildFa3Xml(document));
  const validation = await validateXml(xml, 'FA');
  if (!validation.valid) {
    throw new AppError(
      'INVOICE_XML_INVALID',
      undefined,
      validation.errors.map((error) => ({ field: error.path ?? error.element ?? 'xml', code: V.wrongType })),
    );
  }
  return xml;
}
