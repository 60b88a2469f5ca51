import type { PdfCell, PdfTableBlock, PdfWidth } from './document.js';

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
