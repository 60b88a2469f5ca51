import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Body, type Pair, seedPair, transportApi, transportBody } from '../../../../test/fixtures/transports.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../../test/harness.js';
import { auditLog, weighbridgeTickets } from '../../../db/schema/index.js';

let t: TestApp;
let token: string;
let transports: ReturnType<typeof transportApi>;
let pair: Pair;
beforeAll(async () => {
  t = await createTestApp();
  transports = transportApi(t, () => token);
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
  pair = await seedPair(t.db);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, payload?: Body, as = token) =>
  t.call({ method, url: `/api/weighbridge-ticket/${url}`, token: as, ...(payload ? { payload } : {}) });

function expectRefusal(
  response: { statusCode: number; json: () => unknown },
  status: number,
  code: string,
  field?: string,
) {
  const body = response.json() as { message_code: string; errors?: { field: string }[] };
  expect({ status: response.statusCode, code: body.message_code }).toEqual({ status, code });
  if (field) expect(body.errors?.map((error) => error.field)).toContain(field);
}

async function onTheWay(overrides: Body = {}) {
  return transports.createId(transportBody(pair, overrides), true);
}

async function created(transportId: number, side: 'LOADING' | 'UNLOADING') {
  const response = await call('POST', 'create', { transport_id: transportId, side });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; number: string };
}

/** A closed ticket weighed by hand: weigh-in, weigh-out, close. */
async function weighed(transportId: number, side: 'LOADING' | 'UNLOADING', first: number, second: number) {
  const ticket = await created(transportId, side);
  expect((await call('POST', `weigh-in/${ticket.id}`, { weight_kg: first })).statusCode).toBe(200);
  expect((await call('POST', `weigh-out/${ticket.id}`, { weight_kg: second })).statusCode).toBe(200);
  const closed = await call('POST', `close/${ticket.id}`);
  expect(closed.statusCode, closed.body).toBe(200);
  return closed.json();
}

const year = new Date().getUTCFullYear();

