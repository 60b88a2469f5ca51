import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contractorBody } from '../../../test/fixtures/contractors.js';
import {
  type Body,
  CORN_FEED,
  contact,
  contractApi,
  fieldCodes,
  option,
  purchaseBody,
  salesBody,
  WHEAT_CONSUMER,
  WHEAT_FEED,
} from '../../../test/fixtures/contracts.js';
import { insertContract, insertContractor } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { auditLog, contractors, contracts, mailOutbox } from '../../db/schema/index.js';
import { documentYear } from './rules.js';

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

const YEAR = documentYear();

async function postPurchase(overrides: Body = {}) {
  const supplier = await insertContractor(t.db);
  return api.call('POST', 'create-purchase', purchaseBody(supplier.id, overrides));
}

async function postSales(overrides: Body = {}) {
  const recipient = await insertContractor(t.db);
  return api.call('POST', 'create-sales', salesBody(recipient.id, overrides));
}

describe('POST /api/contract/create-purchase', () => {
  it('creates a purchase with its options and contacts and answers the dashboard', async () => {
    const supplier = await insertContractor(t.db, { code: 'DOST1', name: 'Dostawca', city: 'Kalisz' });
    const response = await api.call(
      'POST',
      'create-purchase',
      purchaseBody(supplier.id, {
        is_cert: true,
        county_code: 'PL-30',
        main_cargo_option: {
          price: 100_000,
          raw_material_quality_id: WHEAT_CONSUMER,
          is_contractual_quality: true,
          contractual_quality: 'białko 13%',
        },
        additional_cargo_option: [option(95_000, { attach_to_contract: true })],
        contact_list: [contact('Kowalski')],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      document_number: `ZK/${YEAR}/0001`,
      status: 'NEW',
      agreement_status: 'EMPTY',
      supplier_id: supplier.id,
      supplier_code: 'DOST1',
      supplier_address: { city: 'Kalisz' },
      county_code: 'PL-30',
      min_price: 90_000,
      cargo_quantity: 100_000,
      price: 100_000,
      raw_material_quality_id: WHEAT_CONSUMER,
      raw_material_quality_title: 'Pszenica konsumpcyjna',
      raw_material_name: 'Pszenica',
      address: { street: 'Polna', building_number: '1', post_code: '60-001', city: 'Poznań', country_code: 'PL' },
      main_cargo_option: { is_main_option: true, contractual_quality: 'białko 13%', is_contractual_quality: true },
      additional_cargo_option: [
        { price: 95_000, raw_material_quality_id: WHEAT_FEED, attach_to_contract: true, is_main_option: false },
      ],
      has_option: true,
      contact_list: [{ last_name: 'Kowalski', email: 'kowalski@example.com' }],
      email_notification_list: ['handel@example.com'],
      owner_name: 'Adam Admin',
      can_delete: true,
      allocated: 0,
      realized: 0,
      to_pick_up: 100_000,
      allowed: 100_000,
      tolerance_range: null,
      tolerance_upper_limit: 100_000,
      history: [{ action: 'create', user_first_name: 'Adam', user_last_name: 'Admin' }],
    });
  });

  it('drops the county code when there is no certificate and the tolerance fields when tolerance is off', async () => {
    const response = await postPurchase({
      is_cert: false,
      county_code: 'PL-30',
      is_tolerance: false,
      tolerance_type: 'BUYER',
      tolerance_quantity: 5_000,
      tolerance_unit: 'T',
    });
    expect(response.json()).toMatchObject({ county_code: null, tolerance_type: null, tolerance_quantity: null });
  });

  it('stores the tolerance and answers its range in kilograms', async () => {
    const response = await postPurchase({
      is_tolerance: true,
      tolerance_type: 'SELLER',
      tolerance_quantity: 1_000,
      tolerance_unit: 'PERCENT',
    });
    expect(response.json()).toMatchObject({
      tolerance_unit: 'PERCENT',
      tolerance_quantity: 1_000,
      tolerance_range: { min: 90_000, max: 110_000 },
      tolerance_upper_limit: 110_000,
    });
  });

  it('creates an inline new supplier in the same transaction', async () => {
    const response = await api.call(
      'POST',
      'create-purchase',
      purchaseBody(null, { purchase_supplier: contractorBody({ code: 'NOWY' }) }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const [created] = await t.db.select().from(contractors).where(eq(contractors.code, 'NOWY'));
    expect(response.json()).toMatchObject({ supplier_id: created!.id, supplier_code: 'NOWY' });
  });

  it('rolls everything back when the inline supplier is a duplicate', async () => {
    await insertContractor(t.db, { code: 'NOWY' });
    const response = await api.call(
      'POST',
      'create-purchase',
      purchaseBody(null, { purchase_supplier: contractorBody({ code: 'NOWY' }) }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message_code).toBe('VALUE_IS_DUPLICATED');
    expect(await t.db.select().from(contracts)).toHaveLength(0);
  });

  it('refuses a missing supplier with PURCHASE_SUPPLIER_NOT_FOUND', async () => {
    const response = await api.call('POST', 'create-purchase', purchaseBody(9999));
    expect(response.statusCode).toBe(404);
    expect(response.json().message_code).toBe('PURCHASE_SUPPLIER_NOT_FOUND');
  });

  it('requires a supplier id or an inline supplier', async () => {
    const response = await api.call('POST', 'create-purchase', purchaseBody(null));
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toEqual(['purchase_supplier_id:required']);
  });

  it('refuses a quality of another raw material with RAW_MATERIAL_QUALITY_RELATION_NOT_FOUND', async () => {
    for (const overrides of [
      { main_cargo_option: { price: 1, raw_material_quality_id: CORN_FEED } },
      { additional_cargo_option: [option(1, { raw_material_quality_id: CORN_FEED })] },
    ]) {
      const response = await postPurchase(overrides);
      expect(response.statusCode).toBe(404);
      expect(response.json().message_code).toBe('RAW_MATERIAL_QUALITY_RELATION_NOT_FOUND');
    }
  });

  it('refuses an unknown owner, raw material or country', async () => {
    expect((await postPurchase({ user_id: 999 })).json().message_code).toBe('USER_NOT_FOUND');
    expect((await postPurchase({ raw_material_id: 99 })).json().message_code).toBe('RAW_MATERIAL_NOT_FOUND');
    const country = await postPurchase({ address: { city: 'X', country_code: 'QQ' } });
    expect(fieldCodes(country)).toEqual(['address.country_code:chooseItem']);
  });

  // spec/1 section 4, RULES.md Contracts: a new contract starts as NEW; other statuses come through the status calls.
  it.each([
    ['purchase', postPurchase],
    ['sales', postSales],
  ])('creates a %s contract as NEW: NEW or no status accepted, any other refused on status', async (_, post) => {
    const sent = await post({ status: 'NEW' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe('NEW');
    const omitted = await post({ status: undefined }); // JSON leaves the key out
    expect(omitted.statusCode, omitted.body).toBe(200);
    expect(omitted.json().status).toBe('NEW');
    for (const status of ['NEXT_SEASON', 'ACTIVE', 'TO_SETTLEMENT', 'CLOSED', 'CANCELLED', 'nonsense']) {
      const response = await post({ status });
      expect(response.statusCode, status).toBe(400);
      expect(response.json().message_code).toBe('VALIDATION_ERROR');
      expect(fieldCodes(response)).toEqual(['status:oneOf']);
    }
    expect(await t.db.select().from(contracts)).toHaveLength(2);
  });

  // spec/1 section 5 Validation: optional strings max 255, the comments included.
  it.each([
    ['purchase', postPurchase],
    ['sales', postSales],
  ])('takes a %s comment of 255 characters and refuses one of 256 on comments', async (_, post) => {
    const longest = await post({ comments: 'ż'.repeat(255) });
    expect(longest.statusCode, longest.body).toBe(200);
    expect(longest.json().comments).toHaveLength(255);
    const tooLong = await post({ comments: 'ż'.repeat(256) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message_code).toBe('VALIDATION_ERROR');
    expect(fieldCodes(tooLong)).toEqual(['comments:maxLength']);
    expect(await t.db.select().from(contracts)).toHaveLength(1);
  });

  it('writes an audit entry and a notification e-mail in the same change', async () => {
    const created = await api.createPurchase({
      email_notification_list: ['a@example.com', 'B@example.com'],
      cargo_quantity: 1_234_500,
    });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'purchase_contract'), eq(auditLog.entityId, created.id)));
    expect(entries).toMatchObject([
      { action: 'create', changes: expect.objectContaining({ cargoQuantityKg: 1_234_500 }) },
    ]);
    const mails = await t.db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      recipients: ['a@example.com', 'b@example.com'],
      subject: `Nowy kontrakt zakupu ZK/${YEAR}/0001`,
    });
    // Tonnes as the screens write them: thousands grouped by a no-break space, a decimal comma.
    expect(mails[0]!.body).toContain('Ilość: 1\u00a0234,500 t');
  });

  it('queues no e-mail when the notification list is empty', async () => {
    await api.createPurchase({ email_notification_list: [] });
    expect(await t.db.select().from(mailOutbox)).toHaveLength(0);
  });
});

describe('document numbers (RULES.md Contracts)', () => {
  it('numbers purchases ZK/YYYY/0001, 0002 and sales separately SP/YYYY/0001', async () => {
    expect((await api.createPurchase()).document_number).toBe(`ZK/${YEAR}/0001`);
    expect((await api.createPurchase()).document_number).toBe(`ZK/${YEAR}/0002`);
    expect((await api.createSales()).document_number).toBe(`SP/${YEAR}/0001`);
    expect((await api.createPurchase({ document_number: '' })).document_number).toBe(`ZK/${YEAR}/0003`);
  });

  it('keeps a number given by hand and skips it when numbering', async () => {
    expect((await api.createPurchase({ document_number: ` ZK/${YEAR}/0002 ` })).document_number).toBe(
      `ZK/${YEAR}/0002`,
    );
    expect((await api.createPurchase()).document_number).toBe(`ZK/${YEAR}/0001`);
    expect((await api.createPurchase()).document_number).toBe(`ZK/${YEAR}/0003`);
  });

  it('refuses a duplicate of the same kind with DOCUMENT_NUMBER_IS_DUPLICATED, allows it across kinds', async () => {
    await api.createPurchase({ document_number: 'K-1' });
    const duplicate = await postPurchase({ document_number: 'K-1' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message_code).toBe('DOCUMENT_NUMBER_IS_DUPLICATED');
    expect((await postSales({ document_number: 'K-1' })).statusCode).toBe(200);
  });

  it('gives concurrent creates different numbers', async () => {
    const supplier = await insertContractor(t.db);
    const responses = await Promise.all(
      [1, 2, 3].map(() => api.call('POST', 'create-purchase', purchaseBody(supplier.id))),
    );
    const numbers = responses.map((response) => response.json().document_number).sort();
    expect(numbers).toEqual([`ZK/${YEAR}/0001`, `ZK/${YEAR}/0002`, `ZK/${YEAR}/0003`]);
  });
});

describe('validation of the contract form (spec/1 section 5)', () => {
  const cases: [string, Body, string[]][] = [
    ['a missing city', { address: { street: 'Polna', country_code: 'PL' } }, ['address.city:required']],
    [
      'receipt "to" before "from"',
      { date_of_receipt_from: '2026-05-01', date_of_receipt_to: '2026-04-30' },
      ['date_of_receipt_to:dateToIsBefore'],
    ],
    [
      'tolerance on without its fields',
      { is_tolerance: true },
      ['tolerance_type:required', 'tolerance_quantity:required', 'tolerance_unit:required'],
    ],
    [
      'contractual quality on without its text',
      { main_cargo_option: { price: 1, raw_material_quality_id: 1, is_contractual_quality: true } },
      ['main_cargo_option.contractual_quality:required'],
    ],
    ['a quantity of 0', { cargo_quantity: 0 }, ['cargo_quantity:positive']],
    [
      'an additional option without a price',
      { additional_cargo_option: [option(0)] },
      ['additional_cargo_option.0.price:positive'],
    ],
    ['an invalid notification e-mail', { email_notification_list: ['nope'] }, ['email_notification_list.0:email']],
    [
      'notification e-mails a mail server reads differently (validation.ts isEmailAddress)',
      { email_notification_list: ['ok@firma.pl', 'a@b.pl,evil', '=?utf-8?q?x?=@x.pl', 'a|b@x.pl'] },
      ['email_notification_list.1:email', 'email_notification_list.2:email', 'email_notification_list.3:email'],
    ],
    [
      'a contact e-mail with a brace',
      { contact_list: [{ last_name: 'Kowalski', email: 'kowal{ski}@firma.pl' }] },
      ['contact_list.0.email:email'],
    ],
    ['a freight that does not exist', { freight: 'EXW' }, ['freight:oneOf']],
    ['an unknown field', { extra: 1 }, ['extra:unknownField']],
    [
      'a percent tolerance over 100 %',
      { is_tolerance: true, tolerance_type: 'BUYER', tolerance_quantity: 10_001, tolerance_unit: 'PERCENT' },
      ['tolerance_quantity:tooBig'],
    ],
  ];

  for (const [name, overrides, codes] of cases) {
    it(`refuses ${name}`, async () => {
      const response = await postPurchase(overrides);
      expect(response.statusCode).toBe(400);
      expect(response.json().message_code).toBe('VALIDATION_ERROR');
      expect(fieldCodes(response)).toEqual(codes);
    });
  }

  it('refuses an 11th contact and an 11th additional option (RULES.md Contracts)', async () => {
    const contacts = Array.from({ length: 11 }, (_, index) => contact(`Nowak${index}`));
    const options = Array.from({ length: 11 }, (_, index) => option(1_000 + index));
    expect(fieldCodes(await postPurchase({ contact_list: contacts }))).toEqual(['contact_list:tooBig']);
    expect(fieldCodes(await postPurchase({ additional_cargo_option: options }))).toEqual([
      'additional_cargo_option:tooBig',
    ]);
    expect((await postPurchase({ contact_list: contacts.slice(0, 10) })).statusCode).toBe(200);
  });

  it('drops an empty first contact, as the form always shows one', async () => {
    const response = await postPurchase({ contact_list: [{ first_name: '', last_name: '' }] });
    expect(response.json().contact_list).toEqual([]);
  });

  it('does not take county code or minimum price on a sale', async () => {
    const response = await postSales({ county_code: 'X', min_price: 1 });
    expect(fieldCodes(response)).toEqual(['county_code:unknownField', 'min_price:unknownField']);
  });
});

describe('POST /api/contract/create-sales', () => {
  it('creates a sale with its recipient and the sales figures', async () => {
    const recipient = await insertContractor(t.db, { code: 'ODB1' });
    const response = await api.call('POST', 'create-sales', salesBody(recipient.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      document_number: `SP/${YEAR}/0001`,
      recipient_id: recipient.id,
      recipient_code: 'ODB1',
      freight: 'CPT',
      to_deliver: 100_000,
      to_allocate: 100_000,
    });
    expect(response.json()).not.toHaveProperty('to_pick_up');
    const [mail] = await t.db.select().from(mailOutbox);
    expect(mail!.subject).toBe(`Nowy kontrakt sprzedaży SP/${YEAR}/0001`);
  });

  it('refuses a missing recipient with RECIPIENT_NOT_FOUND', async () => {
    const response = await api.call('POST', 'create-sales', salesBody(9999));
    expect(response.statusCode).toBe(404);
    expect(response.json().message_code).toBe('RECIPIENT_NOT_FOUND');
  });

  it('creates an inline new recipient', async () => {
    const response = await api.call(
      'POST',
      'create-sales',
      salesBody(null, { sales_recipient: contractorBody({ code: 'ODB-NEW' }) }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().recipient_code).toBe('ODB-NEW');
  });

  it('writes the audit entry under sales_contract', async () => {
    const created = await api.createSales();
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'sales_contract'), eq(auditLog.entityId, created.id)));
    expect(entries).toMatchObject([{ action: 'create' }]);
  });

  it('keeps numbering even when contracts were inserted directly with other numbers', async () => {
    await insertContract(t.db, { type: 'SALES', documentNumber: `SP/${YEAR}/0001` });
    expect((await api.createSales()).document_number).toBe(`SP/${YEAR}/0002`);
  });
});
