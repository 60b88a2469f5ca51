import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { transactions } from '../../../db/schema/index.js';
import { historyOf } from '../../../lib/audit.js';

/**
 * RULES.md "Everything that changes data": a transport's history is its own audit entries and those of its
 * statement rows (the settlement of what it carried: invoice, settle, split, move), each row named by its kind.
 */
export function transportHistory(db: Db, id: number) {
  return historyOf(db, 'transport', id, {
    entity: 'transaction',
    table: transactions,
    id: transactions.id,
    kind: transactions.kind,
    where: eq(transactions.transportId, id),
  });
}
