import {
  type BulkInvoiceRequest,
  type BulkSettleRequest,
  isoDateField,
  rateFromScaled,
  rateToScaled,
  requiredString,
  type TransactionRow,
  todayIso,
  V,
} from '@grain/shared';
import { z } from 'zod';
import { effectiveQuantityKg, hasInvoiceData, valueLines } from './row-figures';
import { isForeignCurrency } from './settle-form';

/**
 * Several statement rows invoiced or settled in one call: the forms of the bulk dialogs and the requests
 * they become. Each item is the single call's body, so the server checks every row by the single call's rules.
 */

export interface BulkInvoiceFormValues extends Record<string, unknown> {
  items: { transactionId: number; invoiceNumber: string }[];
  invoiceDate: string | null;
  paymentDate: string | null;
}

/** Each row keeps its own invoice number (the supplier's, the recipient's and the carrier's invoices differ). */
export function bulkInvoiceDefaults(rows: TransactionRow[], today = todayIso()): BulkInvoiceFormValues {
  const dated = rows.find((row) => row.invoiceDate);
  return {
    items: rows.map((row) => ({ transactionId: row.id, invoiceNumber: row.invoiceNumber ?? '' })),
    invoiceDate: dated?.invoiceDate ?? today,
    paymentDate: rows.find((row) => row.paymentDate)?.paymentDate ?? null,
  };
}

export const bulkInvoiceFormSchema = z
  .object({
    items: z.array(z.object({ transactionId: z.number(), invoiceNumber: requiredString() })),
    invoiceDate: isoDateField.nullable().refine((value) => value !== null, V.required),
    paymentDate: isoDateField.nullable(),
  })
  .superRefine((values, ctx) => {
    if (values.invoiceDate && values.paymentDate && values.paymentDate < values.invoiceDate) {
      ctx.addIssue({ code: 'custom', path: ['paymentDate'], message: V.dateToIsBefore });
    }
  });

export function toBulkInvoiceRequest(values: BulkInvoiceFormValues): BulkInvoiceRequest {
  return {
    items: values.items.map((item) => ({
      transactionId: item.transactionId,
      invoiceNumber: item.invoiceNumber.trim(),
      invoiceDate: values.invoiceDate as string,
      paymentDate: values.paymentDate,
    })),
  };
}

/** The server names a refused row's field `items.N.<field>`; the dates are one field of this form. */
export function bulkInvoiceFieldOf(path: string): string {
  return path.replace(/^items\.\d+\.(invoiceDate|paymentDate)$/, '$1');
}

export interface BulkSettleFormValues extends Record<string, unknown> {
  /** PLN per unit of an EUR/USD row's currency, as typed; null for PLN rows. */
  items: { transactionId: number; exchangeRate: number | null }[];
}

export function bulkSettleDefaults(rows: TransactionRow[]): BulkSettleFormValues {
  return {
    items: rows.map((row) => ({
      transactionId: row.id,
      exchangeRate: isForeignCurrency(row) && row.exchangeRate ? rateFromScaled(row.exchangeRate) : null,
    })),
  };
}

/** Every row needs its invoice and, in EUR/USD, a rate; said per row before anything is sent. */
export function bulkSettleFormSchema(rows: TransactionRow[]) {
  return z
    .object({ items: z.array(z.object({ transactionId: z.number(), exchangeRate: z.number().nullable() })) })
    .superRefine((values, ctx) => {
      values.items.forEach((item, index) => {
        const row = rows[index];
        if (!row) return;
        if (!hasInvoiceData(row)) {
          ctx.addIssue({ code: 'custom', path: ['items', index, 'transactionId'], message: 'invoiceMissing' });
        }
        if (isForeignCurrency(row) && !(item.exchangeRate && item.exchangeRate > 0)) {
          ctx.addIssue({ code: 'custom', path: ['items', index, 'exchangeRate'], message: V.required });
        }
      });
    });
}

/** Final figures default to the real ones on the server, the same as the list's value shows. */
export function toBulkSettleRequest(rows: TransactionRow[], values: BulkSettleFormValues): BulkSettleRequest {
  return {
    items: values.items.map((item, index) => ({
      transactionId: item.transactionId,
      ...(isForeignCurrency(rows[index]!) && item.exchangeRate !== null
        ? { exchangeRate: rateToScaled(item.exchangeRate) }
        : {}),
    })),
  };
}

/** The value each row will be settled at: the statement's current value line (real less deductions). */
export function bulkSettleValue(row: TransactionRow): number {
  const lines = valueLines(row);
  return lines.real ?? lines.planned ?? 0;
}

export interface BulkTotals {
  /** Kilograms: final, else real, else planned quantity of each row. */
  quantityKg: number;
  /** Per currency (rows of one truck may differ), minor units; gross null while a row has no VAT rate. */
  values: { currency: TransactionRow['currency']; net: number; gross: number | null }[];
}

/** What the selected rows come to, shown in the bulk dialogs: tonnes and the net and gross value per currency. */
export function bulkTotals(rows: TransactionRow[]): BulkTotals {
  const values: BulkTotals['values'] = [];
  let quantityKg = 0;
  for (const row of rows) {
    quantityKg += row.finalQuantity ?? effectiveQuantityKg(row);
    let total = values.find((value) => value.currency === row.currency);
    if (!total) {
      total = { currency: row.currency, net: 0, gross: 0 };
      values.push(total);
    }
    total.net += row.netValue;
    total.gross = total.gross === null || row.grossValue === null ? null : total.gross + row.grossValue;
  }
  return { quantityKg, values };
}
