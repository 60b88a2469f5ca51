import {
  fromMinorUnits,
  kgToTonnes,
  QUALITY_SCALE,
  type QualityLine,
  type SettlementStatus,
  type TransactionExportRequest,
  type TransactionKind,
  type TransactionRow,
} from '@grain/shared';
import { and, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { transactions } from '../../db/schema/index.js';
import { type Column, excelDate, type WorkbookDef } from '../../lib/xlsx/sheet.js';
import type { WorkbookSources } from '../../lib/xlsx/workbook.js';
import {
  type StatementExportCursor,
  statementExportBatch,
  statementExportSort,
  statementWhere,
} from './queries/statement.js';
import { toTransactionRow } from './service/rows.js';

/** The statement's sheets: the rows, then the quality lines of the rows settled by lab results. */

const KIND_PL: Record<TransactionKind, string> = { PURCHASE: 'Zakup', SALES: 'Sprzedaż', TRANSPORT: 'Transport' };
const STATUS_PL: Record<SettlementStatus, string> = { TO_SETTLEMENT: 'Do rozliczenia', SETTLED: 'Rozliczona' };

const tonnes = (kg: number | null) => (kg === null ? null : kgToTonnes(kg));
const money = (minor: number | null) => (minor === null ? null : fromMinorUnits(minor));
const day = (iso: string | null) => (iso === null ? null : excelDate(iso));

export const STATEMENT_EXPORT_COLUMNS: Column<TransactionRow>[] = [
  { header: 'ID', width: 10, format: 'integer', value: (row) => row.id },
  { header: 'Typ', width: 11, format: 'text', value: (row) => KIND_PL[row.type] },
  { header: 'Kontrakt zakupu', width: 18, format: 'text', value: (row) => row.purchaseAgreementDocumentNumber },
  { header: 'Kontrakt sprzedaży', width: 18, format: 'text', value: (row) => row.salesAgreementDocumentNumber },
  { header: 'Status', width: 15, format: 'text', value: (row) => STATUS_PL[row.status] },
  { header: 'Kod kontrahenta', width: 14, format: 'text', value: (row) => row.contractorCode },
  { header: 'Kontrahent', width: 30, format: 'text', value: (row) => row.contractorName },
  { header: 'ID transportu', width: 12, format: 'integer', value: (row) => row.transportId },
  { header: 'Nr rejestracyjny', width: 14, format: 'text', value: (row) => row.registrationNumber },
  { header: 'Nr naczepy', width: 14, format: 'text', value: (row) => row.trailerNumber },
  { header: 'Ilość końcowa [t]', width: 14, format: 'tonnes', value: (row) => tonnes(row.finalQuantity) },
  { header: 'Ilość rzeczywista [t]', width: 14, format: 'tonnes', value: (row) => tonnes(row.realQuantity) },
  { header: 'Ilość planowana [t]', width: 14, format: 'tonnes', value: (row) => tonnes(row.plannedQuantity) },
  { header: 'Cena za tonę', width: 14, format: 'money', value: (row) => money(row.finalPrice ?? row.realPrice) },
  { header: 'Wartość', width: 14, format: 'money', value: (row) => money(row.finalValue ?? row.realValue) },
  { header: 'Nr faktury', width: 16, format: 'text', value: (row) => row.invoiceNumber },
  { header: 'Data faktury', width: 12, format: 'date', value: (row) => day(row.invoiceDate) },
  { header: 'Data rozliczenia', width: 12, format: 'date', value: (row) => day(row.paymentDate) },
  { header: 'Potrącenia', width: 12, format: 'money', value: (row) => money(row.deductions) },
  { header: 'Dopłaty', width: 12, format: 'money', value: (row) => money(row.surcharges) },
  { header: 'Waluta', width: 8, format: 'text', value: (row) => row.currency },
  { header: 'Wartość [PLN]', width: 14, format: 'money', value: (row) => money(row.plnValue) },
];

/** One quality line of a row settled by lab results, with its row. */
export interface StatementQualityLine {
  transactionId: number;
  currency: string;
  line: QualityLine;
}

const labValue = (value: number) => value / QUALITY_SCALE;

export const QUALITY_LINE_EXPORT_COLUMNS: Column<StatementQualityLine>[] = [
  { header: 'ID transakcji', width: 12, format: 'integer', value: (item) => item.transactionId },
  { header: 'Parametr', width: 20, format: 'text', value: (item) => item.line.parameter },
  { header: 'Jednostka', width: 10, format: 'text', value: (item) => item.line.unit },
  { header: 'Wynik', width: 10, format: 'decimal', value: (item) => labValue(item.line.labValue) },
  { header: 'Baza', width: 10, format: 'decimal', value: (item) => labValue(item.line.basis) },
  // The weight a line takes off the paid weight, as a negative effect.
  { header: 'Efekt [kg]', width: 12, format: 'integer', value: (item) => 0 - item.line.weightKg },
  { header: 'Zmiana ceny za tonę', width: 14, format: 'money', value: (item) => money(item.line.pricePerTonne) },
  { header: 'Efekt kwotowy', width: 14, format: 'money', value: (item) => money(item.line.amount) },
  { header: 'Waluta', width: 8, format: 'text', value: (item) => item.currency },
  { header: 'Poza limitem', width: 12, format: 'text', value: (item) => (item.line.isBeyondLimit ? 'Tak' : 'Nie') },
];

/** This module, for the export worker to import the workbook and its sources from (lib/xlsx/worker.ts). */
export const STATEMENT_SHEETS_MODULE = import.meta.url;

export const WORKBOOKS: Record<'STATEMENT', WorkbookDef> = {
  STATEMENT: [
    { name: 'Zestawienie transakcji', columns: STATEMENT_EXPORT_COLUMNS },
    { name: 'Linie jakości', columns: QUALITY_LINE_EXPORT_COLUMNS },
  ],
};

/**
 * Every row the statement's search and filter find (no paging) in the list's order, in keyset batches, then the
 * quality lines of those settled by lab results. The sort was checked by the caller (settlements/export.ts).
 */
const statementSources: WorkbookSources<TransactionExportRequest> = (db: Db, request, batchSize) => {
  const sort = statementExportSort(request.orderBy);
  const where = statementWhere(request);
  const withLines = and(where, isNotNull(transactions.qualitySettlement));
  const readRows = async (condition: typeof where, cursor: StatementExportCursor | null) => {
    const batch = await statementExportBatch(db, condition, sort, cursor, batchSize);
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
  return [statementRows, qualityLines];
};

export const SOURCES: Record<'STATEMENT', WorkbookSources<TransactionExportRequest>> = { STATEMENT: statementSources };
