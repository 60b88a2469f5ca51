import { type ContractExportRequest, contractExportFileName, todayIso } from '@grain/shared';
import type { Ctx } from '../../lib/context.js';
import { EXPORT_BATCH_SIZE, exportWorkbook } from '../../lib/xlsx/export.js';
import { CONTRACT_SHEETS_MODULE } from './export-sheet.js';
import { type ContractKind, PURCHASE, SALES } from './kinds.js';
import {
  type ContractListRow,
  contractListWhere,
  type ExportCursor,
  exportBatch,
  resolveSort,
} from './queries/list.js';
import { toPurchaseListItem, toSalesListItem } from './service/read.js';

export { PURCHASE_EXPORT_COLUMNS, SALES_EXPORT_COLUMNS } from './export-sheet.js';

/**
 * The list's rows (search, filter and order of the list, no paging) as an .xlsx stream. The sort is checked and
 * the first batch read before anything is sent, so those failures still answer with an error code.
 */
async function exportContracts(
  ctx: Ctx,
  kind: ContractKind,
  request: ContractExportRequest,
  toItem: (row: ContractListRow) => unknown,
  batchSize: number,
) {
  const sort = resolveSort(kind.type, request.orderBy);
  const where = contractListWhere(kind.type, request);
  const rows = async (cursor: ExportCursor | null) => {
    const batch = await exportBatch(ctx.db, kind.type, where, sort, cursor, batchSize);
    return { items: batch.rows.map(toItem), next: batch.rows.length < batchSize ? null : batch.next };
  };
  return exportWorkbook(ctx, {
    workbook: { module: CONTRACT_SHEETS_MODULE, name: kind.type },
    sources: [rows],
    fileName: contractExportFileName(kind.type, todayIso()),
  });
}

export const exportPurchaseList = (ctx: Ctx, request: ContractExportRequest, batchSize = EXPORT_BATCH_SIZE) =>
  exportContracts(ctx, PURCHASE, request, toPurchaseListItem, batchSize);
export const exportSalesList = (ctx: Ctx, request: ContractExportRequest, batchSize = EXPORT_BATCH_SIZE) =>
  exportContracts(ctx, SALES, request, toSalesListItem, batchSize);
