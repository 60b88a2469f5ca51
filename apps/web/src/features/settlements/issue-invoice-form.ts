import type { CreateInvoiceRequest, TransactionRow } from '@grain/shared';
import { exchangeRateDateOf, invoiceTaxPoint, isoDateField, todayIso, V } from '@grain/shared';
import { z } from 'zod';

/** The dialog that issues one sales invoice (RULES.md Invoices, VAT and KSeF): issue date, optional sale date. */
export interface IssueInvoiceFormValues extends Record<string, unknown> {
  issueDate: string | null;
  /** Empty: the server takes the rows' unloading dates (one date, or their period). */
  saleDate: string | null;
}

export const issueInvoiceFormSchema = z.object({
  issueDate: isoDateField.nullable().refine((value) => value !== null, V.required),
  saleDate: isoDateField.nullable(),
});

export function issueInvoiceDefaults(today = todayIso()): IssueInvoiceFormValues {
  return { issueDate: today, saleDate: null };
}

/**
 * Why these rows cannot go on one invoice before anything is sent, as the catalogue code the server would answer
 * (RULES.md Invoices, VAT and KSeF: SALES rows of one buyer in one currency, not invoiced yet); null when they can.
 */
export function issueInvoiceBlocker(rows: TransactionRow[]): string | null {
  const first = rows[0];
  if (!first) return 'VALUE_IS_MISSING';
  if (rows.some((row) => row.contractorId !== first.contractorId || row.currency !== first.currency)) {
    return 'INVOICE_ROWS_NOT_COMPATIBLE';
  }
  if (rows.some((row) => row.invoiceNumber !== null)) return 'INVOICE_ROW_ALREADY_INVOICED';
  return null;
}

export function toCreateInvoiceRequest(rows: TransactionRow[], values: IssueInvoiceFormValues): CreateInvoiceRequest {
  return {
    transactionIds: rows.map((row) => row.id),
    ...(values.issueDate ? { issueDate: values.issueDate } : {}),
    ...(values.saleDate ? { saleDate: values.saleDate } : {}),
  };
}

/**
 * The NBP rate a EUR/USD invoice of these rows needs (RULES.md Invoices, VAT and KSeF): the day before the tax point
 * (the sale date typed, else the last unloading, else the issue date), found as the server finds it, so the
 * EXCHANGE_RATE_MISSING refusal can say which day to enter. Null for PLN.
 */
export function neededExchangeRate(rows: TransactionRow[], values: IssueInvoiceFormValues) {
  const currency = rows[0]?.currency;
  if (!currency || currency === 'PLN') return null;
  const unloadings = rows.map((row) => row.dateUnloading).filter((date): date is string => date !== null);
  const lastUnloading = unloadings.length ? unloadings.sort().at(-1)! : null;
  const taxPoint = invoiceTaxPoint(
    { saleDate: values.saleDate, saleDateTo: lastUnloading },
    values.issueDate ?? todayIso(),
  );
  return { currency, date: exchangeRateDateOf(taxPoint) };
}

/**
 * Why a statement row cannot be selected, as a text key; null when it can. On the sales tab rows are selected to
 * issue an invoice, so a settled row without an invoice may be chosen too, and a row whose invoice was issued here
 * (or a settled one with any invoice) may not (RULES.md Invoices, VAT and KSeF: a row is invoiced once). Elsewhere
 * the selection is for settling: open rows only.
 */
export function selectionBlocker(row: TransactionRow, isIssuing: boolean): string | null {
  if (isIssuing && row.type === 'SALES') {
    const isInvoiced = row.invoiceId !== null || (row.status === 'SETTLED' && row.invoiceNumber !== null);
    return isInvoiced ? 'statement.bulk.alreadyInvoiced' : null;
  }
  return row.status === 'TO_SETTLEMENT' ? null : 'statement.bulk.alreadySettled';
}
