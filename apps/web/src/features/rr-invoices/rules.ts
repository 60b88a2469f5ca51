import type { TransactionRow } from '@grain/shared';

/**
 * Why these rows cannot go on one RR invoice before anything is sent, as the code the server would answer (RULES.md
 * Invoices, VAT and KSeF, VAT RR: PURCHASE rows of one flat-rate farmer, not invoiced yet); null when they can.
 */
export function rrInvoiceBlocker(rows: TransactionRow[]): string | null {
  const first = rows[0];
  if (!first) return 'VALUE_IS_MISSING';
  if (rows.some((row) => row.contractorId !== first.contractorId)) return 'INVOICE_ROWS_NOT_COMPATIBLE';
  if (rows.some((row) => row.accountingMethod !== 'RR')) return 'RR_INVOICE_SUPPLIER_NOT_RR';
  if (rows.some((row) => row.invoiceNumber !== null)) return 'INVOICE_ROW_ALREADY_INVOICED';
  return null;
}
