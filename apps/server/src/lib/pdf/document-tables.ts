import type { PdfBlock, PdfCell, PdfTableBlock, PdfWidth } from './document.js';

/** The documents' label ink: dark enough to print and read (7:1 on white), lighter than the values. */
export const LABEL_GREY = '#595959';

/**
 * A document's facts as label and value (dates, exchange rate, totals): the label grey on the left, the value bold.
 * `rowGap` is the vertical padding of each row in points.
 */
export function labelValueTable(
  rows: PdfCell[][],
  { labelWidth, rowGap = 1.5, spaceAfter }: { labelWidth: number; rowGap?: number; spaceAfter?: number },
): PdfTableBlock {
  return {
    kind: 'table',
    columns: [
      { width: labelWidth, color: LABEL_GREY },
      { width: '*', font: 'bold' },
    ],
    rows,
    padding: { vertical: rowGap, horizontal: 0 },
    ...(spaceAfter === undefined ? {} : { spaceAfter }),
  };
}

/** A document's lines (invoices, corrections, RR invoices): every cell framed, the header bold on grey. */
export function linesGrid({
  columns,
  header,
  rows,
  size = 8.5,
  spaceAfter,
}: {
  columns: { width: PdfWidth; align?: 'left' | 'right' | 'center' }[];
  header: string[];
  rows: PdfCell[][];
  size?: number;
  spaceAfter?: number;
}): PdfTableBlock {
  return {
    kind: 'table',
    size,
    borders: 'grid',
    borderColor: '#bfbfbf',
    headerFill: '#eeeeee',
    padding: { vertical: 3, horizontal: 3 },
    columns,
    header: header.map((text) => ({ text, font: 'bold' as const })),
    rows,
    ...(spaceAfter === undefined ? {} : { spaceAfter }),
  };
}

/** One party of a document (seller, buyer, farmer): the role in grey capitals, the name bold, address, identifiers. */
export function partyBlocks(title: string, name: string, address: string, ids: string[]): PdfBlock[] {
  return [
    { kind: 'text', text: title.toUpperCase(), font: 'bold', size: 9, color: LABEL_GREY, spaceAfter: 2 },
    { kind: 'text', text: name, font: 'bold', spaceAfter: 1 },
    { kind: 'text', text: address || '—', spaceAfter: 1 },
    ...ids.map((text): PdfBlock => ({ kind: 'text', text, spaceAfter: 1 })),
  ];
}
