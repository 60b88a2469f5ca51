import { companyTodayIso, type TransactionExportRequest, transactionStatementExportFileName } from '@grain/shared';
import type { Ctx } from '../../lib/context.js';
import { exportWorkbook } from '../../lib/xlsx/export.js';
import { STATEMENT_SHEETS_MODULE } from './export-sheet.js';
import { statementExportSort } from './queries/statement.js';

/**
 * /contract/export-transaction-statement-to-excel: every row the statement's search and filter find (no paging),
 * in the list's order, then the quality lines of those settled by lab results, as an .xlsx stream; the rows are
 * read by the workbook's sources (export-sheet.ts). The sort is checked here, before the export starts, so an
 * unknown key answers INVALID_SORT_PARAMS.
 */
export async function exportTransactionStatement(ctx: Ctx, request: TransactionExportRequest, batchSize?: number) {
  statementExportSort(request.orderBy);
  return exportWorkbook(ctx, {
    workbook: { module: STATEMENT_SHEETS_MODULE, name: 'STATEMENT' },
    request,
    batchSize,
    fileName: transactionStatementExportFileName(companyTodayIso()),
  });
}
