import { formatDate, formatMoney, formatPricePerTonne, formatTonnes, type InvoiceDetails } from '@grain/shared';
import type { PdfBlock, PdfCell } from '../../lib/pdf/document.js';
import { labelValueTable, linesGrid } from '../../lib/pdf/document-tables.js';

/**
 * What a correction's PDF prints besides an invoice's (RULES.md Invoices, VAT and KSeF): the corrected invoice's
 * number, date and KSeF number, the reason, and per corrected line the state before, after and the difference.
 */

function referenceBlock(invoice: InvoiceDetails): PdfBlock {
  const corrected = invoice.correctedInvoice;
  const rows: [string, string][] = [
    ['Faktura korygowana', corrected ? `${corrected.number} z dnia ${formatDate(corrected.issueDate)}` : '—'],
    ['Numer KSeF faktury korygowanej', corrected?.ksefNumber ?? 'brak (faktura bez numeru KSeF)'],
    ['Przyczyna korekty', invoice.correctionReason ?? '—'],
  ];
  return labelValueTable(rows, { labelWidth: 170, spaceAfter: 10 });
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
  return linesGrid({
    columns: [
      { width: 24, align: 'right' },
      { width: '*' },
      { width: 44 },
      { width: 60, align: 'right' },
      { width: 68, align: 'right' },
      { width: 76, align: 'right' },
      { width: 32, align: 'right' },
    ],
    header: ['Lp.', 'Nazwa towaru', 'Stan', 'Ilość', 'Cena netto', 'Wartość netto', 'VAT'],
    rows,
    spaceAfter: 10,
  });
}

export function correctionBlocks(invoice: InvoiceDetails): PdfBlock[] {
  return [referenceBlock(invoice), linesBlock(invoice)];
}
