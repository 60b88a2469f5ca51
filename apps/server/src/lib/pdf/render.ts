import PDFDocument from 'pdfkit';
import type {
  PdfBlock,
  PdfColumnsBlock,
  PdfDocument,
  PdfGroupBlock,
  PdfImageBlock,
  PdfMatrixBlock,
} from './document.js';
import { pdfFonts } from './fonts.js';
import { type Frame, line, newPage, prepare, resolveWidths, styleOf, textHeight } from './frame.js';
import { drawTable, tableHeight } from './table.js';

/**
 * The layout of a `PdfDocument` on pdfkit, which wraps the text itself (at line-break opportunities, and inside a
 * word too long for a line, in time linear in its length). Runs in the PDF worker (`worker.ts`); tests call it
 * directly. Nothing is drawn outside the page's margins: blocks that must stay whole are measured first and start a
 * new page when they do not fit, and text in a fixed box is clipped to the box.
 */

const PAGE_SIZES = { A4: [595.28, 841.89], A5: [419.53, 595.28] } as const;
/** The tallest page a PDF may have (200 inches): the first pass of a page whose height fits its content. */
const MAX_PAGE_HEIGHT = 14_400;
const DEFAULT_FONT_SIZE = 10;
/** Space between the page header or footer and the body. */
const BAND_GAP = 12;
const DEFAULT_RULE = { color: '#bfbfbf', thickness: 0.6 };

function measureBlocks(f: Frame, blocks: PdfBlock[], width: number): number {
  return blocks.reduce((sum, block) => sum + measure(f, block, width), 0);
}

function measure(f: Frame, block: PdfBlock, width: number): number {
  switch (block.kind) {
    case 'text':
      return textHeight(f, styleOf(f, block), block.text, width, block.align) + (block.spaceAfter ?? 0);
    case 'rule':
      return (block.spaceBefore ?? 0) + (block.thickness ?? DEFAULT_RULE.thickness) + (block.spaceAfter ?? 0);
    case 'space':
    case 'image':
      return block.height;
    case 'matrix':
      return block.size;
    case 'columns': {
      const widths = resolveWidths(
        block.columns.map((column) => column.width),
        width,
        block.gap ?? 0,
      );
      return Math.max(0, ...block.columns.map((column, index) => measureBlocks(f, column.blocks, widths[index]!)));
    }
    case 'table':
      return tableHeight(f, block, width);
    case 'group':
      return measureBlocks(f, block.blocks, width);
  }
}

function drawImage(f: Frame, block: PdfImageBlock, x: number, width: number, limit: number) {
  const boxWidth = Math.min(block.width, width);
  const boxHeight = Math.min(block.height, limit - f.y);
  const align = block.align ?? 'left';
  const left = align === 'left' ? x : align === 'right' ? x + width - boxWidth : x + (width - boxWidth) / 2;
  if (boxHeight > 0) {
    try {
      const data = Buffer.from(block.data.buffer, block.data.byteOffset, block.data.byteLength);
      const inBox = align === 'left' ? undefined : align;
      f.doc.image(data, left, f.y, { fit: [boxWidth, boxHeight], align: inBox, valign: 'center' });
    } catch (error) {
      // pdfkit reads the image before it draws anything: a skipped image leaves only its empty box.
      if (block.whenUnreadable !== 'skip') throw error;
    }
  }
  f.y += block.height;
}

/** Dark modules as filled squares in one path; neighbours overlap by nothing, so no seams show at any zoom. */
function drawMatrix(f: Frame, block: PdfMatrixBlock, x: number, width: number, limit: number) {
  const size = Math.min(block.size, width);
  const quiet = block.quietZone ?? 4;
  const count = block.rows.length;
  const module = size / (count + 2 * quiet);
  const align = block.align ?? 'left';
  const left = align === 'left' ? x : align === 'right' ? x + width - size : x + (width - size) / 2;
  if (f.y + size <= limit + 0.01 && count > 0) {
    f.doc.save();
    block.rows.forEach((row, r) => {
      for (let c = 0; c < row.length; c++) {
        if (row[c] === '1') {
          f.doc.rect(left + (quiet + c) * module, f.y + (quiet + r) * module, module, module);
        }
      }
    });
    f.doc.fillColor('#000000').fill();
    f.doc.restore();
  }
  f.y += block.size;
}

