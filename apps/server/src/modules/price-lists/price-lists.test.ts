import { companyTodayIso } from '@grain/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contractApi, purchaseBody, WHEAT_CONSUMER, WHEAT_FEED } from '../../../test/fixtures/contracts.js';
import { codeOf, okJson } from '../../../test/fixtures/settlements.js';
import { insertContractor } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { companySettings, priceListDeviations, priceListEntries } from '../../db/schema/index.js';

/** The purchase price list: typed, imported from CSV, printed, and the contract check against it. */
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

const post = (path: string, payload: Record<string, unknown>, as = token) =>
  t.call({ method: 'POST', url: `/api/price-list/${path}`, token: as, payload });
const entry = (overrides: Record<string, unknown> = {}) => ({
  raw_material_quality_id: WHEAT_CONSUMER,
  supplier_kind: 'VAT',
  payment_term_days: 14,
  price: 105_000,
  valid_from: '2026-11-01',
  valid_to: '2026-11-30',
  ...overrides,
});
const storedCount = async () => (await t.db.select().from(priceListEntries)).length;
const HEADER = 'surowiec;jakość;dostawca;termin_dni;cena_zl_t;od;do';

describe('POST /api/price-list/create', () => {
  it('stores an entry and lists it on a day it holds, not on another', async () => {
    const created = okJson(await post('create', entry()));
    expect(created).toMatchObject({
      raw_material_name: 'Pszenica',
      supplier_kind: 'VAT',
      price: 105_000,
      source: 'MANUAL',
    });
    const day = okJson(await t.call({ method: 'GET', url: '/api/price-list/list?day=2026-11-15', token }));
    expect(day.list).toHaveLength(1);
    expect(day.deviation_limit).toBe(500);
    const other = okJson(await t.call({ method: 'GET', url: '/api/price-list/list?day=2026-12-01', token }));
    expect(other.list).toHaveLength(0);
  });

  it('refuses days overlapping an entry of the same quality, kind and term with PRICE_LIST_OVERLAP on valid_from', async () => {
    okJson(await post('create', entry()));
    const answer = await post('create', entry({ valid_from: '2026-11-30', valid_to: '2026-12-05', price: 99_000 }));
    expect(answer.statusCode).toBe(409);
    expect(codeOf(answer)).toBe('PRICE_LIST_OVERLAP');
    expect(answer.json().errors).toEqual([{ field: 'valid_from', code: 'periodOverlap' }]);
    expect(await storedCount()).toBe(1);
  });

  it('takes the same days for another supplier kind, payment term or quality', async () => {
    okJson(await post('create', entry()));
    okJson(await post('create', entry({ supplier_kind: 'RR' })));
    okJson(await post('create', entry({ payment_term_days: 30 })));
    okJson(await post('create', entry({ raw_material_quality_id: WHEAT_FEED })));
    okJson(await post('create', entry({ valid_from: '2026-12-01', valid_to: '2026-12-01' })));
    expect(await storedCount()).toBe(5);
  });

  it('refuses valid_to before valid_from with dateToIsBefore', async () => {
    const answer = await post('create', entry({ valid_from: '2026-11-30', valid_to: '2026-11-01' }));
    expect(codeOf(answer)).toBe('VALIDATION_ERROR');
    expect(answer.json().errors).toEqual([{ field: 'valid_to', code: 'dateToIsBefore' }]);
  });
});

describe('POST /api/price-list/import', () => {
  it('stores every row of a good file', async () => {
    const content = [
      HEADER,
      'Pszenica;Pszenica konsumpcyjna;VAT;14;1 050,00;2026-11-01;2026-11-30',
      'pszenica;PSZENICA PASZOWA;RR;0;980.5;01.11.2026;30.11.2026',
      '',
    ].join('\n');
    expect(okJson(await post('import', { content }))).toEqual({ added: 2 });
    const rows = (await t.db.select().from(priceListEntries)).map((r) => [r.supplierKind, r.price, r.source]);
    expect(rows.sort()).toEqual([
      ['RR', 98_050, 'FILE'],
      ['VAT', 105_000, 'FILE'],
    ]);
  });

  it('refuses a file with a bad row naming its row and column, and stores none of its rows', async () => {
    const content = [
      HEADER,
      'Pszenica;Pszenica konsumpcyjna;VAT;14;1050;2026-11-01;2026-11-30',
      'Pszenica;Pszenica paszowa;VAT;14;tanio;2026-11-01;2026-11-30',
    ].join('\n');
    const answer = await post('import', { content });
    expect(answer.statusCode).toBe(400);
    expect(codeOf(answer)).toBe('PRICE_LIST_FILE_INVALID');
    expect(answer.json().errors).toEqual([{ field: 'content.3.price', code: 'wrongType' }]);
    expect(answer.json().message).toContain('wiersz 3, kolumna „cena_zl_t”');
    expect(await storedCount()).toBe(0);
  });

  it('refuses a file whose row overlaps an earlier row, rolling back the rows before it', async () => {
    const content = [
      HEADER,
      'Pszenica;Pszenica konsumpcyjna;VAT;14;1050;2026-11-01;2026-11-30',
      'Pszenica;Pszenica paszowa;VAT;14;990;2026-11-01;2026-11-30',
      'Pszenica;Pszenica konsumpcyjna;VAT;14;1060;2026-11-20;2026-12-10',
    ].join('\n');
    const answer = await post('import', { content });
    expect(codeOf(answer)).toBe('PRICE_LIST_OVERLAP');
    expect(answer.json().errors).toEqual([{ field: 'content.4.valid_from', code: 'periodOverlap' }]);
    expect(await storedCount()).toBe(0);
  });

  it('refuses an unknown quality on its column', async () => {
    const content = [HEADER, 'Pszenica;Złota;VAT;14;1050;2026-11-01;2026-11-30'].join('\n');
    const answer = await post('import', { content });
    expect(answer.json().errors).toEqual([{ field: 'content.2.raw_material_quality_id', code: 'chooseItem' }]);
  });
});

