import { type ContractExportRequest, companyTodayIso, contractExportFileName } from '@grain/shared';
import type { Ctx } from '../../lib/context.js';
import { exportWorkbook } from '../../lib/xlsx/export.js';
import { CONTRACT_SHEETS_MODULE } from './export-sheet.js';
import { type ContractKind, PURCHASE, SALES } from './kinds.js';
import { resolveSort } from './queries/list.js';

export { PURCHASE_EXPORT_COLUMNS, SALES_EXPORT_COLUMNS } from './export-sheet.js';

/**
 * The list's rows (search, filter and order of the list, no paging) as an .xlsx stream; the rows are read by the
 * workbook's sources (export-sheet.ts). The sort is checked here, before the export starts, so an unknown key
 * answers INVALID_SORT_PARAMS; the first batch is read before anything is sent, so a failure answers EXPORT_ERROR.
 */
async function exportContracts(ctx: Ctx, kind: ContractKind, request: ContractExportRequest, batchSize?: number) {
  resolveSort(kind.type, request.orderBy);
  return exportWorkbook(ctx, {
    workbook: { module: CONTRACT_SHEETS_MODULE, name: kind.type },
    request,
    batchSize,
    fileName: contractExportFileName(kind.type, companyTodayIso()),
  });
}

export const exportPurchaseList = (ctx: Ctx, request: ContractExportRequest, batchSize?: number) =>
  exportContracts(ctx, PURCHASE, request, batchSize);
export const exportSalesList = (ctx: Ctx, request: ContractExportRequest, batchSize?: number) =>
  exportContracts(ctx, SALES, request, batchSize);
