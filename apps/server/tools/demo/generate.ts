import { RATE_SCALE } from '@grain/shared';
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../../src/config.js';
import type { Db } from '../../src/db/client.js';
import { rowsOf } from '../../src/db/client.js';
import { finalValueSql, lineValueSql, toPlnSql } from '../../src/db/money-sql.js';
import { hashPassword } from '../../src/lib/passwords.js';
import { priceListsStep } from './price-lists.js';
import { qualityStep } from './quality.js';
import { DEFAULT_HISTORY_DAYS, type DemoScale, quantityFactorOf } from './scales.js';
import { weighbridgeStep } from './weighbridge.js';

type Step = (db: Db, scale: DemoScale) => Promise<void>;

const cities = `array['Poznań','Kalisz','Gniezno','Leszno','Piła','Konin','Wrocław','Opole','Bydgoszcz','Toruń','Olsztyn','Lublin','Zamość','Rzeszów','Kielce','Łódź','Płock','Siedlce','Białystok','Szczecin','Koszalin','Gdańsk','Elbląg','Kutno']`;
const postCodes = `array['60-001','62-800','62-200','64-100','64-920','62-510','50-001','45-001','85-001','87-100','10-001','20-001','22-400','35-001','25-001','90-001','09-400','08-110','15-001','70-001','75-001','80-001','82-300','99-300']`;
const streets = `array['Zbożowa','Polna','Młyńska','Kolejowa','Przemysłowa','Rolnicza','Spichrzowa','Łąkowa','Szkolna','Lipowa','Ogrodowa','Portowa']`;
const firstNames = `array['Jan','Piotr','Krzysztof','Andrzej','Tomasz','Paweł','Marcin','Michał','Grzegorz','Józef','Anna','Maria','Katarzyna','Małgorzata','Agnieszka','Barbara']`;
const lastNames = `array['Nowak','Kowalski','Wiśniewski','Wójcik','Kowalczyk','Kamiński','Lewandowski','Zieliński','Szymański','Woźniak','Dąbrowski','Kozłowski','Jankowski','Mazur','Kwiatkowski','Krawczyk']`;

/**
 * Deliveries unloaded this many days ago or more are all settled, and contracts whose receipt ended then are closed
 * (or cancelled): the open book is the last months, as in a company that settles its trucks, whatever its history.
 */
export const SETTLED_AFTER_DAYS = 180;

/** Polish contractors with NIPs that pass the checksum (weights 6 5 7 2 3 4 5 6 7). */
const contractorsStep: Step = async (db, scale) => {
  await db.execute(
    sql.raw(`
    with base as (select g, 100000000 + g * 7919 as b from generate_series(1, ${scale.contractors}) g),
    candidate as (
      select g, (b + k)::text as d, k from base cross join generate_series(0, 3) k
    ),
    checked as (
      select distinct on (g) g, d || ((6*substr(d,1,1)::int + 5*substr(d,2,1)::int + 7*substr(d,3,1)::int
        + 2*substr(d,4,1)::int + 3*substr(d,5,1)::int + 4*substr(d,6,1)::int + 5*substr(d,7,1)::int
        + 6*substr(d,8,1)::int + 7*substr(d,9,1)::int) % 11)::text as nip
      from candidate
      where (6*substr(d,1,1)::int + 5*substr(d,2,1)::int + 7*substr(d,3,1)::int + 2*substr(d,4,1)::int
        + 3*substr(d,5,1)::int + 4*substr(d,6,1)::int + 5*substr(d,7,1)::int + 6*substr(d,8,1)::int
        + 7*substr(d,9,1)::int) % 11 < 10
      order by g, k
    )
    insert into contractors (code, name, nip, label, accounting_method, phone_number, email, street, building_number, post_code, city, country_code)
    select 'KTR' || lpad(g::text, 5, '0'),
      case when g % 5 = 0
        then 'Gospodarstwo Rolne ' || (${firstNames})[1 + g % 16] || ' ' || (${lastNames})[1 + (g / 16) % 16]
        else (array['Agro','Rol','Zboż','Pol','Ziarn','Młyn','Spichrz','Plon','Kłos','Zagro'])[1 + g % 10]
          || (array['ex','pol','mar','trans','hand','rol','bud','tech','gran','kom'])[1 + (g / 10) % 10]
          || (array[' Sp. z o.o.',' S.A.',' Sp. j.',' Spółdzielnia',' Sp. k.'])[1 + (g / 100) % 5]
      end,
      nip,
      case when g % 5 = 0 then 'GR' else 'FIRMA' end,
      case when g % 5 = 0 then 'RR' else 'VAT' end,
      '+48 ' || (500000000 + (g * 104729) % 299999999)::text,
      'biuro' || g || '@' || (array['agro','zboze','rolnik','handel','mlyn'])[1 + g % 5] || '.pl',
      (${streets})[1 + g % 12], (1 + g % 120)::text,
      (${postCodes})[1 + g % 24], (${cities})[1 + g % 24], 'PL'
    from checked`),
  );
  await db.execute(
    sql.raw(`
    insert into contractor_contacts (contractor_id, first_name, last_name, phone_number, email, gender)
    select c.id, (${firstNames})[1 + (c.id + k) % 16], (${lastNames})[1 + (c.id * 3 + k) % 16],
      '+48 6' || lpad(((c.id * 7 + k) % 100000000)::text, 8, '0'), 'kontakt' || k || '.' || c.id || '@example.pl',
      case when (c.id + k) % 16 >= 10 then 'female' else 'male' end
    from contractors c cross join generate_series(1, 1 + c.id % 3) k`),
  );
};

