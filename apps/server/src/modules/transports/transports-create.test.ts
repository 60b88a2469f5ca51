import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Body,
  figureLines,
  type Pair,
  seedPair,
  transportApi,
  transportBody,
} from '../../../test/fixtures/transports.js';
import { firstQualityOf } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { auditLog, contracts, transports } from '../../db/schema/index.js';

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

function fieldCodes(response: { json: () => { errors?: { field: string; code: string }[] } }) {
  return response.json().errors?.map((error) => `${error.field}:${error.code}`) ?? [];
}

function expectCode(
  response: { statusCode: number; json: () => { message_code: string } },
  status: number,
  code: string,
) {
  expect({ status: response.statusCode, code: response.json().message_code }).toEqual({ status, code });
}

describe('POST /api/transport/create', () => {
  it('creates a NEW transport and answers it with its contracts, addresses, qualities and values', async () => {
    const pair = await seedPair(t.db);
    const request = transportBody(pair);
    const response = await api.create(request);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.id).toBeGreaterThan(0);
    expect(body).toMatchObject({
      purchase_id: pair.purchaseId,
      sales_id: pair.salesId,
      status: 'NEW',
      carrier_id: pair.carrierId,
      carrier_name: 'Trans-Kurier',
      registration_number: request.registration_number,
      cargo_quantity: 25_000,
      price_per_ton: 15_000,
      currency: 'PLN',
      value: 375_000,
      cargo_value: 2_500_000,
      date_loading: '2026-03-02',
      date_unloading: '2026-03-04',
      is_gmp: false,
      sale_is_gmp: false,
      gmp_not_satisfied: false,
      purchase_supplier: { freight: 'FCA', is_gmp: false, is_cert: false },
      sales_recipient: { freight: 'CPT', is_gmp: false, is_cert: false },
      loading_address: { city: 'Poznań', country_code: 'PL' },
      loading_address_full: 'Poznań',
      raw_material_id: 1,
      raw_material: 'Pszenica',
      purchase_price: 100_000,
      sales_price: 100_000,
      contract_purchase_status: 'ACTIVE',
      contract_sales_status: 'ACTIVE',
      unloading_id: null,
      real_cargo_quantity: null,
      real_value: null,
      real_transport_price: null,
    });
    expect(body.purchase_supplier.document_number).toMatch(/^ZK\//);
    expect(body.sales_recipient.document_number).toMatch(/^SP\//);
    expect(body.purchase_quality_id).toBe(await firstQualityOf(t.db));
    expect(body.purchase_quality_title).toEqual(expect.any(String));
  });

  it('keeps NEW transports out of in_delivery and writes an audit entry', async () => {
    const pair = await seedPair(t.db);
    const id = await api.createId(transportBody(pair));
    expect(await figureLines(t.db, pair.purchaseId, pair.salesId)).toEqual({
      allocation: [100_000, 0, 0, 0],
      purchase: [100_000, 0, 0, 0],
      sale: [100_000, 0, 0, 0],
    });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'transport'), eq(auditLog.entityId, id)));
    expect(entries).toMatchObject([{ action: 'create', changes: { status: 'NEW', cargoQuantityKg: 25_000 } }]);
  });

  it('defaults price per tonne to 0, currency to PLN and GMP to false, and drops a GMP number without GMP', async () => {
    const pair = await seedPair(t.db);
    const { price_per_ton: _p, currency: _c, is_gmp: _g, ...body } = transportBody(pair, { gmp_number: 'GMP-1' });
    const response = await api.create(body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      price_per_ton: 0,
      currency: 'PLN',
      is_gmp: false,
      gmp_number: null,
      value: 0,
    });
  });

  it('validates the form (spec/1 section 5) with per-field codes', async () => {
    const pair = await seedPair(t.db);
    const cases: [Body, string[]][] = [
      [{ cargo_quantity: 0 }, ['cargo_quantity:positive']],
      [{ price_per_ton: -1 }, ['price_per_ton:nonNegative']],
      [{ date_unloading: '2026-03-01' }, ['date_unloading:dateUnloadingIsBefore']],
      [{ is_gmp: true, gmp_number: '' }, ['gmp_number:gmpNumberIsRequired']],
      [{ carrier_id: 0 }, ['carrier_id:chooseItem']],
      [{ purchase_id: undefined }, ['purchase_id:required']],
      [{ date_loading: '2026-02-30' }, ['date_loading:date']],
      [{ currency: 'GBP' }, ['currency:oneOf']],
      [{ status: 'DELIVERED' }, ['status:oneOf']],
    ];
    for (const [overrides, codes] of cases) {
      const response = await api.create(transportBody(pair, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(fieldCodes(response), JSON.stringify(overrides)).toEqual(codes);
    }
    expect(await t.db.select().from(transports)).toHaveLength(0);
  });

  // spec/1 section 5 Validation: optional strings max 255 (the comment, the vehicle and driver fields, the notes).
  it('takes free text of 255 characters and refuses 256 with the field marked', async () => {
    const pair = await seedPair(t.db);
    const fields = ['comment', 'registration_number', 'trailer_number', 'driver_name', 'phone_number'];
    const longest = await api.create(transportBody(pair, Object.fromEntries(fields.map((f) => [f, 'x'.repeat(255)]))));
    expect(longest.statusCode, longest.body).toBe(200);
    for (const field of [...fields, 'driver_document_id', 'confirmation_note']) {
      const response = await api.create(transportBody(pair, { [field]: 'x'.repeat(256) }));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().message_code).toBe('VALIDATION_ERROR');
      expect(fieldCodes(response)).toEqual([`${field}:maxLength`]);
    }
    expect(await t.db.select().from(transports)).toHaveLength(1);
  });

  it('refuses a carrier that does not exist with carrier_id:chooseItem', async () => {
    const pair = await seedPair(t.db);
    const response = await api.create(transportBody(pair, { carrier_id: 9999 }));
    expectCode(response, 400, 'VALIDATION_ERROR');
    expect(fieldCodes(response)).toEqual(['carrier_id:chooseItem']);
  });

  it('answers CONTRACT_NOT_FOUND when the ids are not a purchase and a sale', async () => {
    const pair = await seedPair(t.db);
    expectCode(await api.create(transportBody(pair, { purchase_id: pair.salesId })), 404, 'CONTRACT_NOT_FOUND');
    expectCode(await api.create(transportBody(pair, { sales_id: 9999 })), 404, 'CONTRACT_NOT_FOUND');
  });

  it('refuses a pair without an allocation with ALLOCATION_IS_MISSING', async () => {
    const pair = await seedPair(t.db, { allocationKg: null });
    expectCode(await api.create(transportBody(pair)), 409, 'ALLOCATION_IS_MISSING');
  });

  it('refuses a contract that is CANCELLED or CLOSED with WRONG_STATUS', async () => {
    const pair = await seedPair(t.db);
    await t.db.update(contracts).set({ status: 'CANCELLED' }).where(eq(contracts.id, pair.salesId));
    expectCode(await api.create(transportBody(pair)), 409, 'WRONG_STATUS');
    await t.db.update(contracts).set({ status: 'TO_SETTLEMENT' }).where(eq(contracts.id, pair.salesId));
    expect((await api.create(transportBody(pair))).statusCode).toBe(200);
  });

  it('lets NEW and ON_THE_WAY transports fill the allocation exactly, not one kilogram more', async () => {
    const pair = await seedPair(t.db, { allocationKg: 60_000 });
    await api.createId(transportBody(pair));
    await api.createId(transportBody(pair), true);
    expect((await api.create(transportBody(pair, { cargo_quantity: 10_000 }))).statusCode).toBe(200);
    expectCode(await api.create(transportBody(pair, { cargo_quantity: 1 })), 409, 'TRANSPORT_QUANTITY_IS_TO_BIG');
    expectCode(await api.create(transportBody(pair, { cargo_quantity: 60_001 })), 409, 'TRANSPORT_QUANTITY_IS_TO_BIG');
  });

  it('no longer counts CANCELLED transports against the allocation', async () => {
    const pair = await seedPair(t.db, { allocationKg: 25_000 });
    const id = await api.createId(transportBody(pair));
    expectCode(await api.create(transportBody(pair)), 409, 'TRANSPORT_QUANTITY_IS_TO_BIG');
    expect((await api.setStatus(id, 'CANCELLED')).statusCode).toBe(200);
    expect((await api.create(transportBody(pair))).statusCode).toBe(200);
  });

  describe('when the sale requires GMP', () => {
    let pair: Pair;
    beforeEach(async () => {
      pair = await seedPair(t.db, { sale: { isGmp: true } });
    });

    it('refuses a transport without GMP and without a 10-character note with GMP_NOT_SATISFIED', async () => {
      expectCode(await api.create(transportBody(pair)), 409, 'GMP_NOT_SATISFIED');
      const short = await api.create(transportBody(pair, { confirmation_note: '  za krótka  ' }));
      expectCode(short, 409, 'GMP_NOT_SATISFIED');
    });

    it('accepts the note and flags the transport as gmp_not_satisfied', async () => {
      const response = await api.create(transportBody(pair, { confirmation_note: 'Klient zgodził się' }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        sale_is_gmp: true,
        gmp_not_satisfied: true,
        confirmation_note: 'Klient zgodził się',
      });
    });

    it('needs no note when the transport has GMP', async () => {
      const response = await api.create(transportBody(pair, { is_gmp: true, gmp_number: 'GMP+ B4 123' }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ is_gmp: true, gmp_number: 'GMP+ B4 123', gmp_not_satisfied: false });
    });
  });
});

