import { ACTIVE_TRANSPORT_STATUSES } from '@grain/shared';
import { type SQL, sql } from 'drizzle-orm';

/**
 * RULES.md Transports: a transport is active (holds its truck, counts as planned) while NEW or ON_THE_WAY. The SQL
 * twin of `ACTIVE_TRANSPORT_STATUSES`, written as literals so that a query reads the partial indexes built on the
 * same text (`transports_active_*_idx`); `status-sql.test.ts` proves the indexes' predicates list the constant.
 */
export function activeTransportSql(column = 'status'): SQL {
  return sql.raw(`${column} in (${ACTIVE_TRANSPORT_STATUSES.map((status) => `'${status}'`).join(', ')})`);
}
