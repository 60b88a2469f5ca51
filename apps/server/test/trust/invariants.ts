import { RATE_SCALE, toleranceUpperLimitKg } from '@grain/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../src/db/client.js';
import { finalValueSql, toPlnSql } from '../../src/db/money-sql.js';

/**
 * The RULES.md invariants that must hold in the database whatever happened before (races, crashes, restarts):
 * each check answers the offending rows as readable lines, so a failure says what broke. Empty means sound.
 */
type Row = Record<string, unknown>;

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  return rowsOf<Row>(await db.execute(query));
}

const describeRows = (rule: string, found: Row[]) => found.map((row) => `${rule}: ${JSON.stringify(row)}`);

/**
 * Pairs of contract statuses whose kept allocation totals (migration 0014_list_speed) differ from the sums of the
 * allocations whose contracts have those statuses (a pair kept at all zeros counts as absent).
 */
export const allocationTotalsMismatch = sql`
  with actual as (
    select p.status as purchase_status, s.status as sales_status, count(*) as allocation_count,
      sum(a.quantity_kg) as quantity_kg, sum(a.in_delivery_kg) as in_delivery_kg,
      sum(a.in_delivery_count) as in_delivery_count, sum(a.delivered_kg) as delivered_kg
    from allocations a join contracts p on p.id = a.purchase_id join contracts s on s.id = a.sales_id
    group by 1, 2
  ), kept as (select * from allocation_totals where allocation_count <> 0 or quantity_kg <> 0
    or in_delivery_kg <> 0 or in_delivery_count <> 0 or delivered_kg <> 0)
  select coalesce(actual.purchase_status, kept.purchase_status) as purchase_status,
    coalesce(actual.sales_status, kept.sales_status) as sales_status,
    actual.allocation_count::int as actual_count, kept.allocation_count::int as kept_count
  from actual full join kept
    on kept.purchase_status = actual.purchase_status and kept.sales_status = actual.sales_status
  where (actual.allocation_count, actual.quantity_kg, actual.in_delivery_kg, actual.in_delivery_count,
      actual.delivered_kg)
    is distinct from (kept.allocation_count, kept.quantity_kg, kept.in_delivery_kg, kept.in_delivery_count,
      kept.delivered_kg)`;

const settledFinalValue = finalValueSql('final_quantity_kg', 'final_price', 'deductions', 'surcharges');

