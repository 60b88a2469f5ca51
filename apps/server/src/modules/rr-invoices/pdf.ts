import {
  type CompanySettingsResponse,
  formatDate,
  formatMoney,
  formatPolishAccount,
  formatPricePerTonne,
  formatTonnes,
  type RrInvoice,
} from '@grain/shared';
import type { PdfBlock, PdfDocument } from '../../lib/pdf/document.js';
import { LABEL_GREY as GREY, labelValueTable, linesGrid, partyBlocks } from '../../lib/pdf/document-tables.js';
import { QR_COLUMN, verificationBlock } from '../invoices/index.js';
import type { Farmer } from './queries.js';

/**
 * The farmer's declaration a VAT RR invoice carries (art. 116 ust. 3 of the VAT act; RULES.md Invoices, VAT and
 * KSeF, VAT RR), signed by him under the buyer's signature line.
 */
export const RR_DECLARATION =
  'Oświadczam, że jestem rolnikiem ryczałtowym zwolnionym od podatku od towarów i usług ' +
  'na podstawie art. 43 ust. 1 pkt 3 ustawy o podatku od towarów i usług.';

export interface RrInvoicePdfContent {
  invoice: RrInvoice;
  company: Pick<CompanySettingsResponse, 'name' | 'street' | 'postCode' | 'city' | 'nip'>;
  farmer: Pick<Farmer, 'street' | 'buildingNumber' | 'postCode' | 'city'> | null;
  /** KOD I (KSeF docs `kody-qr.md`) of the stored FA_RR bytes, once the invoice is on its way to KSeF; else null. */
  verificationLink: string | null;
  /** A correction: the RR invoice it corrects, as issued. */
  corrected?: { number: string; issueDate: string; ksefNumber: string | null } | null;
}

/** RULES.md Invoices, VAT and KSeF: a correction is titled so and never mistaken for the invoice it corrects. */
export const rrTitleOf = (invoice: RrInvoice) =>
  invoice.kind === 'KOR_VAT_RR' ? 'Faktura VAT RR KOREKTA' : 'Faktura VAT RR';

const money = (minor: number) => formatMoney(minor, 'PLN');
const joined = (...parts: (string | null | undefined)[]) => parts.filter((part) => part?.trim()).join(', ');

