import {
  type CompanyHeader,
  formatDate,
  formatDateTime,
  formatPricePerTonne,
  type PriceListEntry,
} from '@grain/shared';
import type { PdfBlock, PdfCell, PdfDocument } from '../../lib/pdf/document.js';

export interface PriceListPdfContent {
  day: string;
  list: PriceListEntry[];
  company: Pick<CompanyHeader, 'configured' | 'name' | 'street' | 'postCode' | 'city' | 'nip'>;
}

const GREY = '#595959';
const SUPPLIER_KINDS = { VAT: 'dostawca VAT', RR: 'rolnik ryczałtowy (RR)' } as const;

function companyLines(company: PriceListPdfContent['company']): string[] {
  if (!company.configured) return [];
  const address = [company.street, [company.postCode, company.city].filter(Boolean).join(' ')].filter(Boolean);
  return [company.name, address.join(', '), `NIP: ${company.nip}`].filter(Boolean);
}

/** One table per raw material: quality, supplier kind, payment term, price and the days it holds. */
function materialTables(list: PriceListEntry[]): PdfBlock[] {
  const materials = [...new Set(list.map((entry) => entry.rawMaterialName))];
  return materials.flatMap((material): PdfBlock[] => [
    { kind: 'text', text: material, font: 'bold', size: 12, spaceAfter: 4, keepWithNext: true },
    {
      kind: 'table',
      columns: [
        { width: '*' },
        { width: 100 },
        { width: 55, align: 'right' },
        { width: 80, align: 'right' },
        { width: 150 },
      ],
      header: ['Jakość', 'Dostawca', 'Termin płatności', 'Cena netto', 'Obowiązuje'],
      rows: list
        .filter((entry) => entry.rawMaterialName === material)
        .map((entry): PdfCell[] => [
          entry.qualityTitle,
          SUPPLIER_KINDS[entry.supplierKind],
          `${entry.paymentTermDays} dni`,
          { text: formatPricePerTonne(entry.price), font: 'bold' },
          { text: `${formatDate(entry.validFrom)} – ${formatDate(entry.validTo)}`, color: GREY },
        ]),
      borders: 'rows',
      headerFill: '#eeeeee',
      padding: { vertical: 3, horizontal: 3 },
      spaceAfter: 12,
    },
  ]);
}

/** CONTRIBUTING.md Price lists: the day's purchase price list on A4, one table per raw material. */
export function priceListPdf({ day, list, company }: PriceListPdfContent): PdfDocument {
  const header: PdfBlock[] = companyLines(company).map((text, index) => ({
    kind: 'text',
    text,
    font: index === 0 ? 'bold' : 'regular',
    size: 8,
    align: 'right',
  }));
  const empty: PdfBlock[] = [{ kind: 'text', text: 'Na ten dzień nie ma cen w cenniku skupu.', color: GREY }];
  return {
    page: { size: 'A4', margin: 40 },
    info: { title: `Cennik skupu ${formatDate(day)}`, author: company.configured ? company.name : undefined },
    fontSize: 9,
    footer: [{ kind: 'text', text: 'Strona {page} z {pages}', size: 7, color: GREY, align: 'right' }],
    body: [
      ...header,
      { kind: 'space', height: 8 },
      { kind: 'text', text: 'CENNIK SKUPU', font: 'bold', size: 16 },
      { kind: 'text', text: `na dzień ${formatDate(day)}`, font: 'bold', size: 12, spaceAfter: 4 },
      {
        kind: 'text',
        text: 'Ceny netto w zł za tonę; do ceny dostawcy VAT dolicza się podatek VAT, rolnikowi ryczałtowemu zryczałtowany zwrot podatku.',
        size: 8,
        color: GREY,
        spaceAfter: 10,
      },
      ...(list.length ? materialTables(list) : empty),
      { kind: 'text', text: `Wydrukowano ${formatDateTime(new Date().toISOString())}`, size: 7, color: GREY },
    ],
  };
}
