import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deliveredBody,
  type Pair,
  redirectBody,
  seedPair,
  transportApi,
  transportBody,
} from '../../../test/fixtures/transports.js';
import { insertContract } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { transports } from '../../db/schema/index.js';

/** RULES.md Transports: no truck in two places. */
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
  pair = await seedPair(t.db, { allocationKg: 100_000 });
});
afterAll(() => t.close());

const TRUCK = { registration_number: 'PO 77777', driver_document_id: 'DOC111' };
const NOTE = 'Dwa krótkie kursy tego samego dnia';

function expectClash(response: { statusCode: number; json: () => Record<string, unknown> }) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(409);
  expect(response.json()).toMatchObject({
    message_code: 'VEHICLE_ALREADY_PLANNED',
    errors: [{ field: 'double_booking_note', code: 'VEHICLE_ALREADY_PLANNED' }],
  });
}

const clashesOf = async (query: Record<string, string>) => {
  const response = await api.call('GET', `vehicle-clashes?${new URLSearchParams(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().list as { id: number; fields: string[] }[];
};

describe('no truck in two places', () => {
  it('refuses a second transport of the same truck (plate compared normalised) with overlapping dates', async () => {
    const first = await api.createId(transportBody(pair, TRUCK));
    const samePlate = transportBody(pair, { registration_number: 'po-777 77', date_loading: '2026-03-04' });
    expectClash(await api.create(samePlate));
    expect(await t.db.select().from(transports)).toHaveLength(1);
    const clashes = await clashesOf({
      registration_number: 'po77777',
      date_loading: '2026-03-04',
      date_unloading: '2026-03-05',
    });
    // The warning names the parties, not only their codes.
    expect(clashes).toMatchObject([
      {
        id: first,
        fields: ['registrationNumber'],
        supplier_code: expect.any(String),
        supplier_name: expect.any(String),
        recipient_name: expect.any(String),
        registration_number: 'PO 77777',
      },
    ]);
  });

  it('refuses the same driver document on an ON_THE_WAY transport, in-progress create as well', async () => {
    await api.createId(transportBody(pair, TRUCK), true);
    expectClash(await api.createOnTheWay(transportBody(pair, { driver_document_id: 'doc-111' })));
  });

  it('saves a double booking with a note of 10+ characters and keeps the note', async () => {
    await api.createId(transportBody(pair, TRUCK));
    expectClash(await api.create(transportBody(pair, { ...TRUCK, double_booking_note: 'za krótko' })));
    const response = await api.create(transportBody(pair, { ...TRUCK, double_booking_note: NOTE }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().double_booking_note).toBe(NOTE);
    // Only a double booking keeps its note.
    const free = await api.create(transportBody(pair, { double_booking_note: NOTE }));
    expect(free.json().double_booking_note).toBeNull();
  });

  it('lets the truck go again once the dates do not overlap (both days count)', async () => {
    await api.createId(transportBody(pair, TRUCK));
    const sameUnloadingDay = transportBody(pair, {
      ...TRUCK,
      date_loading: '2026-03-04',
      date_unloading: '2026-03-06',
    });
    expectClash(await api.create(sameUnloadingDay));
    const nextDay = transportBody(pair, { ...TRUCK, date_loading: '2026-03-05', date_unloading: '2026-03-06' });
    expect((await api.create(nextDay)).statusCode).toBe(200);
    const before = transportBody(pair, { ...TRUCK, date_loading: '2026-02-27', date_unloading: '2026-03-01' });
    expect((await api.create(before)).statusCode).toBe(200);
  });

  it('ignores cancelled and delivered transports of the truck', async () => {
    const cancelled = await api.createId(transportBody(pair, TRUCK));
    expect((await api.setStatus(cancelled, 'CANCELLED')).statusCode).toBe(200);
    const delivered = await api.createId(transportBody(pair, TRUCK), true);
    expect((await api.deliver(delivered, deliveredBody())).statusCode).toBe(200);
    expect((await api.create(transportBody(pair, TRUCK))).statusCode).toBe(200);
  });

  it('refuses an edit that moves the truck or driver onto a planned one, not the transport itself', async () => {
    const first = await api.createId(transportBody(pair, TRUCK));
    const second = await api.createId(transportBody(pair));
    // The transport itself never clashes: saving it unchanged passes.
    expect((await api.update(first, transportBody(pair, TRUCK))).statusCode).toBe(200);
    expectClash(await api.update(second, transportBody(pair, { registration_number: 'PO77777' })));
    expectClash(await api.update(second, transportBody(pair, { driver_document_id: 'DOC 111' })));
    const withNote = await api.update(second, transportBody(pair, { ...TRUCK, double_booking_note: NOTE }));
    expect(withNote.statusCode, withNote.body).toBe(200);
    const [row] = await t.db.select().from(transports).where(eq(transports.id, second));
    expect(row).toMatchObject({ registrationKey: 'PO77777', driverDocumentKey: 'DOC111', doubleBookingNote: NOTE });
  });

  it('answers no clashes for a truck that is free, and none without plate or document', async () => {
    const first = await api.createId(transportBody(pair, TRUCK));
    expect(await clashesOf({ registration_number: 'PO 1', date_loading: '2026-03-02' })).toEqual([]);
    expect(await clashesOf({ date_loading: '2026-03-02' })).toEqual([]);
    expect(await clashesOf({ ...TRUCK, transport_id: String(first) })).toEqual([]);
    // No unloading date: the truck counts as taken from loading on.
    expect(
      await clashesOf({ registration_number: TRUCK.registration_number, date_loading: '2026-03-01' }),
    ).toHaveLength(1);
  });
});

describe('a redirect that moves the unloading date', () => {
  const newSale = async () => (await insertContract(t.db, { type: 'SALES' })).id;
  // On the way 2–4 March; the same truck's or driver's next transport loads on 6 March.
  const onTheWay = (overrides: Record<string, unknown> = {}) =>
    api.createId(transportBody(pair, { ...TRUCK, ...overrides }), true);
  const next = (overrides: Record<string, unknown>) =>
    api.createId(transportBody(pair, { date_loading: '2026-03-06', date_unloading: '2026-03-08', ...overrides }));

  it('refuses a new unloading date on the day the truck loads again, and takes it with a note', async () => {
    const id = await onTheWay();
    await next({ registration_number: 'po-77777' });
    const target = await newSale();
    expectClash(await api.reallocate(redirectBody(id, target, { date_unloading: '2026-03-06' })));
    expectClash(
      await api.reallocate(
        redirectBody(id, target, { date_unloading: '2026-03-06', double_booking_note: 'za krótko' }),
      ),
    );
    const withNote = await api.reallocate(
      redirectBody(id, target, { date_unloading: '2026-03-06', double_booking_note: NOTE }),
    );
    expect(withNote.statusCode, withNote.body).toBe(200);
    expect(withNote.json()).toMatchObject({
      sales_id: target,
      date_unloading: '2026-03-06',
      double_booking_note: NOTE,
    });
  });

  it('takes a redirect that keeps the truck free without a note, the transport itself never clashing', async () => {
    const id = await onTheWay();
    await next({ registration_number: TRUCK.registration_number });
    const response = await api.reallocate(redirectBody(id, await newSale(), { date_unloading: '2026-03-05' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ date_unloading: '2026-03-05', double_booking_note: null });
  });

  it('refuses the driver document of another transport at the new dates', async () => {
    const id = await onTheWay();
    await next({ driver_document_id: 'doc 111' });
    expectClash(await api.reallocate(redirectBody(id, await newSale(), { date_unloading: '2026-03-07' })));
  });

  it('keeps the note only while the truck stays double booked: the note sent decides, as on edit', async () => {
    const id = await onTheWay();
    await next({ registration_number: TRUCK.registration_number });
    const first = await newSale();
    const noted = await api.reallocate(
      redirectBody(id, first, { date_unloading: '2026-03-06', double_booking_note: NOTE }),
    );
    expect(noted.statusCode, noted.body).toBe(200);
    // The stored note does not cover the next redirect: a still double booked truck needs it sent again.
    const second = await newSale();
    expectClash(await api.reallocate(redirectBody(id, second, { date_unloading: '2026-03-06' })));
    // A redirect that frees the truck drops the note the double booking needed.
    const freed = await api.reallocate(
      redirectBody(id, second, { date_unloading: '2026-03-05', double_booking_note: NOTE }),
    );
    expect(freed.statusCode, freed.body).toBe(200);
    const [row] = await t.db.select().from(transports).where(eq(transports.id, id));
    expect(row).toMatchObject({ salesId: second, dateUnloading: '2026-03-05', doubleBookingNote: null });
  });
});
