import {
  type CompanyHeader,
  formatDateTime,
  formatKg,
  type TicketPrintLayout,
  type WeighbridgeTicket,
} from '@grain/shared';
import { mm, type PdfBlock, type PdfCell, type PdfDocument } from '../../../lib/pdf/document.js';

export interface TicketPrintContext {
  rawMaterial: string;
  supplierCode: string;
  recipientCode: string;
  carrierName: string | null;
  trailerNumber: string | null;
  purchaseDocumentNumber: string;
  salesDocumentNumber: string;
}

export interface TicketPdfContent {
  ticket: WeighbridgeTicket;
  company: Pick<CompanyHeader, 'configured' | 'name' | 'street' | 'postCode' | 'city' | 'nip'>;
  context: TicketPrintContext | null;
  layout: TicketPrintLayout;
}

const GREY = '#595959';
const SIDES = { LOADING: 'załadunek', UNLOADING: 'rozładunek' } as const;
const STATUSES = { OPEN: 'OTWARTY (niezamknięty)', CLOSED: 'zamknięty', CANCELLED: 'ANULOWANY' } as const;
const SOURCES = { indicator: 'odczyt z miernika', manual: 'wpis ręczny' } as const;
const dateTime = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

function companyLines(company: TicketPdfContent['company']): string[] {
  if (!company.configured) return [];
  const address = [company.street, [company.postCode, company.city].filter(Boolean).join(' ')].filter(Boolean);
  return [company.name, address.join(', '), `NIP: ${company.nip}`].filter(Boolean);
}

/** The facts of the ticket as label–value rows, the same on every layout. */
function facts({ ticket, context }: TicketPdfContent): [string, string][] {
  return [
    ['Transport', `#${ticket.transportId} (${SIDES[ticket.side]})`],
    ...(context
      ? ([
          ['Towar', context.rawMaterial],
          ['Dostawca', `${context.supplierCode} (${context.purchaseDocumentNumber})`],
          ['Odbiorca', `${context.recipientCode} (${context.salesDocumentNumber})`],
          ['Przewoźnik', context.carrierName ?? '—'],
        ] as [string, string][])
      : []),
    ['Nr rejestracyjny', [ticket.registrationNumber, context?.trailerNumber].filter(Boolean).join(' / ')],
    ['Kierowca', ticket.driverName ?? '—'],
    ['Waga', ticket.scaleName],
    ['Operator', ticket.operatorName],
    ['Status', STATUSES[ticket.status]],
    ...(ticket.correctsTicketNumber
      ? ([['Koryguje kwit', `${ticket.correctsTicketNumber}: ${ticket.correctionReason ?? ''}`]] as [string, string][])
      : []),
  ];
}

function weightRows(ticket: WeighbridgeTicket, isNarrow: boolean): PdfCell[][] {
  const row = (label: string, kg: number | null, at: string | null, source: string | null): PdfCell[] => {
    const when = at ? `${dateTime(at)}${source ? `, ${SOURCES[source as keyof typeof SOURCES]}` : ''}` : '—';
    return isNarrow
      ? [label, { text: formatKg(kg), align: 'right', font: 'bold' }]
      : [label, { text: formatKg(kg), align: 'right', font: 'bold' }, { text: when, color: GREY }];
  };
  const rows = [
    row('Brutto', ticket.grossKg, ticket.grossAt, ticket.grossSource),
    row('Tara', ticket.tareKg, ticket.tareAt, ticket.tareSource),
  ];
  const net: PdfCell[] = [
    'Netto',
    { text: formatKg(ticket.netKg), align: 'right', font: 'bold', size: isNarrow ? 11 : 12 },
  ];
  return [...rows, isNarrow ? net : [...net, '']];
}

function narrowTimes(ticket: WeighbridgeTicket): PdfBlock[] {
  return [
    { kind: 'text', text: `Brutto: ${dateTime(ticket.grossAt)}`, size: 7, color: GREY },
    { kind: 'text', text: `Tara: ${dateTime(ticket.tareAt)}`, size: 7, color: GREY, spaceAfter: 4 },
  ];
}

function signatures(): PdfBlock {
  const line = (label: string): PdfBlock[] => [
    { kind: 'space', height: 26 },
    { kind: 'rule', color: GREY, thickness: 0.5, spaceAfter: 2 },
    { kind: 'text', text: label, size: 8, color: GREY, align: 'center' },
  ];
  return {
    kind: 'columns',
    gap: 36,
    columns: [
      { width: '*', blocks: line('Operator wagi') },
      { width: '*', blocks: line('Kierowca') },
    ],
  };
}

/** CONTRIBUTING.md Weighbridge: the printed ticket, on A4, A5 or 80 mm receipt paper. */
export function ticketPdf(content: TicketPdfContent): PdfDocument {
  const { ticket, company, layout } = content;
  const isNarrow = layout === 'RECEIPT';
  const title: PdfBlock[] = [
    { kind: 'text', text: 'KWIT WAGOWY', font: 'bold', size: isNarrow ? 12 : 16, align: isNarrow ? 'center' : 'left' },
    {
      kind: 'text',
      text: `nr ${ticket.number}`,
      font: 'bold',
      size: isNarrow ? 10 : 12,
      align: isNarrow ? 'center' : 'left',
      spaceAfter: 6,
    },
  ];
  const header: PdfBlock[] = companyLines(company).map((text, index) => ({
    kind: 'text',
    text,
    font: index === 0 ? 'bold' : 'regular',
    size: isNarrow ? 7 : 8,
    align: isNarrow ? 'center' : 'right',
  }));
  const factsTable: PdfBlock = {
    kind: 'table',
    columns: [{ width: isNarrow ? 70 : 110, color: GREY }, { width: '*' }],
    rows: facts(content),
    padding: { vertical: 1, horizontal: 0 },
    size: isNarrow ? 7 : undefined,
    spaceAfter: 8,
  };
  const weights: PdfBlock = {
    kind: 'table',
    columns: isNarrow
      ? [{ width: '*' }, { width: 90, align: 'right' }]
      : [{ width: 80 }, { width: 110, align: 'right' }, { width: '*' }],
    header: isNarrow ? undefined : ['Ważenie', 'Masa', 'Czas i źródło'],
    rows: weightRows(ticket, isNarrow),
    borders: 'rows',
    padding: { vertical: 3, horizontal: 2 },
    size: isNarrow ? 9 : 10,
    spaceAfter: 6,
  };
  return {
    page: isNarrow ? { size: { width: mm(80), height: 'fit' }, margin: mm(4) } : { size: layout, margin: 36 },
    info: { title: `Kwit wagowy ${ticket.number}`, author: company.configured ? company.name : undefined },
    fontSize: isNarrow ? 8 : 9,
    body: [
      ...header,
      { kind: 'space', height: 6 },
      ...title,
      factsTable,
      weights,
      ...(isNarrow ? narrowTimes(ticket) : []),
      { kind: 'text', text: `Wydrukowano ${formatDateTime(new Date().toISOString())}`, size: 7, color: GREY },
      ...(isNarrow ? [] : [{ kind: 'space', height: 8 } as PdfBlock, signatures()]),
    ],
  };
}
