import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../src/db/client.js';
import { positionRows } from '../../src/modules/positions/queries.js';
import { invariantViolations } from '../trust/invariants.js';

/** The previous release's database and its figures (tools/upgrade-fixture.ts writes both). */
export const FIXTURE_FOLDER = resolve(import.meta.dirname, '../fixtures/upgrade');

/**
 * Figures a user reads that an upgrade must not change: the statement's totals per kind, status and currency,
 * and the positions (contract and paid tonnes) per quality. Recorded on the previous release's database when the
 * fixture is made (tools/upgrade-fixture.ts) and read again after the current migrations. Every value is text,
 * so PostgreSQL's bigint strings and PGlite's numbers compare alike.
 */
export interface UpgradeFigures {
  statementTotals: Record<string, string>[];
  positions: Record<string, string>[];
  paidPositions: Record<string, string>[];
  counts: Record<string, string>;
  /** The invariants' findings (test/trust/invariants.ts), their values as text, sorted. */
  invariantViolations: string[];
}

const asText = (rows: Record<string, unknown>[]) =>
  rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, String(value)])));

/** A finding's row with every value as text: PostgreSQL answers bigints as strings, PGlite as numbers. */
function normalizedFinding(line: string): string {
  const found = /^(.*?): (\{.*\})$/s.exec(line);
  if (!found) return line;
  const row = JSON.parse(found[2] ?? '{}') as Record<string, unknown>;
  return `${found[1]}: ${JSON.stringify(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, String(v)])))}`;
}

export async function upgradeFigures(db: Db): Promise<UpgradeFigures> {
  // Only columns that both releases have, so the same query reads the database before and after.
  const statementTotals = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select kind, status, currency, count(*)::text as rows,
        coalesce(sum(planned_quantity_kg), 0)::text as planned_kg, coalesce(sum(real_quantity_kg), 0)::text as real_kg,
        coalesce(sum(final_quantity_kg), 0)::text as final_kg, coalesce(sum(planned_value), 0)::text as planned_value,
        coalesce(sum(real_value), 0)::text as real_value, coalesce(sum(final_value), 0)::text as final_value,
        coalesce(sum(pln_value), 0)::text as pln_value, coalesce(sum(deductions), 0)::text as deductions,
        coalesce(sum(surcharges), 0)::text as surcharges
      from transactions group by kind, status, currency order by kind, status, currency`),
  );
  const [counts] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select (select count(*) from contractors)::text as contractors,
      (select count(*) from contracts)::text as contracts, (select count(*) from allocations)::text as allocations,
      (select count(*) from transports)::text as transports, (select count(*) from unloadings)::text as unloadings,
      (select count(*) from transactions)::text as transactions,
      (select coalesce(sum(allocated_kg), 0) from contracts)::text as allocated_kg`),
  );
  return {
    statementTotals: asText(statementTotals),
    positions: asText((await positionRows(db, null, null)) as unknown as Record<string, unknown>[]),
    paidPositions: asText((await positionRows(db, null, null, true)) as unknown as Record<string, unknown>[]),
    counts: asText([counts ?? {}])[0] ?? {},
    invariantViolations: (await invariantViolations(db)).map(normalizedFinding).sort(),
  };
}
