import {
  type ContractExportRequest,
  type ContractType,
  fromMinorUnits,
  kgToTonnes,
  type PurchaseListItem,
  type SalesListItem,
} from '@grain/shared';
import type { Db } from '../../db/client.js';
import { type Column, excelDate, excelDateTime, type WorkbookDef } from '../../lib/xlsx/sheet.js';
import type { WorkbookSources } from '../../lib/xlsx/workbook.js';
import { AGREEMENT_STATUS_PL, CONTRACT_STATUS_PL } from './labels.js';
import {
  type ContractListRow,
  contractListWhere,
  type ExportCursor,
  exportBatch,
  resolveSort,
} from './queries/list.js';
import { toPurchaseListItem, toSalesListItem } from './service/read.js';

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

/** This module, for the export worker to import the workbooks and their sources from (lib/xlsx/worker.ts). */
export const CONTRACT_SHEETS_MODULE = import.meta.url;

/** The contract lists' workbooks, by side. */
export const WORKBOOKS: Record<ContractType, WorkbookDef> = {
  PURCHASE: [{ name: 'Kontrakty', columns: PURCHASE_EXPORT_COLUMNS }],
  SALES: [{ name: 'Kontrakty', columns: SALES_EXPORT_COLUMNS }],
};

/**
 * A list's rows (search, filter and order of the list, no paging) in keyset batches, as list items. The sort was
 * checked by the caller (contracts/export.ts) before the export started.
 */
function contractRows(
  type: ContractType,
  toItem: (row: ContractListRow) => unknown,
): WorkbookSources<ContractExportRequest> {
  return (db: Db, request, batchSize) => {
    const sort = resolveSort(type, request.orderBy);
    const where = contractListWhere(type, request);
    const rows = async (cursor: ExportCursor | null) => {
      const batch = await exportBatch(db, type, where, sort, cursor, batchSize);
      return { items: batch.rows.map(toItem), next: batch.rows.length < batchSize ? null : batch.next };
    };
    return [rows];
  };
}

/** Where the workbooks' rows come from, by side. */
export const SOURCES: Record<ContractType, WorkbookSources<ContractExportRequest>> = {
  PURCHASE: contractRows('PURCHASE', toPurchaseListItem),
  SALES: contractRows('SALES', toSalesListItem),
};