describe('POST /api/transport/in-progress-create', () => {
  it('creates an ON_THE_WAY transport counted in in_delivery of the pair and both contracts', async () => {
    const pair = await seedPair(t.db);
    const response = await api.createOnTheWay(transportBody(pair));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('ON_THE_WAY');
    expect(await figureLines(t.db, pair.purchaseId, pair.salesId)).toEqual({
      allocation: [100_000, 25_000, 1, 0],
      purchase: [100_000, 25_000, 1, 0],
      sale: [100_000, 25_000, 1, 0],
    });
  });

  it('refuses a transport without vehicle and driver data with VALUE_IS_MISSING, naming the fields', async () => {
    const pair = await seedPair(t.db);
    const response = await api.createOnTheWay(
      transportBody(pair, { registration_number: '', driver_document_id: null, phone_number: '  ' }),
    );
    expectCode(response, 400, 'VALUE_IS_MISSING');
    expect(fieldCodes(response)).toEqual([
      'registration_number:required',
      'phone_number:required',
      'driver_document_id:required',
    ]);
    expect(await t.db.select().from(transports)).toHaveLength(0);
  });

  it('applies the allocation rule to ON_THE_WAY creates too', async () => {
    const pair = await seedPair(t.db, { allocationKg: 20_000 });
    expectCode(await api.createOnTheWay(transportBody(pair)), 409, 'TRANSPORT_QUANTITY_IS_TO_BIG');
  });
});

