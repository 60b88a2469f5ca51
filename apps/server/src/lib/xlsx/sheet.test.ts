import { Writable } from 'node:stream';
import { gzipSync, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Column, createWorkbookWriter, excelDate, excelDateTime, type WorkbookDef } from './sheet.js';
import { crc32 } from './zip.js';

interface Item {
  text: string | null;
  quantity: number | null;
  day: string | null;
}
interface Line {
  id: number;
  at: string;
}

const ITEM_COLUMNS: Column<Item>[] = [
  { header: 'Tekst <&>', width: 30, format: 'text', value: (item) => item.text },
  { header: 'Ilość [t]', width: 12, format: 'tonnes', value: (item) => item.quantity },
  { header: 'Dzień', width: 12, format: 'date', value: (item) => (item.day === null ? null : excelDate(item.day)) },
];
const LINE_COLUMNS: Column<Line>[] = [
  { header: 'ID', width: 8, format: 'integer', value: (line) => line.id },
  { header: 'Kiedy', width: 17, format: 'dateTime', value: (line) => excelDateTime(line.at) },
];
const WORKBOOK: WorkbookDef = [
  { name: 'Pozycje', columns: ITEM_COLUMNS },
  { name: 'Linie & "inne"', columns: LINE_COLUMNS },
];

/** The whole file a writer produces, from the chunks it writes. */
async function written(sheets: WorkbookDef, feed: (writer: ReturnType<typeof createWorkbookWriter>) => void) {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const writer = createWorkbookWriter(out, sheets);
  feed(writer);
  await writer.finish();
  return { file: Buffer.concat(chunks), chunks };
}

async function read(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  return workbook;
}

/** Each entry of the zip, by its central directory: the stored CRC-32 and sizes and the inflated data. */
function zipEntries(file: Buffer) {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const entries = [];
  for (let n = 0; n < count; n++) {
    expect(file.readUInt32LE(at)).toBe(0x02014b50);
    const flags = file.readUInt16LE(at + 8);
    const crc = file.readUInt32LE(at + 16);
    const compressedSize = file.readUInt32LE(at + 20);
    const size = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const localAt = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    expect(file.readUInt32LE(localAt)).toBe(0x04034b50);
    const dataAt = localAt + 30 + file.readUInt16LE(localAt + 26) + file.readUInt16LE(localAt + 28);
    const descriptorAt = dataAt + compressedSize;
    entries.push({
      name,
      flags,
      crc,
      size,
      data: inflateRawSync(file.subarray(dataAt, descriptorAt)),
      descriptor: {
        signature: file.readUInt32LE(descriptorAt),
        crc: file.readUInt32LE(descriptorAt + 4),
        compressedSize: file.readUInt32LE(descriptorAt + 8),
        size: file.readUInt32LE(descriptorAt + 12),
      },
      compressedSize,
    });
  }
  return entries;
}

/** zlib's own CRC-32 of `data`: a gzip member ends with it. */
const zlibCrc = (data: Buffer) => gzipSync(data).readUInt32LE(gzipSync(data).length - 8);

const ITEMS: Item[] = [
  { text: 'a < b && c > "d" \'e\'', quantity: 100.5, day: '2026-03-01' },
  { text: '=1+1', quantity: 0, day: null },
  { text: 'bell\u0007, null\u0000 and escape\u001b', quantity: -2.25, day: '2026-12-31' },
  { text: null, quantity: null, day: '2024-02-29' },
  { text: '  spaces kept \nsecond line\ttab ', quantity: 1234567.891, day: '1999-01-01' },
  { text: 'Zażółć gęślą jaźń 😀', quantity: 12, day: '2026-01-01' },
  { text: 'literal _x0041_ stays', quantity: 1, day: '2026-01-02' },
  { text: '', quantity: 3, day: '2026-01-03' },
];
const LINES: Line[] = [
  { id: 1, at: '2026-07-01T10:15:30Z' },
  { id: 2, at: '2026-01-15T23:30:00Z' },
];

