import { type ToleranceTerms, toleranceUpperLimitKg } from '@grain/shared';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseOf } from '../../../test/fixtures/allocations.js';
import { insertContractor } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { contracts } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await resetDatabase(t.db);
});
afterAll(() => t.close());

/** Rows at the edges of the rule: no tolerance, incomplete terms, T, PERCENT with rounding, huge quantities. */
const samples: ToleranceTerms[] = [
  { cargoQuantityKg: 100_000, isTolerance: false, toleranceUnit: null, toleranceQuantity: null },
  { cargoQuantityKg: 100_000, isTolerance: false, toleranceUnit: 'T', toleranceQuantity: 5_000 },
  { cargoQuantityKg: 100_000, isTolerance: true, toleranceUnit: null, toleranceQuantity: 5_000 },
  { cargoQuantityKg: 100_000, isTolerance: true, toleranceUnit: 'T', toleranceQuantity: null },
  { cargoQuantityKg: 100_000, isTolerance: true, toleranceUnit: 'T', toleranceQuantity: 5_000 },
  { cargoQuantityKg: 100_000, isTolerance: true, toleranceUnit: 'PERCENT', toleranceQuantity: 0 },
  { cargoQuantityKg: 12_345, isTolerance: true, toleranceUnit: 'PERCENT', toleranceQuantity: 250 },
  { cargoQuantityKg: 999, isTolerance: true, toleranceUnit: 'PERCENT', toleranceQuantity: 1 },
  { cargoQuantityKg: 33_333, isTolerance: true, toleranceUnit: 'PERCENT', toleranceQuantity: 333 },
  { cargoQuantityKg: 9_000_000_000_000, isTolerance: true, toleranceUnit: 'PERCENT', toleranceQuantity: 10_000 },
  { cargoQuantityKg: 4_503_599_627_370_495, isTolerance: true, toleranceUnit: 'PERCENT', toleranceQuantity: 1 },
];

describe('contracts.tolerance_upper_limit_kg (the generated column twin of toleranceUpperLimitKg)', () => {
  it('gives the same limit as the shared rule on every sample row', async () => {
    const supplier = await insertContractor(t.db, { code: 'TWIN' });
    const ids: number[] = [];
    for (const [index, terms] of samples.entries()) {
      const row = await purchaseOf(t.db, { ...terms, documentNumber: `ZK/TWIN/${index}`, counterpartyId: supplier.id });
      ids.push(row.id);
    }
    const rows = await t.db
      .select({ id: contracts.id, limitKg: contracts.toleranceUpperLimitKg })
      .from(contracts)
      .where(inArray(contracts.id, ids));
    const sqlLimits = new Map(rows.map((row) => [row.id, row.limitKg]));
    for (const [index, terms] of samples.entries()) {
      expect(sqlLimits.get(ids[index]!), JSON.stringify(terms)).toBe(toleranceUpperLimitKg(terms));
    }
  });
});