const usersStep: Step = async (db) => {
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.execute(sql`
    insert into users (email, first_name, last_name, role, password_hash, password_expired, is_notify_on_purchase, is_notify_on_sales)
    select 'handlowiec' || g || '@demo.pl', (array['Ewa','Marek','Joanna','Tadeusz','Zofia','Adam','Iwona','Robert'])[g],
      (array['Handlowa','Zbożowy','Rolna','Kupiecki','Logistyczna','Spedycyjny','Targowa','Rynkowy'])[g],
      case when g = 1 then 'ADMIN' else 'USER' end, ${hash}, false, g % 3 = 0, g % 4 = 0
    from generate_series(1, 8) g
    on conflict (email) do nothing`);
};

/**
 * A contract's status as its receipt dates would have it in a trading book (`d` the drawn row): a book is closed within
 * the year, so what a company still settles is its last months, not its whole history.
 */
const contractStatusByDates = `
  case
    when d.receipt_to < current_date - ${SETTLED_AFTER_DAYS} then (array['CLOSED','CLOSED','CLOSED','CLOSED','CLOSED','CLOSED','CLOSED','CLOSED','CLOSED','CANCELLED'])[1 + floor(d.r6 * 10)::int]
    when d.receipt_to < current_date - 60 then (array['CLOSED','CLOSED','CLOSED','CLOSED','CLOSED','CLOSED','CLOSED','TO_SETTLEMENT','TO_SETTLEMENT','CANCELLED'])[1 + floor(d.r6 * 10)::int]
    when d.receipt_from <= current_date then (array['ACTIVE','ACTIVE','ACTIVE','ACTIVE','ACTIVE','ACTIVE','NEW','NEW','TO_SETTLEMENT','NEXT_SEASON'])[1 + floor(d.r6 * 10)::int]
    else (array['NEW','NEW','NEW','NEW','NEW','ACTIVE','ACTIVE','ACTIVE','NEXT_SEASON','CANCELLED'])[1 + floor(d.r6 * 10)::int]
  end`;

/**
 * Contracts over the scale's history of receipt dates (four years unless set) and the next weeks (mostly delivered);
 * status follows the date as a trading book would. Quantities grow with the trucks per contract, so the allocations
 * can hold them.
 */
