import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../../db/client.js';
import { rrInvoicePayments } from '../../../db/schema/index.js';

export interface NamedRrInvoice {
  id: number;
  number: string;
  farmerAccount: string;
}

/**
 * For each statement line, the RR invoices whose number its title contains (case aside), in one query for the whole
 * file; the caller checks that the number stands on its own.
 */
export async function rrInvoicesNamedInTitles(
  db: Db,
  lines: readonly { line: number; title: string }[],
): Promise<Map<number, NamedRrInvoice[]>> {
  const named = new Map<number, NamedRrInvoice[]>();
  const titled = lines.filter((line) => line.title.trim());
  if (!titled.length) return named;
  const result = await db.execute(sql`
    select t.line, r.id, r.number, r.farmer_account as "farmerAccount"
    from jsonb_to_recordset(${JSON.stringify(titled)}::jsonb) as t(line int, title text)
    join rr_invoices r on strpos(upper(t.title), upper(r.number)) > 0
    order by t.line, r.id`);
  for (const row of rowsOf<NamedRrInvoice & { line: number }>(result)) {
    const invoice = { id: Number(row.id), number: row.number, farmerAccount: row.farmerAccount };
    named.set(Number(row.line), [...(named.get(Number(row.line)) ?? []), invoice]);
  }
  return named;
}

/** The invoices, in ascending id, locked while their payments are written (as the payment by hand locks one). */
export async function lockRrInvoicesInIdOrder(db: Db, ids: number[]) {
  if (!ids.length) return;
  await db.execute(sql`select id from rr_invoices where id in (${sql.join(ids, sql`, `)}) order by id for update`);
}

/** The key a transfer typed by hand and a statement line share when they are the same transfer. */
export const typedTransferKey = (payment: { rrInvoiceId: number; paidAt: string; amount: number; account: string }) =>
  [payment.rrInvoiceId, payment.paidAt, payment.amount, payment.account].join('|');

/** The transfers typed by hand (no bank key) to the given invoices, by typedTransferKey. */
export async function typedTransferKeys(db: Db, rrInvoiceIds: readonly number[]): Promise<Set<string>> {
  if (!rrInvoiceIds.length) return new Set();
  const rows = await db
    .select({
      rrInvoiceId: rrInvoicePayments.rrInvoiceId,
      paidAt: rrInvoicePayments.paidAt,
      amount: rrInvoicePayments.amount,
      account: rrInvoicePayments.account,
    })
    .from(rrInvoicePayments)
    .where(
      and(
        inArray(rrInvoicePayments.rrInvoiceId, [...rrInvoiceIds]),
        eq(rrInvoicePayments.method, 'TRANSFER'),
        isNull(rrInvoicePayments.bankKey),
      ),
    );
  return new Set(rows.flatMap((row) => (row.account ? [typedTransferKey({ ...row, account: row.account })] : [])));
}

/** Records the transfers whose key is not there yet (one statement); answers the keys recorded now. */
export async function insertImportedPayments(
  db: Db,
  values: (typeof rrInvoicePayments.$inferInsert)[],
): Promise<Set<string>> {
  if (!values.length) return new Set();
  const rows = await db
    .insert(rrInvoicePayments)
    .values(values)
    .onConflictDoNothing({ target: rrInvoicePayments.bankKey })
    .returning({ bankKey: rrInvoicePayments.bankKey });
  return new Set(rows.flatMap((row) => (row.bankKey ? [row.bankKey] : [])));
}