function drawColumns(f: Frame, block: PdfColumnsBlock, x: number, width: number, limit: number) {
  const gap = block.gap ?? 0;
  const widths = resolveWidths(
    block.columns.map((column) => column.width),
    width,
    gap,
  );
  const top = f.y;
  let bottom = top;
  let left = x;
  block.columns.forEach((column, index) => {
    f.y = top;
    drawFixed(f, column.blocks, left, widths[index]!, limit);
    bottom = Math.max(bottom, f.y);
    left += widths[index]! + gap;
  });
  f.y = bottom;
}

/** Blocks in a box from `f.y` to `limit`, without page breaks. */
function drawFixed(f: Frame, blocks: PdfBlock[], x: number, width: number, limit: number) {
  for (const block of blocks) drawBlock(f, block, x, width, limit);
}

function drawBlock(f: Frame, block: PdfBlock, x: number, width: number, limit: number | null) {
  const end = limit ?? f.bottom;
  switch (block.kind) {
    case 'text': {
      const style = styleOf(f, block);
      if (limit === null) {
        // The body's paragraphs flow: pdfkit continues a paragraph on a new page at the body's top margin.
        const { printed, lineGap } = prepare(f, style, block.text);
        if (printed) f.doc.text(printed, x, f.y, { width, lineGap, align: block.align ?? 'left' });
        f.y = printed ? f.doc.y : f.y;
      } else {
        const height = textHeight(f, style, block.text, width, block.align);
        const room = Math.min(height + 1, limit - f.y);
        const { printed, lineGap } = prepare(f, style, block.text);
        if (printed && room > 0) {
          f.doc.text(printed, x, f.y, { width, lineGap, align: block.align ?? 'left', height: room });
        }
        f.y += height;
      }
      f.y += block.spaceAfter ?? 0;
      return;
    }
    case 'rule': {
      f.y += block.spaceBefore ?? 0;
      const thickness = block.thickness ?? DEFAULT_RULE.thickness;
      if (f.y + thickness <= end) line(f, [x, f.y], [x + width, f.y], block.color ?? DEFAULT_RULE.color, thickness);
      f.y += thickness + (block.spaceAfter ?? 0);
      return;
    }
    case 'space':
      f.y += block.height;
      return;
    case 'image':
      return drawImage(f, block, x, width, end);
    case 'matrix':
      return drawMatrix(f, block, x, width, end);
    case 'columns':
      return drawColumns(f, block, x, width, end);
    case 'table':
      drawTable(f, block, x, width, limit);
      return;
    case 'group':
      return drawFixed(f, block.blocks, x, width, end);
  }
}

/** Where a group set on the page's foot starts: below what came before, else on a new page. */
function placeAtBottom(f: Frame, group: PdfGroupBlock, height: number) {
  if (f.y + height > f.bottom) newPage(f);
  if (!f.isFitting) f.y = Math.max(f.y, f.bottom - height);
  drawFixed(f, group.blocks, f.left, f.width, f.bottom);
}

/** The height of a block's first line (a paragraph) or first row (a table, with its header); else all of it. */
function leadHeight(f: Frame, block: PdfBlock | undefined): number {
  if (!block) return 0;
  if (block.kind === 'text') return textHeight(f, styleOf(f, block), 'X', f.width);
  if (block.kind !== 'table') return measure(f, block, f.width);
  const lead = { ...block, rows: block.rows.slice(0, 1), spaceAfter: 0 };
  return measure(f, lead, f.width);
}

/** A title and the rules under it go to the next page with the first line of what they introduce. */
function keepWithNext(f: Frame, blocks: PdfBlock[], index: number) {
  let end = index;
  let height = 0;
  while (end < blocks.length && isKeptWithNext(blocks[end]!)) height += measure(f, blocks[end++]!, f.width);
  if (f.y > f.top && f.y + height + leadHeight(f, blocks[end]) > f.bottom) newPage(f);
}
const isKeptWithNext = (block: PdfBlock) => (block.kind === 'text' || block.kind === 'rule') && !!block.keepWithNext;

