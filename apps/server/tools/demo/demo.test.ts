import { finalValueOf, type ToleranceTerms, toleranceUpperLimitKg, toPln } from '@grain/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { invariantViolations } from '../../test/trust/invariants.js';
import { DEMO_STEPS, SETTLED_AFTER_DAYS } from './generate.js';
import { DEFAULT_HISTORY_DAYS, type DemoScale, parseDemoArgs } from './scales.js';

let t: TestApp;
const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(query))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  // The large scale's shape in small: 25 trucks per contract, two allocations per contract.
  const scale = { contractors: 30, contracts: 200, allocations: 400, transports: 5_000 };
  for (const [, step] of DEMO_STEPS) await step(t.db, scale);
});
afterAll(() => t.close());

describe('demo data', () => {
  it('passes the project invariant checks (test/trust/invariants.ts), closed contracts included', async () => {
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('ends with VACUUM ANALYZE: every trading table vacuumed and analysed', async () => {
    const stale = rowsOf<{ relname: string }>(
      await t.db.execute(sql`select relname from pg_stat_user_tables
        where relname in ('contracts', 'allocations', 'transports', 'unloadings', 'transactions')
          and (last_vacuum is null or last_analyze is null)`),
    );
    expect(stale).toEqual([]);
  });

  it('creates every kind of row', async () => {
    const counts = await one<Record<string, number>>(sql`select
      (select count(*)::int from contractors) as contractors, (select count(*)::int from contracts) as contracts,
      (select count(*)::int from allocations) as allocations, (select count(*)::int from transports) as transports,
      (select count(*)::int from transactions) as transactions, (select count(distinct status)::int from transports) as statuses,
      (select count(*)::int from transports where status = 'DELIVERED') as delivered`);
    expect(counts.contractors).toBe(30);
    expect(counts.contracts).toBe(200);
    expect(counts.allocations).toBeGreaterThan(100);
    // Every requested truck, and a history: most of them delivered (the share depends on the random dates, about
    // four in five), three statement rows each and more where a row was split.
    expect(counts.transports).toBe(5_000);
    expect(counts.delivered).toBeGreaterThan(5_000 * 0.6);
    expect(counts.transactions).toBeGreaterThanOrEqual(counts.delivered! * 3);
    expect(counts.statuses).toBeGreaterThanOrEqual(3);
  });

  it('spreads the contracts over four years of receipt dates and the next 45 days', async () => {
    const span = await one<{ first: number; last: number }>(sql`select
      min(date_of_receipt_from - current_date) as first, max(date_of_receipt_from - current_date) as last from contracts`);
    expect(span.first).toBeGreaterThanOrEqual(-1_500);
    expect(span.first).toBeLessThan(-1_000);
    expect(span.last).toBeLessThanOrEqual(45);
  });

  it('gives contractors NIPs that pass the checksum', async () => {
    const nips = rowsOf<{ nip: string }>(await t.db.execute(sql`select nip from contractors`)).map((row) => row.nip);
    const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
    for (const nip of nips) {
      const sum = weights.reduce((total, weight, index) => total + weight * Number(nip[index]), 0);
      expect(sum % 11).toBe(Number(nip[9]));
    }
  });

  it('keeps allocations within both contracts tolerance limits (RULES.md Allocations)', async () => {
    // The shared rule itself, so the demo is checked against the limit the services enforce, not a copy of it.
    const terms = rowsOf<ToleranceTerms & { allocatedKg: number }>(
      await t.db.execute(sql`select cargo_quantity_kg::float8 as "cargoQuantityKg", is_tolerance as "isTolerance",
        tolerance_unit as "toleranceUnit", tolerance_quantity::float8 as "toleranceQuantity",
        allocated_kg::float8 as "allocatedKg" from contracts`),
    );
    expect(terms.length).toBeGreaterThan(0);
    expect(terms.filter((row) => row.allocatedKg > toleranceUpperLimitKg(row))).toEqual([]);
  });

  it('keeps the derived counters equal to the rows they summarise', async () => {
    const drift = await one<{ n: number }>(sql`
      select count(*)::int as n from contracts c
      where c.allocated_kg <> coalesce((select sum(quantity_kg) from allocations a where a.purchase_id = c.id or a.sales_id = c.id), 0)
         or c.delivered_kg <> coalesce((select sum(u.real_cargo_quantity_kg) from transports t join unloadings u on u.transport_id = t.id
              where (t.purchase_id = c.id or t.sales_id = c.id) and t.status = 'DELIVERED'), 0)
         or c.in_delivery_kg <> coalesce((select sum(t.cargo_quantity_kg) from transports t
              where (t.purchase_id = c.id or t.sales_id = c.id) and t.status = 'ON_THE_WAY'), 0)`);
    expect(drift.n).toBe(0);
  });

  it('has a purchase price list of today for VAT suppliers and flat-rate farmers, without overlaps', async () => {
    const prices = await one<{ today: number; kinds: number; overlaps: number }>(sql`select
      (select count(*)::int from price_list_entries where current_date between valid_from and valid_to) as today,
      (select count(distinct supplier_kind)::int from price_list_entries) as kinds,
      (select count(*)::int from price_list_entries a join price_list_entries b on a.id < b.id
        and a.raw_material_quality_id = b.raw_material_quality_id and a.supplier_kind = b.supplier_kind
        and a.payment_term_days = b.payment_term_days and a.valid_from <= b.valid_to and b.valid_from <= a.valid_to)
        as overlaps`);
    expect(prices.today).toBeGreaterThan(20);
    expect(prices.kinds).toBe(2);
    expect(prices.overlaps).toBe(0);
  });

  it('has closed weighbridge tickets numbered without gaps and transit differences, some above tolerance', async () => {
    const tickets = await one<{ count: number; last: number; above: number; pairs: number }>(sql`
      with pairs as (
        select l.transport_id, l.net_kg - u.net_kg as difference_kg, l.net_kg
        from weighbridge_tickets l join weighbridge_tickets u on u.transport_id = l.transport_id
        where l.side = 'LOADING' and u.side = 'UNLOADING')
      select (select count(*)::int from weighbridge_tickets) as count,
        (select coalesce(sum(last_number), 0)::int from invoice_number_counters where period_key like 'KW/%') as last,
        (select count(*)::int from pairs) as pairs,
        (select count(*)::int from pairs where abs(difference_kg) * 10000 > 30 * net_kg) as above`);
    expect(tickets.count).toBeGreaterThan(100);
    expect(tickets.last).toBe(tickets.count);
    expect(tickets.pairs).toBeGreaterThan(50);
    expect(tickets.above).toBeGreaterThan(0);
    expect(tickets.above).toBeLessThan(tickets.pairs);
  });

  it('gives every delivered transport one unloading and three transactions', async () => {
    const row = await one<{ delivered: number; unloadings: number; transactions: number }>(sql`select
      (select count(*)::int from transports where status = 'DELIVERED') as delivered,
      (select count(*)::int from unloadings) as unloadings, (select count(*)::int from transactions) as transactions`);
    expect(row.unloadings).toBe(row.delivered);
    expect(row.transactions).toBe(row.delivered * 3);
  });

  it('has quality terms on every price option of a quality with parameters and lab results on deliveries', async () => {
    const row = await one<{
      without_terms: number;
      with_lab: number;
      settled_rows: number;
      wrong_values: number;
      text_numbers: number;
    }>(sql`select
      (select count(*)::int from contract_price_options o where o.quality_terms = '[]'::jsonb
        and exists (select 1 from quality_params p where p.quality_id = o.raw_material_quality_id and p.name = 'Wilgotność')) as without_terms,
      (select count(*)::int from unloadings where lab_results is not null) as with_lab,
      (select count(*)::int from transactions where quality_settlement is not null) as settled_rows,
      -- The row's deductions are its side's free deduction plus the quality lines' discounts (rules/transports.ts).
      (select count(*)::int from transactions x join unloadings u on u.id = x.unloading_id
        where x.quality_settlement is not null and (
        x.real_quantity_kg <> (x.quality_settlement->>'paidKg')::bigint
        or x.real_value - x.deductions + x.surcharges
          + coalesce(case x.kind when 'PURCHASE' then u.purchase_deductions else u.sales_deductions end, 0)
          <> (x.quality_settlement->>'value')::bigint)) as wrong_values,
      (select count(*)::int from transactions where quality_settlement is not null and (
        jsonb_typeof(quality_settlement->'grossKg') <> 'number' or jsonb_typeof(quality_settlement->'paidKg') <> 'number'
        or jsonb_typeof(quality_settlement->'value') <> 'number')) as text_numbers`);
    expect(row.without_terms).toBe(0);
    expect(row.with_lab).toBeGreaterThan(0);
    expect(row.settled_rows).toBe(row.with_lab * 2);
    expect(row.wrong_values).toBe(0);
    // The answers' schema takes numbers only: bigint columns read as text once made the statement answer 500.
    expect(row.text_numbers).toBe(0);
  });

  it('has rejected unloadings, some decided and some waiting in the "Do decyzji" filter', async () => {
    const row = await one<{ waiting: number; decided: number }>(sql`select
      (select count(*)::int from unloadings where is_to_decide) as waiting,
      (select count(*)::int from unloadings where decision is not null and decided_at is not null) as decided`);
    expect(row.waiting).toBeGreaterThan(0);
    expect(row.decided).toBeGreaterThan(0);
  });

  it('settles every row as the app does: final value from the rounded line value, PLN from the final value', async () => {
    // rules/settlements.ts: settling writes finalValueOf (the line value rounded to the grosz, less deductions, plus
    // surcharges) and toPln of that final value. The demo once converted the unrounded value (471 of 719 EUR/USD
    // rows 1-2 grosze off).
    const settled = rowsOf<Record<string, string | number | null>>(
      await t.db.execute(sql`select id, currency, final_quantity_kg, final_price, deductions, surcharges, final_value,
        exchange_rate, pln_value from transactions where status = 'SETTLED' order by id`),
    );
    const drift = settled.filter((row) => {
      const finalValue = finalValueOf({
        quantityKg: Number(row.final_quantity_kg),
        price: Number(row.final_price),
        deductions: Number(row.deductions),
        surcharges: Number(row.surcharges),
      });
      return (
        Number(row.final_value) !== finalValue || Number(row.pln_value) !== toPln(finalValue, Number(row.exchange_rate))
      );
    });
    expect(settled.filter((row) => row.currency !== 'PLN').length).toBeGreaterThan(50);
    expect({ drifting: drift.length, first: drift.slice(0, 3) }).toEqual({ drifting: 0, first: [] });
  });

  it('makes the invariant checks fail on a settled PLN value one grosz off the rule', async () => {
    const row = await one<{ id: number; pln_value: string }>(
      sql`select id, pln_value from transactions where status = 'SETTLED' and currency <> 'PLN' order by id limit 1`,
    );
    await t.db.execute(sql`update transactions set pln_value = pln_value + 1 where id = ${row.id}`);
    try {
      const problems = await invariantViolations(t.db);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(`SETTLED transaction whose final or PLN value is not what settling computes`);
      expect(problems[0]).toContain(`"id":${row.id}`);
    } finally {
      await t.db.execute(sql`update transactions set pln_value = ${row.pln_value} where id = ${row.id}`);
    }
  });

  it("gives each side its own free deduction at delivery, never another side's (RULES.md Invoices, VAT and KSeF)", async () => {
    const copied = await one<{ n: number; purchase: number; sales: number; transport: number }>(sql`
      select count(*) filter (where x.quality_settlement is null and x.deductions <> coalesce(case x.kind
          when 'PURCHASE' then u.purchase_deductions when 'SALES' then u.sales_deductions
          else u.transport_deductions end, 0))::int as n,
        count(*) filter (where x.kind = 'PURCHASE' and u.purchase_deductions > 0)::int as purchase,
        count(*) filter (where x.kind = 'SALES' and u.sales_deductions > 0)::int as sales,
        count(*) filter (where x.kind = 'TRANSPORT' and u.transport_deductions > 0)::int as transport
      from transactions x join unloadings u on u.id = x.unloading_id`);
    expect(copied.n).toBe(0);
    expect(copied.purchase * copied.sales * copied.transport).toBeGreaterThan(0);
  });

  it('keeps the open book to the last months: old deliveries settled, contracts without recent trucks closed', async () => {
    const book = await one<{
      old_open_rows: number;
      old_open_contracts: number;
      recent_open_rows: number;
      closed: number;
    }>(sql`
      select
        (select count(*)::int from transactions
          where status <> 'SETTLED' and date_unloading < current_date - ${SETTLED_AFTER_DAYS}::int) as old_open_rows,
        (select count(*)::int from contracts where status not in ('CLOSED', 'CANCELLED')
          and date_of_receipt_to < current_date - ${SETTLED_AFTER_DAYS}::int
          and not exists (select 1 from transports t where (t.purchase_id = contracts.id or t.sales_id = contracts.id)
            and (t.status in ('NEW', 'ON_THE_WAY') or t.date_unloading >= current_date - ${SETTLED_AFTER_DAYS}::int)))
          as old_open_contracts,
        (select count(*)::int from transactions where status <> 'SETTLED'
          and date_unloading between current_date - ${SETTLED_AFTER_DAYS}::int and current_date - 46) as recent_open_rows,
        (select count(*)::int from contracts where status = 'CLOSED') as closed`);
    expect(book.old_open_rows).toBe(0);
    expect(book.old_open_contracts).toBe(0);
    // The last months keep a few stragglers to settle, and much of the history is closed (about 100–120 of 200).
    expect(book.recent_open_rows).toBeGreaterThan(0);
    expect(book.closed).toBeGreaterThan(200 * 0.3);
  });

  it('keeps planned transports of a pair within its allocation (RULES.md Transports)', async () => {
    const over = await one<{ n: number }>(sql`
      select count(*)::int as n from allocations a
      where (select coalesce(sum(cargo_quantity_kg), 0) from transports t where t.purchase_id = a.purchase_id
        and t.sales_id = a.sales_id and t.status in ('NEW', 'ON_THE_WAY', 'DELIVERED')) > a.quantity_kg`);
    expect(over.n).toBe(0);
  });
});

describe('parseDemoArgs', () => {
  it('reads a scale and overrides', () => {
    expect(parseDemoArgs(['--scale', 'large']).scale.transports).toBe(1_000_000);
    expect(parseDemoArgs(['--scale=small', '--transports', '50', '--reset'])).toMatchObject({
      scale: { transports: 50 },
      reset: true,
    });
  });

  it('keeps the large company in the year scale, with a quarter of its history', () => {
    const large = parseDemoArgs(['--scale', 'large']).scale;
    const year = parseDemoArgs(['--scale', 'year']).scale;
    const perDay = (scale: DemoScale) => scale.contracts / ((scale.historyDays ?? DEFAULT_HISTORY_DAYS) + 45);
    expect(year.historyDays).toBe(365);
    expect(year.contractors).toBe(large.contractors);
    expect(perDay(year) / perDay(large)).toBeCloseTo(1, 1);
    expect(year.transports / year.contracts).toBeCloseTo(large.transports / large.contracts, 0);
    expect(year.allocations / year.contracts).toBe(large.allocations / large.contracts);
  });

  it('refuses an unknown scale or argument', () => {
    expect(() => parseDemoArgs(['--scale', 'huge'])).toThrow(/Unknown scale/);
    expect(() => parseDemoArgs(['--fast'])).toThrow(/Unknown argument/);
  });
});

describe('a scale with a history of its own', () => {
  it('spreads the contracts over its days before today and the next 45', async () => {
    const app = await createTestApp();
    try {
      const scale = { contractors: 5, contracts: 300, allocations: 1, transports: 1, historyDays: 60 };
      const firstSteps = DEMO_STEPS.filter(([name]) => ['users', 'contractors', 'contracts'].includes(name));
      for (const [, step] of firstSteps) await step(app.db, scale);
      const [span] = rowsOf<{ first: number; last: number }>(
        await app.db.execute(sql`select min(date_of_receipt_from - current_date) as first,
          max(date_of_receipt_from - current_date) as last from contracts`),
      );
      expect(span!.first).toBeGreaterThanOrEqual(-60);
      expect(span!.first).toBeLessThan(-50);
      expect(span!.last).toBeLessThanOrEqual(45);
      expect(span!.last).toBeGreaterThan(35);
    } finally {
      await app.close();
    }
  });
});