const contractsStep: Step = async (db, scale) => {
  const historyDays = scale.historyDays ?? DEFAULT_HISTORY_DAYS;
  await db.execute(
    sql.raw(`
    with quality as (select raw_material_id, array_agg(id order by id) ids from raw_material_qualities group by raw_material_id),
    owner as (select array_agg(id order by id) ids from users where active),
    draw as (
      select g, random() + 0 * g as r1, random() + 0 * g as r2, random() + 0 * g as r3, random() + 0 * g as r4,
        random() + 0 * g as r5, random() + 0 * g as r6, random() + 0 * g as r7
      from generate_series(1, ${scale.contracts}) g
    ),
    shaped as (
      select g, r1, r2, r3, r4, r5, r6, r7,
        case when g % 2 = 0 then 'SALES' else 'PURCHASE' end as type,
        case when r1 < .35 then 1 when r1 < .55 then 2 when r1 < .70 then 3 when r1 < .80 then 4
          when r1 < .86 then 5 when r1 < .92 then 6 when r1 < .96 then 7 else 8 end as raw_material_id,
        current_date - ${historyDays} + floor(r2 * ${historyDays + 45})::int as receipt_from
      from draw
    ),
    dated as (
      select s.*, receipt_from + 30 + floor(r3 * 90)::int as receipt_to,
        (receipt_from - 20 - floor(r4 * 40)::int)::timestamp + make_interval(mins => floor(r5 * 600)::int + 420) as created,
        1 + floor(r5 * ${scale.contractors})::int as counterparty_id
      from shaped s
    )
    insert into contracts (type, document_number, status, agreement_status, counterparty_id, counterparty_code,
      counterparty_name, user_id, currency, freight,
      is_for, is_cert, is_gmp, county_code, date_of_receipt_from, date_of_receipt_to, street, building_number, post_code,
      city, country_code, raw_material_id, raw_material_quality_id, price, cargo_quantity_kg, min_price, is_tolerance,
      tolerance_type, tolerance_quantity, tolerance_unit, comments, created_by, created_at, updated_at)
    select d.type,
      (case when d.type = 'PURCHASE' then 'ZK/' else 'SP/' end) || extract(year from d.created)::int || '/'
        || lpad(row_number() over (partition by d.type, extract(year from d.created) order by d.created, d.g)::text, 5, '0'),
      ${contractStatusByDates},
      (array['SIGNED','SIGNED','SIGNED','TO_SIGN','EMPTY'])[1 + floor(d.r7 * 5)::int],
      d.counterparty_id, k.code, k.name,
      o.ids[1 + floor(d.r4 * cardinality(o.ids))::int],
      case when d.r7 < .9 then 'PLN' when d.r7 < .97 then 'EUR' else 'USD' end,
      case when (d.type = 'PURCHASE') = (d.r3 < .8) then 'FCA' else 'CPT' end,
      d.r2 < .3, d.r3 < .25, d.r4 < .3,
      case when d.type = 'PURCHASE' and d.r3 < .25 then 'PL' || lpad((1 + floor(d.r5 * 400)::int)::text, 4, '0') end,
      d.receipt_from, d.receipt_to, (${streets})[1 + d.g % 12], (1 + d.g % 80)::text,
      (${postCodes})[1 + d.g % 24], (${cities})[1 + d.g % 24], 'PL',
      d.raw_material_id,
      q.ids[1 + floor(d.r6 * cardinality(q.ids))::int],
      ((array[95000, 80000, 210000, 85000, 70000, 78000, 72000, 190000])[d.raw_material_id] * (0.9 + d.r7 * 0.2))::bigint,
      (25 + floor(d.r1 * d.r2 * 2975)::int) * 1000 * ${quantityFactorOf(scale)},
      case when d.type = 'PURCHASE' and d.r5 < .3 then ((array[90000, 76000, 200000, 80000, 66000, 74000, 68000, 180000])[d.raw_material_id])::bigint end,
      d.r4 < .4,
      case when d.r4 < .4 then (case when d.r5 < .5 then 'BUYER' else 'SELLER' end) end,
      case when d.r4 < .2 then 500 when d.r4 < .4 then 5000 end,
      case when d.r4 < .2 then 'PERCENT' when d.r4 < .4 then 'T' end,
      case when d.r2 < .2 then (array['Odbiór po wcześniejszym awizowaniu','Płatność 14 dni','Towar z żniw bieżącego roku','Dostawa sukcesywna','Wymagane świadectwo jakości'])[1 + d.g % 5] end,
      o.ids[1 + floor(d.r4 * cardinality(o.ids))::int], d.created, d.created
    from dated d
    join contractors k on k.id = d.counterparty_id
    join quality q on q.raw_material_id = d.raw_material_id
    cross join owner o`),
  );
  await db.execute(sql`
    insert into contract_price_options (contract_id, is_main_option, price, raw_material_quality_id)
    select id, true, price, raw_material_quality_id from contracts`);
  await db.execute(sql`
    insert into contract_price_options (contract_id, is_main_option, price, raw_material_quality_id, attach_to_contract)
    select c.id, false, c.price - 3000, q.id, true
    from contracts c join lateral (
      select id from raw_material_qualities where raw_material_id = c.raw_material_id and id <> c.raw_material_quality_id
      order by id limit 1) q on true
    where c.id % 5 = 0`);
  await db.execute(sql`
    insert into document_number_sequences (type, year, last_number)
    select type, split_part(document_number, '/', 2)::int, max(split_part(document_number, '/', 3)::int)
    from contracts group by 1, 2
    on conflict (type, year) do update set last_number = greatest(document_number_sequences.last_number, excluded.last_number)`);
};

