import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import type { PdfFont } from './document.js';

export interface LoadedFont {
  /**
   * The TrueType file, embedded (as a subset of the glyphs used) into each document. Each document parses it anew:
   * a parsed font shared between documents keeps glyphs that a subset created without their characters, and the
   * next document's text could no longer be read back (copied, searched) from those glyphs.
   */
  bytes: Buffer;
  hasGlyph: (codePoint: number) => boolean;
}

const require = createRequire(import.meta.url);

function load(file: string): LoadedFont {
  const bytes = readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
  const font = create(bytes) as Font;
  const known = new Map<number, boolean>();
  const hasGlyph = (codePoint: number) => {
    let has = known.get(codePoint);
    if (has === undefined) {
      has = font.hasGlyphForCodePoint(codePoint);
      known.set(codePoint, has);
    }
    return has;
  };
  return { bytes, hasGlyph };
}

let fonts: Record<PdfFont, LoadedFont> | null = null;
/** DejaVu Sans has every Polish letter (ąćęłńóśźż, ĄĆĘŁŃÓŚŹŻ); read once per thread. */
export function pdfFonts(): Record<PdfFont, LoadedFont> {
  fonts ??= { regular: load('DejaVuSans.ttf'), bold: load('DejaVuSans-Bold.ttf') };
  return fonts;
}
