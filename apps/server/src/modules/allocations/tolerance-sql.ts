import { sql } from 'drizzle-orm';
import { contracts } from '../../db/schema.js';

/**
 * RULES.md Contracts, Tolerance, in SQL for the list filter "room left" (purchases a sale can still take from).
 * The SQL twin of toleranceUpperLimitKg (packages/shared/src/rules/tolerance.ts); tolerance-sql.test.ts proves
 * the two agree on sample rows, so change both together.
 */
export const toleranceUpperLimitSql = sql<number>`(case
  when ${contracts.isTolerance} and ${contracts.toleranceUnit} = 'T' and ${contracts.toleranceQuantity} is not null
    then ${contracts.cargoQuantityKg} + ${contracts.toleranceQuantity}
  when ${contracts.isTolerance} and ${contracts.toleranceUnit} = 'PERCENT' and ${contracts.toleranceQuantity} is not null
    then floor(${contracts.cargoQuantityKg}::numeric * (10000 + ${contracts.toleranceQuantity}) / 10000)::bigint
  else ${contracts.cargoQuantityKg} end)`;