describe('GET /api/price-list/pdf', () => {
  it('answers an A4 PDF of the day with its prices', async () => {
    okJson(await post('create', entry()));
    const answer = await t.call({ method: 'GET', url: '/api/price-list/pdf?day=2026-11-15', token });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/pdf');
    const { text, pages } = await pdfText(answer.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain('CENNIK SKUPU');
    expect(text).toContain('15.11.2026');
    expect(text).toContain('Pszenica konsumpcyjna');
  });

  it('refuses a day that is not a date', async () => {
    const answer = await t.call({ method: 'GET', url: '/api/price-list/pdf?day=jutro', token });
    expect(codeOf(answer)).toBe('VALIDATION_ERROR');
  });
});

describe('roles', () => {
  it('lets a USER read the list and the PDF but not write', async () => {
    const { token: user } = await t.userWithRole('USER');
    expect((await t.call({ method: 'GET', url: '/api/price-list/list', token: user })).statusCode).toBe(200);
    expect((await post('create', entry(), user)).statusCode).toBe(403);
    expect((await post('import', { content: HEADER }, user)).statusCode).toBe(403);
  });
});

describe('POST /api/contract/create-purchase against the price list', () => {
  // The day the server prices a contract by: the company's calendar, not the test process's time zone.
  const today = companyTodayIso();
  async function purchaseAt(price: number, extra: Record<string, unknown> = {}) {
    const supplier = await insertContractor(t.db, { accountingMethod: 'VAT' });
    const api = contractApi(t, () => token);
    return api.call(
      'POST',
      'create-purchase',
      purchaseBody(supplier.id, {
        main_cargo_option: { price, raw_material_quality_id: WHEAT_CONSUMER, is_contractual_quality: false },
        ...extra,
      }),
    );
  }
  beforeEach(async () => {
    okJson(await post('create', entry({ valid_from: today, valid_to: today, price: 100_000 })));
  });

  it('takes a price within 5 % of the list without a note', async () => {
    expect((await purchaseAt(105_000)).statusCode).toBe(200);
    expect(await t.db.select().from(priceListDeviations)).toHaveLength(0);
  });

  it('refuses a price more than 5 % away without a note with PRICE_DEVIATION_NOTE_REQUIRED', async () => {
    const answer = await purchaseAt(94_999);
    expect(codeOf(answer)).toBe('PRICE_DEVIATION_NOTE_REQUIRED');
    expect(answer.json().errors).toEqual([{ field: 'price_list_note', code: 'required' }]);
  });

  it('takes the company limit from the settings (10 %: 1 100,00 zł/t needs no note, 1 100,01 does)', async () => {
    await t.db
      .insert(companySettings)
      .values({ name: 'Firma', city: 'Poznań', nip: '5260250274', priceDeviationLimit: 1_000 });
    expect((await purchaseAt(110_000)).statusCode).toBe(200);
    expect(codeOf(await purchaseAt(110_001))).toBe('PRICE_DEVIATION_NOTE_REQUIRED');
  });

  it('does not check a contract in another currency against the PLN list', async () => {
    expect((await purchaseAt(50_000, { currency: 'EUR' })).statusCode).toBe(200);
  });

  it('keeps the note of a price away from the list', async () => {
    const answer = await purchaseAt(110_000, { price_list_note: 'Stały dostawca, duża partia' });
    expect(answer.statusCode).toBe(200);
    const [deviation] = await t.db.select().from(priceListDeviations);
    expect(deviation).toMatchObject({ listPrice: 100_000, price: 110_000, note: 'Stały dostawca, duża partia' });
  });

  it('asks again on edit only when the main price or quality changes', async () => {
    const supplier = await insertContractor(t.db, { accountingMethod: 'VAT' });
    const api = contractApi(t, () => token);
    const body = (price: number, extra: Record<string, unknown> = {}) =>
      purchaseBody(supplier.id, {
        main_cargo_option: { price, raw_material_quality_id: WHEAT_CONSUMER, is_contractual_quality: false },
        ...extra,
      });
    const id = okJson(await api.call('POST', 'create-purchase', body(102_000))).id;
    const far = await api.call('PUT', `update-purchase/${id}`, body(120_000));
    expect([far.statusCode, codeOf(far)]).toEqual([400, 'PRICE_DEVIATION_NOTE_REQUIRED']);
    const noted = await api.call(
      'PUT',
      `update-purchase/${id}`,
      body(120_000, { price_list_note: 'Cena z negocjacji' }),
    );
    expect(noted.statusCode, noted.body).toBe(200);
    expect(await t.db.select().from(priceListDeviations)).toEqual([
      expect.objectContaining({ contractId: id, listPrice: 100_000, price: 120_000, note: 'Cena z negocjacji' }),
    ]);
    // The price stays as it was: another change of the contract does not ask about it again.
    expect((await api.call('PUT', `update-purchase/${id}`, body(120_000, { comments: 'Uwagi' }))).statusCode).toBe(200);
  });
});
