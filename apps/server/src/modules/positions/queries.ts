import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';

export interface PositionRow {
  raw_material_id: number;
  name: string;
  translate_pl: string;
  quality_id: number;
  title: string;
  purchase: string | number;
  sales: string | number;
}

/**
 * RULES.md Positions: per raw material and quality, quantities of NEW and ACTIVE contracts whose receipt period
 * overlaps [from, to] (an open side matches everything). One query; every quality appears, also with zeros.
 */
export async function positionRows(
  db: Db,
  from: string | null,
  to: string | null,
  isPaidWeight = false,
): Promise<PositionRow[]> {
  return rowsOf<PositionRow>(await db.execute(positionsStatement(from, to, isPaidWeight)));
}

/**
 * The positions' statement. Its `c.status in ('NEW', 'ACTIVE')` is the predicate of the partial index
 * contracts_open_position_idx (migrations 0019, 0043), which holds every column it reads of them (the id too), so
 * an index-only scan reads the open contracts only, not the history; positions.test.ts checks the plan and the
 * columns.
 */
export function positionsStatement(from: string | null, to: string | null, isPaidWeight: boolean): SQL {
  // In paid tonnes a contract counts its quantity less what its deliveries' weight lines took (the
  // settlement stored on its rows, once per unloading: split parts share it).
  return sql`
    select rm.id as raw_material_id, rm.name, rm.translate_pl, q.id as quality_id, q.title,
      coalesce(sum(c.cargo_quantity_kg - deducted.kg) filter (where c.type = 'PURCHASE'), 0) as purchase,
      coalesce(sum(c.cargo_quantity_kg - deducted.kg) filter (where c.type = 'SALES'), 0) as sales
    from raw_materials rm
    join raw_material_qualities q on q.raw_material_id = rm.id
    left join contracts c on c.raw_material_quality_id = q.id
      and c.status in ('NEW', 'ACTIVE')
      and (${to}::date is null or c.date_of_receipt_from <= ${to}::date)
      and (${from}::date is null or c.date_of_receipt_to >= ${from}::date)
    left join lateral (
      select coalesce(sum(d.kg), 0) as kg from (
        select distinct on (x.unloading_id)
          (x.quality_settlement->>'grossKg')::bigint - (x.quality_settlement->>'paidKg')::bigint as kg
        from transactions x
        where ${isPaidWeight} and x.contract_id = c.id and x.quality_settlement is not null
        order by x.unloading_id) d
    ) deducted on true
    group by rm.id, q.id
    order by rm.id, q.id`;
}

export interface TimelineRow {
  raw_material_id: number;
  month: string;
  purchase: string | number;
  sales: string | number;
}

/**
 * Monthly purchase and sales of NEW and ACTIVE contracts from `from` on, each contract's quantity spread
 * evenly over the days of its receipt period (rounded to kilograms per month).
 */
export async function timelineRows(db: Db, from: string, months: number): Promise<TimelineRow[]> {
  const result = await db.execute(sql`
    with month as (
      select m::date as start, (m + interval '1 month')::date as next
      from generate_series(date_trunc('month', ${from}::date), date_trunc('month', ${from}::date) + make_interval(months => ${months - 1}), interval '1 month') m
    ), share as (
      select c.raw_material_id, c.type, month.start,
        c.cargo_quantity_kg::numeric
          * (least(c.date_of_receipt_to + 1, month.next) - greatest(c.date_of_receipt_from, month.start))
          / (c.date_of_receipt_to - c.date_of_receipt_from + 1) as kg
      from contracts c
      join month on c.date_of_receipt_from < month.next and c.date_of_receipt_to >= month.start
      where c.status in ('NEW', 'ACTIVE')
    )
    select rm.id as raw_material_id, to_char(month.start, 'YYYY-MM') as month,
      coalesce(round(sum(share.kg) filter (where share.type = 'PURCHASE')), 0) as purchase,
      coalesce(round(sum(share.kg) filter (where share.type = 'SALES')), 0) as sales
    from raw_materials rm
    cross join month
    left join share on share.raw_material_id = rm.id and share.start = month.start
    group by rm.id, month.start
    order by rm.id, month.start`);
  return rowsOf<TimelineRow>(result);
}