describe('POST /api/weighbridge-ticket/create, weigh-in, weigh-out, close', () => {
  it('numbers the ticket, takes the truck from the transport and closes with net = gross - tare', async () => {
    const transportId = await onTheWay({ registration_number: 'WGM 12345', driver_name: 'Adam Nowak' });
    const ticket = await created(transportId, 'UNLOADING');
    expect(ticket).toMatchObject({
      number: `KW/${year}/0001`,
      status: 'OPEN',
      registration_number: 'WGM 12345',
      driver_name: 'Adam Nowak',
      scale_name: 'Waga 1',
      gross_kg: null,
      tare_kg: null,
    });
    // Unloading: the loaded truck first (gross), the empty one after (tare).
    const weighIn = await call('POST', `weigh-in/${ticket.id}`, { weight_kg: 39_840 });
    expect(weighIn.json()).toMatchObject({ gross_kg: 39_840, gross_source: 'manual', tare_kg: null });
    const weighOut = await call('POST', `weigh-out/${ticket.id}`, { weight_kg: 14_980 });
    expect(weighOut.json()).toMatchObject({ gross_kg: 39_840, tare_kg: 14_980, net_kg: null });
    const closed = await call('POST', `close/${ticket.id}`);
    expect(closed.json()).toMatchObject({ status: 'CLOSED', net_kg: 24_860, operator_name: expect.any(String) });
    expect(closed.json().closed_at).toEqual(expect.any(String));
  });

  it('takes the tare first on the loading side', async () => {
    const ticket = await weighed(await onTheWay(), 'LOADING', 14_980, 39_960);
    expect(ticket).toMatchObject({ tare_kg: 14_980, gross_kg: 39_960, net_kg: 24_980 });
  });

  it('refuses tare above gross with TARE_ABOVE_GROSS on weight_kg, writing nothing', async () => {
    const ticket = await created(await onTheWay(), 'UNLOADING');
    await call('POST', `weigh-in/${ticket.id}`, { weight_kg: 14_000 });
    expectRefusal(
      await call('POST', `weigh-out/${ticket.id}`, { weight_kg: 14_020 }),
      409,
      'TARE_ABOVE_GROSS',
      'weight_kg',
    );
    const [row] = await t.db.select().from(weighbridgeTickets).where(eq(weighbridgeTickets.id, ticket.id));
    expect(row).toMatchObject({ grossKg: 14_000, tareKg: null, status: 'OPEN' });
  });

  it('refuses a manual weight off the division with VALIDATION_ERROR on weight_kg', async () => {
    const ticket = await created(await onTheWay(), 'UNLOADING');
    expectRefusal(
      await call('POST', `weigh-in/${ticket.id}`, { weight_kg: 39_845 }),
      400,
      'VALIDATION_ERROR',
      'weight_kg',
    );
  });

  it('refuses a ticket for a closed transport with TRANSPORT_CLOSED on transport_id', async () => {
    const id = await onTheWay();
    expect((await transports.setStatus(id, 'CANCELLED')).statusCode).toBe(200);
    expectRefusal(
      await call('POST', 'create', { transport_id: id, side: 'LOADING' }),
      409,
      'TRANSPORT_CLOSED',
      'transport_id',
    );
    expect(await t.db.select().from(weighbridgeTickets)).toEqual([]);
  });

  it('refuses a second ticket on the same side, and closing without both weighings', async () => {
    const id = await onTheWay();
    const ticket = await created(id, 'LOADING');
    expectRefusal(
      await call('POST', 'create', { transport_id: id, side: 'LOADING' }),
      409,
      'WEIGHBRIDGE_TICKET_EXISTS',
      'side',
    );
    await call('POST', `weigh-in/${ticket.id}`, { weight_kg: 15_000 });
    expectRefusal(await call('POST', `close/${ticket.id}`), 409, 'WEIGHBRIDGE_TICKET_INCOMPLETE', 'gross_kg');
  });

  it('never weighs a closed ticket again (WEIGHBRIDGE_TICKET_CLOSED)', async () => {
    const ticket = await weighed(await onTheWay(), 'UNLOADING', 40_000, 15_000);
    expectRefusal(
      await call('POST', `weigh-out/${ticket.id}`, { weight_kg: 15_020 }),
      409,
      'WEIGHBRIDGE_TICKET_CLOSED',
      'status',
    );
    expectRefusal(await call('POST', `close/${ticket.id}`), 409, 'WEIGHBRIDGE_TICKET_CLOSED');
  });

  it('numbers parallel saves without gaps, a refused save giving its number back', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 6; index += 1) ids.push(await onTheWay({ cargo_quantity: 5_000 }));
    const closedId = await onTheWay({ cargo_quantity: 5_000 });
    await transports.setStatus(closedId, 'CANCELLED');
    const bodies = [
      ...ids.map((id) => ({ transport_id: id, side: 'LOADING' })),
      { transport_id: closedId, side: 'LOADING' },
      { transport_id: ids[0], side: 'LOADING' },
      ...ids.map((id) => ({ transport_id: id, side: 'UNLOADING' })),
    ];
    const responses = await Promise.all(bodies.map((body) => call('POST', 'create', body)));
    const accepted = responses.filter((response) => response.statusCode === 200);
    expect(accepted).toHaveLength(12);
    const numbers = accepted.map((response) => Number(response.json().number.split('/').at(-1))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
  });
});

