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
