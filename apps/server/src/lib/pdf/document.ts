/**
 * The description of a PDF document, the input of the product's one PDF service (`renderPdf` in `service.ts`):
 * a page format, an optional header and footer repeated on every page, and a body of blocks laid out top to
 * bottom, flowing onto new pages. Plain data (structured-cloneable), so it crosses to the render worker as is.
 *
 * Every document of the product is built as such a description by its own module (the transport order now; the
 * invoices with their KSeF QR code, VAT RR invoices, weighbridge tickets in A5/A4 and on 80 mm receipt paper, and
 * price lists next): the service owns the library (pdfkit), the fonts (DejaVu Sans, every Polish letter), text
 * wrapping, the characters a font lacks, page breaks and the thread the work runs on.
 */

/** PDF points per millimetre (72 per inch). */
export const POINTS_PER_MM = 72 / 25.4;
export const mm = (millimetres: number) => Math.round(millimetres * POINTS_PER_MM * 100) / 100;

export type PdfFont = 'regular' | 'bold';
export type PdfAlign = 'left' | 'center' | 'right';

/**
 * A4 and A5 in portrait; or a custom width (an 80 mm receipt: `{ width: mm(80), height: 'fit' }`) whose height
 * is fixed or fits the content, on one page.
 */
export type PdfPageSize = 'A4' | 'A5' | { width: number; height: number | 'fit' };

export interface PdfTextStyle {
  font?: PdfFont;
  /** Points; the document's `fontSize` when left out. */
  size?: number;
  /** `#rrggbb`; black when left out. */
  color?: string;
}

/** A paragraph; `\n` starts a new line. Long paragraphs flow onto the next page. */
export interface PdfTextBlock extends PdfTextStyle {
  kind: 'text';
  text: string;
  align?: PdfAlign;
  /** Points of space below the block. */
  spaceAfter?: number;
  /** In the body: moves to a new page together with the first line of the next block (a title). */
  keepWithNext?: boolean;
}

/** A horizontal line across the block's width. */
export interface PdfRuleBlock {
  kind: 'rule';
  color?: string;
  thickness?: number;
  spaceBefore?: number;
  spaceAfter?: number;
  keepWithNext?: boolean;
}

export interface PdfSpaceBlock {
  kind: 'space';
  height: number;
}

/**
 * A PNG or JPEG image scaled to fit a box of `width` × `height` points (a QR code: a square box). The block takes
 * the box's height. An image that cannot be read fails the document, or is left out with `whenUnreadable: 'skip'`
 * (a logo uploaded by a user).
 */
export interface PdfImageBlock {
  kind: 'image';
  data: Uint8Array;
  width: number;
  height: number;
  align?: PdfAlign;
  whenUnreadable?: 'fail' | 'skip';
}

/**
 * A square grid of dark and light modules drawn as vector squares (a QR code: sharp at any zoom and print size,
 * no raster image). `rows` holds one string per row, `1` for a dark module; the grid is scaled to `size` points
 * and surrounded by `quietZone` light modules on every side (ISO/IEC 18004 asks for 4). The block takes its size.
 */
export interface PdfMatrixBlock {
  kind: 'matrix';
  rows: string[];
  size: number;
  quietZone?: number;
  align?: PdfAlign;
}

/** A width in points, or `'*'`: an equal share of what the fixed widths leave. */
export type PdfWidth = number | '*';

/**
 * Blocks side by side (a letterhead: the company on the left, the date on the right). Kept together on one page;
 * the block is as tall as its tallest column.
 */
export interface PdfColumnsBlock {
  kind: 'columns';
  columns: { width: PdfWidth; blocks: PdfBlock[] }[];
  /** Points between columns. */
  gap?: number;
}

export type PdfCell = string | ({ text: string; align?: PdfAlign } & PdfTextStyle);

/**
 * A table whose cells wrap their text. A row never splits; a row that does not fit starts a new page, where the
 * `header` row is repeated.
 */
export interface PdfTableBlock extends PdfTextStyle {
  kind: 'table';
  columns: { width: PdfWidth; align?: PdfAlign; font?: PdfFont; color?: string }[];
  header?: PdfCell[];
  rows: PdfCell[][];
  /** `grid`: every cell framed; `rows`: a line under each row; `none` (default). */
  borders?: 'grid' | 'rows' | 'none';
  /** Points of padding inside each cell, vertical and horizontal. */
  padding?: { vertical: number; horizontal: number };
  borderColor?: string;
  /** Background of the header row. */
  headerFill?: string;
  spaceAfter?: number;
}

/**
 * Blocks kept together on one page (a section title with its first rows, signature fields). `atPageBottom` sets
 * the group on the bottom of the page's body (a new page when it does not fit below what came before).
 */
export interface PdfGroupBlock {
  kind: 'group';
  blocks: PdfBlock[];
  atPageBottom?: boolean;
}

export type PdfBlock =
  | PdfTextBlock
  | PdfRuleBlock
  | PdfSpaceBlock
  | PdfImageBlock
  | PdfMatrixBlock
  | PdfColumnsBlock
  | PdfTableBlock
  | PdfGroupBlock;

export interface PdfDocument {
  page: {
    size: PdfPageSize;
    /** Points, all four sides. */
    margin: number;
  };
  /** Document properties: the title a viewer shows, the author, the language (pl-PL when left out). */
  info: { title: string; author?: string; language?: string };
  /** Points; 10 when left out. */
  fontSize?: number;
  /** Drawn at the top of every page, above the body. */
  header?: PdfBlock[];
  /**
   * Drawn at the bottom of every page, below the body. Text may hold `{page}` and `{pages}`, replaced by the page's
   * number and the number of pages (`Strona {page} z {pages}`).
   */
  footer?: PdfBlock[];
  body: PdfBlock[];
}

/** What the service answers: the file, its pages and the time the worker spent rendering it. */
export interface PdfRendered {
  bytes: Uint8Array;
  pages: number;
  /** Wall-clock time of the render in the worker. */
  renderMs: number;
  /** The worker thread's CPU time for it (10 ms resolution; null where the system does not tell). */
  cpuMs: number | null;
}
