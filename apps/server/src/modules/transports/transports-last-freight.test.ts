import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Pair, seedPair, transportApi, transportBody } from '../../../test/fixtures/transports.js';
import { insertContractor } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { transports } from '../../db/schema/index.js';

/** The new-transport form's freight prefill: the carrier's last price on the pair's route (loading → unloading place). */
let t: TestApp;
let token: string;
let api: ReturnType<typeof transportApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = transportApi(t, () => token);
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
});
afterAll(() => t.close());

const KUTNO_TO_OPOLE = {
  purchase: { city: 'Kutno', postCode: '99-300' },
  sale: { city: 'Opole', postCode: '45-001' },
};

async function lastFreight(pair: Pair, carrierId = pair.carrierId) {
  const query = new URLSearchParams({
    carrier_id: String(carrierId),
    purchase_id: String(pair.purchaseId),
    sales_id: String(pair.salesId),
  });
  const response = await api.call('GET', `last-freight?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().last;
}

describe('GET /transport/last-freight', () => {
  it("answers the carrier's latest price on the same route, from another pair of the same places", async () => {
    const earlier = await seedPair(t.db, KUTNO_TO_OPOLE);
    await api.createId(
      transportBody(earlier, { price_per_ton: 12_000, date_loading: '2026-02-02', date_unloading: '2026-02-03' }),
    );
    const latestId = await api.createId(
      transportBody(earlier, {
        price_per_ton: 13_500,
        currency: 'EUR',
        date_loading: '2026-02-10',
        date_unloading: '2026-02-11',
      }),
    );
    // Same carrier, later, but to another place: not this route.
    const elsewhere = await seedPair(t.db, {
      purchase: KUTNO_TO_OPOLE.purchase,
      sale: { city: 'Gdańsk', postCode: '80-001' },
    });
    await api.createId(
      transportBody(
        { ...elsewhere, carrierId: earlier.carrierId },
        { price_per_ton: 20_000, date_loading: '2026-03-01', date_unloading: '2026-03-02' },
      ),
    );
    // The new pair: the same places written differently (case, spaces in the post code).
    const fresh = await seedPair(t.db, {
      purchase: { city: ' kutno', postCode: '99 300' },
      sale: { city: 'OPOLE', postCode: '45-001' },
    });
    expect(await lastFreight({ ...fresh, carrierId: earlier.carrierId })).toEqual({
      transport_id: latestId,
      price_per_ton: 13_500,
      currency: 'EUR',
      date_loading: '2026-02-10',
    });
  });

  it('answers null for another carrier, a cancelled transport only, or a pair without a city', async () => {
    const pair = await seedPair(t.db, KUTNO_TO_OPOLE);
    const id = await api.createId(transportBody(pair, { price_per_ton: 12_000 }));
    const other = await insertContractor(t.db, { name: 'Inny przewoźnik', accountingMethod: 'VAT' });
    expect(await lastFreight(pair, other.id)).toBeNull();
    await t.db.update(transports).set({ status: 'CANCELLED' }).where(eq(transports.id, id));
    expect(await lastFreight(pair)).toBeNull();
    const noCity = await seedPair(t.db, { purchase: { city: null }, sale: KUTNO_TO_OPOLE.sale });
    expect(await lastFreight(noCity)).toBeNull();
  });

  it('refuses a query without the carrier', async () => {
    const pair = await seedPair(t.db, KUTNO_TO_OPOLE);
    const response = await api.call('GET', `last-freight?purchase_id=${pair.purchaseId}&sales_id=${pair.salesId}`);
    expect(response.statusCode).toBe(400);
  });

  it('reads the carrier index newest first rather than every transport', async () => {
    const plan = await t.db.execute(
      'explain select id from transports where carrier_id = 1 order by date_loading desc, id desc limit 1',
    );
    expect(JSON.stringify(plan)).toContain('transports_carrier_loading_idx');
  });
});
