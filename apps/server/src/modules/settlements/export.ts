import { type TransactionExportRequest, todayIso, transactionStatementExportFileName } from '@grain/shared';
import { and, isNotNull } from 'drizzle-orm';
import { transactions } from '../../db/schema.js';
import type { Ctx } from '../../lib/context.js';
import { EXPORT_BATCH_SIZE, exportWorkbook } from '../../lib/xlsx/export.js';
import { STATEMENT_SHEETS_MODULE, type StatementQualityLine } from './export-sheet.js';
import {
  type StatementExportCursor,
  statementExportBatch,
  statementExportSort,
  statementWhere,
} from './queries/statement.js';
import { toTransactionRow } from './service/rows.js';

/**
 * /contract/export-transaction-statement-to-excel: every row the statement's search and filter find (no paging),
 * in the list's order, then the quality lines of those settled by lab results, as an .xlsx stream.
 */
export function exportTransactionStatement(ctx: Ctx, request: TransactionExportRequest, batchSize = EXPORT_BATCH_SIZE) {
  const sort = statementExportSort(request.orderBy);
  const where = statementWhere(request);
  const withLines = and(where, isNotNull(transactions.qualitySettlement));
  const readRows = async (condition: typeof where, cursor: StatementExportCursor | null) => {
    const batch = await statementExportBatch(ctx.db, condition, sort, cursor, batchSize);
    return { rows: batch.rows.map(toTransactionRow), next: batch.next };
  };
  const statementRows = async (cursor: StatementExportCursor | null) => {
    const { rows, next } = await readRows(where, cursor);
    return { items: rows, next };
  };
  const qualityLines = async (cursor: StatementExportCursor | null) => {
    const { rows, next } = await readRows(withLines, cursor);
    const items: StatementQualityLine[] = rows.flatMap((row) =>
      (row.qualitySettlement?.lines ?? []).map((line) => ({ transactionId: row.id, currency: row.currency, line })),
    );
    return { items, next };
  };
  return exportWorkbook(ctx, {
    workbook: { module: STATEMENT_SHEETS_MODULE, name: 'STATEMENT' },
    sources: [statementRows, qualityLines],
    fileName: transactionStatementExportFileName(todayIso()),
  });
}
