import { TRANSPORT_STATUSES, type TransportStatus } from '@grain/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deliveredBody,
  figureLines,
  type Pair,
  seedPair,
  transportApi,
  transportBody,
} from '../../../test/fixtures/transports.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { auditLog, transports } from '../../db/schema/index.js';

let t: TestApp;
let token: string;
let api: ReturnType<typeof transportApi>;
let pair: Pair;
beforeAll(async () => {
  t = await createTestApp();
  api = transportApi(t, () => token);
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
  pair = await seedPair(t.db);
});
afterAll(() => t.close());

function expectCode(
  response: { statusCode: number; json: () => { message_code: string } },
  status: number,
  code: string,
) {
  expect({ status: response.statusCode, code: response.json().message_code }).toEqual({ status, code });
}

/** A transport brought to `status` through the API. */
async function transportIn(status: TransportStatus): Promise<number> {
  const id = await api.createId(transportBody(pair), status !== 'NEW' && status !== 'CANCELLED');
  if (status === 'CANCELLED' || status === 'RETURN_TO_CLIENT') await api.setStatus(id, status);
  if (status === 'DELIVERED') await api.deliver(id, deliveredBody());
  const [row] = await t.db.select({ status: transports.status }).from(transports).where(eq(transports.id, id));
  expect(row?.status).toBe(status);
  return id;
}

const ALLOWED: Record<TransportStatus, TransportStatus[]> = {
  NEW: ['ON_THE_WAY', 'CANCELLED'],
  ON_THE_WAY: ['NEW', 'RETURN_TO_CLIENT', 'CANCELLED'],
  DELIVERED: [],
  RETURN_TO_CLIENT: [],
  CANCELLED: [],
};

describe('PATCH /api/transport/update-status', () => {
  for (const from of TRANSPORT_STATUSES) {
    for (const to of TRANSPORT_STATUSES) {
      const isAllowed = ALLOWED[from].includes(to);
      it(`${isAllowed ? 'allows' : 'refuses with WRONG_STATUS'} ${from} -> ${to}`, async () => {
        const id = await transportIn(from);
        const response = await api.setStatus(id, to);
        if (isAllowed) {
          expect(response.statusCode, response.body).toBe(200);
          expect(response.json()).toMatchObject({ id, status: to });
        } else {
          expectCode(response, 409, 'WRONG_STATUS');
        }
      });
    }
  }

  it('walks NEW -> ON_THE_WAY -> NEW -> ON_THE_WAY -> RETURN_TO_CLIENT keeping every counter exact', async () => {
    const id = await api.createId(transportBody(pair));
    const second = await api.createId(transportBody(pair, { cargo_quantity: 10_000 }), true);
    const expectFigures = async (inDeliveryKg: number, count: number) =>
      expect(await figureLines(t.db, pair.purchaseId, pair.salesId)).toEqual({
        allocation: [100_000, inDeliveryKg, count, 0],
        purchase: [100_000, inDeliveryKg, count, 0],
        sale: [100_000, inDeliveryKg, count, 0],
      });
    await expectFigures(10_000, 1);
    await api.setStatus(id, 'ON_THE_WAY');
    await expectFigures(35_000, 2);
    await api.setStatus(id, 'NEW');
    await expectFigures(10_000, 1);
    await api.setStatus(id, 'ON_THE_WAY');
    await expectFigures(35_000, 2);
    await api.setStatus(id, 'RETURN_TO_CLIENT');
    await expectFigures(10_000, 1);
    await api.setStatus(second, 'CANCELLED');
    await expectFigures(0, 0);
  });

  it('writes the change to the audit log', async () => {
    const id = await api.createId(transportBody(pair));
    await api.setStatus(id, 'ON_THE_WAY');
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'transport'), eq(auditLog.entityId, id), eq(auditLog.action, 'status')));
    expect(entries.map((entry) => entry.changes)).toEqual([{ status: { from: 'NEW', to: 'ON_THE_WAY' } }]);
  });

  it('refuses ON_THE_WAY with VALUE_IS_MISSING while vehicle or driver data is missing', async () => {
    const id = await api.createId(transportBody(pair, { registration_number: null, driver_name: '' }));
    const response = await api.setStatus(id, 'ON_THE_WAY');
    expectCode(response, 400, 'VALUE_IS_MISSING');
    expect(response.json().errors).toEqual([
      { field: 'registration_number', code: 'required' },
      { field: 'driver_name', code: 'required' },
    ]);
    expect(await figureLines(t.db, pair.purchaseId, pair.salesId)).toMatchObject({ allocation: [100_000, 0, 0, 0] });
  });

  it('answers 404 TRANSPORT_NOT_FOUND and validates the body', async () => {
    expectCode(await api.setStatus(9999, 'CANCELLED'), 404, 'TRANSPORT_NOT_FOUND');
    const response = await api.call('PATCH', 'update-status', { transport_id: 1, status: 'LOST' });
    expectCode(response, 400, 'VALIDATION_ERROR');
    expect(response.json().errors).toEqual([{ field: 'status', code: 'oneOf' }]);
  });
});

