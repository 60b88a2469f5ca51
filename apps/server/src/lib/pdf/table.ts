import type { PdfCell, PdfTableBlock } from './document.js';
/** Tables: cells wrapped in their column's width, rows kept whole, the header row repeated on each page. */
import { type Frame, line, newPage, prepare, resolveWidths, styleOf, textHeight } from './frame.js';

const DEFAULT_PADDING = { vertical: 3, horizontal: 4 };
const BORDER_COLOR = '#bfbfbf';

const cellText = (cell: PdfCell) => (typeof cell === 'string' ? cell : cell.text);
const cellAlign = (cell: PdfCell) => (typeof cell === 'string' ? undefined : cell.align);

function cellStyle(f: Frame, table: PdfTableBlock, column: number, cell: PdfCell, isHeader: boolean) {
  const { font, color } = table.columns[column] ?? {};
  const own = typeof cell === 'string' ? {} : cell;
  return styleOf(f, table, { font, color }, isHeader ? { font: 'bold' } : {}, own);
}

function rowHeight(f: Frame, table: PdfTableBlock, widths: number[], cells: PdfCell[], isHeader = false) {
  const padding = table.padding ?? DEFAULT_PADDING;
  let height = 0;
  cells.forEach((cell, column) => {
    const style = cellStyle(f, table, column, cell, isHeader);
    const width = widths[column]! - 2 * padding.horizontal;
    height = Math.max(height, textHeight(f, style, cellText(cell), width));
  });
  return height + 2 * padding.vertical;
}

function drawRow(
  f: Frame,
  table: PdfTableBlock,
  at: { x: number; y: number; limit: number },
  widths: number[],
  row: { cells: PdfCell[]; height: number; isHeader: boolean },
) {
  const padding = table.padding ?? DEFAULT_PADDING;
  const borderColor = table.borderColor ?? BORDER_COLOR;
  const width = widths.reduce((sum, w) => sum + w, 0);
  const height = Math.min(row.height, at.limit - at.y);
  if (row.isHeader && table.headerFill) f.doc.rect(at.x, at.y, width, height).fill(table.headerFill);
  let x = at.x;
  row.cells.forEach((cell, column) => {
    const cellWidth = widths[column]!;
    const style = cellStyle(f, table, column, cell, row.isHeader);
    const align = cellAlign(cell) ?? table.columns[column]?.align ?? 'left';
    const innerWidth = cellWidth - 2 * padding.horizontal;
    const { printed, lineGap } = prepare(f, style, cellText(cell));
    const room = height - 2 * padding.vertical;
    if (printed && room > 0) {
      const options = { width: innerWidth, lineGap, align, height: room + 1 };
      f.doc.text(printed, x + padding.horizontal, at.y + padding.vertical, options);
    }
    if (table.borders === 'grid')
      f.doc.rect(x, at.y, cellWidth, height).lineWidth(0.5).strokeColor(borderColor).stroke();
    x += cellWidth;
  });
  if (table.borders === 'rows') line(f, [at.x, at.y + height], [at.x + width, at.y + height], borderColor, 0.5);
}

/**
 * A table at `f.y`. Flowing (the body): a row that does not fit starts a new page, which repeats the header; the
 * header never stays alone at a page's foot. Fixed (inside a box ending at `limit`): rows past the box are cut.
 */
export function drawTable(f: Frame, table: PdfTableBlock, x: number, width: number, limit: number | null) {
  const widths = resolveWidths(
    table.columns.map((column) => column.width),
    width,
    0,
  );
  const header = table.header ? { cells: table.header, height: rowHeight(f, table, widths, table.header, true) } : null;
  const bottom = () => limit ?? f.bottom;
  const drawHeader = () => {
    if (!header) return;
    drawRow(f, table, { x, y: f.y, limit: bottom() }, widths, { ...header, isHeader: true });
    f.y += header.height;
  };
  const firstRow = table.rows[0];
  const firstHeight = firstRow ? rowHeight(f, table, widths, firstRow) : 0;
  if (limit === null && f.y > f.top && f.y + (header?.height ?? 0) + firstHeight > f.bottom) newPage(f);
  drawHeader();
  table.rows.forEach((cells, index) => {
    const height = index === 0 ? firstHeight : rowHeight(f, table, widths, cells);
    if (limit === null && index > 0 && f.y + height > f.bottom) {
      newPage(f);
      drawHeader();
    }
    drawRow(f, table, { x, y: f.y, limit: bottom() }, widths, { cells, height, isHeader: false });
    f.y += height;
  });
  f.y += table.spaceAfter ?? 0;
}

/** The table's height without page breaks (in a fixed box, or to see whether its first row fits). */
export function tableHeight(f: Frame, table: PdfTableBlock, width: number): number {
  const widths = resolveWidths(
    table.columns.map((column) => column.width),
    width,
    0,
  );
  const rows = table.header ? [table.header, ...table.rows] : table.rows;
  const heights = rows.map((cells, index) => rowHeight(f, table, widths, cells, !!table.header && index === 0));
  return heights.reduce((sum, height) => sum + height, 0) + (table.spaceAfter ?? 0);
}
