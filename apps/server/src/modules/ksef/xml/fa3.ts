import { formatAmount, formatCount, formatDate, formatExchangeRate, formatTonnesOfKg } from './format.js';
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
 * The e-invoice FA (3) 1-0E (schema `../xsd/schemat_FA(3)_v1-0E.xsd`) from a plain typed document: every element in
 * the order the XSD fixes, every number written from integers (`format.ts`). VAT per rate is the caller's figure
 * (RULES.md Invoices, VAT and KSeF: `vatOfNet` on the sum per rate, in packages/shared); this file only checks that
 * the totals agree with the lines.
 */
export const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';
export const FA3_FORM = { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' } as const;

/** P_12 rates a grain trader's sales use: 23 % services, 8 % and 5 % goods, 0 % domestic, intra-EU, export. */
export type Fa3VatRate = '23' | '8' | '5' | '0 KR' | '0 WDT' | '0 EX';

export type BuyerIdentifier =
  | { type: 'nip'; nip: string }
  | { type: 'eu-vat'; countryCode: string; vatNumber: string }
  | { type: 'other'; countryCode?: string; id: string }
  | { type: 'none' };

export interface Fa3Seller {
  nip: string;
  name: string;
  address: InvoiceAddress;
  contact?: Contact;
}

export interface Fa3Buyer {
  identifier: BuyerIdentifier;
  name: string;
  address?: InvoiceAddress;
  contact?: Contact;
  customerNumber?: string;
}

/** Kilograms (written as tonnes) or a whole count of units. */
export type LineQuantity = { kg: number } | { count: number };

export interface SalesInvoiceLine {
  /** P_7, e.g. "Pszenica konsumpcyjna klasa A". */
  name: string;
  cn?: string;
  pkwiu?: string;
  /** Indeks: our own code of the goods. */
  code?: string;
  /** P_8A, e.g. "t". */
  unit: string;
  quantity: LineQuantity;
  /** P_9A: net price per unit in minor units of the invoice currency. */
  unitNetPriceMinor: number;
  /** P_11: the line's net value in minor units. */
  netMinor: number;
  rate: Fa3VatRate;
  /** P_6A, when the lines have different delivery dates. */
  saleDate?: string;
  /** StanPrzed: a correction's line as it stood before (KOR only). */
  isStateBefore?: boolean;
}

export interface Fa3RateTotal {
  rate: Fa3VatRate;
  /** P_13_x: net total of the rate (a correction: the difference). */
  netMinor: number;
  /** P_14_x: VAT on it (0 for the zero rates). */
  vatMinor: number;
  /** P_14_xW: that VAT in grosze, required for 23/8/5 % on a foreign-currency invoice. */
  vatPlnMinor?: number;
}

export type SalesInvoiceKind =
  | { type: 'VAT' }
  | {
      type: 'KOR';
      reason?: string;
      /** TypKorekty: 1 in the original's period, 2 in the correction's, 3 another. */
      effect?: 1 | 2 | 3;
      corrected: CorrectedInvoice[];
    };

export type TransportMode = 'road' | 'rail' | 'sea' | 'inland-waterway';

export interface TransportTerms {
  /** NrZleceniaTransportu: our transport order. */
  orderNumber?: string;
  mode?: TransportMode;
  /** OpisInnegoLadunku, e.g. "Luzem" (the default: grain travels in bulk). */
  cargo?: string;
  carrier?: { identifier: BuyerIdentifier; name: string; address: InvoiceAddress };
}

export interface SalesInvoiceDocument {
  /** DataWytworzeniaFa: when the XML was made (the caller's clock). */
  generatedAt: Date;
  systemInfo?: string;
  seller: Fa3Seller;
  buyer: Fa3Buyer;
  /** ISO 4217, e.g. PLN, EUR. */
  currency: string;
  /** × 10 000; required unless PLN: each line's KursWaluty. */
  exchangeRate?: number;
  issueDate: string;
  issuePlace?: string;
  number: string;
  /** WZ: delivery notes or weighing tickets. */
  warehouseDocuments?: string[];
  sale?: { date: string } | { from: string; to: string };
  totals: Fa3RateTotal[];
  annotations?: {
    isCashMethod?: boolean;
    isSelfBilling?: boolean;
    isReverseCharge?: boolean;
    isSplitPayment?: boolean;
  };
  kind: SalesInvoiceKind;
  notes?: KeyValue[];
  lines: SalesInvoiceLine[];
  payment?: { dueDate?: string; form?: 'transfer' | 'cash' | 'card'; bankAccounts?: BankAccount[] };
  transaction?: {
    contracts?: { date?: string; number?: string }[];
    orders?: { date?: string; number?: string }[];
    deliveryTerms?: string;
    transports?: TransportTerms[];
  };
  footer?: string;
}

/** A document the builder cannot write: the caller's figures disagree or a required value is missing. */
export class InvoiceDocumentError extends Error {
  override readonly name = 'InvoiceDocumentError';
}

/** Where each rate's totals go: P_13_x / P_14_x / P_14_xW, in schema order. */
const RATE_FIELDS: readonly { rate: Fa3VatRate; net: string; vat?: string; vatPln?: string }[] = [
  { rate: '23', net: 'P_13_1', vat: 'P_14_1', vatPln: 'P_14_1W' },
  { rate: '8', net: 'P_13_2', vat: 'P_14_2', vatPln: 'P_14_2W' },
  { rate: '5', net: 'P_13_3', vat: 'P_14_3', vatPln: 'P_14_3W' },
  { rate: '0 KR', net: 'P_13_6_1' },
  { rate: '0 WDT', net: 'P_13_6_2' },
  { rate: '0 EX', net: 'P_13_6_3' },
];

const PAYMENT_FORMS = { cash: '1', card: '2', transfer: '6' } as const;
const TRANSPORT_MODES: Record<TransportMode, string> = { sea: '1', rail: '2', road: '3', 'inland-waterway': '8' };
const yesNo = (value: boolean | undefined) => (value ? '1' : '2');

export function buildFa3Xml(document: SalesInvoiceDocument): Uint8Array {
  checkFigures(document);
  return renderXml(FA3_NAMESPACE, {
    name: 'Faktura',
    children: [
      headerNode(FA3_FORM, '3', document),
      element('Podmiot1', [
        element('DaneIdentyfikacyjne', [element('NIP', document.seller.nip), element('Nazwa', document.seller.name)]),
        addressNode('Adres', document.seller.address),
        contactNode(document.seller.contact),
      ]),
      element('Podmiot2', [
        element('DaneIdentyfikacyjne', [
          ...identifierNodes(document.buyer.identifier),
          element('Nazwa', document.buyer.name),
        ]),
        document.buyer.address ? addressNode('Adres', document.buyer.address) : null,
        contactNode(document.buyer.contact),
        optional('NrKlienta', document.buyer.customerNumber),
        // Not a subordinate unit of a local government, not a VAT group member (both mandatory, 2 = no).
        element('JST', '2'),
        element('GV', '2'),
      ]),
      faNode(document),
      footerNode(document.footer),
    ],
  });
}

function identifierNodes(identifier: BuyerIdentifier): XmlNode[] {
  switch (identifier.type) {
    case 'nip':
      return [element('NIP', identifier.nip)];
    case 'eu-vat':
      return [element('KodUE', identifier.countryCode), element('NrVatUE', identifier.vatNumber)];
    case 'other':
      return [optional('KodKraju', identifier.countryCode), element('NrID', identifier.id)].filter(
        (node): node is XmlNode => node !== null,
      );
    case 'none':
      return [element('BrakID', '1')];
  }
}

function faNode(document: SalesInvoiceDocument): XmlNode {
  const isForeign = document.currency !== 'PLN';
  const totals = new Map(document.totals.map((total) => [total.rate, total]));
  const gross = document.totals.reduce((sum, total) => sum + total.netMinor + total.vatMinor, 0);
  const annotations = document.annotations ?? {};
  const sale = document.sale;
  return element('Fa', [
    element('KodWaluty', document.currency),
    element('P_1', formatDate(document.issueDate)),
    optional('P_1M', document.issuePlace),
    element('P_2', document.number),
    ...(document.warehouseDocuments ?? []).map((number) => element('WZ', number)),
    !sale
      ? null
      : 'date' in sale
        ? element('P_6', formatDate(sale.date))
        : element('OkresFa', [element('P_6_Od', formatDate(sale.from)), element('P_6_Do', formatDate(sale.to))]),
    ...RATE_FIELDS.flatMap((fields) => {
      const total = totals.get(fields.rate);
      if (!total) return [];
      return [
        element(fields.net, formatAmount(total.netMinor)),
        fields.vat ? element(fields.vat, formatAmount(total.vatMinor)) : null,
        fields.vatPln && isForeign ? element(fields.vatPln, formatAmount(total.vatPlnMinor!)) : null,
      ];
    }),
    element('P_15', formatAmount(gross)),
    element('Adnotacje', [
      element('P_16', yesNo(annotations.isCashMethod)),
      element('P_17', yesNo(annotations.isSelfBilling)),
      element('P_18', yesNo(annotations.isReverseCharge)),
      element('P_18A', yesNo(annotations.isSplitPayment)),
      element('Zwolnienie', [element('P_19N', '1')]),
      element('NoweSrodkiTransportu', [element('P_22N', '1')]),
      element('P_23', '2'),
      element('PMarzy', [element('P_PMarzyN', '1')]),
    ]),
    element('RodzajFaktury', document.kind.type),
    ...(document.kind.type === 'KOR'
      ? [
          optional('PrzyczynaKorekty', document.kind.reason),
          optional('TypKorekty', document.kind.effect === undefined ? undefined : String(document.kind.effect)),
          ...document.kind.corrected.map(correctedInvoiceNode),
        ]
      : []),
    ...keyValueNodes(document.notes),
    ...document.lines.map((line, index) => lineNode(line, index + 1, isForeign ? document.exchangeRate! : null)),
    paymentNode(document.payment),
    transactionNode(document.transaction),
  ]);
}

function lineNode(line: SalesInvoiceLine, lineNumber: number, exchangeRate: number | null): XmlNode {
  return element('FaWiersz', [
    element('NrWierszaFa', String(lineNumber)),
    line.saleDate ? element('P_6A', formatDate(line.saleDate)) : null,
    element('P_7', line.name),
    optional('Indeks', line.code),
    optional('PKWiU', line.pkwiu),
    optional('CN', line.cn),
    element('P_8A', line.unit),
    element('P_8B', 'kg' in line.quantity ? formatTonnesOfKg(line.quantity.kg) : formatCount(line.quantity.count)),
    element('P_9A', formatAmount(line.unitNetPriceMinor)),
    element('P_11', formatAmount(line.netMinor)),
    element('P_12', line.rate),
    exchangeRate === null ? null : element('KursWaluty', formatExchangeRate(exchangeRate)),
    line.isStateBefore ? element('StanPrzed', '1') : null,
  ]);
}

function paymentNode(payment: SalesInvoiceDocument['payment']): XmlNode | null {
  if (!payment) return null;
  return element('Platnosc', [
    payment.dueDate ? element('TerminPlatnosci', [element('Termin', formatDate(payment.dueDate))]) : null,
    payment.form ? element('FormaPlatnosci', PAYMENT_FORMS[payment.form]) : null,
    ...(payment.bankAccounts ?? []).map((account) => bankAccountNode('RachunekBankowy', account)),
  ]);
}

function transactionNode(transaction: SalesInvoiceDocument['transaction']): XmlNode | null {
  if (!transaction) return null;
  const dated = (name: string, dateName: string, numberName: string) => (entry: { date?: string; number?: string }) =>
    element(name, [entry.date ? element(dateName, formatDate(entry.date)) : null, optional(numberName, entry.number)]);
  return element('WarunkiTransakcji', [
    ...(transaction.contracts ?? []).map(dated('Umowy', 'DataUmowy', 'NrUmowy')),
    ...(transaction.orders ?? []).map(dated('Zamowienia', 'DataZamowienia', 'NrZamowienia')),
    optional('WarunkiDostawy', transaction.deliveryTerms),
    ...(transaction.transports ?? []).map((transport) =>
      element('Transport', [
        element('RodzajTransportu', TRANSPORT_MODES[transport.mode ?? 'road']),
        transport.carrier
          ? element('Przewoznik', [
              element('DaneIdentyfikacyjne', [
                ...identifierNodes(transport.carrier.identifier),
                element('Nazwa', transport.carrier.name),
              ]),
              addressNode('AdresPrzewoznika', transport.carrier.address),
            ])
          : null,
        optional('NrZleceniaTransportu', transport.orderNumber),
        element('LadunekInny', '1'),
        element('OpisInnegoLadunku', transport.cargo ?? 'Luzem'),
      ]),
    ),
  ]);
}

/** The caller's figures must agree: one total per rate, lines summing to it, rates and PLN VAT where required. */
function checkFigures(document: SalesInvoiceDocument): void {
  const isForeign = document.currency !== 'PLN';
  if (isForeign && !document.exchangeRate) {
    throw new InvoiceDocumentError(`a ${document.currency} invoice needs its exchange rate`);
  }
  if (document.lines.length === 0) throw new InvoiceDocumentError('an invoice needs at least one line');
  const netOfLines = new Map<Fa3VatRate, number>();
  for (const line of document.lines) {
    if (line.isStateBefore && document.kind.type !== 'KOR') {
      throw new InvoiceDocumentError('only a correction has lines as they stood before');
    }
    const signed = line.isStateBefore ? -line.netMinor : line.netMinor;
    netOfLines.set(line.rate, (netOfLines.get(line.rate) ?? 0) + signed);
  }
  const seen = new Set<Fa3VatRate>();
  for (const total of document.totals) {
    if (seen.has(total.rate)) throw new InvoiceDocumentError(`rate ${total.rate} has two totals`);
    seen.add(total.rate);
    if ((netOfLines.get(total.rate) ?? 0) !== total.netMinor) {
      throw new InvoiceDocumentError(`the lines at ${total.rate} do not add up to the net total ${total.netMinor}`);
    }
    const fields = RATE_FIELDS.find((candidate) => candidate.rate === total.rate)!;
    if (!fields.vat && total.vatMinor !== 0) throw new InvoiceDocumentError(`rate ${total.rate} carries no VAT`);
    if (isForeign && fields.vatPln && total.vatPlnMinor === undefined) {
      throw new InvoiceDocumentError(`a ${document.currency} invoice needs the VAT in PLN at ${total.rate}`);
    }
  }
  for (const rate of netOfLines.keys()) {
    if (!seen.has(rate)) throw new InvoiceDocumentError(`the lines at ${rate} have no total`);
  }
  if (document.kind.type === 'KOR' && document.kind.corrected.length === 0) {
    throw new InvoiceDocumentError('a correction names the invoice it corrects');
  }
}
