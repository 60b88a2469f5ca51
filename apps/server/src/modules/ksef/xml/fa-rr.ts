import type { LineQuantity } from './fa3.js';
import { InvoiceDocumentError } from './fa3.js';
import { formatAmount, formatCount, formatDate, formatTonnesOfKg } from './format.js';
import { element, optional, renderXml, type XmlNode } from './nodes.js';
import {
  addressNode,
  type BankAccount,
  bankAccountNode,
  type Contact,
  type CorrectedInvoice,
  contactNode,
  correctedInvoiceNode,
  footerNode,
  headerNode,
  type InvoiceAddress,
  type KeyValue,
  keyValueNodes,
} from './parties.js';

/**
 * The VAT RR invoice FA_RR (1) 1-1E (schema `../xsd/schemat_FA_RR(1)_v1-1E.xsd`), which the buyer issues for a
 * flat-rate farmer (RULES.md Invoices, VAT and KSeF: VAT RR): Podmiot1 is the farmer (supplier), Podmiot2 is us.
 * In PLN, paid by transfer only (the schema's FormaPlatnosci allows 1 alone). The refund per line and the total in
 * words are the caller's figures (their rules belong to the RR invoices); this file writes and cross-checks them.
 */
export const FA_RR_NAMESPACE = 'http://crd.gov.pl/wzor/2026/03/06/14189/';
export const FA_RR_FORM = { systemCode: 'FA_RR (1)', schemaVersion: '1-1E', value: 'FA_RR' } as const;

/** P_9: the flat-rate refund percent the schema allows. */
export type RrRefundRate = '7' | '6.5';

export interface RrParty {
  nip: string;
  name: string;
  address: InvoiceAddress;
  contact?: Contact;
}

export interface RrInvoiceLine {
  /** P_4AA, when the lines were bought on different days. */
  purchaseDate?: string;
  /** P_5, e.g. "Pszenica". */
  name: string;
  cn?: string;
  pkwiu?: string;
  /** P_6A, e.g. "t". */
  unit: string;
  /** P_6B. */
  quantity: LineQuantity;
  /** P_6C: class or quality, e.g. "klasa A, wilgotność 14,2 %". */
  quality: string;
  /** P_7: unit price without the refund, minor units. */
  unitPriceMinor: number;
  /** P_8: value without the refund. */
  valueMinor: number;
  refundRate: RrRefundRate;
  /** P_10: the refund on the line. */
  refundMinor: number;
  /** StanPrzed: a correction's line as it stood before. */
  isStateBefore?: boolean;
}

export type RrInvoiceKind =
  | { type: 'VAT_RR' }
  | { type: 'KOR_VAT_RR'; reason?: string; effect?: 1 | 2 | 3 | 4; corrected: CorrectedInvoice[] };

export interface RrInvoiceDocument {
  generatedAt: Date;
  systemInfo?: string;
  farmer: RrParty;
  buyer: RrParty;
  issuePlace?: string;
  /** P_4A: one purchase date for every line. */
  purchaseDate?: string;
  /** P_4B. */
  issueDate: string;
  /** P_4C. */
  number: string;
  /** P_11_1 (a correction: the difference). */
  valueMinor: number;
  /** P_11_2. */
  refundMinor: number;
  /** P_12_2: P_12_1 (value + refund) in Polish words. */
  totalInWords: string;
  kind: RrInvoiceKind;
  /** DokumentZaplaty: the transfers that paid it, when known at issue. */
  paymentDocuments?: { number: string; date?: string }[];
  notes?: KeyValue[];
  lines: RrInvoiceLine[];
  /** Platnosc: the farmer's accounts (RachunekBankowy1), ours (RachunekBankowy2). */
  payment?: { farmerAccounts?: BankAccount[]; buyerAccounts?: BankAccount[] };
  footer?: string;
}

function partyNode(name: string, party: RrParty): XmlNode {
  return element(name, [
    element('DaneIdentyfikacyjne', [element('NIP', party.nip), element('Nazwa', party.name)]),
    addressNode('Adres', party.address),
    contactNode(party.contact),
  ]);
}