export async function invariantViolations(db: Db): Promise<string[]> {
  const problems: string[] = [];

  // Allocations: the derived total equals the rows, and never passes the upper tolerance limit but by over-deliveries.
  const contracts = await rows(
    db,
    sql`select c.id, c.type, c.cargo_quantity_kg, c.is_tolerance, c.tolerance_unit, c.tolerance_quantity,
          c.allocated_kg, c.over_delivered_kg as recorded_over_delivered_kg,
          coalesce(sum(a.quantity_kg), 0)::bigint as allocation_rows_kg,
          (select coalesce(sum(case when c.type = 'PURCHASE' then u.purchase_over_delivered_kg else u.sales_over_delivered_kg end), 0)
             from unloadings u join transports t on t.id = u.transport_id
             where (c.type = 'PURCHASE' and t.purchase_id = c.id) or (c.type = 'SALES' and t.sales_id = c.id))::bigint
            as over_delivered_kg
        from contracts c
        left join allocations a on (c.type = 'PURCHASE' and a.purchase_id = c.id) or (c.type = 'SALES' and a.sales_id = c.id)
        group by c.id`,
  );
  for (const row of contracts) {
    const limit = toleranceUpperLimitKg({
      cargoQuantityKg: Number(row.cargo_quantity_kg),
      isTolerance: Boolean(row.is_tolerance),
      toleranceUnit: row.tolerance_unit as 'T' | 'PERCENT' | null,
      toleranceQuantity: row.tolerance_quantity === null ? null : Number(row.tolerance_quantity),
    });
    if (Number(row.allocated_kg) !== Number(row.allocation_rows_kg)) {
      problems.push(`contract allocated_kg differs from its allocation rows: ${JSON.stringify(row)}`);
    }
    if (Number(row.recorded_over_delivered_kg) !== Number(row.over_delivered_kg)) {
      problems.push(`contract over_delivered_kg differs from its unloadings: ${JSON.stringify(row)}`);
    }
    // RULES.md Transports, Delivered: only recorded over-deliveries take a contract past its limit.
    if (Number(row.allocation_rows_kg) > limit + Number(row.over_delivered_kg)) {
      problems.push(`contract over-allocated (limit ${limit} kg): ${JSON.stringify(row)}`);
    }
  }

  // Transport counters on contracts and allocation pairs equal what the transports and unloadings say.
  const transportFigures = sql`select t.purchase_id, t.sales_id,
      coalesce(sum(t.cargo_quantity_kg) filter (where t.status = 'ON_THE_WAY'), 0)::bigint as in_delivery_kg,
      (count(*) filter (where t.status = 'ON_THE_WAY'))::int as in_delivery_count,
      coalesce(sum(u.real_cargo_quantity_kg) filter (where t.status = 'DELIVERED'), 0)::bigint as delivered_kg
    from transports t left join unloadings u on u.transport_id = t.id group by t.purchase_id, t.sales_id`;
  problems.push(
    ...describeRows(
      'allocation counters differ from its transports',
      await rows(
        db,
        sql`with f as (${transportFigures})
          select a.id, a.in_delivery_kg, a.in_delivery_count, a.delivered_kg, f.in_delivery_kg as f_kg,
                 f.in_delivery_count as f_count, f.delivered_kg as f_delivered
          from allocations a left join f on f.purchase_id = a.purchase_id and f.sales_id = a.sales_id
          where a.in_delivery_kg <> coalesce(f.in_delivery_kg, 0) or a.in_delivery_count <> coalesce(f.in_delivery_count, 0)
             or a.delivered_kg <> coalesce(f.delivered_kg, 0)`,
      ),
    ),
    ...describeRows(
      'contract counters differ from its transports',
      await rows(
        db,
        sql`with f as (${transportFigures}),
          per_contract as (
            select purchase_id as id, sum(in_delivery_kg) as kg, sum(in_delivery_count) as n, sum(delivered_kg) as delivered
              from f group by purchase_id
            union all
            select sales_id, sum(in_delivery_kg), sum(in_delivery_count), sum(delivered_kg) from f group by sales_id)
          select c.id, c.in_delivery_kg, c.in_delivery_count, c.delivered_kg, p.kg, p.n, p.delivered
          from contracts c left join per_contract p on p.id = c.id
          where c.in_delivery_kg <> coalesce(p.kg, 0) or c.in_delivery_count <> coalesce(p.n, 0)
             or c.delivered_kg <> coalesce(p.delivered, 0)`,
      ),
    ),
    ...describeRows(
      'transports on a pair that has no allocation',
      await rows(
        db,
        sql`select t.id, t.status from transports t where t.status in ('NEW', 'ON_THE_WAY', 'DELIVERED')
              and not exists (select 1 from allocations a where a.purchase_id = t.purchase_id and a.sales_id = t.sales_id)`,
      ),
    ),
  );

  // Delivery: one unloading per DELIVERED transport and none for any other, but a RETURN_TO_CLIENT one whose unloading
  // was rejected (transports/service/decide.ts: the unloading is kept with its lab results, decision and freight row);
  // every other unloading has its three rows. The decision is read through to_jsonb so that the check also runs on a
  // database from before decisions existed (test/upgrade checks the invariants before migrating).
  problems.push(
    ...describeRows(
      'transport and unloadings disagree',
      await rows(
        db,
        sql`select t.id, t.status, count(u.id)::int as unloadings from transports t left join unloadings u on u.transport_id = t.id
            group by t.id
            having (t.status = 'DELIVERED' or (t.status = 'RETURN_TO_CLIENT' and bool_or(to_jsonb(u) ->> 'decision' = 'REJECT')))
              <> (count(u.id) = 1) or count(u.id) > 1`,
      ),
    ),
    ...describeRows(
      'unloading without its PURCHASE, SALES and TRANSPORT transactions',
      await rows(
        db,
        sql`select u.id, array_agg(distinct x.kind) filter (where x.kind is not null) as kinds
            from unloadings u left join transactions x on x.unloading_id = u.id
            where (to_jsonb(u) ->> 'decision') is distinct from 'REJECT'
            group by u.id having count(distinct x.kind) <> 3`,
      ),
    ),
    ...describeRows(
      'split rows of one unloading do not add up to its real quantity (the paid kg where lab results settled it)',
      await rows(
        db,
        // A goods row settled by lab results stands for its paid kg; its split parts share the stored lines.
        sql`select u.id, x.kind, u.real_cargo_quantity_kg, sum(x.real_quantity_kg)::bigint as rows_kg
            from unloadings u join transactions x on x.unloading_id = u.id
            group by u.id, x.kind
            having sum(x.real_quantity_kg)
              <> coalesce(max((x.quality_settlement->>'paidKg')::bigint), u.real_cargo_quantity_kg)`,
      ),
    ),
  );

  // The allocations page's totals per pair of contract statuses, kept by triggers through every race.
  problems.push(
    ...describeRows('allocation totals differ from the allocations', await rows(db, allocationTotalsMismatch)),
  );

  // Numbers, statuses and settlement.
  problems.push(
    ...describeRows(
      'duplicated document number',
      await rows(
        db,
        sql`select type, document_number, count(*)::int as n from contracts group by type, document_number having count(*) > 1`,
      ),
    ),
    ...describeRows(
      'CANCELLED or CLOSED contract with a transport still NEW or ON_THE_WAY',
      await rows(
        db,
        sql`select c.id, c.status, t.id as transport_id, t.status as transport_status from contracts c
            join transports t on t.purchase_id = c.id or t.sales_id = c.id
            where c.status in ('CANCELLED', 'CLOSED') and t.status in ('NEW', 'ON_THE_WAY')`,
      ),
    ),
    ...describeRows(
      'CLOSED contract with a transaction not settled',
      await rows(
        db,
        sql`select c.id, x.id as transaction_id from contracts c join transactions x on x.contract_id = c.id
            where c.status = 'CLOSED' and x.status <> 'SETTLED'`,
      ),
    ),
    ...describeRows(
      'transaction settled more than once',
      await rows(
        db,
        sql`select entity_id, count(*)::int as n from audit_log where entity = 'transaction' and action = 'settle'
            group by entity_id having count(*) > 1`,
      ),
    ),
    ...describeRows(
      // RULES.md Settlements (rules/settlements.ts finalValueOf, toPln, through their proven SQL twins): what settling
      // writes, the rounded line value less deductions plus surcharges, and that final value through the rate.
      'SETTLED transaction whose final or PLN value is not what settling computes',
      await rows(
        db,
        sql`select id, kind, currency, final_quantity_kg, final_price, deductions, surcharges, final_value,
              exchange_rate, pln_value, ${sql.raw(settledFinalValue)} as rule_final_value,
              ${sql.raw(toPlnSql(settledFinalValue, 'exchange_rate'))} as rule_pln_value
            from transactions where status = 'SETTLED' and (final_value <> ${sql.raw(settledFinalValue)}
              or pln_value is distinct from ${sql.raw(toPlnSql(settledFinalValue, 'exchange_rate'))}
              or (currency = 'PLN' and exchange_rate <> ${RATE_SCALE}))`,
      ),
    ),
    ...describeRows(
      'SETTLED transaction without its final figures',
      await rows(
        db,
        sql`select id from transactions where status = 'SETTLED'
              and (settled_at is null or final_quantity_kg is null or final_price is null or final_value is null)`,
      ),
    ),
  );
  return problems;
}

/** Row count of every table, in one statement: what a refused request must leave unchanged. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = rowsOf<{ tablename: string }>(
    await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  ).map((row) => row.tablename);
  const columns = tables.map((name) => `(select count(*) from "${name}")::int as "${name}"`).join(', ');
  const [counts] = rowsOf<Record<string, number>>(await db.execute(sql.raw(`select ${columns}`)));
  return counts!;
}
