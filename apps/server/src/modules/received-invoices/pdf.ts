import { formatDate, formatMoney } from '@grain/shared';
import type { PdfBlock, PdfCell, PdfDocument } from '../../lib/pdf/document.js';
import { LABEL_GREY as GREY, labelValueTable, linesGrid, partyBlocks } from '../../lib/pdf/document-tables.js';
import type { ParsedReceivedInvoice } from '../ksef/index.js';

/**
 * A received invoice as KSeF's own visualisation shows its FA (3) XML (RULES.md Invoices, VAT and KSeF: the statement
 * row links to the received invoice): the header with the KSeF number, seller and buyer, every line as written
 * (a correction's "state before" lines marked), the totals per VAT rate and the payment. Read from the stored bytes,
 * never from our statement rows, so it shows what the supplier sent.
 */
export interface ReceivedInvoicePdfContent {
  invoice: ParsedReceivedInvoice;
  ksefNumber: string;
}

/** FormaPlatnosci of FA (3) (TFormaPlatnosci). */
const PAYMENT_FORMS: Record<string, string> = {
  '1': 'gotówka',
  '2': 'karta',
  '3': 'bon',
  '4': 'czek',
  '5': 'kredyt',
  '6': 'przelew',
  '7': 'płatność mobilna',
};

/** The XML's decimals ("24.537") as a Polish reader writes them ("24,537"). */
const decimal = (text: string | null) => (text === null ? '—' : text.replace('.', ','));
const rateLabel = (rate: string | null) => (rate === null ? '—' : /^\d+$/.test(rate) ? `${rate}%` : rate);
const addressText = (address: ParsedReceivedInvoice['seller']['address']) =>
  address ? [address.line1, address.line2].filter(Boolean).join(', ') : '';

function titleOf(invoice: ParsedReceivedInvoice): string {
  if (invoice.kind.startsWith('KOR')) return 'Faktura korygująca';
  if (invoice.kind === 'ZAL') return 'Faktura zaliczkowa';
  return 'Faktura VAT';
}

function header({ invoice, ksefNumber }: ReceivedInvoicePdfContent): PdfBlock {
  const sale = invoice.sale
    ? 'date' in invoice.sale
      ? formatDate(invoice.sale.date)
      : `${formatDate(invoice.sale.from)} – ${formatDate(invoice.sale.to)}`
    : formatDate(invoice.issueDate);
  const rows: [string, string][] = [
    ['Data wystawienia', formatDate(invoice.issueDate)],
    ['Data sprzedaży', sale],
    ...(invoice.issuePlace ? [['Miejsce wystawienia', invoice.issuePlace] as [string, string]] : []),
  ];
  return {
    kind: 'columns',
    gap: 16,
    columns: [
      {
        width: '*',
        blocks: [
          { kind: 'text', text: titleOf(invoice), font: 'bold', size: 16, spaceAfter: 2 },
          { kind: 'text', text: `nr ${invoice.number}`, font: 'bold', size: 12, spaceAfter: 2 },
          { kind: 'text', text: `Numer KSeF: ${ksefNumber}`, size: 8, color: GREY },
        ],
      },
      { width: 220, blocks: [labelValueTable(rows, { labelWidth: 110, rowGap: 1 })] },
    ],
  };
}

function parties(invoice: ParsedReceivedInvoice): PdfBlock {
  const buyerIds = [
    ...(invoice.buyer.nip ? [`NIP: ${invoice.buyer.nip}`] : []),
    ...(invoice.buyer.euVat ? [`VAT UE: ${invoice.buyer.euVat.countryCode}${invoice.buyer.euVat.number}`] : []),
    ...(invoice.buyer.otherId ? [`ID: ${invoice.buyer.otherId.id}`] : []),
  ];
  return {
    kind: 'columns',
    gap: 24,
    columns: [
      {
        width: '*',
        blocks: partyBlocks('Sprzedawca', invoice.seller.name, addressText(invoice.seller.address), [
          `NIP: ${invoice.seller.nip}`,
        ]),
      },
      {
        width: '*',
        blocks: partyBlocks('Nabywca', invoice.buyer.name ?? '—', addressText(invoice.buyer.address), buyerIds),
      },
    ],
  };
}

