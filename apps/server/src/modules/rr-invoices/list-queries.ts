import type { RrPaymentStatus } from '@grain/shared';
import { desc, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { isAnyOf } from '../../db/rows-of-ids.js';
import { rrInvoices } from '../../db/schema/index.js';
import { rrInvoiceColumns } from './queries.js';

/**
 * The SQL twin of `rrDeduction` (packages/shared rules/vat-rr.ts; payment-state.test.ts proves them equal): per RR
 * invoice `i`, its payment state and the month of the payment that completed it, so the list filters and pages in
 * the database. Payments in (paid_at, id) order; the one whose running sum reaches the total completes it; a
 * transfer qualifies when it went to the farmer's account with the number and the issue date (ISO or DD.MM.YYYY) in
 * the title, whitespace folded and case aside.
 */
const paymentState = sql`
  left join lateral (
    select
      case
        when count(*) = 0 then 'UNPAID'
        when min(p.paid_at) filter (where p.running >= i.gross_total) is null then 'PARTIAL'
        when bool_or(p.method = 'CASH') then 'CASH'
        when not bool_and(p.qualifies) then 'NOT_QUALIFYING'
        else 'DEDUCTIBLE'
      end as status,
      to_char(min(p.paid_at) filter (where p.running >= i.gross_total), 'YYYY-MM') as completed_month
    from (
      select
        pay.paid_at,
        pay.method,
        sum(pay.amount) over (order by pay.paid_at, pay.id) as running,
        coalesce(
          pay.method = 'TRANSFER'
            and pay.account = i.farmer_account
            and strpos(upper(regexp_replace(pay.title, '\\s+', ' ', 'g')), upper(i.number)) > 0
            and (
              strpos(pay.title, to_char(i.issue_date, 'YYYY-MM-DD')) > 0
              or strpos(pay.title, to_char(i.issue_date, 'DD.MM.YYYY')) > 0
            ),
          false
        ) as qualifies
      from rr_invoice_payments pay
      where pay.rr_invoice_id = i.id
    ) p
  ) s on true`;

export interface RrListWhere {
  search?: string;
  paymentStatus?: RrPaymentStatus[];
  deductibleMonth?: string;
}

function whereOf(filter: RrListWhere): SQL {
  const conditions: SQL[] = [sql`true`];
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(i.number ilike ${pattern} or i.farmer_name ilike ${pattern} or i.farmer_nip ilike ${pattern} or i.farmer_pesel ilike ${pattern})`,
    );
  }
  if (filter.paymentStatus?.length) {
    conditions.push(sql`s.status in (${sql.join(filter.paymentStatus, sql`, `)})`);
  }
  if (filter.deductibleMonth) {
    conditions.push(sql`s.status = 'DEDUCTIBLE' and s.completed_month = ${filter.deductibleMonth}`);
  }
  return sql.join(conditions, sql` and `);
}

/** The payment state and completing month of the given invoices as the database computes them (the twin's test). */
export async function paymentStatesOf(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const result = await db.execute(
    sql`select i.id, s.status, s.completed_month from rr_invoices i ${paymentState} where i.id in (${sql.join(ids, sql`, `)})`,
  );
  return rowsOf<{ id: number; status: RrPaymentStatus; completed_month: string | null }>(result).map((row) => ({
    id: Number(row.id),
    status: row.status,
    deductibleMonth: row.status === 'DEDUCTIBLE' ? row.completed_month : null,
  }));
}

/** One page of the RR list, newest first, searched and filtered in SQL, with the number of invoices matching. */
export async function rrInvoicePage(db: Db, filter: RrListWhere, page: { limit: number; offset: number }) {
  const where = whereOf(filter);
  const [idsResult, countResult] = await Promise.all([
    db.execute(
      sql`select i.id from rr_invoices i ${paymentState} where ${where} order by i.id desc limit ${page.limit} offset ${page.offset}`,
    ),
    db.execute(sql`select count(*)::int as n from rr_invoices i ${paymentState} where ${where}`),
  ]);
  const ids = rowsOf<{ id: number }>(idsResult).map((row) => Number(row.id));
  const filtered = Number(rowsOf<{ n: number }>(countResult)[0]?.n ?? 0);
  const rows = ids.length
    ? await db.select(rrInvoiceColumns).from(rrInvoices).where(isAnyOf(rrInvoices.id, ids)).orderBy(desc(rrInvoices.id))
    : [];
  return { rows, filtered };
}