/**
 * Allocation pairs of the same raw material. Running sums per purchase and per sale keep every contract within
 * its tolerance limit (RULES.md Allocations), so the data obeys the rules the services enforce. The limit is the
 * database's one definition, the generated column `contracts.tolerance_upper_limit_kg` (tolerance-limit.test.ts).
 */
const allocationsStep: Step = async (db, scale) => {
  const [counts] = rowsOf<{ sales: number }>(
    await db.execute(sql`select count(*)::int as sales from contracts where type = 'SALES'`),
  );
  const perSale = Math.max(1, Math.ceil(scale.allocations / Math.max(1, counts?.sales ?? 1)));
  await db.execute(
    sql.raw(`
    with p as (
      select id, raw_material_id, cargo_quantity_kg as q, tolerance_upper_limit_kg as lim, is_gmp, is_cert,
        row_number() over (partition by raw_material_id order by id) - 1 as idx,
        count(*) over (partition by raw_material_id) as cnt
      from contracts where type = 'PURCHASE' and status <> 'CANCELLED'),
    s as (
      select id, raw_material_id, cargo_quantity_kg as q, tolerance_upper_limit_kg as lim, is_gmp, is_cert,
        row_number() over (partition by raw_material_id order by id) - 1 as idx
      from contracts where type = 'SALES' and status <> 'CANCELLED'),
    pairs as (
      select distinct on (p.id, s.id) p.id as pid, s.id as sid, p.lim as plim, s.lim as slim,
        (least(p.q, s.q) / ${perSale * 2} / 1000) * 1000 as qty,
        (s.is_gmp and not p.is_gmp) or (s.is_cert and not p.is_cert) as needs_note
      from s cross join generate_series(0, ${perSale - 1}) j
      join p on p.raw_material_id = s.raw_material_id and p.idx = (s.idx * ${perSale} + j * 7) % p.cnt
      order by p.id, s.id),
    running as (
      select *, sum(qty) over (partition by pid order by sid) as run_p, sum(qty) over (partition by sid order by pid) as run_s
      from pairs where qty > 0),
    chosen as (select * from running where run_p <= plim and run_s <= slim order by random() limit ${scale.allocations})
    insert into allocations (purchase_id, sales_id, purchase_document_number, sales_document_number, supplier_code,
      recipient_code, purchase_status, sales_status, quantity_kg, confirmation_note, created_at, updated_at)
    select pid, sid, p.document_number, s.document_number, p.counterparty_code, s.counterparty_code, p.status, s.status, qty,
      case when needs_note then 'Odbiorca zaakceptował dostawę bez GMP/certyfikatu' end,
      s.created_at + interval '2 days', s.created_at + interval '2 days'
    from chosen join contracts p on p.id = chosen.pid join contracts s on s.id = chosen.sid
    -- In the order they were made, as a company's table fills: this year's pairs lie together at its end, not spread
    -- over every page of the history (a random order read three times the pages for the open book's searches).
    order by s.created_at, chosen.pid, chosen.sid`),
  );
};

/**
 * Road transports filling the allocations, dated through the purchase's receipt period; past ones delivered,
 * the last days on the way, future ones planned.
 */
