import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { address, type Body, contact, contractorBody } from '../../../test/fixtures/contractors.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { auditLog } from '../../db/schema/index.js';

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

const BASE = '/api/dictionary/contractor';

function create(body: Body, as = token) {
  return t.call({ method: 'POST', url: `${BASE}/create`, token: as, payload: body });
}

async function createId(overrides: Body = {}): Promise<number> {
  const response = await create(contractorBody(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.id;
}

function update(id: number, body: Body) {
  return t.call({ method: 'PUT', url: `${BASE}/update/${id}`, token, payload: body });
}

function fieldCodes(response: { json: () => { errors?: { field: string; code: string }[] } }) {
  return response.json().errors?.map((error) => `${error.field}:${error.code}`) ?? [];
}

describe('POST /api/dictionary/contractor/create', () => {
  it('creates a contractor with its address and contacts and answers { success, result }', async () => {
    const response = await create(
      contractorBody({
        additional_address: [address('Kalisz')],
        contact_list: [contact('Kowalski'), contact('Nowak', { gender: 'female', middle_name: 'Maria' })],
      }),
    );
    expect(response.statusCode).toBe(200);
    const { success, result } = response.json();
    expect(success).toBe(true);
    expect(result).toMatchObject({
      code: 'AGRO',
      nip: '5260250274',
      pesel: null,
      label: 'FIRMA',
      accounting_method: 'VAT',
      accounting_address: {
        city: 'Poznań',
        street: 'Polna',
        building_number: '1',
        post_code: '60-001',
        country_code: 'PL',
      },
      additional_address: [{ name: 'Magazyn Kalisz', city: 'Kalisz', country_code: 'PL' }],
      contact_list: [{ last_name: 'Kowalski' }, { last_name: 'Nowak', middle_name: 'Maria', gender: 'female' }],
    });
    expect(result.additional_address[0].id).toBeGreaterThan(0);
    expect(result.contact_list[0].id).toBeGreaterThan(0);
  });

  it('writes an audit entry in the same change', async () => {
    const id = await createId();
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'contractor'), eq(auditLog.entityId, id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'create',
      changes: expect.objectContaining({ name: 'Agro Handel Sp. z o.o.', nip: '5260250274' }),
    });
  });

  it('drops an empty first address (only the country PL) and an empty first contact (only a gender)', async () => {
    const response = await create(
      contractorBody({
        additional_address: [{ name: '', street: '', city: '', country_code: 'PL' }],
        contact_list: [{ first_name: '', last_name: '  ', gender: 'male' }],
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ additional_address: [], contact_list: [] });
  });

  it('keeps the first address when its country is not PL, and then asks for the city', async () => {
    const response = await create(contractorBody({ additional_address: [{ country_code: 'DE' }] }));
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toEqual(['additional_address.0.city:required']);
  });

  it('refuses an empty entry that is not the first', async () => {
    const response = await create(
      contractorBody({
        additional_address: [address('Kalisz'), { country_code: 'PL' }],
        contact_list: [contact('A'), {}],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toEqual(
      expect.arrayContaining(['additional_address.1.city:required', 'contact_list.1.last_name:lastNameOrCompany']),
    );
  });

  it('requires the code', async () => {
    const response = await create(contractorBody({ code: '  ' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message_code).toBe('VALIDATION_ERROR');
    expect(fieldCodes(response)).toEqual(['code:required']);
  });

  it('requires NIP of exactly 10 digits and PESEL of exactly 11 digits', async () => {
    const badNip = await create(contractorBody({ nip: '123456789' }));
    expect(fieldCodes(badNip)).toEqual(['nip:nationalId']);
    const letters = await create(contractorBody({ nip: '12345678AB' }));
    expect(fieldCodes(letters)).toEqual(['nip:nationalId']);
    const badPesel = await create(contractorBody({ pesel: '1234567890' }));
    expect(fieldCodes(badPesel)).toEqual(['pesel:pesel']);
  });

  it('refuses a NIP whose checksum digit is wrong with nipChecksum, on create and on update', async () => {
    const response = await create(contractorBody({ nip: '526-025-02-75' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message_code).toBe('VALIDATION_ERROR');
    expect(fieldCodes(response)).toEqual(['nip:nipChecksum']);
    const id = (await create(contractorBody())).json().result.id;
    const updated = await update(id, contractorBody({ nip: '1234567890' }));
    expect(fieldCodes(updated)).toEqual(['nip:nipChecksum']);
  });

  it('stores a NIP typed with dashes as its digits', async () => {
    const response = await create(contractorBody({ nip: '526-025-02-74' }));
    expect(response.json().result.nip).toBe('5260250274');
  });

  it('requires a NIP or a PESEL (nipOrPesel)', async () => {
    const response = await create(contractorBody({ nip: '', pesel: null }));
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toEqual(['nip:nipOrPesel', 'pesel:nipOrPesel']);
  });

  it('accepts a farmer with a PESEL only', async () => {
    const response = await create(
      contractorBody({ nip: null, pesel: '90010112345', label: 'GR', accounting_method: 'RR' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ nip: null, pesel: '90010112345', label: 'GR' });
  });

  it('requires a company name, or for a farmer (GR) a contact with a last name (lastNameOrCompany)', async () => {
    const company = await create(contractorBody({ name: '' }));
    expect(fieldCodes(company)).toEqual(['name:lastNameOrCompany']);
    const farmerWithoutContact = await create(contractorBody({ name: null, label: 'GR' }));
    expect(fieldCodes(farmerWithoutContact)).toEqual(['name:lastNameOrCompany']);
    const farmer = await create(contractorBody({ name: null, label: 'GR', contact_list: [contact('Wiśniewski')] }));
    expect(farmer.statusCode).toBe(200);
  });

  it('checks the e-mail, the length of strings, the selects and the country', async () => {
    const response = await create(
      contractorBody({
        email: 'not-an-email',
        name: 'x'.repeat(256),
        label: 'OTHER',
        accounting_address: { city: 'Berlin', country_code: 'XX' },
        contact_list: [contact('Kowalski', { email: 'bad@', gender: 'other' })],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toEqual(
      expect.arrayContaining([
        'email:email',
        'name:maxLength',
        'label:oneOf',
        'contact_list.0.email:email',
        'contact_list.0.gender:oneOf',
      ]),
    );
    const country = await create(contractorBody({ accounting_address: { city: 'Berlin', country_code: 'XX' } }));
    expect(country.statusCode).toBe(400);
    expect(fieldCodes(country)).toEqual(['accounting_address.country_code:chooseItem']);
  });

  // validation.ts `isEmailAddress`: a second recipient, an encoded word, pipes and braces are refused, on the
  // contractor and on each contact.
  it.each(['a@b.pl,evil', 'a@b.pl; c@d.pl', '=?utf-8?q?x?=@x.pl', 'biuro|x@firma.pl', 'biuro{x}@firma.pl'])(
    'refuses the e-mail %s on the contractor and on a contact',
    async (email) => {
      const response = await create(contractorBody({ email, contact_list: [contact('Kowalski', { email })] }));
      expect(response.statusCode).toBe(400);
      expect(fieldCodes(response)).toEqual(['email:email', 'contact_list.0.email:email']);
    },
  );

  it('accepts an empty optional e-mail and no accounting address', async () => {
    const response = await create(contractorBody({ email: '', accounting_address: undefined }));
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({
      email: null,
      accounting_address: { city: null, street: null, country_code: 'PL' },
    });
  });

  it('refuses unknown fields', async () => {
    const response = await create(contractorBody({ is_admin: true }));
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toEqual(['is_admin:unknownField']);
  });

  it('allows 10 contacts and 10 additional addresses, not 11', async () => {
    const ten = await create(
      contractorBody({
        contact_list: Array.from({ length: 10 }, (_, i) => contact(`K${i}`)),
        additional_address: Array.from({ length: 10 }, (_, i) => address(`M${i}`)),
      }),
    );
    expect(ten.statusCode).toBe(200);
    const eleven = await create(
      contractorBody({
        code: 'OTHER',
        nip: '1111111111',
        contact_list: Array.from({ length: 11 }, (_, i) => contact(`K${i}`)),
        additional_address: Array.from({ length: 11 }, (_, i) => address(`M${i}`)),
      }),
    );
    expect(eleven.statusCode).toBe(400);
    expect(fieldCodes(eleven)).toEqual(['additional_address:tooBig', 'contact_list:tooBig']);
  });

  it('refuses a duplicated code with VALUE_IS_DUPLICATED', async () => {
    await createId();
    const response = await create(contractorBody({ nip: '1111111111' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message_code).toBe('VALUE_IS_DUPLICATED');
  });

  it('refuses a duplicated NIP with NIP_IS_DUPLICATED', async () => {
    await createId();
    const response = await create(contractorBody({ code: 'OTHER' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message_code).toBe('NIP_IS_DUPLICATED');
  });

  it('refuses a duplicated PESEL with PESEL_IS_DUPLICATED, while many contractors may have none', async () => {
    await createId({ nip: null, pesel: '90010112345' });
    const duplicate = await create(contractorBody({ code: 'OTHER', nip: null, pesel: '90010112345' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message_code).toBe('PESEL_IS_DUPLICATED');
    const otherWithoutPesel = await create(contractorBody({ code: 'THIRD', nip: '1111111111', pesel: null }));
    expect(otherWithoutPesel.statusCode).toBe(200);
  });
});

describe('GET /api/dictionary/contractor/get-one/:id', () => {
  it('answers the contractor with additional_address and contact_list', async () => {
    const id = await createId({ additional_address: [address('Kalisz')], contact_list: [contact('Kowalski')] });
    const response = await t.call({ method: 'GET', url: `${BASE}/get-one/${id}`, token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      result: { id, code: 'AGRO', additional_address: [{ city: 'Kalisz' }], contact_list: [{ last_name: 'Kowalski' }] },
    });
    expect(response.json().result.created_at).toEqual(expect.any(String));
  });

  it('answers 404 NOT_FOUND for a missing contractor and ID_IS_NOT_A_NUMBER for a bad id', async () => {
    const missing = await t.call({ method: 'GET', url: `${BASE}/get-one/9999`, token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message_code).toBe('NOT_FOUND');
    const bad = await t.call({ method: 'GET', url: `${BASE}/get-one/abc`, token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message_code).toBe('ID_IS_NOT_A_NUMBER');
  });
});

describe('PUT /api/dictionary/contractor/update/:id', () => {
  async function contractorWithChildren() {
    const response = await create(
      contractorBody({
        additional_address: [address('Kalisz'), address('Konin')],
        contact_list: [contact('Kowalski'), contact('Nowak')],
      }),
    );
    return response.json().result as {
      id: number;
      additional_address: { id: number }[];
      contact_list: { id: number }[];
    };
  }

  it('updates fields, edits children by id, inserts new ones and deletes the listed ones', async () => {
    const before = await contractorWithChildren();
    const [kalisz, konin] = before.additional_address;
    const [kowalski, nowak] = before.contact_list;
    const response = await update(
      before.id,
      contractorBody({
        name: 'Agro Nowa Nazwa',
        additional_address: [{ ...address('Kalisz Pomorski'), id: kalisz!.id }, address('Gniezno')],
        address_to_delete: [konin!.id],
        contact_list: [{ ...contact('Kowalska', { gender: 'female' }), id: kowalski!.id }, contact('Zieliński')],
        contact_to_delete: [nowak!.id],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().result;
    expect(result.name).toBe('Agro Nowa Nazwa');
    expect(result.additional_address.map((a: Body) => [a.id === kalisz!.id, a.city])).toEqual([
      [true, 'Kalisz Pomorski'],
      [false, 'Gniezno'],
    ]);
    expect(result.contact_list.map((c: Body) => [c.id === kowalski!.id, c.last_name, c.gender])).toEqual([
      [true, 'Kowalska', 'female'],
      [false, 'Zieliński', 'male'],
    ]);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'contractor'), eq(auditLog.entityId, before.id), eq(auditLog.action, 'update')));
    expect(entry?.changes).toMatchObject({
      name: { from: 'Agro Handel Sp. z o.o.', to: 'Agro Nowa Nazwa' },
      additionalAddress: { deleted: [konin!.id], updated: [kalisz!.id] },
      contactList: { deleted: [nowak!.id], updated: [kowalski!.id] },
    });
  });

  it('leaves children that are neither sent nor listed for deletion as they are', async () => {
    const before = await contractorWithChildren();
    const response = await update(before.id, contractorBody({ phone_number: '111' }));
    expect(response.json().result.additional_address).toHaveLength(2);
    expect(response.json().result.contact_list).toHaveLength(2);
  });

  it('refuses an address or contact id of another contractor with VALUE_IS_WRONG', async () => {
    const first = await contractorWithChildren();
    const otherId = await createId({ code: 'OTHER', nip: '1111111111' });
    const response = await update(
      otherId,
      contractorBody({
        code: 'OTHER',
        nip: '1111111111',
        additional_address: [{ ...address('X'), id: first.additional_address[0]!.id }],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message_code).toBe('VALUE_IS_WRONG');
    expect(fieldCodes(response)).toEqual(['additional_address.0.id:chooseItem']);
  });

  it('counts kept, deleted and new children against the limit of 10', async () => {
    const id = await createId({ contact_list: Array.from({ length: 10 }, (_, i) => contact(`K${i}`)) });
    const full = await update(id, contractorBody({ contact_list: [contact('Extra')] }));
    expect(full.statusCode).toBe(400);
    expect(fieldCodes(full)).toEqual(['contact_list:tooBig']);

    const current = (await t.call({ method: 'GET', url: `${BASE}/get-one/${id}`, token })).json().result;
    const swapped = await update(
      id,
      contractorBody({ contact_list: [contact('Extra')], contact_to_delete: [current.contact_list[0].id] }),
    );
    expect(swapped.statusCode).toBe(200);
    expect(swapped.json().result.contact_list).toHaveLength(10);
  });

  it('refuses a code, NIP or PESEL of another contractor', async () => {
    await createId({ code: 'FIRST', nip: '1111111111', pesel: '90010112345' });
    const id = await createId();
    const code = await update(id, contractorBody({ code: 'FIRST' }));
    expect(code.json().message_code).toBe('VALUE_IS_DUPLICATED');
    const nip = await update(id, contractorBody({ nip: '1111111111' }));
    expect(nip.json().message_code).toBe('NIP_IS_DUPLICATED');
    const pesel = await update(id, contractorBody({ pesel: '90010112345' }));
    expect(pesel.json().message_code).toBe('PESEL_IS_DUPLICATED');
  });

  it('validates the body like create and answers 404 for a missing contractor', async () => {
    const id = await createId();
    const invalid = await update(id, contractorBody({ nip: null, pesel: null }));
    expect(invalid.statusCode).toBe(400);
    expect(fieldCodes(invalid)).toContain('nip:nipOrPesel');
    const missing = await update(9999, contractorBody());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message_code).toBe('NOT_FOUND');
  });
});

describe('DELETE /api/dictionary/contractor/delete/:id', () => {
  it('deletes the contractor with its addresses and contacts and writes an audit entry', async () => {
    const id = await createId({ additional_address: [address('Kalisz')], contact_list: [contact('Kowalski')] });
    const response = await t.call({ method: 'DELETE', url: `${BASE}/delete/${id}`, token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await t.call({ method: 'GET', url: `${BASE}/get-one/${id}`, token })).statusCode).toBe(404);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'contractor'), eq(auditLog.entityId, id), eq(auditLog.action, 'delete')));
    expect(entries).toHaveLength(1);
  });

  it('answers 404 NOT_FOUND for a missing contractor', async () => {
    const response = await t.call({ method: 'DELETE', url: `${BASE}/delete/9999`, token });
    expect(response.statusCode).toBe(404);
  });

  // Contracts and transports reference contractors without cascade; their foreign key is the backstop.
  it('refuses with CONFLICT while another record references the contractor', async () => {
    const id = await createId();
    await t.db.execute(
      sql`create table contractor_reference_probe (contractor_id integer references contractors (id))`,
    );
    try {
      await t.db.execute(sql`insert into contractor_reference_probe values (${id})`);
      const response = await t.call({ method: 'DELETE', url: `${BASE}/delete/${id}`, token });
      expect(response.statusCode).toBe(409);
      expect(response.json().message_code).toBe('CONFLICT');
      expect((await t.call({ method: 'GET', url: `${BASE}/get-one/${id}`, token })).statusCode).toBe(200);
    } finally {
      await t.db.execute(sql`drop table contractor_reference_probe`);
    }
  });
});

describe('roles', () => {
  it('refuses a guest on every contractor call with 401 UNAUTHORIZED', async () => {
    const calls = [
      { method: 'GET', url: `${BASE}/list` },
      { method: 'POST', url: `${BASE}/list` },
      { method: 'GET', url: `${BASE}/option-list` },
      { method: 'POST', url: `${BASE}/option-list` },
      { method: 'GET', url: `${BASE}/selected-option-list?include_ids=1` },
      { method: 'POST', url: `${BASE}/selected-option-list` },
      { method: 'POST', url: `${BASE}/create` },
      { method: 'GET', url: `${BASE}/get-one/1` },
      { method: 'PUT', url: `${BASE}/update/1` },
      { method: 'DELETE', url: `${BASE}/delete/1` },
    ] as const;
    for (const call of calls) {
      const response = await t.call({ ...call, payload: call.method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(response.json().message_code).toBe('UNAUTHORIZED');
    }
  });

  it('lets a USER create, list, read, update and delete contractors', async () => {
    const user = await t.userWithRole('USER');
    const created = await create(contractorBody(), user.token);
    expect(created.statusCode).toBe(200);
    const id = created.json().result.id;
    const listed = await t.call({ method: 'GET', url: `${BASE}/list`, token: user.token });
    expect(listed.json().total).toBe(1);
    const read = await t.call({ method: 'GET', url: `${BASE}/get-one/${id}`, token: user.token });
    expect(read.statusCode).toBe(200);
    const updated = await t.call({
      method: 'PUT',
      url: `${BASE}/update/${id}`,
      token: user.token,
      payload: contractorBody({ name: 'Zmieniona' }),
    });
    expect(updated.json().result.name).toBe('Zmieniona');
    const deleted = await t.call({ method: 'DELETE', url: `${BASE}/delete/${id}`, token: user.token });
    expect(deleted.statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'contractor'), eq(auditLog.action, 'delete')));
    expect(entry?.userId).toBe(user.id);
  });
});