export function buildFaRrXml(document: RrInvoiceDocument): Uint8Array {
  checkFigures(document);
  const kind = document.kind;
  return renderXml(FA_RR_NAMESPACE, {
    name: 'Faktura',
    children: [
      headerNode(FA_RR_FORM, '1', document),
      partyNode('Podmiot1', document.farmer),
      partyNode('Podmiot2', document.buyer),
      element('FakturaRR', [
        element('KodWaluty', 'PLN'),
        optional('P_1M', document.issuePlace),
        document.purchaseDate ? element('P_4A', formatDate(document.purchaseDate)) : null,
        element('P_4B', formatDate(document.issueDate)),
        element('P_4C', document.number),
        element('P_11_1', formatAmount(document.valueMinor)),
        element('P_11_2', formatAmount(document.refundMinor)),
        element('P_12_1', formatAmount(document.valueMinor + document.refundMinor)),
        element('P_12_2', document.totalInWords),
        element('RodzajFaktury', kind.type),
        ...(kind.type === 'KOR_VAT_RR'
          ? [
              optional('PrzyczynaKorekty', kind.reason),
              optional('TypKorekty', kind.effect === undefined ? undefined : String(kind.effect)),
              ...kind.corrected.map(correctedInvoiceNode),
            ]
          : []),
        ...(document.paymentDocuments ?? []).map((payment) =>
          element('DokumentZaplaty', [
            element('NrDokumentu', payment.number),
            payment.date ? element('DataDokumentu', formatDate(payment.date)) : null,
          ]),
        ),
        ...keyValueNodes(document.notes),
        ...document.lines.map((line, index) => lineNode(line, index + 1)),
        element('Platnosc', [
          element('FormaPlatnosci', '1'),
          ...(document.payment?.farmerAccounts ?? []).map((account) => bankAccountNode('RachunekBankowy1', account)),
          ...(document.payment?.buyerAccounts ?? []).map((account) => bankAccountNode('RachunekBankowy2', account)),
        ]),
      ]),
      footerNode(document.footer),
    ],
  });
}

function lineNode(line: RrInvoiceLine, lineNumber: number): XmlNode {
  return element('FakturaRRWiersz', [
    element('NrWierszaFa', String(lineNumber)),
    line.purchaseDate ? element('P_4AA', formatDate(line.purchaseDate)) : null,
    element('P_5', line.name),
    optional('PKWiU', line.pkwiu),
    optional('CN', line.cn),
    element('P_6A', line.unit),
    element('P_6B', 'kg' in line.quantity ? formatTonnesOfKg(line.quantity.kg) : formatCount(line.quantity.count)),
    element('P_6C', line.quality),
    element('P_7', formatAmount(line.unitPriceMinor)),
    element('P_8', formatAmount(line.valueMinor)),
    element('P_9', line.refundRate),
    element('P_10', formatAmount(line.refundMinor)),
    element('P_11', formatAmount(line.valueMinor + line.refundMinor)),
    line.isStateBefore ? element('StanPrzed', '1') : null,
  ]);
}

/** The lines (after minus before, for a correction) must add up to the invoice's value and refund. */
function checkFigures(document: RrInvoiceDocument): void {
  if (document.lines.length === 0) throw new InvoiceDocumentError('an RR invoice needs at least one line');
  let value = 0;
  let refund = 0;
  for (const line of document.lines) {
    if (line.isStateBefore && document.kind.type !== 'KOR_VAT_RR') {
      throw new InvoiceDocumentError('only a correction has lines as they stood before');
    }
    const sign = line.isStateBefore ? -1 : 1;
    value += sign * line.valueMinor;
    refund += sign * line.refundMinor;
  }
  if (value !== document.valueMinor)
    throw new InvoiceDocumentError(`the lines do not add up to P_11_1 ${document.valueMinor}`);
  if (refund !== document.refundMinor) {
    throw new InvoiceDocumentError(`the lines' refunds do not add up to P_11_2 ${document.refundMinor}`);
  }
  if (document.kind.type === 'KOR_VAT_RR' && document.kind.corrected.length === 0) {
    throw new InvoiceDocumentError('a correction names the invoice it corrects');
  }
}
