import { currentQuantityKg, finalValueOf, lineValue, RATE_SCALE, toPln } from '@grain/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { rowsOf } from './client.js';
import { currentQuantityKgSql, finalValueSql, lineValueSql, toPlnSql } from './money-sql.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Sample {
  quantityKg: number;
  price: number;
  deductions: number;
  surcharges: number;
  rate: number;
}

/** A fixed-seed generator (mulberry32): the same samples on every run (no wall clock, no Math.random). */
function samplesOf(count: number): Sample[] {
  let state = 20_260_304;
  const next = (bound: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) % bound;
  };
  const samples: Sample[] = [];
  for (let index = 0; index < count; index++) {
    samples.push({
      quantityKg: next(60_000),
      price: next(400_000),
      deductions: next(3) === 0 ? next(50_000) : 0,
      surcharges: next(5) === 0 ? next(20_000) : 0,
      rate: [RATE_SCALE, 43_000, 40_000, 42_817, 39_995, 1][next(6)]!,
    });
  }
  return samples;
}

/** The edges of the rounding: exact halves both ways, a grosz below and above them, zero, and large safe figures. */
const edges: Sample[] = [
  { quantityKg: 24_537, price: 123_456, deductions: 0, surcharges: 0, rate: RATE_SCALE },
  { quantityKg: 1, price: 500, deductions: 0, surcharges: 0, rate: 5_000 },
  { quantityKg: 1, price: 499, deductions: 0, surcharges: 0, rate: 4_999 },
  { quantityKg: 1, price: 501, deductions: 0, surcharges: 0, rate: 5_001 },
  { quantityKg: 3, price: 500, deductions: 1, surcharges: 0, rate: 15_000 },
  { quantityKg: 0, price: 999_999, deductions: 0, surcharges: 0, rate: 43_000 },
  { quantityKg: 15_353, price: 228_177, deductions: 0, surcharges: 0, rate: 43_000 },
  { quantityKg: 2_500, price: 1, deductions: 5, surcharges: 0, rate: 43_000 },
  { quantityKg: 1_000_000_000, price: 1_000_000, deductions: 0, surcharges: 1_000_000_000, rate: RATE_SCALE },
  { quantityKg: 90_000_000, price: 99_999_999, deductions: 17, surcharges: 3, rate: 1 },
];

describe('the SQL twins of lineValue, toPln and finalValueOf (db/money-sql.ts)', () => {
  it('give what the shared rules give on every sample, negative amounts included', async () => {
    const samples = [...edges, ...samplesOf(3_000)];
    const values = samples
      .map((s, index) => `(${index}, ${s.quantityKg}, ${s.price}, ${s.deductions}, ${s.surcharges}, ${s.rate})`)
      .join(', ');
    const final = finalValueSql('v.q', 'v.p', 'v.d', 'v.s');
    const rows = rowsOf<{ i: number; line: string; final: string; pln: string; negative_pln: string }>(
      await t.db.execute(
        sql.raw(`select v.i, ${lineValueSql('v.q', 'v.p')}::text as line, ${final}::text as final,
          ${toPlnSql(final, 'v.r')}::text as pln, ${toPlnSql('-(v.q::bigint * 1000 + v.p)', 'v.r')}::text as negative_pln
        from (values ${values}) as v(i, q, p, d, s, r) order by v.i`),
      ),
    );
    expect(rows).toHaveLength(samples.length);
    for (const row of rows) {
      const s = samples[row.i]!;
      const finalValue = finalValueOf(s);
      const label = JSON.stringify(s);
      expect(Number(row.line), label).toBe(lineValue(s.quantityKg, s.price));
      expect(Number(row.final), label).toBe(finalValue);
      expect(Number(row.pln), label).toBe(toPln(finalValue, s.rate));
      expect(Number(row.negative_pln), label).toBe(toPln(-(s.quantityKg * 1000 + s.price), s.rate));
    }
  });
});

describe('currentQuantityKgSql, the twin of currentQuantityKg (statement totals, received-invoice matching)', () => {
  it('agree on every combination of final, real and planned (missing, zero or a weight)', async () => {
    const choices = [null, 0, 24_140];
    const cases: { finalQuantityKg: number | null; realQuantityKg: number | null; plannedQuantityKg: number }[] = [];
    for (const finalKg of choices) {
      for (const realKg of choices.map((kg) => (kg === null ? null : kg + 7))) {
        for (const plannedKg of [0, 25_000]) {
          cases.push({ finalQuantityKg: finalKg, realQuantityKg: realKg, plannedQuantityKg: plannedKg });
        }
      }
    }
    const literal = (kg: number | null) => (kg === null ? 'null::int' : String(kg));
    const values = cases
      .map(
        (c, index) => `(${index}, ${literal(c.finalQuantityKg)}, ${literal(c.realQuantityKg)}, ${c.plannedQuantityKg})`,
      )
      .join(', ');
    // The expression names transactions' columns: a VALUES list under that name stands in for the table.
    const rows = rowsOf<{ i: number; kg: number }>(
      await t.db.execute(
        sql`select i, ${currentQuantityKgSql} as kg from (values ${sql.raw(values)})
          as transactions(i, final_quantity_kg, real_quantity_kg, planned_quantity_kg) order by i`,
      ),
    );
    expect(rows).toHaveLength(cases.length);
    for (const row of rows) expect(Number(row.kg), JSON.stringify(cases[row.i])).toBe(currentQuantityKg(cases[row.i]!));
    // The rule itself: a zero final weight is a weight, not a missing one.
    expect(currentQuantityKg({ finalQuantityKg: 0, realQuantityKg: 24_147, plannedQuantityKg: 25_000 })).toBe(0);
  });
});
