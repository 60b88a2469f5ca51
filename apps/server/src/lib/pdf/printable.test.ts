import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pdfFonts } from './fonts.js';
import { MISSING_GLYPH, printableText } from './printable.js';

const { regular, bold } = pdfFonts();
const printable = (text: string) => printableText(text, regular.hasGlyph);

describe('printableText: what the font cannot draw is replaced or dropped, never drawn as a box', () => {
  it('keeps Polish letters, punctuation and line ends as they are', () => {
    const polish = 'Zażółć gęślą jaźń. ZAŻÓŁĆ GĘŚLĄ JAŹŃ — 1 234,50 zł €\nDruga linia';
    expect(printable(polish)).toBe(polish);
    expect(printableText(polish, bold.hasGlyph)).toBe(polish);
  });

  it('composes a letter typed with a combining ogonek or acute into the letter the font has', () => {
    expect(printable('Ge\u0328s\u0301la\u0328')).toBe('Gęślą');
  });

  it('replaces each CJK character and each emoji the font lacks by one question mark, whatever its code points', () => {
    expect(printable('Firma 漢字 sp. z o.o.')).toBe(`Firma ${MISSING_GLYPH}${MISSING_GLYPH} sp. z o.o.`);
    // A thumb with a skin tone (2 code points) and a family joined by ZWJ (5): one character each.
    expect(printable('OK 👍🏽 i 👨‍👩‍👧!')).toBe('OK ? i ?!');
  });

  it('drops control characters and combining marks the font lacks, turns tabs into spaces and CR LF into LF', () => {
    expect(printable('a\u0007b\tc\r\nd\re')).toBe('ab c\nd\ne');
    expect(printable('1\ufe0f\u20e3')).toBe('1\ufe0f');
  });

  it('answers, for any text, only line ends and characters the font has a glyph for, the same each time', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        const once = printable(text);
        const isDrawable = [...once].every((char) => char === '\n' || regular.hasGlyph(char.codePointAt(0)!));
        return isDrawable && printable(text) === once;
      }),
      { numRuns: 200 },
    );
  });
});
