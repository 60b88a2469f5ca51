import {
  formatDate,
  formatExchangeRate,
  formatMoney,
  formatPricePerTonne,
  formatTonnes,
  type InvoiceDetails,
  toPln,
} from '@grain/shared';
import QRCode from 'qrcode';
import type { PdfBlock, PdfCell, PdfDocument } from '../../lib/pdf/document.js';
import { LABEL_GREY as GREY, labelValueTable, linesGrid, partyBlocks } from '../../lib/pdf/document-tables.js';
import { qrCaption } from '../ksef/index.js';
import { correctionBlocks } from './pdf-correction.js';

/**
 * What the invoice's PDF shows besides the stored invoice (whose seller is the copy made at issue, RULES.md Invoices,
 * VAT and KSeF): the buyer's address and the KSeF verification link.
 */
export interface InvoicePdfContent {
  invoice: InvoiceDetails;
  buyerAddress: string;
  /** KOD I (`kody-qr.md`), built by modules/ksef from the seller's NIP, the issue date and the stored XML's hash. */
  verificationLink: string;
}

const FONT_SIZE = 9;
/** 25 mm: KSeF's visualisation prints KOD I at about this size; version 6–7 modules stay above 0,5 mm. */
const QR_SIZE = 120;
/** A 35-character KSeF number in bold 8 pt is about 190 pt wide: it stays on one line under the code. */
export const QR_COLUMN = 210;

const joined = (...parts: (string | null | undefined)[]) => parts.filter((part) => part?.trim()).join(', ');

/**
 * The QR matrix of a text (byte mode, error correction M as KSeF's own visualisation uses), one string of 0/1 per
 * row; the PDF draws it as vector squares.
 */
export function qrRows(text: string): string[] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const rows: string[] = [];
  for (let r = 0; r < modules.size; r++) {
    let row = '';
    for (let c = 0; c < modules.size; c++) row += modules.get(r, c) ? '1' : '0';
    rows.push(row);
  }
  return rows;
}

function saleDateOf(invoice: InvoiceDetails): string {
  if (invoice.saleDate) return formatDate(invoice.saleDate);
  if (invoice.saleDateFrom) return `${formatDate(invoice.saleDateFrom)} – ${formatDate(invoice.saleDateTo)}`;
  return formatDate(invoice.issueDate);
}

function datesBlock(invoice: InvoiceDetails): PdfBlock {
  const rows: [string, string][] = [
    ['Data wystawienia', formatDate(invoice.issueDate)],
    [invoice.saleDateFrom && !invoice.saleDate ? 'Okres sprzedaży' : 'Data sprzedaży', saleDateOf(invoice)],
    ['Termin płatności', formatDate(invoice.dueDate)],
  ];
  return labelValueTable(rows, { labelWidth: 110, rowGap: 1 });
}

function linesTable(invoice: InvoiceDetails): PdfBlock {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  return linesGrid({
    columns: [
      { width: 24, align: 'right' },
      { width: '*' },
      { width: 58 },
      { width: 60, align: 'right' },
      { width: 68, align: 'right' },
      { width: 76, align: 'right' },
      { width: 32, align: 'right' },
    ],
    header: ['Lp.', 'Nazwa towaru', 'CN', 'Ilość', 'Cena netto', 'Wartość netto', 'VAT'],
    rows: invoice.lines.map((line) => [
      String(line.position),
      line.name,
      line.cnCode ?? '—',
      formatTonnes(line.quantity),
      formatPricePerTonne(line.unitNetPrice, invoice.currency),
      money(line.netValue),
      `${line.vatRate}%`,
    ]),
    spaceAfter: 10,
  });
}

function totalsTable(invoice: InvoiceDetails): PdfBlock {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const isForeign = invoice.currency !== 'PLN' && invoice.exchangeRate !== null;
  const rate = invoice.exchangeRate ?? 0;
  const header = ['Stawka VAT', 'Wartość netto', 'Kwota VAT', 'Wartość brutto', ...(isForeign ? ['VAT w PLN'] : [])];
  const rows: PdfCell[][] = invoice.totalsByRate.map((total) => [
    `${total.vatRate}%`,
    money(total.netValue),
    money(total.vatValue),
    money(total.netValue + total.vatValue),
    ...(isForeign ? [formatMoney(toPln(total.vatValue, rate), 'PLN')] : []),
  ]);
  const sum = (text: string) => ({ text, font: 'bold' as const });
  rows.push([
    sum('Razem'),
    sum(money(invoice.netTotal)),
    sum(money(invoice.vatTotal)),
    sum(money(invoice.grossTotal)),
    ...(isForeign ? [sum(formatMoney(toPln(invoice.vatTotal, rate), 'PLN'))] : []),
  ]);
  return linesGrid({
    columns: header.map((_, index) => ({ width: index === 0 ? 70 : '*', align: 'right' as const })),
    header,
    rows,
    spaceAfter: 10,
  });
}

