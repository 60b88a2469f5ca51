import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rrInvoicePayments, rrInvoices } from '../../../db/schema/index.js';

/** RR invoices whose number the title contains (case aside); the caller checks the number stands on its own. */
export async function rrInvoicesNamedIn(db: Db, title: string) {
  if (!title.trim()) return [];
  return db
    .select({ id: rrInvoices.id, number: rrInvoices.number, farmerAccount: rrInvoices.farmerAccount })
    .from(rrInvoices)
    .where(sql`strpos(upper(${title}), upper(${rrInvoices.number})) > 0`);
}

/** The invoices, in ascending id, locked while their payments are written (as the payment by hand locks one). */
export async function lockRrInvoicesInIdOrder(db: Db, ids: number[]) {
  if (!ids.length) return;
  await db.execute(sql`select id from rr_invoices where id in (${sql.join(ids, sql`, `)}) order by id for update`);
}

/** A transfer typed by hand with the same day, amount and account: the statement's line is that transfer. */
export async function hasTypedTransfer(
  db: Db,
  payment: { rrInvoiceId: number; paidAt: string; amount: number; account: string },
) {
  const [row] = await db
    .select({ id: rrInvoicePayments.id })
    .from(rrInvoicePayments)
    .where(
      and(
        eq(rrInvoicePayments.rrInvoiceId, payment.rrInvoiceId),
        eq(rrInvoicePayments.paidAt, payment.paidAt),
        eq(rrInvoicePayments.amount, payment.amount),
        eq(rrInvoicePayments.method, 'TRANSFER'),
        eq(rrInvoicePayments.account, payment.account),
        isNull(rrInvoicePayments.bankKey),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Records the transfer unless one with its key is there; answers whether it was recorded now. */
export async function insertImportedPayment(db: Db, values: typeof rrInvoicePayments.$inferInsert) {
  const rows = await db
    .insert(rrInvoicePayments)
    .values(values)
    .onConflictDoNothing({ target: rrInvoicePayments.bankKey })
    .returning({ id: rrInvoicePayments.id });
  return rows.length > 0;
}
