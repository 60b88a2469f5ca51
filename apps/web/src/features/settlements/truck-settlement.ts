import type { TransactionRow } from '@grain/shared';
import type { BulkDialogKind, BulkDialogStep } from './components/bulk-dialog';
import { issueInvoiceBlocker } from './issue-invoice-form';
import { hasInvoiceData } from './row-figures';

export type TruckStep = BulkDialogKind;

const isOpen = (row: TransactionRow) => row.status === 'TO_SETTLEMENT';

/**
 * Which of a truck's rows each step works on (RULES.md Settlements): invoices are typed for open rows without one,
 * every open row is settled, the sales invoice is issued of the SALES rows not invoiced yet.
 */
export function truckRowsFor(step: TruckStep, rows: TransactionRow[]): TransactionRow[] {
  if (step === 'invoice') return rows.filter((row) => isOpen(row) && !hasInvoiceData(row));
  if (step === 'settle') return rows.filter(isOpen);
  if (step === 'issue') return rows.filter((row) => row.type === 'SALES' && row.invoiceNumber === null);
  return [];
}

/** What the truck's details offer: settling opens the invoices first while one is missing. */
export function truckSteps(rows: TransactionRow[]) {
  const toSettle = truckRowsFor('settle', rows);
  const toIssue = truckRowsFor('issue', rows);
  const settleStep: BulkDialogStep =
    truckRowsFor('invoice', rows).length > 0 ? { kind: 'invoice', thenSettle: true } : { kind: 'settle' };
  return {
    canSettle: toSettle.length > 0,
    canIssue: toIssue.length > 0 && issueInvoiceBlocker(toIssue) === null,
    settleStep,
    isAllSettled: rows.length > 0 && toSettle.length === 0,
  };
}
