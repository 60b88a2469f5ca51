import { KG_PER_TONNE, MINOR_PER_MAJOR, MONEY_DECIMALS } from '@grain/shared';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { FA_RR_NAMESPACE } from './fa-rr.js';
import { FA3_NAMESPACE } from './fa3.js';

/**
 * Received invoices read into plain typed objects with fast-xml-parser, every value kept as the string the XML
 * holds (`parseTagValue: false`: NIPs keep their digits, amounts their decimals) and turned into integers only by
 * the string arithmetic below, never through floating point. The received-invoices feature matches these to
 * statement rows (seller NIP → contractor, amounts and quantities → rows).
 */
export class ReceivedInvoiceParseError extends Error {
  override readonly name = 'ReceivedInvoiceParseError';
}

/** Elements that may repeat, always read as arrays. */
const REPEATED = new Set([
  'FaWiersz',
  'FakturaRRWiersz',
  'DodatkowyOpis',
  'DaneFaKorygowanej',
  'RachunekBankowy',
  'RachunekBankowy1',
  'RachunekBankowy2',
  'TerminPlatnosci',
  'WZ',
  'Umowy',
  'Zamowienia',
  'Transport',
  'Podmiot3',
  'DokumentZaplaty',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  removeNSPrefix: true,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

type Node = Record<string, unknown>;

function childOf(node: unknown, name: string): Node | null {
  const value = (node as Node | null)?.[name];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : null;
}

function listOf(node: unknown, name: string): Node[] {
  const value = (node as Node | null)?.[name];
  return Array.isArray(value) ? (value as Node[]) : [];
}

function textOf(node: unknown, name: string): string | null {
  const value = (node as Node | null)?.[name];
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as Node)['#text'] === 'string') {
    return (value as Node)['#text'] as string;
  }
  return null;
}

