import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { rowsOf } from '../../db/client.js';
import { matchedQuantityKg, rowQuantityKg } from './queries.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the kilograms a received invoice is matched against, in SQL and in JS', () => {
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
        sql`select i, ${rowQuantityKg} as kg from (values ${sql.raw(values)})
          as transactions(i, final_quantity_kg, real_quantity_kg, planned_quantity_kg) order by i`,
      ),
    );
    expect(rows).toHaveLength(cases.length);
    for (const row of rows) expect(Number(row.kg), JSON.stringify(cases[row.i])).toBe(matchedQuantityKg(cases[row.i]!));
    // The rule itself: a zero final weight is a weight, not a missing one.
    expect(matchedQuantityKg({ finalQuantityKg: 0, realQuantityKg: 24_147, plannedQuantityKg: 25_000 })).toBe(0);
  });
});
