import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The pages of a PDF and the text of each, read by PDF.js the way a viewer reads it (tests only). */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let index = 1; index <= doc.numPages; index++) {
    const page = await doc.getPage(index);
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str, item.hasEOL ? '\n' : ' ');
  }
  await doc.destroy();
  return { pages: doc.numPages, text: parts.join('').replace(/[ \t]+/g, ' ') };
}

export interface PdfTextItem {
  text: string;
  /** Left edge and baseline from the page's bottom-left corner, width and height, in points. */
  x: number;
  y: number;
  width: number;
  height: number;
  fontName: string;
}

/** Each page's size and its text items where PDF.js places them (tests only). */
export async function pdfLayout(bytes: Uint8Array) {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: { width: number; height: number; items: PdfTextItem[] }[] = [];
  for (let index = 1; index <= doc.numPages; index++) {
    const page = await doc.getPage(index);
    const [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const items: PdfTextItem[] = [];
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const [, , , , x, y] = item.transform as number[];
      items.push({ text: item.str, x: x!, y: y!, width: item.width, height: item.height, fontName: item.fontName });
    }
    pages.push({ width, height, items });
  }
  await doc.destroy();
  return pages;
}