const transportsStep: Step = async (db, scale) => {
  const [total] = rowsOf<{ kg: string }>(
    await db.execute(sql`select coalesce(sum(quantity_kg), 0)::text as kg from allocations`),
  );
  // A little below the even share, so the allocations' whole trucks add up to at least the requested number.
  const perTransportKg = Math.max(
    8_000,
    Math.min(28_000, Math.floor(Number(total?.kg ?? 0) / (scale.transports * 1.15))),
  );
  await db.execute(
    sql.raw(`
    with carrier as (select array_agg(id order by id) ids from contractors where id % 7 = 0 or id % 11 = 0),
    planned as (
      select a.purchase_id, a.sales_id, a.created_at, p.date_of_receipt_from as from_day,
        greatest(p.date_of_receipt_to - p.date_of_receipt_from, 1) as span, s.is_gmp as sale_gmp,
        a.purchase_document_number, a.sales_document_number, a.supplier_code, a.recipient_code,
        k, floor(a.quantity_kg / ${perTransportKg})::int as n
      from allocations a
      join contracts p on p.id = a.purchase_id
      join contracts s on s.id = a.sales_id
      cross join lateral generate_series(1, floor(a.quantity_kg / ${perTransportKg})::int) k
      limit ${scale.transports}),
    dated as (
      select pl.*, pl.from_day + (pl.span * pl.k / (pl.n + 1)) as loading, random() + 0 * pl.k as r1, random() + 0 * pl.k as r2
      from planned pl),
    shaped as (
      select d.*, c.ids[1 + floor(d.r2 * cardinality(c.ids))::int] as carrier_id,
        ${perTransportKg} - floor(d.r2 * 400)::int as cargo_kg, d.loading + 1 + floor(d.r2 * 3)::int as unloading,
        case when d.loading < current_date - 5 then (case when d.r1 < .98 then 'DELIVERED' when d.r1 < .985 then 'RETURN_TO_CLIENT' else 'CANCELLED' end)
          when d.loading <= current_date then (case when d.r1 < .8 then 'ON_THE_WAY' else 'NEW' end)
          else 'NEW' end as status,
        row_number() over () as seq
      from dated d cross join carrier c)
    insert into transports (purchase_id, sales_id, status, registration_number, trailer_number, carrier_id, carrier_name,
      supplier_code, recipient_code, purchase_document_number, sales_document_number, unloading_date, real_cargo_quantity_kg,
      driver_name, phone_number, driver_document_id, cargo_quantity_kg, price_per_ton, currency, date_loading,
      date_unloading, is_gmp, gmp_number, comment, confirmation_note, created_at, updated_at)
    select d.purchase_id, d.sales_id, d.status,
      -- No truck in two places (RULES.md Transports): every demo transport its own truck and driver document.
      (array['PO','PZ','WL','DW','EL','CB','LU','KR','WA','GD'])[1 + floor(d.r1 * 10)::int] || ' ' || (10000 + d.seq)::text,
      case when d.r2 < .8 then (array['PO','PZ','WL','DW'])[1 + floor(d.r2 * 4)::int] || ' ' || upper(substr(md5(d.r1::text), 1, 4)) || 'N' end,
      d.carrier_id, k.name, d.supplier_code, d.recipient_code, d.purchase_document_number, d.sales_document_number,
      -- The unloading of a delivered transport (deliveries step) copies these.
      case when d.status = 'DELIVERED' then d.unloading end,
      case when d.status = 'DELIVERED' then d.cargo_kg - floor(d.r1 * 7919)::int % 300 end,
      (${firstNames})[1 + floor(d.r1 * 16)::int] || ' ' || (${lastNames})[1 + floor(d.r2 * 16)::int],
      '+48 7' || lpad(floor(d.r2 * 100000000)::text, 8, '0'),
      'ABC' || (100000 + d.seq)::text,
      d.cargo_kg,
      (6000 + floor(d.r1 * 6000)::int),
      'PLN', d.loading, d.unloading,
      d.sale_gmp and d.r1 < .8,
      case when d.sale_gmp and d.r1 < .8 then 'GMP+' || lpad(floor(d.r2 * 99999)::text, 5, '0') end,
      case when d.r1 > .9 then 'Awizacja telefoniczna dzień wcześniej' end,
      case when d.sale_gmp and d.r1 >= .8 then 'Odbiorca zgodził się na transport bez GMP' end,
      d.loading - 2, d.loading - 2
    from shaped d join contractors k on k.id = d.carrier_id`),
  );
};

const settledRate = (currency: string) =>
  `case ${currency} when 'PLN' then ${RATE_SCALE} when 'EUR' then 43000 else 40000 end`;

/**
 * One unloading and three transactions per delivered transport (RULES.md Transports: Delivered), figures as the
 * app writes them (rules/transports.ts deliveryTransactions, rules/settlements.ts finalValueOf and toPln) through
 * their SQL twins (db/money-sql.ts): each row takes its own side's free deduction, in its own currency (RULES.md
 * Invoices, VAT and KSeF: never copied to another side); a settled row's final value is the rounded line value less
 * its deductions, and its PLN value that final value through the rate, rounded once.
 */
