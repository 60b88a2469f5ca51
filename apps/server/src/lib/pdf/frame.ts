import type { PdfAlign, PdfFont, PdfTextStyle, PdfWidth } from './document.js';
import type { LoadedFont } from './fonts.js';
import { printableText } from './printable.js';

/** The layout's state and the text measures every kind of block shares (`render.ts`, `table.ts`). */

/** Space between lines of a paragraph, as a share of the font size. */
const LINE_GAP = 0.25;

/** Where the layout stands: the document, its fonts, the body's box on every page and the current height. */
export interface Frame {
  doc: PDFKit.PDFDocument;
  fonts: Record<PdfFont, LoadedFont>;
  fontSize: number;
  left: number;
  width: number;
  /** The body's top and bottom on every page. */
  top: number;
  bottom: number;
  y: number;
  /** The options every page is added with (pdfkit continues a paragraph on a new page with the same). */
  page: PDFKit.PDFDocumentOptions;
  /** The first pass of a page whose height fits its content: nothing is set on the page's foot. */
  isFitting: boolean;
  printed: Map<string, string>;
}

export interface Style {
  font: PdfFont;
  size: number;
  color: string;
}

export const styleOf = (f: Frame, ...styles: (PdfTextStyle | undefined)[]): Style => {
  const merged = Object.assign({}, ...styles) as PdfTextStyle;
  return { font: merged.font ?? 'regular', size: merged.size ?? f.fontSize, color: merged.color ?? '#000000' };
};

/** The text as the font can draw it (`printable.ts`), with the font set for measuring (and the colour for drawing). */
export function prepare(f: Frame, style: Style, text: string, isDrawing = true) {
  const key = `${style.font}\u0000${text}`;
  let printed = f.printed.get(key);
  if (printed === undefined) {
    printed = printableText(text, f.fonts[style.font].hasGlyph);
    f.printed.set(key, printed);
  }
  f.doc.font(style.font).fontSize(style.size);
  if (isDrawing) f.doc.fillColor(style.color);
  return { printed, lineGap: style.size * LINE_GAP };
}

export function textHeight(f: Frame, style: Style, text: string, width: number, align: PdfAlign = 'left') {
  const { printed, lineGap } = prepare(f, style, text, false);
  return printed ? f.doc.heightOfString(printed, { width, lineGap, align }) : 0;
}

export function resolveWidths(widths: PdfWidth[], total: number, gap: number): number[] {
  const fixed = widths.reduce<number>((sum, width) => sum + (width === '*' ? 0 : width), 0);
  const stars = widths.filter((width) => width === '*').length;
  const share = stars ? Math.max(0, total - fixed - gap * (widths.length - 1)) / stars : 0;
  return widths.map((width) => (width === '*' ? share : width));
}

export function line(f: Frame, from: [number, number], to: [number, number], color: string, thickness: number) {
  f.doc
    .moveTo(...from)
    .lineTo(...to)
    .lineWidth(thickness)
    .strokeColor(color)
    .stroke();
}

export function newPage(f: Frame) {
  f.doc.addPage(f.page);
  f.y = f.top;
}