function correctedBlock(invoice: ParsedReceivedInvoice): PdfBlock[] {
  if (invoice.corrected.length === 0) return [];
  const rows: [string, string][] = invoice.corrected.map((corrected) => [
    'Faktura korygowana',
    `${corrected.number} z dnia ${formatDate(corrected.issueDate)}${corrected.ksefNumber ? `, KSeF ${corrected.ksefNumber}` : ''}`,
  ]);
  return [labelValueTable(rows, { labelWidth: 120, spaceAfter: 10 })];
}

function linesTable(invoice: ParsedReceivedInvoice): PdfBlock {
  const money = (minor: number | null) => (minor === null ? '—' : formatMoney(minor, invoice.currency));
  return linesGrid({
    size: 8,
    columns: [
      { width: 22, align: 'right' },
      { width: '*' },
      { width: 40 },
      { width: 56, align: 'right' },
      { width: 66, align: 'right' },
      { width: 76, align: 'right' },
      { width: 36, align: 'right' },
    ],
    header: ['Lp.', 'Nazwa towaru lub usługi', 'J.m.', 'Ilość', 'Cena netto', 'Wartość netto', 'VAT'],
    rows: invoice.lines.map((line) => [
      String(line.lineNumber),
      line.isStateBefore ? `${line.name ?? '—'} (stan przed korektą)` : (line.name ?? '—'),
      line.unit ?? '—',
      decimal(line.quantity),
      decimal(line.unitNetPrice),
      money(line.netMinor),
      rateLabel(line.rate),
    ]),
    spaceAfter: 10,
  });
}

function totalsTable(invoice: ParsedReceivedInvoice): PdfBlock {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const net = invoice.totals.reduce((sum, total) => sum + total.netMinor, 0);
  const bold = (text: string): PdfCell => ({ text, font: 'bold' });
  return linesGrid({
    columns: [
      { width: '*' },
      { width: 90, align: 'right' },
      { width: 90, align: 'right' },
      { width: 90, align: 'right' },
    ],
    header: ['Stawka VAT', 'Wartość netto', 'Kwota VAT', 'Wartość brutto'],
    rows: [
      ...invoice.totals.map((total) => [
        rateLabel(total.rate),
        money(total.netMinor),
        money(total.vatMinor),
        money(total.netMinor + total.vatMinor),
      ]),
      [bold('Razem'), bold(money(net)), bold(money(invoice.grossMinor - net)), bold(money(invoice.grossMinor))],
    ],
    spaceAfter: 10,
  });
}

function paymentBlock(invoice: ParsedReceivedInvoice): PdfBlock {
  const { form, dueDates, bankAccounts } = invoice.payment;
  const rows: [string, string][] = [
    [invoice.grossMinor < 0 ? 'Do zwrotu' : 'Do zapłaty', formatMoney(Math.abs(invoice.grossMinor), invoice.currency)],
    ...(form ? [['Sposób płatności', PAYMENT_FORMS[form] ?? form] as [string, string]] : []),
    ...dueDates.map((date): [string, string] => ['Termin płatności', formatDate(date)]),
    ...bankAccounts.map((account): [string, string] => ['Numer rachunku', account]),
    ['Waluta', invoice.currency],
  ];
  return labelValueTable(rows, { labelWidth: 120 });
}

/** The received invoice in Polish, on A4, as a document for the PDF service. */
export function receivedInvoicePdf(content: ReceivedInvoicePdfContent): PdfDocument {
  const { invoice } = content;
  return {
    page: { size: 'A4', margin: 42 },
    info: { title: `${titleOf(invoice)} ${invoice.number}`, author: invoice.seller.name },
    fontSize: 9,
    footer: [
      {
        kind: 'text',
        text: 'Wizualizacja faktury otrzymanej z KSeF · Strona {page} z {pages}',
        size: 8,
        color: GREY,
        align: 'right',
      },
    ],
    body: [
      header(content),
      { kind: 'space', height: 14 },
      parties(invoice),
      { kind: 'space', height: 14 },
      ...correctedBlock(invoice),
      linesTable(invoice),
      totalsTable(invoice),
      paymentBlock(invoice),
    ],
  };
}
