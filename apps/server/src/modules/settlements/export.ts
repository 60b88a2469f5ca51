import {
  parseOrderBy,
  type TransactionExportRequest,
  todayIso,
  transactionStatementExportFileName,
} from '@grain/shared';
import { and, isNotNull } from 'drizzle-orm';
import { transactions } from '../../db/schema.js';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { EXPORT_BATCH_SIZE, exportWorkbook } from '../../lib/xlsx/export.js';
import { STATEMENT_SHEETS_MODULE, type StatementQualityLine } from './export-sheet.js';
import { STATEMENT_SORT, statementExportBatch, statementWhere } from './queries/statement.js';
import { toTransactionRow } from './service/rows.js';

/**
 * The statement's id order of an export: the list's when it sorts by id, else the default (newest first). The
 * other sort keys are nullable copies; a keyset over them is not worth it for a file the user re-sorts anyway.
 */
function exportDirection(orderBy: string | undefined): 'asc' | 'desc' {
  const parsed = parseOrderBy(orderBy);
  if (parsed && !Object.hasOwn(STATEMENT_SORT.keys, parsed.key)) throw new AppError('INVALID_SORT_PARAMS');
  return parsed?.key === 'id' ? parsed.direction : 'desc';
}

/**
 * /contract/export-transaction-statement-to-excel: every row the statement's search and filter find (no paging),
 * then the quality lines of those settled by lab results, as an .xlsx stream.
 */
export function exportTransactionStatement(ctx: Ctx, request: TransactionExportRequest, batchSize = EXPORT_BATCH_SIZE) {
  const direction = exportDirection(request.orderBy);
  const where = statementWhere(request);
  const withLines = and(where, isNotNull(transactions.qualitySettlement));
  const readRows = async (condition: typeof where, afterId: number | null) => {
    const rows = await statementExportBatch(ctx.db, condition, direction, afterId, batchSize);
    return { rows: rows.map(toTransactionRow), next: rows.length < batchSize ? null : rows.at(-1)!.id };
  };
  const statementRows = async (afterId: number | null) => {
    const { rows, next } = await readRows(where, afterId);
    return { items: rows, next };
  };
  const qualityLines = async (afterId: number | null) => {
    const { rows, next } = await readRows(withLines, afterId);
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