describe('GET /api/transport/check-if-can-be-set-on-the-way/:id', () => {
  it('answers true for a NEW transport with vehicle and driver data', async () => {
    const id = await api.createId(transportBody(pair));
    expect((await api.canBeSetOnTheWay(id)).json()).toEqual({ can_be_set: true });
  });

  it('answers false while a required field is missing, then true once the form is completed', async () => {
    const id = await api.createId(transportBody(pair, { driver_document_id: null }));
    expect((await api.canBeSetOnTheWay(id)).json()).toEqual({ can_be_set: false });
    await api.update(id, transportBody(pair));
    expect((await api.canBeSetOnTheWay(id)).json()).toEqual({ can_be_set: true });
  });

  it('answers false for a transport that is not NEW, and 404 for a missing one', async () => {
    const id = await api.createId(transportBody(pair), true);
    expect((await api.canBeSetOnTheWay(id)).json()).toEqual({ can_be_set: false });
    expectCode(await api.canBeSetOnTheWay(9999), 404, 'TRANSPORT_NOT_FOUND');
  });
});

describe('DELETE /api/transport/remove/:id', () => {
  it('removes a NEW transport and writes an audit entry', async () => {
    const id = await api.createId(transportBody(pair));
    const response = await api.remove(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expectCode(await api.details(id), 404, 'TRANSPORT_NOT_FOUND');
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'transport'), eq(auditLog.entityId, id), eq(auditLog.action, 'delete')));
    expect(entries).toHaveLength(1);
  });

  it('takes a removed ON_THE_WAY transport out of in_delivery', async () => {
    const id = await api.createId(transportBody(pair), true);
    await api.createId(transportBody(pair, { cargo_quantity: 5_000 }), true);
    expect((await api.remove(id)).statusCode).toBe(200);
    expect(await figureLines(t.db, pair.purchaseId, pair.salesId)).toEqual({
      allocation: [100_000, 5_000, 1, 0],
      purchase: [100_000, 5_000, 1, 0],
      sale: [100_000, 5_000, 1, 0],
    });
  });

  for (const status of ['DELIVERED', 'RETURN_TO_CLIENT', 'CANCELLED'] as const) {
    it(`refuses a ${status} transport with TRANSPORT_CANNOT_BE_REMOVED`, async () => {
      const id = await transportIn(status);
      expectCode(await api.remove(id), 409, 'TRANSPORT_CANNOT_BE_REMOVED');
    });
  }

  it('answers 404 TRANSPORT_NOT_FOUND and ID_IS_NOT_A_NUMBER', async () => {
    expectCode(await api.remove(9999), 404, 'TRANSPORT_NOT_FOUND');
    expectCode(await api.call('DELETE', 'remove/abc'), 400, 'ID_IS_NOT_A_NUMBER');
  });
});

describe('GET /api/transport/details/:id', () => {
  it('answers the transport', async () => {
    const id = await api.createId(transportBody(pair));
    const response = await api.details(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, status: 'NEW', cargo_quantity: 25_000 });
  });

  it('answers 404 TRANSPORT_NOT_FOUND and ID_IS_NOT_A_NUMBER', async () => {
    expectCode(await api.details(9999), 404, 'TRANSPORT_NOT_FOUND');
    expectCode(await api.call('GET', 'details/0'), 400, 'ID_IS_NOT_A_NUMBER');
  });
});
