import { type RrInvoice, type RrInvoiceListRequest, rrDeduction } from '@grain/shared';
import type { Db } from '../../../db/client.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import * as listQ from '../list-queries.js';
import * as q from '../queries.js';

type Row = NonNullable<Awaited<ReturnType<typeof q.getRrInvoice>>>;
type LineRow = Awaited<ReturnType<typeof q.linesOf>>[number];
type PaymentRow = Awaited<ReturnType<typeof q.paymentsOf>>[number];

function groupBy<T extends { rrInvoiceId: number }>(rows: T[]): Map<number, Omit<T, 'rrInvoiceId'>[]> {
  const byInvoice = new Map<number, Omit<T, 'rrInvoiceId'>[]>();
  for (const { rrInvoiceId, ...rest } of rows) {
    const list = byInvoice.get(rrInvoiceId) ?? [];
    list.push(rest);
    byInvoice.set(rrInvoiceId, list);
  }
  return byInvoice;
}

/** The invoice as issued, its lines, its payments and where it stands (RULES.md VAT RR: the deductible month). */
function toRrInvoice(
  row: Row,
  lines: Omit<LineRow, 'rrInvoiceId'>[],
  payments: Omit<PaymentRow, 'rrInvoiceId'>[],
  currentLines: q.RrLineAsItStands[],
): RrInvoice {
  const { xmlSha256, buyerNip: _buyerNip, status, ...invoice } = row;
  const deduction = rrDeduction(
    { number: row.number, issueDate: row.issueDate, totalMinor: row.grossTotal, farmerAccount: row.farmerAccount },
    payments.map((payment) => ({ ...payment, amountMinor: payment.amount })),
  );
  return {
    ...invoice,
    hasXml: xmlSha256 !== null,
    ksefStatus: status,
    paymentStatus: deduction.status,
    paidAmount: deduction.paidMinor,
    deductibleMonth: deduction.deductibleMonth,
    lines,
    currentLines: currentLines.map(({ position, name, quality, quantity, unitPrice, value, refund }) => ({
      position,
      name,
      quality,
      quantity,
      unitPrice,
      value,
      refund,
    })),
    payments,
  };
}

async function withDetails(db: Db, rows: Row[]): Promise<RrInvoice[]> {
  const ids = rows.map((row) => row.id);
  const originalOf = (row: Row) => row.correctedRrInvoiceId ?? row.id;
  const [lines, payments, standing] = await Promise.all([
    q.linesOf(db, ids),
    q.paymentsOf(db, ids),
    q.rrLinesAsTheyStandOf(db, [...new Set(rows.map(originalOf))]),
  ]);
  const linesBy = groupBy(lines);
  const paymentsBy = groupBy(payments);
  return rows.map((row) =>
    toRrInvoice(row, linesBy.get(row.id) ?? [], paymentsBy.get(row.id) ?? [], standing.get(originalOf(row)) ?? []),
  );
}

export async function rrInvoiceDetails(ctx: Ctx, id: number): Promise<RrInvoice> {
  const row = await q.getRrInvoice(ctx.db, id);
  if (!row) throw new AppError('RR_INVOICE_NOT_FOUND');
  return (await withDetails(ctx.db, [row]))[0]!;
}

/**
 * GET|POST /rr-invoice/list: newest first, searched by number or farmer, filtered by payment state and deductible
 * month in SQL (list-queries.ts, the twin of rrDeduction), one page at a time.
 */
export async function listRrInvoices(ctx: Ctx, request: RrInvoiceListRequest) {
  const { rows, filtered } = await listQ.rrInvoicePage(
    ctx.db,
    { search: request.search, ...request.filter },
    { limit: request.limit, offset: request.offset },
  );
  return { list: await withDetails(ctx.db, rows), filtered, total: await q.countRrInvoices(ctx.db) };
}