const deliveriesStep: Step = async (db) => {
  await db.execute(sql`
    insert into unloadings (transport_id, unloading_date, real_cargo_quantity_kg, real_cargo_price, real_cargo_quality_id,
      purchase_deductions, sales_deductions, transport_deductions, created_at)
    select t.id, t.unloading_date, t.real_cargo_quantity_kg, p.price, p.raw_material_quality_id,
      case when t.id % 17 = 0 then 15000 end, case when t.id % 23 = 0 then 4000 end,
      case when t.id % 29 = 0 then 2500 end, t.date_unloading::timestamp + interval '15 hours'
    from transports t join contracts p on p.id = t.purchase_id
    where t.status = 'DELIVERED'`);
  await db.execute(sql`
    with rows as (
      select t.id as transport_id, u.id as unloading_id, kind.kind, t.date_loading, t.date_unloading,
        t.purchase_document_number, t.sales_document_number, t.registration_number, t.trailer_number,
        case kind.kind when 'PURCHASE' then p.id when 'SALES' then s.id end as contract_id,
        case kind.kind when 'PURCHASE' then p.counterparty_id when 'SALES' then s.counterparty_id else t.carrier_id end as contractor_id,
        case kind.kind when 'PURCHASE' then p.currency when 'SALES' then s.currency else t.currency end as currency,
        case kind.kind when 'PURCHASE' then p.raw_material_quality_id when 'SALES' then s.raw_material_quality_id end as quality_id,
        case kind.kind when 'PURCHASE' then p.price when 'SALES' then s.price else t.price_per_ton end as price,
        coalesce(case kind.kind when 'PURCHASE' then u.purchase_deductions when 'SALES' then u.sales_deductions
          else u.transport_deductions end, 0) as deductions,
        t.cargo_quantity_kg as planned_kg, u.real_cargo_quantity_kg as real_kg, u.real_cargo_quality_id,
        t.date_unloading < current_date - 45 and (t.id % 10 <> 0 or t.date_unloading < current_date - ${sql.raw(String(SETTLED_AFTER_DAYS))})
          as is_settled
      from transports t
      join unloadings u on u.transport_id = t.id
      join contracts p on p.id = t.purchase_id
      join contracts s on s.id = t.sales_id
      cross join (values ('PURCHASE'), ('SALES'), ('TRANSPORT')) as kind(kind)
    ),
    valued as (
      select r.*, ${sql.raw(lineValueSql('r.planned_kg', 'r.price'))} as planned_value,
        ${sql.raw(lineValueSql('r.real_kg', 'r.price'))} as real_value,
        case when r.is_settled then ${sql.raw(finalValueSql('r.real_kg', 'r.price', 'r.deductions', '0'))} end as final_value,
        case when r.currency = 'PLN' or r.is_settled then ${sql.raw(settledRate('r.currency'))} end as rate
      from rows r
    )
    insert into transactions (kind, status, transport_id, unloading_id, contract_id, contractor_id, contractor_code,
      contractor_name, purchase_document_number, sales_document_number, registration_number, trailer_number, currency,
      planned_quality_id, real_quality_id, final_quality_id, planned_quantity_kg, real_quantity_kg, final_quantity_kg,
      planned_price, real_price, final_price, planned_value, real_value, final_value, deductions, exchange_rate, pln_value,
      invoice_number, invoice_date, payment_date, accounting_method, date_loading, date_unloading, settled_at, created_at, updated_at)
    select r.kind, case when r.is_settled then 'SETTLED' else 'TO_SETTLEMENT' end, r.transport_id, r.unloading_id, r.contract_id,
      r.contractor_id, c.code, c.name, r.purchase_document_number, r.sales_document_number, r.registration_number,
      r.trailer_number, r.currency, r.quality_id, coalesce(r.real_cargo_quality_id, r.quality_id),
      case when r.is_settled then coalesce(r.real_cargo_quality_id, r.quality_id) end,
      r.planned_kg, r.real_kg, case when r.is_settled then r.real_kg end,
      r.price, r.price, case when r.is_settled then r.price end,
      r.planned_value, r.real_value, r.final_value, r.deductions, r.rate,
      -- Settled: the final value through the rate. Open PLN rows keep their real value, as a delivery writes it.
      case when r.is_settled then ${sql.raw(toPlnSql('r.final_value', 'r.rate'))} when r.currency = 'PLN' then r.real_value end,
      case when r.is_settled then 'FV/' || extract(year from r.date_unloading)::int || '/' || r.transport_id || '/' || left(r.kind, 1) end,
      case when r.is_settled then r.date_unloading + 3 end,
      case when r.is_settled then r.date_unloading + 17 end,
      c.accounting_method, r.date_loading, r.date_unloading,
      case when r.is_settled then (r.date_unloading + 20)::timestamp end,
      r.date_unloading::timestamp + interval '16 hours', r.date_unloading::timestamp + interval '16 hours'
    from valued r join contractors c on c.id = r.contractor_id`);
};