describe('PUT /api/transport/update/:id', () => {
  it('saves the form of a NEW transport and writes the difference to the audit log', async () => {
    const pair = await seedPair(t.db);
    const body = transportBody(pair);
    const id = await api.createId(body);
    const response = await api.update(id, {
      ...body,
      transport_id: id,
      comment: 'Rampa 5',
      cargo_quantity: 30_000,
      trailer_number: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id, comment: 'Rampa 5', cargo_quantity: 30_000, trailer_number: null });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'transport'), eq(auditLog.entityId, id), eq(auditLog.action, 'update')));
    expect(entry?.changes).toEqual({
      comment: { from: 'Rampa 3', to: 'Rampa 5' },
      cargoQuantityKg: { from: 25_000, to: 30_000 },
      trailerNumber: { from: 'PO 6789A', to: null },
    });
  });

  it('moves in_delivery with the quantity of an ON_THE_WAY transport', async () => {
    const pair = await seedPair(t.db);
    const id = await api.createId(transportBody(pair), true);
    expect((await api.update(id, transportBody(pair, { cargo_quantity: 27_500 }))).statusCode).toBe(200);
    expect(await figureLines(t.db, pair.purchaseId, pair.salesId)).toEqual({
      allocation: [100_000, 27_500, 1, 0],
      purchase: [100_000, 27_500, 1, 0],
      sale: [100_000, 27_500, 1, 0],
    });
  });

  it('checks a changed quantity against the allocation, leaving the transport itself out', async () => {
    const pair = await seedPair(t.db, { allocationKg: 50_000 });
    const first = await api.createId(transportBody(pair));
    await api.createId(transportBody(pair), true);
    expect((await api.update(first, transportBody(pair, { comment: 'bez zmian ilości' }))).statusCode).toBe(200);
    expectCode(
      await api.update(first, transportBody(pair, { cargo_quantity: 25_001 })),
      409,
      'TRANSPORT_QUANTITY_IS_TO_BIG',
    );
    expect((await api.update(first, transportBody(pair, { cargo_quantity: 20_000 }))).statusCode).toBe(200);
  });

  it('keeps the ON_THE_WAY fields required while the transport is on the way', async () => {
    const pair = await seedPair(t.db);
    const onTheWay = await api.createId(transportBody(pair), true);
    const response = await api.update(onTheWay, transportBody(pair, { driver_name: null }));
    expectCode(response, 400, 'VALUE_IS_MISSING');
    expect(fieldCodes(response)).toEqual(['driver_name:required']);
    const planned = await api.createId(transportBody(pair));
    expect((await api.update(planned, transportBody(pair, { driver_name: null }))).statusCode).toBe(200);
  });

  it('applies the GMP note rule on update', async () => {
    const pair = await seedPair(t.db, { sale: { isGmp: true } });
    const id = await api.createId(transportBody(pair, { is_gmp: true, gmp_number: 'GMP-7' }));
    expectCode(await api.update(id, transportBody(pair, { is_gmp: false })), 409, 'GMP_NOT_SATISFIED');
    const withNote = await api.update(
      id,
      transportBody(pair, { is_gmp: false, confirmation_note: 'Uzgodnione z klientem' }),
    );
    expect(withNote.json()).toMatchObject({ gmp_number: null, gmp_not_satisfied: true });
  });

  it('refuses another transport id or another pair with VALUE_IS_WRONG', async () => {
    const pair = await seedPair(t.db);
    const other = await seedPair(t.db);
    const id = await api.createId(transportBody(pair));
    const wrongId = await api.update(id, transportBody(pair, { transport_id: id + 1 }));
    expectCode(wrongId, 400, 'VALUE_IS_WRONG');
    expect(fieldCodes(wrongId)).toEqual(['transport_id:chooseItem']);
    const wrongSale = await api.update(id, transportBody(pair, { sales_id: other.salesId }));
    expect(fieldCodes(wrongSale)).toEqual(['sales_id:chooseItem']);
  });

  it('refuses a transport that is no longer NEW or ON_THE_WAY with NOT_EDITABLE_TRANSPORT', async () => {
    const pair = await seedPair(t.db);
    const cancelled = await api.createId(transportBody(pair));
    await api.setStatus(cancelled, 'CANCELLED');
    expectCode(await api.update(cancelled, transportBody(pair)), 409, 'NOT_EDITABLE_TRANSPORT');
    const returned = await api.createId(transportBody(pair), true);
    await api.setStatus(returned, 'RETURN_TO_CLIENT');
    expectCode(await api.update(returned, transportBody(pair)), 409, 'NOT_EDITABLE_TRANSPORT');
  });

  it('answers 404 TRANSPORT_NOT_FOUND for a missing transport and validates the body', async () => {
    const pair = await seedPair(t.db);
    expectCode(await api.update(9999, transportBody(pair)), 404, 'TRANSPORT_NOT_FOUND');
    const id = await api.createId(transportBody(pair));
    const invalid = await api.update(id, transportBody(pair, { date_unloading: '2026-01-01' }));
    expect(fieldCodes(invalid)).toEqual(['date_unloading:dateUnloadingIsBefore']);
  });
});
