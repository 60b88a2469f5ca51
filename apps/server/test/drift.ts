import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../src/db/client.js';
import { allocationTotalsMismatch } from './trust/invariants.js';

/**
 * Checks of the kept-up values the lists rely on: the copies of db/copies.ts against their sources, and the row
 * counters against count(*). Each answers the rows that drifted per table (all zero when everything is right).
 */

export async function copyDrift(db: Db): Promise<Record<string, number>> {
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`select
      (select count(*)::int from contracts c join contractors k on k.id = c.counterparty_id
        where (c.counterparty_code, c.counterparty_name) is distinct from (k.code, k.name)) as contracts,
      (select count(*)::int from allocations a
        join contracts p on p.id = a.purchase_id join contracts s on s.id = a.sales_id
        join contractors supplier on supplier.id = p.counterparty_id join contractors recipient on recipient.id = s.counterparty_id
        where (a.purchase_document_number, a.sales_document_number, a.supplier_code, a.recipient_code,
            a.purchase_status, a.sales_status, a.contracts_search_text)
          is distinct from (p.document_number, s.document_number, supplier.code, recipient.code, p.status,
            s.status, coalesce(allocation_contracts_search_text(a.purchase_id, a.sales_id), ''))) as allocations,
      (select count(*)::int from transports t
        join contracts p on p.id = t.purchase_id join contracts s on s.id = t.sales_id
        join contractors supplier on supplier.id = p.counterparty_id join contractors recipient on recipient.id = s.counterparty_id
        join contractors carrier on carrier.id = t.carrier_id
        left join unloadings u on u.transport_id = t.id
        where (t.purchase_document_number, t.sales_document_number, t.supplier_code, t.recipient_code, t.carrier_name,
            t.unloading_date, t.real_cargo_quantity_kg)
          is distinct from (p.document_number, s.document_number, supplier.code, recipient.code, carrier.name,
            u.unloading_date, u.real_cargo_quantity_kg)) as transports,
      (select count(*)::int from transactions x
        join transports t on t.id = x.transport_id join contractors k on k.id = x.contractor_id
        left join contracts p on p.id = case when x.kind = 'PURCHASE' then x.contract_id else t.purchase_id end
        left join contracts s on s.id = case when x.kind = 'SALES' then x.contract_id else t.sales_id end
        where (x.contractor_code, x.contractor_name, x.purchase_document_number, x.sales_document_number,
            x.registration_number, x.trailer_number)
          is distinct from (k.code, k.name, p.document_number, s.document_number, t.registration_number,
            t.trailer_number)) as transactions`),
  );
  return row!;
}

/** Counter groups whose value differs from the rows' count (a missing counter row counts 0). */
export async function rowCountDrift(db: Db): Promise<Record<string, number>> {
  const drifted = rowsOf<{ table_name: string; n: number }>(
    await db.execute(sql`
      with actual as (
        select 'contracts' as table_name, 'type:' || type as row_group, count(*) as row_count from contracts group by 2
        union all select 'allocations', 'all', count(*) from allocations having count(*) > 0
        union all select 'transports', 'status:' || status, count(*) from transports group by 2
        union all select 'transactions', 'kind:' || kind, count(*) from transactions group by 2
        union all select 'transactions', 'status:' || status, count(*) from transactions group by 2
      ), kept as (select * from row_counts where row_count <> 0)
      select coalesce(actual.table_name, kept.table_name) as table_name, count(*)::int as n
      from actual full join kept on kept.table_name = actual.table_name and kept.row_group = actual.row_group
      where actual.row_count is distinct from kept.row_count
      group by 1`),
  );
  const result: Record<string, number> = { contracts: 0, allocations: 0, transports: 0, transactions: 0 };
  for (const row of drifted) result[row.table_name] = row.n;
  return result;
}

export const NO_DRIFT = { contracts: 0, allocations: 0, transports: 0, transactions: 0 };

/** Status pairs whose kept allocation totals (migration 0014_list_speed) differ from the allocations' sums. */
export async function allocationTotalsDrift(db: Db): Promise<number> {
  return rowsOf(await db.execute(allocationTotalsMismatch)).length;
}