function purchaseDates(invoice: RrInvoice): string {
  const { purchaseDateFrom: from, purchaseDateTo: to } = invoice;
  if (!from) return formatDate(invoice.issueDate);
  return from === to ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`;
}

function header(invoice: RrInvoice): PdfBlock {
  const rows: [string, string][] = [
    ['Data wystawienia', formatDate(invoice.issueDate)],
    ['Data nabycia', purchaseDates(invoice)],
    ['Forma zapłaty', 'przelew'],
  ];
  return {
    kind: 'columns',
    gap: 16,
    columns: [
      {
        width: '*',
        blocks: [
          { kind: 'text', text: rrTitleOf(invoice), font: 'bold', size: 16, spaceAfter: 2 },
          { kind: 'text', text: `nr ${invoice.number}`, font: 'bold', size: 12 },
        ],
      },
      {
        width: 220,
        blocks: [labelValueTable(rows, { labelWidth: 110, rowGap: 1 })],
      },
    ],
  };
}

function linesTable(invoice: RrInvoice): PdfBlock {
  return linesGrid({
    size: 8,
    columns: [
      { width: 20, align: 'right' },
      { width: '*' },
      { width: 70 },
      { width: 52, align: 'right' },
      { width: 62, align: 'right' },
      { width: 66, align: 'right' },
      { width: 38, align: 'right' },
      { width: 58, align: 'right' },
    ],
    header: [
      'Lp.',
      'Nazwa produktu',
      'Klasa / jakość',
      'Ilość',
      'Cena jedn. bez zwrotu',
      'Wartość bez zwrotu',
      'Zwrot',
      'Kwota zwrotu',
    ],
    rows: invoice.lines.map((line) => [
      String(line.position),
      line.purchaseDate && invoice.purchaseDateFrom !== invoice.purchaseDateTo
        ? `${line.name} (${formatDate(line.purchaseDate)})`
        : line.name,
      line.quality,
      formatTonnes(line.quantity),
      formatPricePerTonne(line.unitPrice, 'PLN'),
      money(line.value),
      `${invoice.refundRatePercent}%`,
      money(line.refund),
    ]),
    spaceAfter: 10,
  });
}

/** A correction's reference: the corrected invoice's number, date and KSeF number, and the reason. */
function correctionReference(invoice: RrInvoice, corrected: RrInvoicePdfContent['corrected']): PdfBlock {
  const rows: [string, string][] = [
    ['Faktura korygowana', corrected ? `${corrected.number} z dnia ${formatDate(corrected.issueDate)}` : '—'],
    ['Numer KSeF faktury korygowanej', corrected?.ksefNumber ?? 'brak (faktura bez numeru KSeF)'],
    ['Przyczyna korekty', invoice.correctionReason ?? '—'],
  ];
  return labelValueTable(rows, { labelWidth: 170, spaceAfter: 10 });
}

/** Per corrected line: as it stood before, after, and the difference (FA_RR StanPrzed), like a sales correction. */
function correctionLinesTable(invoice: RrInvoice): PdfBlock {
  const bold = (text: string) => ({ text, font: 'bold' as const });
  const price = (minor: number) => formatPricePerTonne(minor, 'PLN');
  const rows = invoice.lines.flatMap((line) => {
    const quantityBefore = line.quantityBefore ?? line.quantity;
    const priceBefore = line.unitPriceBefore ?? line.unitPrice;
    const valueBefore = line.valueBefore ?? line.value;
    const refundBefore = line.refundBefore ?? line.refund;
    return [
      [
        String(line.position),
        line.name,
        'przed',
        formatTonnes(quantityBefore),
        price(priceBefore),
        money(valueBefore),
        money(refundBefore),
      ],
      [
        '',
        line.quality,
        'po',
        formatTonnes(line.quantity),
        price(line.unitPrice),
        money(line.value),
        money(line.refund),
      ],
      [
        '',
        '',
        bold('różnica'),
        bold(formatTonnes(line.quantity - quantityBefore)),
        bold(price(line.unitPrice - priceBefore)),
        bold(money(line.value - valueBefore)),
        bold(money(line.refund - refundBefore)),
      ],
    ];
  });
  return linesGrid({
    size: 8,
    columns: [
      { width: 20, align: 'right' },
      { width: '*' },
      { width: 44 },
      { width: 56, align: 'right' },
      { width: 70, align: 'right' },
      { width: 72, align: 'right' },
      { width: 62, align: 'right' },
    ],
    header: ['Lp.', 'Nazwa produktu', 'Stan', 'Ilość', 'Cena jedn. bez zwrotu', 'Wartość bez zwrotu', 'Kwota zwrotu'],
    rows,
    spaceAfter: 10,
  });
}

function totals(invoice: RrInvoice): PdfBlock[] {
  const difference = invoice.kind === 'KOR_VAT_RR' ? ' (różnica)' : '';
  const rows: [string, string][] = [
    [`Wartość produktów bez zwrotu${difference}`, money(invoice.netTotal)],
    [`Zryczałtowany zwrot podatku (${invoice.refundRatePercent}%)${difference}`, money(invoice.refundTotal)],
    [`Należność ogółem${difference}`, money(invoice.grossTotal)],
  ];
  return [
    labelValueTable(rows, { labelWidth: 200 }),
    { kind: 'text', text: `Słownie: ${invoice.totalInWords}`, spaceAfter: 4 },
    { kind: 'text', text: `Zapłata przelewem na rachunek rolnika: ${formatPolishAccount(invoice.farmerAccount)}` },
  ];
}

const signature = (label: string): PdfBlock[] => [
  { kind: 'space', height: 36 },
  { kind: 'rule', color: '#7f7f7f', thickness: 0.5, spaceAfter: 3 },
  { kind: 'text', text: label, size: 8, color: GREY, align: 'center' },
];

/** The farmer's declaration and both signature lines, kept together at the bottom of the last page. */
function declaration(): PdfBlock {
  return {
    kind: 'group',
    atPageBottom: true,
    blocks: [
      { kind: 'text', text: RR_DECLARATION, spaceAfter: 6 },
      {
        kind: 'columns',
        gap: 48,
        columns: [
          { width: '*', blocks: signature('Podpis nabywcy (wystawcy faktury)') },
          { width: '*', blocks: signature('Podpis dostawcy (rolnika ryczałtowego)') },
        ],
      },
    ],
  };
}

/** The VAT RR invoice in Polish, on A4, as a document for the PDF service. */
export function rrInvoicePdf({
  invoice,
  company,
  farmer,
  verificationLink,
  corrected,
}: RrInvoicePdfContent): PdfDocument {
  const companyAddress = joined(company.street, [company.postCode, company.city].filter(Boolean).join(' '));
  const farmerAddress = farmer
    ? joined(
        [farmer.street, farmer.buildingNumber].filter(Boolean).join(' '),
        [farmer.postCode, farmer.city].filter(Boolean).join(' '),
      )
    : '';
  const farmerIds = [
    ...(invoice.farmerNip ? [`NIP: ${invoice.farmerNip}`] : []),
    ...(invoice.farmerPesel ? [`PESEL: ${invoice.farmerPesel}`] : []),
  ];
  return {
    page: { size: 'A4', margin: 42 },
    info: { title: `${rrTitleOf(invoice)} ${invoice.number}`, author: company.name },
    fontSize: 9,
    footer: [{ kind: 'text', text: 'Strona {page} z {pages}', size: 8, color: GREY, align: 'right' }],
    body: [
      header(invoice),
      { kind: 'space', height: 14 },
      {
        kind: 'columns',
        gap: 24,
        columns: [
          {
            width: '*',
            blocks: partyBlocks('Nabywca (wystawca)', company.name, companyAddress, [`NIP: ${company.nip}`]),
          },
          {
            width: '*',
            blocks: partyBlocks('Dostawca (rolnik ryczałtowy)', invoice.farmerName, farmerAddress, farmerIds),
          },
        ],
      },
      { kind: 'space', height: 14 },
      ...(invoice.kind === 'KOR_VAT_RR'
        ? [correctionReference(invoice, corrected), correctionLinesTable(invoice)]
        : [linesTable(invoice)]),
      ...totals(invoice),
      // As the sales invoice: the QR code with the KSeF number under it, or OFFLINE until KSeF has given one.
      ...(verificationLink
        ? [
            {
              kind: 'columns',
              gap: 24,
              columns: [
                { width: '*', blocks: [] },
                { width: QR_COLUMN, blocks: [verificationBlock(verificationLink, invoice.ksefNumber)] },
              ],
            } satisfies PdfBlock,
          ]
        : []),
      { kind: 'space', height: 16 },
      declaration(),
    ],
  };
}
