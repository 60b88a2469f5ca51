import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import {
  type ContractExportRequest,
  contractExportFileName,
  fromMinorUnits,
  kgToTonnes,
  type PurchaseListItem,
  type SalesListItem,
  todayIso,
} from '@grain/shared';
import ExcelJS from 'exceljs';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { type ContractKind, PURCHASE, SALES } from './kinds.js';
import { AGREEMENT_STATUS_PL, CONTRACT_STATUS_PL } from './labels.js';
import {
  type ContractListRow,
  contractListWhere,
  type ExportCursor,
  exportBatch,
  resolveSort,
} from './queries/list.js';
import { toPurchaseListItem, toSalesListItem } from './service/read.js';

/** Rows read per query while the file streams (keyset paging), so a 100 000-row export never sits in memory. */
export const EXPORT_BATCH_SIZE = 1000;

type CellValue = string | number | Date | null;
type Format = 'text' | 'tonnes' | 'money' | 'date' | 'dateTime';
interface Column<T> {
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

type Batch = Awaited<ReturnType<typeof exportBatch>>;

/** Writes the workbook batch by batch into the stream, waiting whenever the reader falls behind. */
async function writeWorkbook<T>(
  stream: PassThrough,
  columns: Column<T>[],
  toItem: (row: ContractListRow) => T,
  first: Batch,
  nextBatch: (cursor: ExportCursor) => Promise<Batch>,
  batchSize: number,
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Kontrakty', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width,
    style: { numFmt: NUM_FMT[column.format] },
  }));
  sheet.getRow(1).font = { bold: true };
  let batch = first;
  for (;;) {
    for (const row of batch.rows) {
      const item = toItem(row);
      sheet.addRow(columns.map((column) => column.value(item))).commit();
    }
    if (batch.rows.length < batchSize || !batch.next) break;
    while (stream.writableNeedDrain) await once(stream, 'drain');
    batch = await nextBatch(batch.next);
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * The list's rows (search, filter and order of the list, no paging) as an .xlsx stream. The sort is checked and
 * the first batch read before anything is sent, so those failures still answer with an error code.
 */
async function exportContracts<T>(
  ctx: Ctx,
  kind: ContractKind,
  request: ContractExportRequest,
  columns: Column<T>[],
  toItem: (row: ContractListRow) => T,
  batchSize: number,
) {
  const sort = resolveSort(kind.type, request.orderBy);
  const where = contractListWhere(kind.type, request);
  const nextBatch = (cursor: ExportCursor | null) => exportBatch(ctx.db, kind.type, where, sort, cursor, batchSize);
  let first: Batch;
  try {
    first = await nextBatch(null);
  } catch (error) {
    ctx.log.error({ err: error }, 'contract export failed');
    throw new AppError('EXPORT_ERROR');
  }
  const stream = new PassThrough();
  writeWorkbook(stream, columns, toItem, first, nextBatch, batchSize).catch((error: unknown) => {
    // Headers are gone by now: the client sees a broken download, the log says why.
    ctx.log.error({ err: error }, 'contract export failed while streaming');
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { fileName: contractExportFileName(kind.type, todayIso()), stream };
}

export const exportPurchaseList = (ctx: Ctx, request: ContractExportRequest, batchSize = EXPORT_BATCH_SIZE) =>
  exportContracts(ctx, PURCHASE, request, PURCHASE_EXPORT_COLUMNS, toPurchaseListItem, batchSize);
export const exportSalesList = (ctx: Ctx, request: ContractExportRequest, batchSize = EXPORT_BATCH_SIZE) =>
  exportContracts(ctx, SALES, request, SALES_EXPORT_COLUMNS, toSalesListItem, batchSize);
