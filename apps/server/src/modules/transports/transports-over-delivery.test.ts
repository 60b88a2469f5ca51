import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { purchaseBody } from '../../../test/fixtures/contracts.js';
import {
  deliveredBody,
  figureLines,
  type Pair,
  seedPair,
  transportApi,
  transportBody,
} from '../../../test/fixtures/transports.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { invariantViolations } from '../../../test/trust/invariants.js';
import { auditLog, contracts, unloadings } from '../../db/schema/index.js';

/**
 * RULES.md Transports, Delivered: a delivery always records what was unloaded. 52 t arrive on a pair
 * allocated 50 t between two 50 t contracts: the allocation grows; past a contract's upper tolerance limit the
 * call needs an over-delivery note and the dashboards show the over-delivered kilograms.
 */
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

const NOTE = 'Waga na rampie 52 t, przyjęte za zgodą klienta';

async function fullPair(tolerance: { isTolerance: boolean; toleranceUnit?: 'T'; toleranceQuantity?: number }) {
  const terms = { cargoQuantityKg: 50_000, ...tolerance };
  const pair = await seedPair(t.db, { allocationKg: 50_000, purchase: terms, sale: terms });
  const id = await api.createId(transportBody(pair, { cargo_quantity: 50_000 }), true);
  return { pair, id };
}

const dashboard = (kind: 'purchase' | 'sales', id: number) =>
  t.call({ method: 'GET', url: `/api/contract/get-${kind}-dashboard/${id}`, token }).then((r) => r.json());

describe('PATCH /api/transport/set-status-delivered/:id beyond the allocation', () => {
  it('grows the allocation within the contracts tolerance without a note', async () => {
    const { pair, id } = await fullPair({ isTolerance: true, toleranceUnit: 'T', toleranceQuantity: 5_000 });
    const response = await api.deliver(id, deliveredBody({ real_cargo_quantity: 52_000 }));
    expect(response.statusCode, response.body).toBe(200);
    expect(await figureLines(t.db, pair.purchaseId, pair.salesId)).toMatchObject({
      allocation: [52_000, 0, 0, 52_000],
      purchase: [52_000, 0, 0, 52_000],
      sale: [52_000, 0, 0, 52_000],
    });
    expect((await dashboard('purchase', pair.purchaseId)).over_delivered).toBe(0);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'allocation'), eq(auditLog.action, 'update')));
    expect(entries).toHaveLength(1);
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('needs over_delivery_note past the tolerance: TRANSPORT_QUANTITY_IS_TO_BIG with the field marked', async () => {
    const { pair, id } = await fullPair({ isTolerance: false });
    for (const note of [undefined, null, 'za krótka']) {
      const refused = await api.deliver(id, deliveredBody({ real_cargo_quantity: 52_000, over_delivery_note: note }));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        message_code: 'TRANSPORT_QUANTITY_IS_TO_BIG',
        errors: [{ field: 'over_delivery_note', code: 'required' }],
      });
    }
    expect(await figureLines(t.db, pair.purchaseId, pair.salesId)).toMatchObject({
      allocation: [50_000, 50_000, 1, 0],
    });
  });

  it('records 52 t on a 50 t pair with the note, and the dashboards show the over-delivery', async () => {
    const { pair, id } = await fullPair({ isTolerance: false });
    const response = await api.deliver(id, deliveredBody({ real_cargo_quantity: 52_000, over_delivery_note: NOTE }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'DELIVERED', real_cargo_quantity: 52_000 });
    expect(await figureLines(t.db, pair.purchaseId, pair.salesId)).toMatchObject({
      allocation: [52_000, 0, 0, 52_000],
    });
    const [unloading] = await t.db.select().from(unloadings).where(eq(unloadings.transportId, id));
    expect(unloading).toMatchObject({
      overDeliveryNote: NOTE,
      purchaseOverDeliveredKg: 2_000,
      salesOverDeliveredKg: 2_000,
    });
    for (const [kind, contractId] of [
      ['purchase', pair.purchaseId],
      ['sales', pair.salesId],
    ] as const) {
      expect(await dashboard(kind, contractId)).toMatchObject({
        allocated: 52_000,
        over_delivered: 2_000,
        over_delivery_notes: [NOTE],
      });
    }
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('counts only the side whose limit is passed', async () => {
    const pair: Pair = await seedPair(t.db, {
      allocationKg: 50_000,
      purchase: { cargoQuantityKg: 50_000 },
      sale: { cargoQuantityKg: 100_000 },
    });
    const id = await api.createId(transportBody(pair, { cargo_quantity: 50_000 }), true);
    const response = await api.deliver(id, deliveredBody({ real_cargo_quantity: 51_000, over_delivery_note: NOTE }));
    expect(response.statusCode, response.body).toBe(200);
    expect((await dashboard('purchase', pair.purchaseId)).over_delivered).toBe(1_000);
    expect((await dashboard('sales', pair.salesId)).over_delivered).toBe(0);
  });

  it('still lets the over-delivered contract be edited, but not below what it carries within the limit', async () => {
    const { pair, id } = await fullPair({ isTolerance: false });
    await api.deliver(id, deliveredBody({ real_cargo_quantity: 52_000, over_delivery_note: NOTE }));
    const [purchase] = await t.db.select().from(contracts).where(eq(contracts.id, pair.purchaseId));
    const form = (overrides: Record<string, unknown>) =>
      purchaseBody(purchase!.counterpartyId, { status: 'ACTIVE', cargo_quantity: 50_000, ...overrides });
    const update = (body: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: `/api/contract/update-purchase/${pair.purchaseId}`, token, payload: body });
    const renamed = await update(form({ document_number: 'ZK/NADWYZKA/1' }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ allocated: 52_000, over_delivered: 2_000 });
    const smaller = await update(form({ cargo_quantity: 49_999 }));
    expect(smaller.json().message_code).toBe('ALLOCATE_QUANTITY_IS_TO_BIG');
  });
});

