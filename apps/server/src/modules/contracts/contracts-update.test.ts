import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Body,
  CORN,
  CORN_FEED,
  contact,
  contractApi,
  fieldCodes,
  insertTransport,
  option,
  purchaseBody,
  salesBody,
} from '../../../test/fixtures/contracts.js';
import { insertAllocation, insertContract, insertContractor } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { auditLog, contractContacts, contractPriceOptions, contracts, mailOutbox } from '../../db/schema/index.js';

let t: TestApp;
let token: string;
let api: ReturnType<typeof contractApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = contractApi(t, () => token);
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
});
afterAll(() => t.close());

/** The full form of an existing purchase, as the edit screen sends it back. */
function purchaseForm(created: Body, overrides: Body = {}): Body {
  return purchaseBody(created.supplier_id as number, { document_number: created.document_number, ...overrides });
}

const updatePurchase = (id: number, body: Body) => api.call('PUT', `update-purchase/${id}`, body);

describe('PUT /api/contract/update-purchase/{id}', () => {
  it('changes the fields and answers the dashboard with a history entry of what changed', async () => {
    const created = await api.createPurchase();
    const response = await updatePurchase(
      created.id,
      purchaseForm(created, {
        cargo_quantity: 150_000,
        comments: 'Zmienione',
        main_cargo_option: { price: 120_000, raw_material_quality_id: 2 },
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      cargo_quantity: 150_000,
      comments: 'Zmienione',
      price: 120_000,
      raw_material_quality_id: 2,
      main_cargo_option: { price: 120_000, raw_material_quality_id: 2 },
      to_pick_up: 150_000,
    });
    const history = response.json().history;
    expect(history.map((entry: Body) => entry.action)).toEqual(['update', 'create']);
    expect(history[0].changes).toMatchObject({
      cargo_quantity_kg: { from: 100_000, to: 150_000 },
      comments: { from: 'Odbiór z magazynu', to: 'Zmienione' },
      main_cargo_option: { from: { price: 100_000 }, to: { price: 120_000 } },
    });
  });

  it('keeps the document number when it is left empty, and refuses a duplicate one', async () => {
    const first = await api.createPurchase();
    const second = await api.createPurchase();
    const kept = await updatePurchase(second.id, purchaseForm(second, { document_number: '' }));
    expect(kept.json().document_number).toBe(second.document_number);
    const duplicate = await updatePurchase(second.id, purchaseForm(second, { document_number: first.document_number }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message_code).toBe('DOCUMENT_NUMBER_IS_DUPLICATED');
  });

  it('updates, adds and deletes contacts and additional options by id (contactListDelete, additionalCargoOptionDelete)', async () => {
    const created = await api.createPurchase({
      contact_list: [contact('Kowalski'), contact('Nowak')],
      additional_cargo_option: [option(90_000), option(91_000)],
    });
    const [kowalski, nowak] = created.contact_list;
    const [cheap, other] = created.additional_cargo_option;
    const response = await updatePurchase(
      created.id,
      purchaseForm(created, {
        contact_list: [{ ...contact('Kowalski-Zmieniony'), id: kowalski.id }, contact('Wiśniewski')],
        contact_list_delete: [nowak.id],
        additional_cargo_option: [option(92_000, { id: other.id, attach_to_contract: true }), option(93_000)],
        additional_cargo_option_delete: [cheap.id],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.contact_list.map((entry: Body) => [entry.id === kowalski.id, entry.last_name])).toEqual([
      [true, 'Kowalski-Zmieniony'],
      [false, 'Wiśniewski'],
    ]);
    expect(body.additional_cargo_option.map((entry: Body) => [entry.id === other.id, entry.price])).toEqual([
      [true, 92_000],
      [false, 93_000],
    ]);
    expect(body.history[0].changes).toMatchObject({
      contact_list: { deleted: [nowak.id], updated: [kowalski.id] },
      additional_cargo_option: { deleted: [cheap.id], updated: [other.id] },
    });
  });

  it('refuses a child id of another contract with VALUE_IS_WRONG', async () => {
    const other = await api.createPurchase({ contact_list: [contact('Obcy')] });
    const created = await api.createPurchase();
    const response = await updatePurchase(
      created.id,
      purchaseForm(created, { contact_list: [{ ...contact('X'), id: other.contact_list[0].id }] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message_code).toBe('VALUE_IS_WRONG');
    expect(fieldCodes(response)).toEqual(['contact_list.0.id:chooseItem']);
  });

  it('refuses more than 10 kept and added contacts', async () => {
    const ten = Array.from({ length: 10 }, (_, index) => contact(`Kontakt${index}`));
    const created = await api.createPurchase({ contact_list: ten });
    const kept = created.contact_list.map((entry: Body) => ({ ...entry }));
    const response = await updatePurchase(
      created.id,
      purchaseForm(created, { contact_list: [...kept, contact('Jedenasty')] }),
    );
    expect(fieldCodes(response)).toEqual(['contact_list:tooBig']);
    const withDelete = await updatePurchase(
      created.id,
      purchaseForm(created, {
        contact_list: [...kept.slice(1), contact('Jedenasty')],
        contact_list_delete: [kept[0].id],
      }),
    );
    expect(withDelete.statusCode, withDelete.body).toBe(200);
    expect(withDelete.json().contact_list).toHaveLength(10);
  });

  it('refuses a quantity below what is allocated (ALLOCATE_QUANTITY_IS_TO_BIG), counting the tolerance', async () => {
    const created = await api.createPurchase();
    const sale = await insertContract(t.db, { type: 'SALES' });
    await insertAllocation(t.db, created.id, sale.id, 80_000);
    const tooSmall = await updatePurchase(created.id, purchaseForm(created, { cargo_quantity: 79_999 }));
    expect(tooSmall.statusCode).toBe(409);
    expect(tooSmall.json().message_code).toBe('ALLOCATE_QUANTITY_IS_TO_BIG');
    expect((await updatePurchase(created.id, purchaseForm(created, { cargo_quantity: 80_000 }))).statusCode).toBe(200);
    const withinTolerance = await updatePurchase(
      created.id,
      purchaseForm(created, {
        cargo_quantity: 75_000,
        is_tolerance: true,
        tolerance_type: 'BUYER',
        tolerance_quantity: 5_000,
        tolerance_unit: 'T',
      }),
    );
    expect(withinTolerance.statusCode, withinTolerance.body).toBe(200);
  });

  it('refuses a raw material change while allocations exist (CONTRACT_IS_NOT_COMPATIBLE)', async () => {
    const corn = { raw_material_id: CORN, main_cargo_option: { price: 1, raw_material_quality_id: CORN_FEED } };
    const free = await api.createPurchase();
    expect((await updatePurchase(free.id, purchaseForm(free, corn))).json().raw_material_id).toBe(CORN);

    const allocated = await api.createPurchase();
    await insertAllocation(t.db, allocated.id, (await insertContract(t.db, { type: 'SALES' })).id, 10_000);
    const response = await updatePurchase(allocated.id, purchaseForm(allocated, corn));
    expect(response.statusCode).toBe(409);
    expect(response.json().message_code).toBe('CONTRACT_IS_NOT_COMPATIBLE');
  });

  it('changes the status through the transition table and mails it', async () => {
    const created = await api.createPurchase({ email_notification_list: [] });
    const active = await updatePurchase(
      created.id,
      purchaseForm(created, { status: 'ACTIVE', email_notification_list: ['x@example.com'] }),
    );
    expect(active.json().status).toBe('ACTIVE');
    const [mail] = await t.db.select().from(mailOutbox);
    expect(mail).toMatchObject({ recipients: ['x@example.com'] });
    const refused = await updatePurchase(created.id, purchaseForm(created, { status: 'NEW' }));
    expect(refused.json().message_code).toBe('WRONG_STATUS');
  });

  it('answers 404 CONTRACT_NOT_FOUND for a missing id and for a sales id', async () => {
    const sale = await api.createSales();
    const supplier = await insertContractor(t.db);
    for (const id of [9999, sale.id]) {
      const response = await updatePurchase(id, purchaseBody(supplier.id));
      expect(response.statusCode).toBe(404);
      expect(response.json().message_code).toBe('CONTRACT_NOT_FOUND');
    }
  });

  it('answers 400 ID_IS_NOT_A_NUMBER for a bad id', async () => {
    const response = await updatePurchase(0, purchaseBody(1));
    expect(response.json().message_code).toBe('ID_IS_NOT_A_NUMBER');
  });
});

describe('PUT /api/contract/update-sales/{id}', () => {
  it('updates a sale and refuses a purchase id', async () => {
    const created = await api.createSales();
    const body = salesBody(created.recipient_id, { document_number: created.document_number, cargo_quantity: 50_000 });
    const response = await api.call('PUT', `update-sales/${created.id}`, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ cargo_quantity: 50_000, to_deliver: 50_000, to_allocate: 50_000 });
    const purchase = await api.createPurchase();
    expect((await api.call('PUT', `update-sales/${purchase.id}`, body)).statusCode).toBe(404);
  });

  it('refuses a missing recipient with RECIPIENT_NOT_FOUND', async () => {
    const created = await api.createSales();
    const response = await api.call('PUT', `update-sales/${created.id}`, salesBody(9999));
    expect(response.json().message_code).toBe('RECIPIENT_NOT_FOUND');
  });
});

describe('DELETE /api/contract/delete-purchase/{id} and delete-sales/{id}', () => {
  it('deletes a contract with its options and contacts and leaves an audit entry', async () => {
    const created = await api.createPurchase({ contact_list: [contact('A')], additional_cargo_option: [option(1)] });
    const response = await api.call('DELETE', `delete-purchase/${created.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await t.db.select().from(contracts)).toHaveLength(0);
    expect(await t.db.select().from(contractPriceOptions)).toHaveLength(0);
    expect(await t.db.select().from(contractContacts)).toHaveLength(0);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'purchase_contract'), eq(auditLog.action, 'delete')));
    expect(entries).toHaveLength(1);
  });

  it('refuses while an allocation or a transport exists (CONFLICT, canDelete false)', async () => {
    const purchase = await api.createPurchase();
    const sale = await api.createSales();
    await insertAllocation(t.db, purchase.id, sale.id, 10_000);
    for (const url of [`delete-purchase/${purchase.id}`, `delete-sales/${sale.id}`]) {
      const response = await api.call('DELETE', url);
      expect(response.statusCode).toBe(409);
      expect(response.json().message_code).toBe('CONFLICT');
    }

    const transported = await api.createSales();
    const otherPurchase = await api.createPurchase();
    await insertTransport(t.db, otherPurchase.id, transported.id, 'CANCELLED');
    expect((await api.call('DELETE', `delete-sales/${transported.id}`)).json().message_code).toBe('CONFLICT');
  });

  it('answers 404 for a missing contract or one of the other kind', async () => {
    const sale = await api.createSales();
    expect((await api.call('DELETE', `delete-purchase/${sale.id}`)).json().message_code).toBe('CONTRACT_NOT_FOUND');
    expect((await api.call('DELETE', 'delete-sales/9999')).statusCode).toBe(404);
    expect((await api.call('DELETE', `delete-sales/${sale.id}`)).statusCode).toBe(200);
  });
});
