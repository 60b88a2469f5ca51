import { KG_PER_TONNE, RATE_SCALE } from '@grain/shared';
import { sql } from 'drizzle-orm';
import { transactions } from './schema/index.js';

/**
 * SQL twins of the shared money rules (packages/shared/src/rules/settlements.ts) for set-based writes and checks
 * (the demo generator, the trust invariants), as SQL text over the caller's expressions (column names), to be put
 * into a query with `sql.raw`. Numeric arithmetic is exact and numeric `round` rounds half away from zero, as
 * `lineValue` and `toPln` do; money-sql.test.ts proves each twin equal to its rule.
 */

/** `lineValue`: quantity (kg) × price per tonne / 1000, rounded to minor units (RULES.md Settlements). */
export function lineValueSql(quantityKg: string, pricePerTonne: string): string {
  return `round((${quantityKg})::numeric * (${pricePerTonne}) / ${KG_PER_TONNE})::bigint`;
}

/** `toPln`: minor units through a rate kept × 10 000, rounded to grosze. */
export function toPlnSql(minor: string, rateScaled: string): string {
  return `round((${minor})::numeric * (${rateScaled}) / ${RATE_SCALE})::bigint`;
}

/** `finalValueOf`: the rounded line value less deductions plus surcharges, what is invoiced and converted. */
export function finalValueSql(quantityKg: string, pricePerTonne: string, deductions: string, surcharges: string) {
  return `(${lineValueSql(quantityKg, pricePerTonne)} - (${deductions}) + (${surcharges}))`;
}

/** `currentQuantityKg` over a statement row's own columns (transactions), for the queries that sum or match by it. */
export const currentQuantityKgSql = sql<number>`coalesce(${transactions.finalQuantityKg}, ${transactions.realQuantityKg},
  ${transactions.plannedQuantityKg})`;
