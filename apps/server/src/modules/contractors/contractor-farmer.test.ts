import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Body, contractorBody } from '../../../test/fixtures/contractors.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';

/** A flat-rate farmer's fields on the contractor (RULES.md Invoices, VAT and KSeF, VAT RR). */
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
const create = (body: Body) => t.call({ method: 'POST', url: `${BASE}/create`, token, payload: body });
const farmer = (overrides: Body = {}) =>
  contractorBody({
    code: 'ROLNIK',
    nip: null,
    pesel: '90010112345',
    label: 'GR',
    accounting_method: 'RR',
    ...overrides,
  });

describe('farmer fields of a contractor', () => {
  it('keeps the account as its 26 digits, the declaration date and the KSeF designation', async () => {
    const response = await create(
      farmer({
        bank_account: 'PL61 1090 1014 0000 0712 1981 2874',
        flat_rate_declaration_date: '2026-01-15',
        is_ksef_rr_designated: true,
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { result } = response.json();
    expect(result).toMatchObject({
      bank_account: '61109010140000071219812874',
      flat_rate_declaration_date: '2026-01-15',
      is_ksef_rr_designated: true,
    });
    const read = await t.call({ method: 'GET', url: `${BASE}/get-one/${result.id}`, token });
    expect(read.json().result).toMatchObject({ bank_account: '61109010140000071219812874' });
    const updated = await t.call({
      method: 'PUT',
      url: `${BASE}/update/${result.id}`,
      token,
      payload: { ...read.json().result, bank_account: null, is_ksef_rr_designated: false },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().result).toMatchObject({ bank_account: null, is_ksef_rr_designated: false });
  });

  it('refuses an account whose IBAN checksum fails, naming the field', async () => {
    const response = await create(farmer({ bank_account: '61 1090 1014 0000 0712 1981 2875' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'bank_account', code: 'iban' }]);
  });

  it('leaves the fields empty for a contractor that sends none of them', async () => {
    const response = await create(contractorBody());
    expect(response.json().result).toMatchObject({
      bank_account: null,
      flat_rate_declaration_date: null,
      is_ksef_rr_designated: false,
    });
  });
});
