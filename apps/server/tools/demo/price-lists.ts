import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';

/**
 * The demo's purchase price list (CONTRIBUTING.md Price lists): weekly lists, Monday to Sunday, from four weeks ago to
 * next week, for every seeded quality, for VAT suppliers and flat-rate farmers (RR, about 2 % lower), paid at once or
 * in 30 days (about 1 % higher). Prices move a little from week to week; no two entries of one key overlap.
 */
export async function priceListsStep(db: Db): Promise<void> {
  await db.execute(sql`
    with weeks as (
      select (date_trunc('week', current_date)::date + (n * 7)) as monday, n
      from generate_series(-4, 1) as n
    ),
    kinds as (select * from (values ('VAT', 10000), ('RR', 9800)) as k(kind, factor)),
    terms as (select * from (values (0, 10000), (30, 10100)) as p(days, factor))
    insert into price_list_entries (raw_material_quality_id, supplier_kind, payment_term_days, price, valid_from,
      valid_to, source, created_by)
    select q.id, k.kind, p.days,
      ((70000 + q.raw_material_id * 6500 + (q.id % 4) * 2500 + ((q.id * 7 + w.n * 13) % 9) * 500)::bigint
        * k.factor / 10000 * p.factor / 10000 / 100 * 100)::int,
      w.monday, w.monday + 6, 'MANUAL', (select min(id) from users where role = 'ADMIN')
    from raw_material_qualities q
    cross join weeks w cross join kinds k cross join terms p
    where not q.is_variant`);
}
