import { formatDate, formatMoney, formatPricePerTonne, formatTonnes, type InvoiceDetails } from '@grain/shared';
import type { PdfBlock, PdfCell } from '../../lib/pdf/document.js';

/**
 * What a correction's PDF prints besides an invoice's (RULES.md Invoices, VAT and KSeF): the corrected invoice's
 * number, date and KSeF number, the reason, and per corrected line the state before, after and the difference.
 */

const GREY = '#595959';

function referenceBlock(invoice: InvoiceDetails): PdfBlock {
  const corrected = invoice.correctedInvoice;
  const rows: [string, string][] = [
    ['Faktura korygowana', corrected ? `${corrected.number} z dnia ${formatDate(corrected.issueDate)}` : '—'],
    ['Numer KSeF faktury korygowanej', corrected?.ksefNumber ?? 'brak (faktura bez numeru KSeF)'],
    ['Przyczyna korekty', invoice.correctionReason ?? '—'],
  ];
  return {
    kind: 'table',
    columns: [
      { width: 170, color: GREY },
      { width: '*', font: 'bold' },
    ],
    rows,
    padding: { vertical: 1.5, horizontal: 0 },
    spaceAfter: 10,
  };
}

function linesBlock(invoice: InvoiceDetails): PdfBlock {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const price = (minor: number) => formatPricePerTonne(minor, invoice.currency);
  const rows: PdfCell[][] = invoice.lines.flatMap((line) => {
    const quantityBefore = line.quantityBefore ?? line.quantity;
    const priceBefore = line.unitNetPriceBefore ?? line.unitNetPrice;
    const netBefore = line.netValueBefore ?? line.netValue;
    const bold = (text: string) => ({ text, font: 'bold' as const });
    return [
      [
        String(line.position),
        line.name,
        'przed',
        formatTonnes(quantityBefore),
        price(priceBefore),
        money(netBefore),
        `${line.vatRate}%`,
      ],
      ['', '', 'po', formatTonnes(line.quantity), price(line.unitNetPrice), money(line.netValue), `${line.vatRate}%`],
      [
        '',
        '',
        bold('różnica'),
        bold(formatTonnes(line.quantity - quantityBefore)),
        bold(price(line.unitNetPrice - priceBefore)),
        bold(money(line.netValue - netBefore)),
        '',
      ],
    ];
  });
  return {
    kind: 'table',
    size: 8.5,
    borders: 'grid',
    borderColor: '#bfbfbf',
    headerFill: '#eeeeee',
    padding: { vertical: 3, horizontal: 3 },
    columns: [
      { width: 24, align: 'right' },
      { width: '*' },
      { width: 44 },
      { width: 60, align: 'right' },
      { width: 68, align: 'right' },
      { width: 76, align: 'right' },
      { width: 32, align: 'right' },
    ],
    header: ['Lp.', 'Nazwa towaru', 'Stan', 'Ilość', 'Cena netto', 'Wartość netto', 'VAT'].map((text) => ({
      text,
      font: 'bold' as const,
    })),
    rows,
    spaceAfter: 10,
  };
}

export function correctionBlocks(invoice: InvoiceDetails): PdfBlock[] {
  return [referenceBlock(invoice), linesBlock(invoice)];
}