describe('createWorkbookWriter', () => {
  it('writes every sheet with typed cells that exceljs reads back as written', async () => {
    const { file } = await written(WORKBOOK, (writer) => {
      writer.addItems(0, ITEMS.slice(0, 3));
      writer.addItems(0, ITEMS.slice(3));
      writer.addItems(1, LINES);
    });
    const workbook = await read(file);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Pozycje', 'Linie & "inne"']);
    const [items, lines] = workbook.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];

    expect(items.getRow(1).values).toEqual([undefined, 'Tekst <&>', 'Ilość [t]', 'Dzień']);
    expect(items.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(items.views).toMatchObject([{ state: 'frozen', ySplit: 1, topLeftCell: 'A2' }]);
    expect([1, 2, 3].map((n) => items.getColumn(n).width)).toEqual([30, 12, 12]);
    expect(items.rowCount).toBe(ITEMS.length + 1);

    const cells = ITEMS.map((_, index) => items.getRow(index + 2));
    expect(cells[0]!.getCell(1).value).toBe('a < b && c > "d" \'e\'');
    const formulaLike = cells[1]!.getCell(1);
    expect(formulaLike.type).toBe(ExcelJS.ValueType.String);
    expect(formulaLike.value).toBe('=1+1');
    expect(formulaLike.formula).toBeUndefined();
    expect(formulaLike.numFmt).toBe('@');
    // Characters XML cannot hold are written as Excel writes them (Excel shows the character; exceljs does not decode).
    expect(cells[2]!.getCell(1).value).toBe('bell_x0007_, null_x0000_ and escape_x001B_');
    expect(cells[3]!.getCell(1).value).toBeNull();
    expect(cells[4]!.getCell(1).value).toBe('  spaces kept \nsecond line\ttab ');
    expect(cells[5]!.getCell(1).value).toBe('Zażółć gęślą jaźń 😀');
    expect(cells[6]!.getCell(1).value).toBe('literal _x005F_x0041_ stays');

    expect(cells.map((row) => row.getCell(2).value)).toEqual([100.5, 0, -2.25, null, 1234567.891, 12, 1, 3]);
    expect(cells[0]!.getCell(2).type).toBe(ExcelJS.ValueType.Number);
    expect(cells[0]!.getCell(2).numFmt).toBe('#,##0.000');
    expect(cells.map((row) => row.getCell(3).value)).toEqual(
      ITEMS.map((item) => (item.day === null ? null : new Date(`${item.day}T00:00:00Z`))),
    );
    expect(cells[0]!.getCell(3).numFmt).toBe('dd.mm.yyyy');

    expect(lines.getRow(1).values).toEqual([undefined, 'ID', 'Kiedy']);
    expect(lines.getCell('A2').numFmt).toBe('0');
    expect(lines.getCell('A3').value).toBe(2);
    // Wall-clock time in Poland: summer time in July, winter time in January (past midnight there).
    expect(lines.getCell('B2').value).toEqual(new Date(Date.UTC(2026, 6, 1, 12, 15)));
    expect(lines.getCell('B3').value).toEqual(new Date(Date.UTC(2026, 0, 16, 0, 30)));
    expect(lines.getCell('B3').numFmt).toBe('dd.mm.yyyy hh:mm');
  });

  it('writes a sheet that got no items with its header row only', async () => {
    const { file } = await written(WORKBOOK, (writer) => writer.addItems(1, LINES));
    const [items, lines] = (await read(file)).worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(items.rowCount).toBe(1);
    expect(items.getRow(1).values).toEqual([undefined, 'Tekst <&>', 'Ilość [t]', 'Dzień']);
    expect(lines.rowCount).toBe(LINES.length + 1);
  });

  it('refuses items of a sheet that is already written', async () => {
    const { file } = await written(WORKBOOK, (writer) => {
      writer.addItems(1, LINES);
      expect(() => writer.addItems(0, ITEMS)).toThrow('sheet 0 is already written');
    });
    expect((await read(file)).worksheets[0]!.rowCount).toBe(1);
  });

  it('zips entries whose CRC-32 and sizes match their data, across many deflate chunks, in large writes', async () => {
    const many: Item[] = Array.from({ length: 6000 }, (_, n) => ({
      text: `${n} ${'x'.repeat(n % 200)} ż`,
      quantity: n / 1000,
      day: '2026-05-05',
    }));
    // One cell longer than a deflate chunk on its own.
    many[10]!.text = 'ż'.repeat(150_000);
    const { file, chunks } = await written(WORKBOOK, (writer) => {
      for (let start = 0; start < many.length; start += 1000) writer.addItems(0, many.slice(start, start + 1000));
    });
    // Few, large messages out of the worker thread.
    expect(chunks.length).toBeLessThan(file.length / (64 * 1024) + 2);

    const entries = zipEntries(file);
    expect(entries.map((entry) => entry.name)).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
    ]);
    for (const entry of entries) {
      expect(entry.flags & 0x0008, entry.name).toBe(0x0008);
      expect(entry.crc, entry.name).toBe(zlibCrc(entry.data));
      expect(entry.size, entry.name).toBe(entry.data.length);
      expect(entry.descriptor).toEqual({
        signature: 0x08074b50,
        crc: entry.crc,
        compressedSize: entry.compressedSize,
        size: entry.size,
      });
    }
    const sheet = entries[5]!.data.toString('utf8');
    expect(sheet.length).toBeGreaterThan(1024 * 1024);

    const [items] = (await read(file)).worksheets as [ExcelJS.Worksheet];
    expect(items.rowCount).toBe(many.length + 1);
    expect(items.getCell('A6001').value).toBe(many[5999]!.text);
    expect(items.getCell('A12').value).toBe(many[10]!.text);
    expect(items.getCell('B6001').value).toBe(5.999);
  });
});

describe('crc32', () => {
  it('is the CRC-32 of zip and zlib, also when continued over parts', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
    const data = Buffer.from(Array.from({ length: 100_003 }, (_, n) => (n * 7919) % 251));
    expect(crc32(data)).toBe(zlibCrc(data));
    expect(crc32(data.subarray(33_333), crc32(data.subarray(0, 33_333)))).toBe(zlibCrc(data));
  });
});