/** The counters the services keep (RULES.md Contracts: derived values), computed once from the rows. */
const countersStep: Step = async (db) => {
  await db.execute(sql`
    update allocations a set in_delivery_kg = x.in_delivery, in_delivery_count = x.in_delivery_count, delivered_kg = x.delivered
    from (
      select t.purchase_id, t.sales_id,
        coalesce(sum(t.cargo_quantity_kg) filter (where t.status = 'ON_THE_WAY'), 0) as in_delivery,
        count(*) filter (where t.status = 'ON_THE_WAY') as in_delivery_count,
        coalesce(sum(u.real_cargo_quantity_kg) filter (where t.status = 'DELIVERED'), 0) as delivered
      from transports t left join unloadings u on u.transport_id = t.id
      group by t.purchase_id, t.sales_id) x
    where a.purchase_id = x.purchase_id and a.sales_id = x.sales_id`);
  for (const side of ['purchase_id', 'sales_id'] as const) {
    await db.execute(
      sql.raw(`
      update contracts c set allocated_kg = x.allocated, in_delivery_kg = x.in_delivery,
        in_delivery_count = x.in_delivery_count, delivered_kg = x.delivered
      from (
        select ${side} as contract_id, sum(quantity_kg) as allocated, sum(in_delivery_kg) as in_delivery,
          sum(in_delivery_count) as in_delivery_count, sum(delivered_kg) as delivered
        from allocations group by ${side}) x
      where c.id = x.contract_id`),
    );
  }
};

/**
 * RULES.md Contracts: CANCELLED and CLOSED are refused while a transport of the contract is NEW or ON_THE_WAY, and
 * CLOSED while a transaction of it is unsettled. Statuses drawn from the receipt dates alone broke both
 * (39 and 224 contracts); such a contract is still ACTIVE, or awaits settlement in TO_SETTLEMENT.
 */
const statusesStep: Step = async (db) => {
  await db.execute(sql`
    update contracts c set status = 'ACTIVE'
    where c.status in ('CLOSED', 'CANCELLED') and exists (select 1 from transports t
      where (t.purchase_id = c.id or t.sales_id = c.id) and t.status in ('NEW', 'ON_THE_WAY'))`);
  await db.execute(sql`
    update contracts c set status = 'TO_SETTLEMENT'
    where c.status = 'CLOSED' and exists (select 1 from transactions x where x.contract_id = c.id and x.status <> 'SETTLED')`);
};

/** Space and planner statistics after the bulk load: the first lists then run on fresh numbers. */
const vacuumStep: Step = async (db) => {
  await db.execute(sql`vacuum analyze`);
};

export const DEMO_STEPS: [string, Step][] = [
  ['users', usersStep],
  ['contractors', contractorsStep],
  ['contracts', contractsStep],
  ['allocations', allocationsStep],
  ['transports', transportsStep],
  ['deliveries and settlements', deliveriesStep],
  ['quality terms and lab results', qualityStep],
  ['weighbridge tickets', weighbridgeStep],
  ['purchase price lists', priceListsStep],
  ['contract statuses', statusesStep],
  ['contract figures', countersStep],
  ['vacuum analyze', vacuumStep],
];

export const DEMO_TABLES = [
  'price_list_deviations',
  'price_list_entries',
  'weighbridge_tickets',
  'transactions',
  'unloadings',
  'transports',
  'allocations',
  'contract_price_options',
  'contract_contacts',
  'contracts',
  'document_number_sequences',
  'contractor_addresses',
  'contractor_contacts',
  'contractors',
];
