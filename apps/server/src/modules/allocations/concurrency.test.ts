import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  allocate,
  allocatedKgOf,
  messageCode,
  pairsOf,
  purchaseOf,
  saleOf,
  sumOfPairsOf,
} from '../../../test/fixtures/allocations.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';

/**
 * RULES.md Allocations: checks and writes happen in one transaction with both contract rows locked, so parallel
 * requests can never over-allocate. It matters on PostgreSQL (TEST_DATABASE_URL), where the calls really run
 * side by side on separate connections; on PGlite they run one after another and must pass all the same.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
});
afterAll(() => t.close());

const T = 1000;

describe('POST /api/contract/allocate-contract/:id under concurrency', () => {
  it('20 parallel allocations from 15 sales onto one 100 t purchase never pass its limit', async () => {
    const purchase = await purchaseOf(t.db, { cargoQuantityKg: 100 * T });
    const sales: { id: number }[] = [];
    for (let index = 0; index < 15; index++) sales.push(await saleOf(t.db));
    // 20 calls: every sale once, the first five twice (a second call on the same pair is an edit to the same 10 t).
    const calls = Array.from({ length: 20 }, (_, index) => sales[index % sales.length]!);

    const responses = await Promise.all(calls.map((sale) => allocate(t, token, sale.id, purchase.id, 10 * T)));

    for (const response of responses) {
      if (response.statusCode !== 200) {
        expect(response.statusCode, response.body).toBe(409);
        expect(messageCode(response)).toBe('ALLOCATE_QUANTITY_IS_TO_BIG');
      }
    }
    const pairs = await pairsOf(t.db);
    const allocatedKg = await allocatedKgOf(t.db, purchase.id);
    expect(allocatedKg).toBe(await sumOfPairsOf(t.db, purchase.id));
    expect(allocatedKg).toBeLessThanOrEqual(100 * T);
    // 15 sales compete for ten 10 t slots: exactly ten pairs exist and five sales were refused.
    expect(pairs).toHaveLength(10);
    expect(allocatedKg).toBe(100 * T);
    expect(responses.filter((response) => response.statusCode === 409).length).toBeGreaterThanOrEqual(5);
    for (const pair of pairs) expect(await allocatedKgOf(t.db, pair.salesId)).toBe(10 * T);
  });

  it('parallel allocations of one sale from many purchases never pass the sale limit', async () => {
    const sale = await saleOf(t.db, { cargoQuantityKg: 50 * T });
    const purchases: { id: number }[] = [];
    for (let index = 0; index < 12; index++) purchases.push(await purchaseOf(t.db));

    const responses = await Promise.all(purchases.map((purchase) => allocate(t, token, sale.id, purchase.id, 7 * T)));

    const refused = responses.filter((response) => response.statusCode !== 200);
    for (const response of refused) expect(messageCode(response)).toBe('ALLOCATE_QUANTITY_IS_TO_BIG');
    expect(refused).toHaveLength(12 - 7);
    expect(await allocatedKgOf(t.db, sale.id)).toBe(49 * T);
    expect(await sumOfPairsOf(t.db, sale.id)).toBe(49 * T);
  });

  it('parallel edits of one pair and of pairs sharing both contracts end consistent, without deadlock', async () => {
    const purchases = [await purchaseOf(t.db), await purchaseOf(t.db)];
    const sales = [await saleOf(t.db), await saleOf(t.db)];
    // Crossing pairs: requests lock the same contracts from both ends, in id order, and must not deadlock.
    const calls = Array.from({ length: 24 }, (_, index) => ({
      sale: sales[index % 2]!,
      purchase: purchases[Math.floor(index / 2) % 2]!,
      quantityKg: (index + 1) * T,
    }));

    const responses = await Promise.all(
      calls.map(({ sale, purchase, quantityKg }) => allocate(t, token, sale.id, purchase.id, quantityKg)),
    );

    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    for (const contract of [...purchases, ...sales]) {
      expect(await allocatedKgOf(t.db, contract.id)).toBe(await sumOfPairsOf(t.db, contract.id));
    }
    expect(await pairsOf(t.db)).toHaveLength(4);
  });
});
