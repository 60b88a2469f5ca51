import type { Writable } from 'node:stream';
import { fromMinorUnits, kgToTonnes, type PurchaseListItem, type SalesListItem } from '@grain/shared';
import ExcelJS from 'exceljs';
import { AGREEMENT_STATUS_PL, CONTRACT_STATUS_PL } from './labels.js';

type CellValue = string | number | Date | null;
type Format = 'text' | 'tonnes' | 'money' | 'date' | 'dateTime';
export interface Column<T> {
  header: string;
  width: number;
  format: Format;
  value: (item: T) => CellValue;
}

/**
 * Text cells are strings in the Text number format ('@'): Excel shows them as typed and never evaluates them,
 * so user text such as "=1+1" cannot become a formula.
 */
const NUM_FMT: Record<Format, string> = {
  text: '@',
  tonnes: '#,##0.000',
  money: '#,##0.00',
  date: 'dd.mm.yyyy',
  dateTime: 'dd.mm.yyyy hh:mm',
};

/** A YYYY-MM-DD day as the spreadsheet date of that day. */
const excelDate = (day: string) => {
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
function excelDateTime(iso: string): Date {
  const parts = Object.fromEntries(warsawClock.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return new Date(
    Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute)),
  );
}

const yesNo = (value: boolean) => (value ? 'Tak' : 'Nie');
const tonnes = (kg: number) => kgToTonnes(kg);

type CommonItem = PurchaseListItem | SalesListItem;
/** A list item of either side, as the export worker receives it. */
export type ExportItem = CommonItem;

function leadingColumns<T extends CommonItem>(): Column<T>[] {
  return [
    { header: 'Numer kontraktu', width: 18, format: 'text', value: (item) => item.documentNumber },
    { header: 'Status', width: 16, format: 'text', value: (item) => CONTRACT_STATUS_PL[item.status] },
    { header: 'Status umowy', width: 14, format: 'text', value: (item) => AGREEMENT_STATUS_PL[item.agreementStatus] },
  ];
}

function cargoColumns<T extends CommonItem>(): Column<T>[] {
  return [
    { header: 'Jakość', width: 20, format: 'text', value: (item) => item.rawMaterialQualityTitle },
    { header: 'Ilość [t]', width: 14, format: 'tonnes', value: (item) => tonnes(item.cargoQuantity) },
    { header: 'Cena za tonę', width: 14, format: 'money', value: (item) => fromMinorUnits(item.price) },
    { header: 'Waluta', width: 8, format: 'text', value: (item) => item.currency },
  ];
}

function deliveryColumns<T extends CommonItem>(): Column<T>[] {
  return [
    { header: 'Warunki dostawy', width: 10, format: 'text', value: (item) => item.freight },
    { header: 'Odbiór od', width: 12, format: 'date', value: (item) => excelDate(item.dateOfReceiptFrom) },
    { header: 'Odbiór do', width: 12, format: 'date', value: (item) => excelDate(item.dateOfReceiptTo) },
    { header: 'Adres', width: 32, format: 'text', value: (item) => item.address },
    { header: 'Certyfikat', width: 10, format: 'text', value: (item) => yesNo(item.isCert) },
    { header: 'GMP', width: 8, format: 'text', value: (item) => yesNo(item.isGmp) },
    { header: 'FOR', width: 8, format: 'text', value: (item) => yesNo(item.isFor) },
    { header: 'Zaalokowano [t]', width: 14, format: 'tonnes', value: (item) => tonnes(item.allocated) },
    { header: 'W dostawie [t]', width: 14, format: 'tonnes', value: (item) => tonnes(item.inDelivery) },
    { header: 'Dostarczono [t]', width: 14, format: 'tonnes', value: (item) => tonnes(item.delivered) },
    { header: 'Zrealizowano [t]', width: 14, format: 'tonnes', value: (item) => tonnes(item.realized) },
  ];
}

function trailingColumns<T extends CommonItem>(): Column<T>[] {
  return [
    { header: 'Handlowiec', width: 22, format: 'text', value: (item) => item.ownerName },
    { header: 'Uwagi', width: 40, format: 'text', value: (item) => item.comments },
    { header: 'Utworzono', width: 17, format: 'dateTime', value: (item) => excelDateTime(item.createdAt) },
  ];
}

export const PURCHASE_EXPORT_COLUMNS: Column<PurchaseListItem>[] = [
  ...leadingColumns(),
  { header: 'Kod dostawcy', width: 14, format: 'text', value: (item) => item.supplierCode },
  { header: 'Dostawca', width: 30, format: 'text', value: (item) => item.supplierName },
  ...cargoColumns(),
  {
    header: 'Cena minimalna',
    width: 14,
    format: 'money',
    value: (item) => (item.minPrice === null ? null : fromMinorUnits(item.minPrice)),
  },
  ...deliveryColumns(),
  { header: 'Do odbioru [t]', width: 14, format: 'tonnes', value: (item) => tonnes(item.toPickUp) },
  { header: 'Dozwolone [t]', width: 14, format: 'tonnes', value: (item) => tonnes(item.allowed) },
  ...trailingColumns(),
];

export const SALES_EXPORT_COLUMNS: Column<SalesListItem>[] = [
  ...leadingColumns(),
  { header: 'Kod odbiorcy', width: 14, format: 'text', value: (item) => item.recipientCode },
  { header: 'Odbiorca', width: 30, format: 'text', value: (item) => item.recipientName },
  ...cargoColumns(),
  ...deliveryColumns(),
  { header: 'Do dostarczenia [t]', width: 16, format: 'tonnes', value: (item) => tonnes(item.toDeliver) },
  { header: 'Do alokacji [t]', width: 14, format: 'tonnes', value: (item) => tonnes(item.toAllocate) },
  ...trailingColumns(),
];

export type ExportSide = 'PURCHASE' | 'SALES';

/**
 * The workbook of one side, written row by row into `stream` (exceljs streaming writer: committed rows leave
 * memory). Runs in the export worker thread (export-worker.ts), off the server's event loop.
 */
export function createSheetWriter(stream: Writable, side: ExportSide) {
  const columns = (side === 'PURCHASE' ? PURCHASE_EXPORT_COLUMNS : SALES_EXPORT_COLUMNS) as Column<CommonItem>[];
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Kontrakty', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width,
    style: { numFmt: NUM_FMT[column.format] },
  }));
  sheet.getRow(1).font = { bold: true };
  return {
    addItems(items: CommonItem[]) {
      for (const item of items) sheet.addRow(columns.map((column) => column.value(item))).commit();
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