function required(node: unknown, name: string, where: string): string {
  const value = textOf(node, name);
  if (value === null || value === '') throw new ReceivedInvoiceParseError(`${where}/${name} is missing`);
  return value;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** "1234.5" → 123450 minor units; more than two decimals is not an amount (TKwotowy). */
export function parseAmountMinor(text: string): number {
  const match = DECIMAL.exec(text.trim());
  if (!match || (match[3]?.length ?? 0) > MONEY_DECIMALS) throw new ReceivedInvoiceParseError(`not an amount: ${text}`);
  const minor = Number(match[2]) * MINOR_PER_MAJOR + Number((match[3] ?? '').padEnd(MONEY_DECIMALS, '0'));
  return match[1] === '-' ? 0 - minor : minor;
}

/** "24.9875" tonnes → 24988 kg (half up to the kilogram); a scaled decimal kept as an integer string sum. */
export function parseQuantityKg(text: string, unit: string | null): number | null {
  const scale = unitScale(unit);
  const match = DECIMAL.exec(text.trim());
  if (scale === null || !match) return null;
  const fraction = match[3] ?? '';
  const fractionDigits = String(scale).length - 1;
  const kept = fraction.slice(0, fractionDigits).padEnd(fractionDigits, '0');
  const roundsUp = fraction.length > fractionDigits && fraction[fractionDigits]! >= '5';
  const kg = Number(match[2]) * scale + Number(kept || '0') + (roundsUp ? 1 : 0);
  return match[1] === '-' ? 0 - kg : kg;
}

/** Kilograms per unit of the units a grain invoice uses, or null for units that are not a weight. */
function unitScale(unit: string | null): number | null {
  const normalised = unit?.trim().toLowerCase().replace(/\.$/, '');
  if (!normalised) return null;
  if (['t', 'tona', 'tony', 'ton', 'tonne', 'mg'].includes(normalised)) return KG_PER_TONNE;
  if (['kg', 'kilogram', 'kilogramy', 'kilogramów'].includes(normalised)) return 1;
  return null;
}

export interface ReceivedAddress {
  countryCode: string;
  line1: string;
  line2: string | null;
}

export interface ReceivedInvoiceLine {
  lineNumber: number;
  name: string | null;
  cn: string | null;
  pkwiu: string | null;
  unit: string | null;
  /** P_8B as written. */
  quantity: string | null;
  /** The quantity in kilograms when the unit is a weight (t, kg), else null. */
  quantityKg: number | null;
  /** P_9A as written. */
  unitNetPrice: string | null;
  netMinor: number | null;
  /** P_12 as written, e.g. "5", "23", "0 WDT", "zw". */
  rate: string | null;
  saleDate: string | null;
  exchangeRate: string | null;
  /** StanPrzed: the line as it stood before a correction. */
  isStateBefore: boolean;
}

export interface ReceivedRateTotal {
  /** "23", "8", "5", "0 KR", "0 WDT", "0 EX", "zw", "np I", "np II", "oo", "taxi", "OSS", "marża". */
  rate: string;
  netMinor: number;
  vatMinor: number;
  vatPlnMinor: number | null;
}

export interface ReceivedInvoice {
  formCode: { systemCode: string; schemaVersion: string; value: string };
  /** RodzajFaktury: VAT, KOR, ZAL, ROZ, UPR, KOR_ZAL, KOR_ROZ. */
  kind: string;
  seller: { nip: string; name: string; address: ReceivedAddress | null };
  buyer: {
    nip: string | null;
    euVat: { countryCode: string; number: string } | null;
    otherId: { countryCode: string | null; id: string } | null;
    name: string | null;
    address: ReceivedAddress | null;
  };
  number: string;
  issueDate: string;
  issuePlace: string | null;
  sale: { date: string } | { from: string; to: string } | null;
  currency: string;
  warehouseDocuments: string[];
  totals: ReceivedRateTotal[];
  grossMinor: number;
  corrected: { issueDate: string; number: string; ksefNumber: string | null }[];
  lines: ReceivedInvoiceLine[];
  payment: { dueDates: string[]; form: string | null; bankAccounts: string[] };
  contracts: { date: string | null; number: string | null }[];
  transportOrders: string[];
  notes: { key: string; value: string }[];
}

/** P_13_x / P_14_x / P_14_xW of FA (3), in schema order. */
const RATE_FIELDS: readonly [rate: string, net: string, vat: string | null, vatPln: string | null][] = [
  ['23', 'P_13_1', 'P_14_1', 'P_14_1W'],
  ['8', 'P_13_2', 'P_14_2', 'P_14_2W'],
  ['5', 'P_13_3', 'P_14_3', 'P_14_3W'],
  ['taxi', 'P_13_4', 'P_14_4', 'P_14_4W'],
  ['OSS', 'P_13_5', 'P_14_5', null],
  ['0 KR', 'P_13_6_1', null, null],
  ['0 WDT', 'P_13_6_2', null, null],
  ['0 EX', 'P_13_6_3', null, null],
  ['zw', 'P_13_7', null, null],
  ['np I', 'P_13_8', null, null],
  ['np II', 'P_13_9', null, null],
  ['oo', 'P_13_10', null, null],
  ['marża', 'P_13_11', null, null],
];

interface ParsedDocument {
  tree: Node;
  /** The namespace of the root `Faktura` element (the parser drops namespace declarations). */
  namespace: string | null;
}

function parseDocument(xml: Uint8Array | string): ParsedDocument {
  let text: string;
  try {
    text = typeof xml === 'string' ? xml : new TextDecoder('utf-8', { fatal: true }).decode(xml);
  } catch {
    throw new ReceivedInvoiceParseError('not UTF-8');
  }
  // KSeF documents carry no DTD; refusing one keeps entity expansion out of the parser.
  if (/<!DOCTYPE/i.test(text)) throw new ReceivedInvoiceParseError('a document type declaration is not allowed');
  const check = XMLValidator.validate(text);
  if (check !== true)
    throw new ReceivedInvoiceParseError(`not well-formed XML: ${check.err.msg} (line ${check.err.line})`);
  return { tree: parser.parse(text) as Node, namespace: rootNamespace(text) };
}

/** `<Faktura xmlns="…">` or `<p:Faktura xmlns:p="…">`: the namespace the root's own prefix is bound to. */
function rootNamespace(text: string): string | null {
  const root = /<(?:([A-Za-z_][\w.-]*):)?Faktura[\s>]([^>]*)/.exec(text);
  if (!root) return null;
  const attribute = root[1] ? `xmlns:${root[1]}` : 'xmlns';
  const declaration = new RegExp(`(?:^|\\s)${attribute}\\s*=\\s*["']([^"']*)["']`).exec(` ${root[2] ?? ''}`);
  return declaration?.[1] ?? null;
}

function addressOf(node: Node | null): ReceivedAddress | null {
  if (!node) return null;
  const countryCode = textOf(node, 'KodKraju');
  const line1 = textOf(node, 'AdresL1');
  return countryCode && line1 ? { countryCode, line1, line2: textOf(node, 'AdresL2') } : null;
}

/** Reads a received FA (3) invoice; throws ReceivedInvoiceParseError when it is not one. */
export function parseFa3Invoice(xml: Uint8Array | string): ReceivedInvoice {
  return fa3Of(parseDocument(xml));
}

function fa3Of({ tree, namespace }: ParsedDocument): ReceivedInvoice {
  if (namespace !== FA3_NAMESPACE) throw new ReceivedInvoiceParseError('not an FA (3) invoice');
  const root = childOf(tree, 'Faktura')!;
  const header = childOf(root, 'Naglowek');
  const formCode = childOf(header, 'KodFormularza');
  const seller = childOf(root, 'Podmiot1');
  const sellerId = childOf(seller, 'DaneIdentyfikacyjne');
  const buyer = childOf(root, 'Podmiot2');
  const buyerId = childOf(buyer, 'DaneIdentyfikacyjne');
  const fa = childOf(root, 'Fa');
  if (!fa) throw new ReceivedInvoiceParseError('Faktura/Fa is missing');
  const period = childOf(fa, 'OkresFa');
  const saleDate = textOf(fa, 'P_6');
  const payment = childOf(fa, 'Platnosc');
  const terms = childOf(fa, 'WarunkiTransakcji');
  const euCode = textOf(buyerId, 'KodUE');
  const otherId = textOf(buyerId, 'NrID');
  return {
    formCode: {
      systemCode: String(formCode?.['@kodSystemowy'] ?? ''),
      schemaVersion: String(formCode?.['@wersjaSchemy'] ?? ''),
      value: textOf(header, 'KodFormularza') ?? '',
    },
    kind: required(fa, 'RodzajFaktury', 'Faktura/Fa'),
    seller: {
      nip: required(sellerId, 'NIP', 'Faktura/Podmiot1/DaneIdentyfikacyjne'),
      name: required(sellerId, 'Nazwa', 'Faktura/Podmiot1/DaneIdentyfikacyjne'),
      address: addressOf(childOf(seller, 'Adres')),
    },
    buyer: {
      nip: textOf(buyerId, 'NIP'),
      euVat: euCode ? { countryCode: euCode, number: textOf(buyerId, 'NrVatUE') ?? '' } : null,
      otherId: otherId ? { countryCode: textOf(buyerId, 'KodKraju'), id: otherId } : null,
      name: textOf(buyerId, 'Nazwa'),
      address: addressOf(childOf(buyer, 'Adres')),
    },
    number: required(fa, 'P_2', 'Faktura/Fa'),
    issueDate: required(fa, 'P_1', 'Faktura/Fa'),
    issuePlace: textOf(fa, 'P_1M'),
    sale: saleDate
      ? { date: saleDate }
      : period
        ? {
            from: required(period, 'P_6_Od', 'Faktura/Fa/OkresFa'),
            to: required(period, 'P_6_Do', 'Faktura/Fa/OkresFa'),
          }
        : null,
    currency: required(fa, 'KodWaluty', 'Faktura/Fa'),
    warehouseDocuments: listOf(fa, 'WZ').map(String),
    totals: RATE_FIELDS.flatMap(([rate, net, vat, vatPln]) => {
      const netText = textOf(fa, net);
      if (netText === null) return [];
      const vatText = vat ? textOf(fa, vat) : null;
      const vatPlnText = vatPln ? textOf(fa, vatPln) : null;
      return [
        {
          rate,
          netMinor: parseAmountMinor(netText),
          vatMinor: vatText === null ? 0 : parseAmountMinor(vatText),
          vatPlnMinor: vatPlnText === null ? null : parseAmountMinor(vatPlnText),
        },
      ];
    }),
    grossMinor: parseAmountMinor(required(fa, 'P_15', 'Faktura/Fa')),
    corrected: listOf(fa, 'DaneFaKorygowanej').map((corrected) => ({
      issueDate: required(corrected, 'DataWystFaKorygowanej', 'Faktura/Fa/DaneFaKorygowanej'),
      number: required(corrected, 'NrFaKorygowanej', 'Faktura/Fa/DaneFaKorygowanej'),
      ksefNumber: textOf(corrected, 'NrKSeFFaKorygowanej'),
    })),
    lines: listOf(fa, 'FaWiersz').map(lineOf),
    payment: {
      dueDates: listOf(payment, 'TerminPlatnosci')
        .map((term) => textOf(term, 'Termin'))
        .filter((date): date is string => date !== null),
      form: textOf(payment, 'FormaPlatnosci'),
      bankAccounts: listOf(payment, 'RachunekBankowy')
        .map((account) => textOf(account, 'NrRB'))
        .filter((number): number is string => number !== null),
    },
    contracts: listOf(terms, 'Umowy').map((contract) => ({
      date: textOf(contract, 'DataUmowy'),
      number: textOf(contract, 'NrUmowy'),
    })),
    transportOrders: listOf(terms, 'Transport')
      .map((transport) => textOf(transport, 'NrZleceniaTransportu'))
      .filter((number): number is string => number !== null),
    notes: listOf(fa, 'DodatkowyOpis').map((note) => ({
      key: textOf(note, 'Klucz') ?? '',
      value: textOf(note, 'Wartosc') ?? '',
    })),
  };
}

function lineOf(line: Node): ReceivedInvoiceLine {
  const unit = textOf(line, 'P_8A');
  const quantity = textOf(line, 'P_8B');
  const net = textOf(line, 'P_11');
  return {
    lineNumber: Number(required(line, 'NrWierszaFa', 'Faktura/Fa/FaWiersz')),
    name: textOf(line, 'P_7'),
    cn: textOf(line, 'CN'),
    pkwiu: textOf(line, 'PKWiU'),
    unit,
    quantity,
    quantityKg: quantity === null ? null : parseQuantityKg(quantity, unit),
    unitNetPrice: textOf(line, 'P_9A'),
    netMinor: net === null ? null : parseAmountMinor(net),
    rate: textOf(line, 'P_12'),
    saleDate: textOf(line, 'P_6A'),
    exchangeRate: textOf(line, 'KursWaluty'),
    isStateBefore: textOf(line, 'StanPrzed') === '1',
  };
}

/** What KSeF and the fake need of any invoice they hold: which form, who, which number, when, how much. */
export interface InvoiceHeader {
  form: 'FA' | 'FA_RR';
  /** Podmiot1: the seller (FA) or the farmer (FA_RR). */
  sellerNip: string;
  sellerName: string;
  /** Podmiot2's NIP: the buyer (FA), us as the RR issuer (FA_RR); null for a buyer without one. */
  buyerNip: string | null;
  buyerName: string | null;
  number: string;
  issueDate: string;
  currency: string;
  kind: string;
  netMinor: number;
  vatMinor: number;
  grossMinor: number;
}

/** The header of an FA (3) or FA_RR document; throws ReceivedInvoiceParseError for anything else. */
export function readInvoiceHeader(xml: Uint8Array | string): InvoiceHeader {
  const parsed = parseDocument(xml);
  const { tree, namespace } = parsed;
  const root = childOf(tree, 'Faktura');
  const seller = childOf(childOf(root, 'Podmiot1'), 'DaneIdentyfikacyjne');
  const buyer = childOf(childOf(root, 'Podmiot2'), 'DaneIdentyfikacyjne');
  if (namespace === FA3_NAMESPACE) {
    const invoice = fa3Of(parsed);
    const net = invoice.totals.reduce((sum, total) => sum + total.netMinor, 0);
    return {
      form: 'FA',
      sellerNip: invoice.seller.nip,
      sellerName: invoice.seller.name,
      buyerNip: invoice.buyer.nip,
      buyerName: invoice.buyer.name,
      number: invoice.number,
      issueDate: invoice.issueDate,
      currency: invoice.currency,
      kind: invoice.kind,
      netMinor: net,
      vatMinor: invoice.grossMinor - net,
      grossMinor: invoice.grossMinor,
    };
  }
  if (namespace === FA_RR_NAMESPACE) {
    const rr = childOf(root, 'FakturaRR');
    const value = parseAmountMinor(required(rr, 'P_11_1', 'Faktura/FakturaRR'));
    const refund = parseAmountMinor(required(rr, 'P_11_2', 'Faktura/FakturaRR'));
    return {
      form: 'FA_RR',
      sellerNip: required(seller, 'NIP', 'Faktura/Podmiot1/DaneIdentyfikacyjne'),
      sellerName: required(seller, 'Nazwa', 'Faktura/Podmiot1/DaneIdentyfikacyjne'),
      buyerNip: textOf(buyer, 'NIP'),
      buyerName: textOf(buyer, 'Nazwa'),
      number: required(rr, 'P_4C', 'Faktura/FakturaRR'),
      issueDate: required(rr, 'P_4B', 'Faktura/FakturaRR'),
      currency: required(rr, 'KodWaluty', 'Faktura/FakturaRR'),
      kind: required(rr, 'RodzajFaktury', 'Faktura/FakturaRR'),
      netMinor: value,
      vatMinor: refund,
      grossMinor: value + refund,
    };
  }
  throw new ReceivedInvoiceParseError('neither an FA (3) nor an FA_RR invoice');
}
