import {
  fromMinorUnits,
  type Invoice,
  type InvoiceExportRequest,
  type InvoiceStatus,
  RATE_SCALE,
  type SalesInvoiceKind,
} from '@grain/shared';
import type { Db } from '../../db/client.js';
import { type Column, excelDate, excelDateTime, type WorkbookDef } from '../../lib/xlsx/sheet.js';
import type { WorkbookSources } from '../../lib/xlsx/workbook.js';
import { type InvoiceExportCursor, invoiceExportBatch, invoiceExportSort, invoiceListWhere } from './queries.js';

/** The Faktury list's sheet: an invoice per row, as the list shows it, with its KSeF state. */

const STATUS_PL: Record<InvoiceStatus, string> = {
  ISSUED: 'Wystawiona',
  QUEUED: 'W kolejce do KSeF',
  SENT: 'Wysłana',
  ACCEPTED: 'Przyjęta',
  REJECTED: 'Odrzucona',
  OFFLINE: 'Offline',
};
const KIND_PL: Record<SalesInvoiceKind, string> = { VAT: 'Faktura VAT', KOR: 'Faktura korygująca' };

const money = (minor: number) => fromMinorUnits(minor);
const day = (iso: string | null) => (iso === null ? null : excelDate(iso));

export const INVOICE_EXPORT_COLUMNS: Column<Invoice>[] = [
  { header: 'Numer', width: 18, format: 'text', value: (row) => row.number },
  { header: 'Rodzaj', width: 18, format: 'text', value: (row) => KIND_PL[row.kind] },
  { header: 'Status', width: 16, format: 'text', value: (row) => STATUS_PL[row.status] },
  { header: 'Data wystawienia', width: 12, format: 'date', value: (row) => day(row.issueDate) },
  { header: 'Data sprzedaży', width: 12, format: 'date', value: (row) => day(row.saleDate ?? row.saleDateTo) },
  { header: 'Sprzedaż od', width: 12, format: 'date', value: (row) => day(row.saleDateFrom) },
  { header: 'Termin płatności', width: 12, format: 'date', value: (row) => day(row.dueDate) },
  { header: 'Nabywca', width: 32, format: 'text', value: (row) => row.buyerName },
  { header: 'NIP', width: 12, format: 'text', value: (row) => row.buyerNip },
  { header: 'Netto', width: 14, format: 'money', value: (row) => money(row.netTotal) },
  { header: 'VAT', width: 14, format: 'money', value: (row) => money(row.vatTotal) },
  { header: 'Brutto', width: 14, format: 'money', value: (row) => money(row.grossTotal) },
  { header: 'Waluta', width: 8, format: 'text', value: (row) => row.currency },
  {
    header: 'Kurs waluty',
    width: 10,
    format: 'decimal',
    value: (row) => (row.exchangeRate === null ? null : row.exchangeRate / RATE_SCALE),
  },
  { header: 'Numer KSeF', width: 38, format: 'text', value: (row) => row.ksefNumber },
  { header: 'Rachunek bankowy', width: 32, format: 'text', value: (row) => row.bankAccount },
  { header: 'Utworzono', width: 17, format: 'dateTime', value: (row) => excelDateTime(row.createdAt) },
];

/** This module, for the export worker to import the workbook and its sources from (lib/xlsx/worker.ts). */
export const INVOICE_SHEETS_MODULE = import.meta.url;

export const WORKBOOKS: Record<'INVOICES', WorkbookDef> = {
  INVOICES: [{ name: 'Faktury', columns: INVOICE_EXPORT_COLUMNS }],
};

/**
 * Every invoice the list's search and filter find (no paging) in the list's order, in keyset batches. The sort was
 * checked by the caller (export.ts) before the export started.
 */
const invoiceSources: WorkbookSources<InvoiceExportRequest> = (db: Db, request, batchSize) => {
  const sort = invoiceExportSort(request.orderBy);
  const where = invoiceListWhere(request);
  const rows = async (cursor: InvoiceExportCursor | null) => {
    const batch = await invoiceExportBatch(db, where, sort, cursor, batchSize);
    return { items: batch.rows, next: batch.next };
  };
  return [rows];
};

export const SOURCES: Record<'INVOICES', WorkbookSources<InvoiceExportRequest>> = { INVOICES: invoiceSources };
