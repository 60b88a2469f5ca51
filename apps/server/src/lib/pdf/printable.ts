/** What stands for a character the font cannot draw: a plain question mark, never the font's empty box. */
export const MISSING_GLYPH = '?';

const graphemes = new Intl.Segmenter('pl', { granularity: 'grapheme' });
/** Control characters (line ends aside) are never drawn, whatever a font maps them to. */
const CONTROL = /^\p{Cc}$/u;
/** Format characters take no room (joiners, bidi marks). */
const INVISIBLE = /^\p{Cf}$/u;
/** Combining marks (variation selectors too): without a glyph of their own, the letter they sit on still prints. */
const MARK = /^\p{M}$/u;
const SPACE = /^\p{Zs}$/u;

/**
 * `text` as `hasGlyph`'s font can draw it, deterministically: composed (NFC, so a letter and its combining ogonek
 * become the font's `ę`), line ends as `\n`, tabs as spaces, other control characters dropped; a space the font
 * lacks becomes a plain space; an invisible character or a combining mark it lacks is dropped; any other character
 * it lacks (CJK, most emoji) becomes one MISSING_GLYPH per user-perceived character (a grapheme cluster: a family
 * emoji of seven code points is one).
 */
export function printableText(text: string, hasGlyph: (codePoint: number) => boolean): string {
  const normalized = text.normalize('NFC').replace(/\r\n?/g, '\n').replaceAll('\t', ' ');
  if (isAllDrawable(normalized, hasGlyph)) return normalized;
  let printable = '';
  for (const { segment } of graphemes.segment(normalized)) {
    if (segment === '\n') {
      printable += segment;
      continue;
    }
    let kept = '';
    let isMissing = false;
    for (const char of segment) {
      if (CONTROL.test(char)) continue;
      if (hasGlyph(char.codePointAt(0)!)) kept += char;
      else if (SPACE.test(char)) kept += ' ';
      else if (!INVISIBLE.test(char) && !MARK.test(char)) isMissing = true;
    }
    printable += isMissing ? MISSING_GLYPH : kept;
  }
  return printable;
}

/** The common case, decided without segmenting: every character is a line end or one the font draws. */
function isAllDrawable(text: string, hasGlyph: (codePoint: number) => boolean) {
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    if (codePoint !== 10 && (CONTROL.test(char) || !hasGlyph(codePoint))) return false;
  }
  return true;
}