/** An account number in groups of four, as banks print it ("PL61 1090 1014 …"). */
const groupedAccount = (account: string) => account.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

function paymentBlock(invoice: InvoiceDetails): PdfBlock[] {
  const rows: [string, string][] = [
    // A correction that lowers the invoice is the seller's to return.
    [invoice.grossTotal < 0 ? 'Do zwrotu' : 'Do zapłaty', formatMoney(Math.abs(invoice.grossTotal), invoice.currency)],
    ['Sposób płatności', 'przelew'],
    ['Termin płatności', formatDate(invoice.dueDate)],
    ['Numer rachunku', groupedAccount(invoice.bankAccount)],
    ['Waluta', invoice.currency],
  ];
  if (invoice.currency !== 'PLN' && invoice.exchangeRate !== null) {
    // RULES.md Invoices, VAT and KSeF: a foreign-currency invoice states the rate its VAT in PLN was converted at.
    rows.push(['Kurs waluty (NBP)', `1 ${invoice.currency} = ${formatExchangeRate(invoice.exchangeRate)} PLN`]);
    if (invoice.exchangeRateDate) {
      const table = invoice.exchangeRateTable ? `, tabela ${invoice.exchangeRateTable}` : '';
      rows.push(['', `Kurs średni NBP z dnia ${formatDate(invoice.exchangeRateDate)}${table}`]);
    }
  }
  return [labelValueTable(rows, { labelWidth: 120 })];
}

/**
 * KOD I with its caption (KSeF docs `kody-qr.md`): the code, under it the KSeF number or OFFLINE while KSeF has
 * not given one, and the link in letters for a reader who cannot scan it.
 */
export function verificationBlock(verificationLink: string, ksefNumber: string | null): PdfBlock {
  return {
    kind: 'group',
    blocks: [
      { kind: 'space', height: 8 },
      { kind: 'text', text: 'Sprawdź fakturę w KSeF', font: 'bold', size: 9, spaceAfter: 2 },
      { kind: 'matrix', rows: qrRows(verificationLink), size: QR_SIZE },
      { kind: 'text', text: qrCaption(ksefNumber), font: 'bold', size: 8, spaceAfter: 2 },
      { kind: 'text', text: verificationLink, size: 7, color: GREY },
    ],
  };
}

/** The sales invoice (Faktura VAT) in Polish, on A4, as a document for the PDF service. */
export function invoicePdf(content: InvoicePdfContent): PdfDocument {
  const { invoice } = content;
  const sellerAddress = joined(
    invoice.sellerStreet,
    [invoice.sellerPostCode, invoice.sellerCity].filter(Boolean).join(' '),
  );
  const title = invoice.kind === 'KOR' ? 'Faktura korygująca' : 'Faktura VAT';
  return {
    page: { size: 'A4', margin: 42 },
    info: { title: `${title} ${invoice.number}`, author: invoice.sellerName },
    fontSize: FONT_SIZE,
    footer: [{ kind: 'text', text: 'Strona {page} z {pages}', size: 8, color: GREY, align: 'right' }],
    body: [
      {
        kind: 'columns',
        gap: 16,
        columns: [
          {
            width: '*',
            blocks: [
              { kind: 'text', text: title, font: 'bold', size: 16, spaceAfter: 2 },
              { kind: 'text', text: `nr ${invoice.number}`, font: 'bold', size: 12 },
            ],
          },
          { width: 220, blocks: [datesBlock(invoice)] },
        ],
      },
      { kind: 'space', height: 14 },
      {
        kind: 'columns',
        gap: 24,
        columns: [
          {
            width: '*',
            blocks: partyBlocks('Sprzedawca', invoice.sellerName, sellerAddress, [`NIP: ${invoice.sellerNip}`]),
          },
          {
            width: '*',
            blocks: partyBlocks('Nabywca', invoice.buyerName, content.buyerAddress, [`NIP: ${invoice.buyerNip}`]),
          },
        ],
      },
      { kind: 'space', height: 14 },
      ...(invoice.kind === 'KOR' ? correctionBlocks(invoice) : [linesTable(invoice)]),
      totalsTable(invoice),
      {
        kind: 'columns',
        gap: 24,
        columns: [
          { width: '*', blocks: paymentBlock(invoice) },
          { width: QR_COLUMN, blocks: [verificationBlock(content.verificationLink, invoice.ksefNumber)] },
        ],
      },
    ],
  };
}