/** The body, block after block; what must stay whole starts a new page when it does not fit on this one. */
function drawBody(f: Frame, blocks: PdfBlock[]) {
  for (const [index, block] of blocks.entries()) {
    if (isKeptWithNext(block) && (index === 0 || !isKeptWithNext(blocks[index - 1]!))) keepWithNext(f, blocks, index);
    if (block.kind === 'text' || block.kind === 'table') {
      drawBlock(f, block, f.left, f.width, null);
      continue;
    }
    const height = measure(f, block, f.width);
    if (block.kind === 'group' && block.atPageBottom) {
      placeAtBottom(f, block, height);
      continue;
    }
    if (f.y + height > f.bottom && f.y > f.top) newPage(f);
    drawBlock(f, block, f.left, f.width, f.bottom);
  }
}

const withPageNumbers = (blocks: PdfBlock[], page: number, pages: number): PdfBlock[] =>
  blocks.map((block) => {
    const fill = (text: string) => text.replaceAll('{page}', String(page)).replaceAll('{pages}', String(pages));
    if (block.kind === 'text') return { ...block, text: fill(block.text) };
    if (block.kind === 'group') return { ...block, blocks: withPageNumbers(block.blocks, page, pages) };
    if (block.kind === 'columns') {
      const columns = block.columns.map((column) => ({
        ...column,
        blocks: withPageNumbers(column.blocks, page, pages),
      }));
      return { ...block, columns };
    }
    return block;
  });

function pageSizeOf(description: PdfDocument): [number, number | 'fit'] {
  const { size } = description.page;
  if (size === 'A4' || size === 'A5') return [...PAGE_SIZES[size]];
  return [size.width, size.height];
}

/** Lays the document out on pages `height` tall; answers the document (not yet ended) and where its body ended. */
function layOut(description: PdfDocument, width: number, height: number, isFitting = false) {
  const { margin } = description.page;
  const fonts = pdfFonts();
  const { title, author, language } = description.info;
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: true,
    lang: language ?? 'pl-PL',
    displayTitle: true,
    info: { Title: title, ...(author ? { Author: author } : {}) },
  });
  doc.registerFont('regular', fonts.regular.bytes);
  doc.registerFont('bold', fonts.bold.bytes);
  const frame: Frame = {
    doc,
    fonts,
    fontSize: description.fontSize ?? DEFAULT_FONT_SIZE,
    left: margin,
    width: width - 2 * margin,
    top: margin,
    bottom: height - margin,
    y: margin,
    page: {},
    isFitting,
    printed: new Map(),
  };
  // The bands are measured with three-digit page numbers, so the body never runs under a wider footer.
  const header = description.header ?? [];
  const footer = description.footer ?? [];
  const headerHeight = header.length ? measureBlocks(frame, header, frame.width) + BAND_GAP : 0;
  const footerHeight = footer.length
    ? measureBlocks(frame, withPageNumbers(footer, 999, 999), frame.width) + BAND_GAP
    : 0;
  frame.top = margin + headerHeight;
  frame.bottom = height - margin - footerHeight;
  // The page's margins are the body's, so pdfkit's own page breaks inside a paragraph keep to it too.
  const margins = { top: frame.top, bottom: height - frame.bottom, left: margin, right: margin };
  frame.page = { size: [width, height], margins };
  newPage(frame);
  drawBody(frame, description.body);
  const bodyEnd = frame.y;
  const { count } = doc.bufferedPageRange();
  for (let index = 0; index < count; index++) {
    doc.switchToPage(index);
    frame.y = margin;
    drawFixed(frame, header, margin, frame.width, margin + headerHeight);
    frame.y = height - margin - footerHeight + BAND_GAP;
    drawFixed(frame, withPageNumbers(footer, index + 1, count), margin, frame.width, height - margin);
  }
  return { doc, pages: count, bodyEnd, footerHeight };
}

/** The document as PDF bytes (fonts embedded as subsets of the glyphs used). */
export async function renderDocument(description: PdfDocument): Promise<{ bytes: Uint8Array; pages: number }> {
  const [width, height] = pageSizeOf(description);
  let layout = layOut(description, width, height === 'fit' ? MAX_PAGE_HEIGHT : height, height === 'fit');
  if (height === 'fit') {
    // A receipt: one page as tall as its content.
    const fitted = Math.ceil(layout.bodyEnd + layout.footerHeight + description.page.margin);
    layout = layOut(description, width, Math.min(MAX_PAGE_HEIGHT, fitted));
  }
  const { doc, pages } = layout;
  const chunks: Uint8Array[] = [];
  doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.end();
  await ended;
  // A fresh buffer of its own (never a slice of Node's shared pool), so the worker can transfer it.
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, pages };
}
