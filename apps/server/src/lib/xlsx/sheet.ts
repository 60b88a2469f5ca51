import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * The .xlsx exports' sheets (issue 15): columns of one item type, written row by row by exceljs' streaming writer
 * (committed rows leave memory). Runs in the export worker thread (worker.ts), off the server's event loop.
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

/**
 * Text cells are strings in the Text number format ('@'): Excel shows them as typed and never evaluates them,
 * so user text such as "=1+1" cannot become a formula.
 */
const NUM_FMT: Record<Format, string> = {
  text: '@',
  integer: '0',
  decimal: '#,##0.00',
  tonnes: '#,##0.000',
  money: '#,##0.00',
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

/** A timestamp as the wall-clock time in Poland (spreadsheet dates carry no time zone). */
export function excelDateTime(iso: string): Date {
  const parts = Object.fromEntries(warsawClock.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return new Date(
    Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute)),
  );
}

/**
 * The workbook written into `stream`. Items go to sheet `index`; sheets must be fed in order: feeding a later
 * sheet commits the earlier ones, so only one sheet is ever open (an open earlier sheet would hold the later
 * one's rows in memory until it is committed).
 */
export function createWorkbookWriter(stream: Writable, sheets: WorkbookDef) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  let current = -1;
  let sheet: ExcelJS.Worksheet | null = null;
  const openUpTo = (index: number) => {
    while (current < index) {
      sheet?.commit();
      current += 1;
      const def = sheets[current]!;
      sheet = workbook.addWorksheet(def.name, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = def.columns.map((column) => ({
        header: column.header,
        width: column.width,
        style: { numFmt: NUM_FMT[column.format] },
      }));
      sheet.getRow(1).font = { bold: true };
    }
  };
  return {
    addItems(index: number, items: unknown[]) {
      if (index < current) throw new Error(`sheet ${index} is already written`);
      openUpTo(index);
      const { columns } = sheets[index]!;
      for (const item of items) sheet!.addRow(columns.map((column) => column.value(item))).commit();
    },
    async finish() {
      // Every sheet gets written, an empty one with its header row.
      openUpTo(sheets.length - 1);
      sheet?.commit();
      await workbook.commit();
    },
  };
}
