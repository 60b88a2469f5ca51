import { crc32, deflateSync } from 'node:zlib';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { pdfLayout, pdfText } from '../../../test/pdf-text.js';
import { mm, type PdfBlock, type PdfDocument } from './document.js';
import { pdfFonts } from './fonts.js';
import { renderDocument } from './render.js';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;

const documentOf = (body: PdfBlock[], overrides: Partial<PdfDocument> = {}): PdfDocument => ({
  page: { size: 'A4', margin: MARGIN },
  info: { title: 'Próba' },
  body,
  ...overrides,
});
const text = (value: string, extra: Partial<PdfBlock & { kind: 'text' }> = {}): PdfBlock => ({
  kind: 'text',
  text: value,
  ...extra,
});

/** A word of `length` letters without a break opportunity, Polish letters included, starting with `tag`. */
const longWord = (tag: string, length = 255) => `${tag}${'ŻółćGęśląJaźń'.repeat(30)}`.slice(0, length);
const squeezed = (value: string) => value.replace(/\s+/g, '');

/** A `size` × `size` black-and-white PNG (a QR code's kind of image), encoded by hand. */
function checkerPng(size: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Array.from({ length: size }, (_, y) =>
    Buffer.from([0, ...Array.from({ length: size }, (_, x) => ((x + y) % 2 ? 0 : 255))]),
  );
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const idat = chunk('IDAT', deflateSync(Buffer.concat(rows)));
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', header), idat, chunk('IEND', Buffer.alloc(0))]));
}

/** The size of every image drawn on the first page, from the drawing's transformation. */
async function imageSizes(bytes: Uint8Array) {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const operators = await (await doc.getPage(1)).getOperatorList();
  const sizes: { width: number; height: number }[] = [];
  let transform: number[] = [];
  operators.fnArray.forEach((fn, index) => {
    if (fn === OPS.transform) transform = operators.argsArray[index] as number[];
    if (fn === OPS.paintImageXObject) sizes.push({ width: transform[0]!, height: Math.abs(transform[3]!) });
  });
  await doc.destroy();
  return sizes;
}

describe('renderDocument: page sizes', () => {
  it('lays out A4, A5 and a custom page, and an 80 mm receipt one page tall as its content', async () => {
    const sizes = async (size: PdfDocument['page']['size']) =>
      (
        await pdfLayout((await renderDocument(documentOf([text('Kwit wagowy')], { page: { size, margin: 10 } }))).bytes)
      ).map(({ width, height }) => [Math.round(width), Math.round(height)]);
    expect(await sizes('A4')).toEqual([[595, 842]]);
    expect(await sizes('A5')).toEqual([[420, 595]]);
    expect(await sizes({ width: 300, height: 200 })).toEqual([[300, 200]]);

    const lines = Array.from({ length: 30 }, (_, index) => text(`Pozycja ${index + 1}: ${longWord('P', 60)}`));
    const signature: PdfBlock = { kind: 'group', atPageBottom: true, blocks: [{ kind: 'rule' }, text('Podpis')] };
    const receipt = await renderDocument(
      documentOf([...lines, signature], { page: { size: { width: mm(80), height: 'fit' }, margin: 8 } }),
    );
    const [page, ...more] = await pdfLayout(receipt.bytes);
    expect(more).toEqual([]);
    expect(Math.round(page!.width)).toBe(227);
    const lowest = page!.items.reduce((low, item) => (item.y < low.y ? item : low));
    // The signature closes the receipt just above the bottom margin: the page is as tall as its content.
    expect(lowest.text).toBe('Podpis');
    expect(lowest.y).toBeGreaterThan(8);
    expect(lowest.y).toBeLessThan(8 + 20);
    const above = Math.min(...page!.items.filter((item) => item !== lowest).map((item) => item.y));
    expect(above - lowest.y).toBeLessThan(30);
    expect(squeezed((await pdfText(receipt.bytes)).text)).toContain(squeezed(`Pozycja 30: ${longWord('P', 60)}`));
  });
});