describe('over-delivered kilograms: the contract counter and its unloadings (migration 0017_rules_over_delivered)', () => {
  /** The database's refusal at commit, whatever the driver wraps it in. */
  const refusal = (write: Promise<unknown>) =>
    write.then(
      () => 'accepted',
      (error: { message?: string; cause?: { message?: string } }) => `${error.message} ${error.cause?.message ?? ''}`,
    );

  it('refuses at commit a counter that no longer equals the sum of the unloadings, on either table', async () => {
    const { pair, id } = await fullPair({ isTolerance: false });
    const delivered = await api.deliver(id, deliveredBody({ real_cargo_quantity: 52_000, over_delivery_note: NOTE }));
    expect(delivered.statusCode, delivered.body).toBe(200);
    // Written past the service, as a future write path might: each side alone breaks the equality.
    const counterAlone = t.db
      .update(contracts)
      .set({ overDeliveredKg: 3_000 })
      .where(eq(contracts.id, pair.purchaseId));
    expect(await refusal(counterAlone)).toContain('differs from the sum of its unloadings');
    const unloadingAlone = t.db
      .update(unloadings)
      .set({ salesOverDeliveredKg: 1_000 })
      .where(eq(unloadings.transportId, id));
    expect(await refusal(unloadingAlone)).toContain('differs from the sum of its unloadings');
    // Both in one transaction: equal again at commit, so accepted.
    const together = t.db.transaction(async (tx) => {
      await tx.update(unloadings).set({ salesOverDeliveredKg: 3_000 }).where(eq(unloadings.transportId, id));
      await tx.update(contracts).set({ overDeliveredKg: 3_000 }).where(eq(contracts.id, pair.salesId));
    });
    expect(await refusal(together)).toBe('accepted');
    expect(await invariantViolations(t.db)).toEqual([]);
  });
});
