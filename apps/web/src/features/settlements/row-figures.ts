import {
  currentPlnValue,
  effectiveQuantityKg as effectiveKg,
  type TransactionRow,
  valueAfterDeductions,
} from '@grain/shared';

/** spec/1 Transaction statement: quality, quantity, price and value each as final, real and planned. */
export const LINE_KINDS = ['final', 'real', 'planned'] as const;
export type LineKind = (typeof LINE_KINDS)[number];
export type Lines<T> = Record<LineKind, T | null>;

export const qualityLines = (row: TransactionRow): Lines<string> => ({
  final: row.finalQualityTitle,
  real: row.realQualityTitle,
  planned: row.plannedQualityTitle,
});

export const quantityLines = (row: TransactionRow): Lines<number> => ({
  final: row.finalQuantity,
  real: row.realQuantity,
  planned: row.plannedQuantity,
});

export const priceLines = (row: TransactionRow): Lines<number> => ({
  final: row.finalPrice,
  real: row.realPrice,
  planned: row.plannedPrice,
});

/** The real line is what settling writes by default: less deductions, plus surcharges (as the settle form shows). */
export const valueLines = (row: TransactionRow): Lines<number> => ({
  final: row.finalValue,
  real: row.realValue === null ? null : valueAfterDeductions({ ...row, value: row.realValue }),
  planned: row.plannedValue,
});

/** The line that counts now: final once settled, else real once unloaded, else planned (null when none is known). */
export function currentLine<T>(lines: Lines<T>): LineKind | null {
  return LINE_KINDS.find((kind) => lines[kind] !== null && lines[kind] !== undefined) ?? null;
}

/**
 * The PLN value column: the server's figure; should it be missing while the rate is known, the shared rule
 * (packages/shared/src/rules/settlements.ts currentPlnValue). Null (shown empty) while an EUR/USD rate is unknown.
 */
export function plnValueOf(row: TransactionRow): number | null {
  return row.plnValue ?? currentPlnValue(row);
}

/** What an unsettled row stands for (the shared rule, on the row's wire names). */
export function effectiveQuantityKg(row: Pick<TransactionRow, 'realQuantity' | 'plannedQuantity'>): number {
  return effectiveKg({ realQuantityKg: row.realQuantity, plannedQuantityKg: row.plannedQuantity });
}

export const ROW_ACTIONS = ['invoice', 'settle', 'split', 'move'] as const;
export type RowAction = (typeof ROW_ACTIONS)[number];
export type ActionBlocker = 'settled' | 'transportMove' | 'tooSmall';

/**
 * Why a row's action is not offered (RULES.md Settlements): everything needs TO_SETTLEMENT; only PURCHASE and
 * SALES rows have a contract to move to; a split needs at least 2 kg so both parts keep one.
 */
export function actionBlocker(row: TransactionRow, action: RowAction): ActionBlocker | null {
  if (row.status !== 'TO_SETTLEMENT') return 'settled';
  if (action === 'move' && row.type === 'TRANSPORT') return 'transportMove';
  if (action === 'split' && effectiveQuantityKg(row) < 2) return 'tooSmall';
  return null;
}

/** Settling needs the invoice number and date (INVOICE_DATA_INCOMPLETE): the settle modal says so first. */
export function hasInvoiceData(row: Pick<TransactionRow, 'invoiceNumber' | 'invoiceDate'>): boolean {
  return Boolean(row.invoiceNumber && row.invoiceDate);
}