describe('renderDocument: text and tables', () => {
  it('wraps a 255-character word in a narrow cell: every character there, in order, inside the page', async () => {
    const words = ['A', 'B', 'C'].map((tag) => longWord(tag));
    const { bytes } = await renderDocument(
      documentOf([
        {
          kind: 'table',
          columns: [{ width: 60 }, { width: '*' }],
          rows: words.map((word) => [word, word]),
          borders: 'grid',
        },
      ]),
    );
    const all = squeezed((await pdfText(bytes)).text);
    let from = 0;
    for (const word of words) {
      const at = all.indexOf(word + word, from);
      expect(at, word.slice(0, 12)).toBeGreaterThanOrEqual(from);
      from = at + 1;
    }
    for (const page of await pdfLayout(bytes)) {
      for (const item of page.items) {
        expect(item.x).toBeGreaterThanOrEqual(MARGIN - 0.5);
        expect(item.x + item.width).toBeLessThanOrEqual(A4.width - MARGIN + 0.5);
      }
    }
  });

  it('repeats the header row on every page a table runs over, never splits a row, and numbers the pages', async () => {
    const rows = Array.from({ length: 80 }, (_, index) => [`Wiersz ${index + 1}`, `Opis pozycji numer ${index + 1}`]);
    const { bytes, pages } = await renderDocument(
      documentOf([{ kind: 'table', columns: [{ width: 120 }, { width: '*' }], header: ['Towar', 'Opis'], rows }], {
        header: [text('Cennik skupu', { font: 'bold' })],
        footer: [text('Strona {page} z {pages}', { align: 'right', size: 8 })],
      }),
    );
    expect(pages).toBeGreaterThanOrEqual(2);
    const layout = await pdfLayout(bytes);
    expect(layout).toHaveLength(pages);
    let next = 1;
    layout.forEach((page, index) => {
      const texts = page.items.map((item) => item.text);
      expect(texts).toContain('Cennik skupu');
      expect(texts).toContain(`Strona ${index + 1} z ${pages}`);
      expect(texts.filter((value) => value === 'Towar')).toHaveLength(1);
      const header = page.items.find((item) => item.text === 'Cennik skupu')!;
      const footer = page.items.find((item) => item.text.startsWith('Strona'))!;
      // Row labels continue page after page, each with its own description on the same page, between the bands.
      for (const item of page.items.filter((candidate) => candidate.text.startsWith('Wiersz'))) {
        expect(item.text).toBe(`Wiersz ${next}`);
        expect(texts).toContain(`Opis pozycji numer ${next}`);
        expect(item.y).toBeLessThan(header.y);
        expect(item.y).toBeGreaterThan(footer.y);
        next += 1;
      }
    });
    expect(next).toBe(81);
  });

  it('keeps a columns block side by side, each column wrapped in its own width', async () => {
    const name = longWord('Firma');
    const { bytes } = await renderDocument(
      documentOf([
        {
          kind: 'columns',
          gap: 14,
          columns: [
            { width: '*', blocks: [text(name, { font: 'bold', size: 12 })] },
            { width: 150, blocks: [text('Data wystawienia: 28.11.2026', { size: 9, align: 'right' })] },
          ],
        },
      ]),
    );
    const [page] = await pdfLayout(bytes);
    const date = page!.items.find((item) => item.text.startsWith('Data wystawienia'))!;
    expect(date.text).toBe('Data wystawienia: 28.11.2026');
    const nameLines = page!.items.filter((item) => item !== date);
    expect(squeezed(nameLines.map((item) => item.text).join(''))).toBe(name);
    for (const item of nameLines) expect(item.x + item.width).toBeLessThanOrEqual(date.x);
    expect(date.x + date.width).toBeCloseTo(A4.width - MARGIN, 0);
  });

  it('sets a group on the foot of the page, below what came before', async () => {
    const { bytes } = await renderDocument(
      documentOf([
        text('Treść dokumentu'),
        { kind: 'group', atPageBottom: true, blocks: [{ kind: 'rule' }, text('Podpis')] },
      ]),
    );
    const [page] = await pdfLayout(bytes);
    const signature = page!.items.find((item) => item.text === 'Podpis')!;
    expect(signature.y).toBeGreaterThan(MARGIN);
    expect(signature.y).toBeLessThan(MARGIN + 15);
  });
});

describe('renderDocument: fonts, glyphs and images', () => {
  it('embeds DejaVu Sans regular and bold as subsets of the glyphs used', async () => {
    const { bytes } = await renderDocument(documentOf([text('Zażółć gęślą jaźń'), text('ŻÓŁW', { font: 'bold' })]));
    const source = Buffer.from(bytes).toString('latin1');
    expect(source).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(source).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\b/);
    // The whole fonts are 1,4 MB; their subsets of a few letters a few kilobytes.
    expect(bytes.byteLength).toBeLessThan(40_000);
    expect((await pdfText(bytes)).text).toContain('Zażółć gęślą jaźń');
  });

  it('never draws a box for a missing glyph: CJK and emoji the font lacks come out as a question mark', async () => {
    const { bytes } = await renderDocument(
      documentOf([
        text('Odbiorca: 北京粮食 sp. z o.o. 👍🏽'),
        { kind: 'table', columns: [{ width: '*' }], header: ['Uwagi 👨‍👩‍👧'], rows: [['Ładunek 小麦 ✓']] },
      ]),
    );
    const { text: read } = await pdfText(bytes);
    expect(read).toContain('Odbiorca: ???? sp. z o.o. ?');
    expect(read).toContain('Uwagi ?');
    expect(read).toContain('Ładunek ?? ✓');
    const { regular } = pdfFonts();
    for (const char of read) expect(/\s/.test(char) || regular.hasGlyph(char.codePointAt(0)!), char).toBe(true);
  });

  it('draws a PNG (a QR code) scaled to its box, and skips or refuses an unreadable image as told', async () => {
    const png = checkerPng(21);
    const { bytes } = await renderDocument(
      documentOf([{ kind: 'image', data: png, width: 100, height: 100, align: 'right' }, text('Pod kodem')]),
    );
    expect(await imageSizes(bytes)).toEqual([{ width: 100, height: 100 }]);

    const broken = new Uint8Array([1, 2, 3, 4]);
    const skipped = await renderDocument(
      documentOf([{ kind: 'image', data: broken, width: 50, height: 50, whenUnreadable: 'skip' }, text('Bez logo')]),
    );
    expect(await imageSizes(skipped.bytes)).toEqual([]);
    expect((await pdfText(skipped.bytes)).text).toContain('Bez logo');
    await expect(
      renderDocument(documentOf([{ kind: 'image', data: broken, width: 50, height: 50 }])),
    ).rejects.toThrow();
  });
});
