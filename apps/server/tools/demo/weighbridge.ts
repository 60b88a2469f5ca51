import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';

/**
 * Weighbridge tickets of the demo (CONTRIBUTING.md Weighbridge): a third of the delivered transports weighed on both
 * sides, closed, the unloading net equal to the unloading's real quantity and the loading net a little above it (a
 * transit loss, now and then above the raw material's 0,30 % tolerance, now and then a gain); every tenth
 * transport on its way has its loading ticket. Numbered `KW/{RRRR}/{NR}` per year without gaps, and the series'
 * counters set to the last number, so the app goes on from there.
 */
export async function weighbridgeStep(db: Db): Promise<void> {
  await db.execute(sql`delete from invoice_number_counters where period_key like 'KW/%'`);
  await db.execute(sql`
    with weighed as (
      select t.id, t.registration_number, t.driver_name, side.side,
        u.real_cargo_quantity_kg as unloading_net,
        u.real_cargo_quantity_kg + ((t.id * 37) % 160) - 30 as loading_net,
        14000 + (t.id % 50) * 20 as tare,
        case side.side when 'LOADING' then t.date_loading else t.date_unloading end::timestamptz
          + interval '7 hours' + (t.id % 300) * interval '1 minute' as weighed_at
      from transports t
      join unloadings u on u.transport_id = t.id
      cross join (values ('LOADING'), ('UNLOADING')) as side(side)
      where t.status = 'DELIVERED' and t.id % 3 = 0 and t.registration_number is not null
      union all
      select t.id, t.registration_number, t.driver_name, 'LOADING', null, t.cargo_quantity_kg - (t.id % 40) * 5,
        14000 + (t.id % 50) * 20, t.date_loading::timestamptz + interval '8 hours'
      from transports t
      where t.status = 'ON_THE_WAY' and t.id % 10 = 0 and t.registration_number is not null
    ),
    numbered as (
      select w.*, case w.side when 'LOADING' then w.loading_net else w.unloading_net end as net,
        extract(year from w.weighed_at)::int as year,
        row_number() over (partition by extract(year from w.weighed_at) order by w.weighed_at, w.id, w.side) as nr
      from weighed w
    )
    insert into weighbridge_tickets (number, transport_id, side, status, registration_number, driver_name, scale_name,
      gross_kg, gross_at, gross_source, tare_kg, tare_at, tare_source, net_kg, operator_id, operator_name, closed_at,
      created_at)
    select 'KW/' || n.year || '/' || lpad(n.nr::text, greatest(4, length(n.nr::text)), '0'), n.id, n.side, 'CLOSED', n.registration_number,
      n.driver_name, 'Waga najazdowa 1', n.tare + n.net,
      n.weighed_at + case n.side when 'LOADING' then interval '40 minutes' else interval '0 minutes' end, 'indicator',
      n.tare, n.weighed_at + case n.side when 'LOADING' then interval '0 minutes' else interval '35 minutes' end,
      'indicator', n.net, null, 'Operator wagi', n.weighed_at + interval '45 minutes', n.weighed_at
    from numbered n`);
  await db.execute(sql`
    insert into invoice_number_counters (period_key, last_number)
    select 'KW/' || extract(year from created_at)::int || '/{NR}', count(*)::int
    from weighbridge_tickets group by 1`);
}
