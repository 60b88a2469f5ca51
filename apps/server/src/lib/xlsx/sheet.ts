import type { Writable } from 'node:stream';
import { MONEY_DECIMALS, TONNE_DECIMALS } from '@grain/shared';
import {
  columnLetters,
  contentTypesXml,
  excelSerial,
  inlineText,
  ROOT_RELS_XML,
  SHEET_END_XML,
  sheetPath,
  sheetStartXml,
  stylesXml,
  workbookRelsXml,
  workbookXml,
} from './sheet-xml.js';
import { createZipWriter } from './zip.js';

/**
 * The .xlsx exports' sheets: columns of one item type, written row by row as SpreadsheetML into a
 * streaming zip (sheet-xml.ts, zip.ts), so written rows leave memory. Runs in the export worker thread
 * (worker.ts), off the server's event loop.
 */
export type CellValue = string | number | Date | null;
export type Format = 'text' | 'integer' | 'decimal' | 'tonnes' | 'money' | 'date' | 'dateTime';
export interface Column<T> {
  header: string;
  width: number;
  format: Format;
  value: (item: T) => CellValue;
}
export interface SheetDef<T> {
  name: string;
  columns: Column<T>[];
}
/** A workbook's sheets, written one after the other (the streaming writer finishes a sheet before the next). */
// biome-ignore lint/suspicious/noExplicitAny: each sheet has its own item type; the worker only passes items on.
export type WorkbookDef = readonly SheetDef<any>[];

/** Grouped thousands and `decimals` places: the spreadsheet shows them with the reader's separators. */
const grouped = (decimals: number) => `#,##0.${'0'.repeat(decimals)}`;

/**
 * Cells keep numbers; their number formats show tonnes and money with the decimals the screens use (units.ts).
 * Text cells are strings in the Text number format ('@'): Excel shows them as typed and never evaluates them,
 * so user text such as "=1+1" cannot become a formula.
 */
const NUM_FMT: Record<Format, string> = {
  text: '@',
  integer: '0',
  decimal: '#,##0.00',
  tonnes: grouped(TONNE_DECIMALS),
  money: grouped(MONEY_DECIMALS),
  date: 'dd.mm.yyyy',
  dateTime: 'dd.mm.yyyy hh:mm',
};

/** A YYYY-MM-DD day as the spreadsheet date of that day. */
export const excelDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

const warsawClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Warsaw',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Poland's offset from UTC by UTC hour: it changes only on whole hours, and asking Intl costs microseconds. */
const warsawOffsets = new Map<number, number>();

function warsawOffsetMs(hour: number): number {
  let offset = warsawOffsets.get(hour);
  if (offset === undefined) {
    const at = hour * HOUR_MS;
    const parts = Object.fromEntries(warsawClock.formatToParts(at).map((part) => [part.type, part.value]));
    const wallClock = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
    );
    offset = wallClock - at;
    // An export spans a few thousand hours at most; the bound only keeps a long-lived worker small.
    if (warsawOffsets.size >= 100_000) warsawOffsets.clear();
    warsawOffsets.set(hour, offset);
  }
  return offset;
}

/** A timestamp as the wall-clock time in Poland to the minute (spreadsheet dates carry no time zone). */
export function excelDateTime(iso: string): Date {
  const at = Date.parse(iso);
  const wallClock = at + warsawOffsetMs(Math.floor(at / HOUR_MS));
  return new Date(Math.floor(wallClock / MINUTE_MS) * MINUTE_MS);
}

/** Each format's cell style in styles.xml: 0 is the default, 1 the bold header (sheet-xml.ts `stylesXml`). */
const FORMATS = Object.keys(NUM_FMT) as Format[];
const STYLE_OF = Object.fromEntries(FORMATS.map((format, index) => [format, index + 2])) as Record<Format, number>;
const HEADER_STYLE = 1;

/** One cell's XML; nothing for an empty cell (its column's style still formats whatever is typed there later). */
function cellXml(ref: string, style: string, value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return `<c r="${ref}"${style} t="inlineStr">${inlineText(value)}</c>`;
  const number = typeof value === 'number' ? value : excelSerial(value);
  return Number.isFinite(number) ? `<c r="${ref}"${style}><v>${number}</v></c>` : '';
}

/**
 * The workbook written into `stream`. Items go to sheet `index`; sheets must be fed in order: feeding a later
 * sheet closes the earlier ones (a zip entry is written whole before the next one starts).
 */
export function createWorkbookWriter(stream: Writable, sheets: WorkbookDef) {
  const zip = createZipWriter(stream);
  const fixedParts: [string, string][] = [
    ['[Content_Types].xml', contentTypesXml(sheets.length)],
    ['_rels/.rels', ROOT_RELS_XML],
    ['xl/workbook.xml', workbookXml(sheets.map((sheet) => sheet.name))],
    ['xl/_rels/workbook.xml.rels', workbookRelsXml(sheets.length)],
    ['xl/styles.xml', stylesXml(FORMATS.map((format) => NUM_FMT[format]))],
  ];
  for (const [name, xml] of fixedParts) {
    zip.open(name);
    zip.write(xml);
    zip.close();
  }
  let current = -1;
  let rowNumber = 0;
  let letters: string[] = [];
  let styles: string[] = [];
  const openUpTo = (index: number) => {
    while (current < index) {
      if (current >= 0) {
        zip.write(SHEET_END_XML);
        zip.close();
      }
      current += 1;
      const { columns } = sheets[current]!;
      letters = columns.map((_, column) => columnLetters(column));
      styles = columns.map((column) => ` s="${STYLE_OF[column.format]}"`);
      zip.open(sheetPath(current));
      zip.write(
        sheetStartXml(
          columns.map((column) => ({ width: column.width, style: STYLE_OF[column.format] })),
          current === 0,
        ),
      );
      const header = columns.map((column, n) => cellXml(`${letters[n]}1`, ` s="${HEADER_STYLE}"`, column.header));
      zip.write(`<row r="1">${header.join('')}</row>`);
      rowNumber = 1;
    }
  };
  return {
    addItems(index: number, items: unknown[]) {
      if (index < current) throw new Error(`sheet ${index} is already written`);
      openUpTo(index);
      const { columns } = sheets[index]!;
      for (const item of items) {
        rowNumber += 1;
        let xml = `<row r="${rowNumber}">`;
        for (let n = 0; n < columns.length; n++) {
          xml += cellXml(letters[n]! + rowNumber, styles[n]!, columns[n]!.value(item));
        }
        zip.write(`${xml}</row>`);
      }
    },
    async finish() {
      // Every sheet gets written, an empty one with its header row.
      openUpTo(sheets.length - 1);
      zip.write(SHEET_END_XML);
      zip.close();
      await zip.finish();
    },
  };
}