describe('POST /api/weighbridge-ticket/correct/:id', () => {
  it('cancels the closed ticket and issues a new closed one with the next number, both kept and linked', async () => {
    const id = await onTheWay();
    const old = await weighed(id, 'UNLOADING', 40_000, 15_000);
    const response = await call('POST', `correct/${old.id}`, {
      gross_kg: 40_000,
      tare_kg: 15_200,
      reason: 'Kierowca zważony z naczepą zapasową',
    });
    expect(response.statusCode, response.body).toBe(200);
    const correction = response.json();
    expect(correction).toMatchObject({
      number: `KW/${year}/0002`,
      status: 'CLOSED',
      net_kg: 24_800,
      corrects_ticket_id: old.id,
      corrects_ticket_number: old.number,
      correction_reason: 'Kierowca zważony z naczepą zapasową',
    });
    const before = await call('GET', `details/${old.id}`);
    expect(before.json()).toMatchObject({ status: 'CANCELLED', net_kg: 25_000, cancelled_by_ticket_id: correction.id });
    const list = (await call('GET', `list-by-transport/${id}`)).json();
    expect(list.tickets.map((ticket: { id: number }) => ticket.id)).toEqual([correction.id, old.id]);
    expect(list.unloading_net_kg).toBe(24_800);
    const history = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'weighbridge_ticket'));
    expect(history.map((entry) => entry.action)).toEqual(expect.arrayContaining(['CANCEL', 'CORRECT']));
  });

  it('refuses an open ticket (WEIGHBRIDGE_TICKET_NOT_CLOSED), a cancelled one, and tare above gross', async () => {
    const id = await onTheWay();
    const open = await created(id, 'LOADING');
    const body = { gross_kg: 40_000, tare_kg: 15_000, reason: 'Błąd odczytu wagi' };
    expectRefusal(await call('POST', `correct/${open.id}`, body), 409, 'WEIGHBRIDGE_TICKET_NOT_CLOSED', 'status');
    const old = await weighed(id, 'UNLOADING', 40_000, 15_000);
    expect((await call('POST', `correct/${old.id}`, body)).statusCode).toBe(200);
    expectRefusal(await call('POST', `correct/${old.id}`, body), 409, 'WEIGHBRIDGE_TICKET_NOT_CLOSED');
    expectRefusal(
      await call('POST', `correct/${old.id}`, { ...body, tare_kg: 40_020 }),
      409,
      'TARE_ABOVE_GROSS',
      'tare_kg',
    );
  });
});

describe('GET /api/weighbridge-ticket/list-by-transport/:id', () => {
  it('answers the transit difference and flags it above the raw material tolerance (0,30 %)', async () => {
    const id = await onTheWay();
    await weighed(id, 'LOADING', 14_980, 39_840);
    let list = (await call('GET', `list-by-transport/${id}`)).json();
    expect(list).toMatchObject({ loading_net_kg: 24_860, unloading_net_kg: null, transit: null, tolerance_bp: 30 });
    await weighed(id, 'UNLOADING', 39_720, 14_960);
    list = (await call('GET', `list-by-transport/${id}`)).json();
    expect(list.transit).toEqual({
      loading_net_kg: 24_860,
      unloading_net_kg: 24_760,
      difference_kg: 100,
      difference_bp: 40,
      tolerance_bp: 30,
      is_above_tolerance: true,
    });
  });

  it('answers TRANSPORT_NOT_FOUND for an unknown transport', async () => {
    expectRefusal(await call('GET', 'list-by-transport/999999'), 404, 'TRANSPORT_NOT_FOUND');
  });
});

describe('GET /api/weighbridge-ticket/pdf/:id', () => {
  it('prints the ticket on A4, A5 and 80 mm receipt paper', async () => {
    const ticket = await weighed(await onTheWay(), 'UNLOADING', 39_720, 14_960);
    for (const layout of ['A4', 'A5', 'RECEIPT']) {
      const response = await call('GET', `pdf/${ticket.id}?layout=${layout}`);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      if (process.env.TICKET_PDF_DIR) {
        const { writeFileSync } = await import('node:fs');
        writeFileSync(`${process.env.TICKET_PDF_DIR}/ticket-${layout}.pdf`, response.rawPayload);
      }
    }
    expectRefusal(await call('GET', `pdf/${ticket.id}?layout=A3`), 400, 'VALIDATION_ERROR', 'layout');
  });
});

describe('roles', () => {
  it('lets a USER weigh and refuses a call without a session', async () => {
    const user = await t.userWithRole('USER');
    const id = await onTheWay();
    const response = await call('POST', 'create', { transport_id: id, side: 'LOADING' }, user.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().operator_name).toMatch(/Imię\d+ Nazwisko\d+/);
    const anonymous = await t.call({ method: 'GET', url: `/api/weighbridge-ticket/list-by-transport/${id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
