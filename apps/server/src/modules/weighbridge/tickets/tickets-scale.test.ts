import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPair, transportApi, transportBody } from '../../../../test/fixtures/transports.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { type ScaleSimulator, startScaleSimulator } from '../../../../tools/scale-sim/simulator.js';
import { networkScale } from '../scale/fixtures.js';

/** Tickets read from a simulated indicator over TCP (CONTRIBUTING.md Weighbridge: a stable weight only). */
let t: TestApp;
let sim: ScaleSimulator;
let token: string;
beforeAll(async () => {
  sim = await startScaleSimulator({ port: 0, frameIntervalMs: 10, weightKg: 39_840 });
  t = await createTestApp({ scale: networkScale(sim.port, 'ascii-continuous'), scaleReadTimeoutMs: 800 });
  token = await t.login();
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const call = (url: string, payload: Record<string, unknown> = {}) =>
  t.call({ method: 'POST', url: `/api/weighbridge-ticket/${url}`, token, payload });

describe('POST /api/weighbridge-ticket/weigh-in/:id from the indicator', () => {
  it('takes the stable weight, ignoring a typed one, and refuses an unstable reading with nothing written', async () => {
    const pair = await seedPair(t.db);
    const transportId = await transportApi(t, () => token).createId(transportBody(pair), true);
    const ticket = (await call('create', { transport_id: transportId, side: 'UNLOADING' })).json();
    expect(ticket.scale_name).toBe('Waga najazdowa 1');

    const weighIn = await call(`weigh-in/${ticket.id}`, { weight_kg: 1_000 });
    expect(weighIn.statusCode, weighIn.body).toBe(200);
    expect(weighIn.json()).toMatchObject({ gross_kg: 39_840, gross_source: 'indicator' });

    sim.control.setWeight(14_980, { isStable: false });
    const refused = await call(`weigh-out/${ticket.id}`);
    expect({ status: refused.statusCode, code: refused.json().message_code }).toEqual({
      status: 409,
      code: 'SCALE_READING_UNSTABLE',
    });
    const details = (
      await t.call({ method: 'GET', url: `/api/weighbridge-ticket/details/${ticket.id}`, token })
    ).json();
    expect(details).toMatchObject({ tare_kg: null, status: 'OPEN' });

    sim.control.setWeight(14_980);
    const weighOut = await call(`weigh-out/${ticket.id}`);
    expect(weighOut.json()).toMatchObject({ tare_kg: 14_980, tare_source: 'indicator' });
  });

  it('answers the reading on read-scale and the scale on GET scale', async () => {
    sim.control.setWeight(24_560);
    expect((await call('read-scale')).json()).toMatchObject({ gross_kg: 24_560, is_stable: true, source: 'indicator' });
    const info = await t.call({ method: 'GET', url: '/api/weighbridge-ticket/scale', token });
    expect(info.json()).toEqual({ name: 'Waga najazdowa 1', is_manual: false, capacity_kg: 60_000, division_kg: 20 });
  });
});
