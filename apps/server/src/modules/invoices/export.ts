import { companyTodayIso, type InvoiceExportRequest, invoiceExportFileName } from '@grain/shared';
import type { Ctx } from '../../lib/context.js';
import { exportWorkbook } from '../../lib/xlsx/export.js';
import { INVOICE_SHEETS_MODULE } from './export-sheet.js';
import { invoiceExportSort } from './queries.js';

/**
 * POST /invoice/export-list-to-excel: every invoice the Faktury list's search and filter find (no paging), in its
 * order, as an .xlsx stream written by the one export worker (CONTRIBUTING.md Spreadsheet exports). The sort is
 * checked here, before the export starts, so an unknown key answers INVALID_SORT_PARAMS.
 */
export async function exportInvoiceList(ctx: Ctx, request: InvoiceExportRequest, batchSize?: number) {
  invoiceExportSort(request.orderBy);
  return exportWorkbook(ctx, {
    workbook: { module: INVOICE_SHEETS_MODULE, name: 'INVOICES' },
    request,
    batchSize,
    fileName: invoiceExportFileName(companyTodayIso()),
  });
}
