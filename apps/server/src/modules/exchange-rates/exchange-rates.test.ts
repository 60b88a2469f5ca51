import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codeOf, okJson } from '../../../test/fixtures/settlements.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { exchangeRates } from '../../db/schema/index.js';

/** NBP mid rates: typed, imported from NBP files, fetched from (a local stand-in of) NBP's API. */
const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

/** A local server answering NBP's rates path as NBP does: JSON for a known day, 404 for another, 500 when told. */
const nbpAnswers = new Map<string, { status: number; body: string }>();
let nbp: Server;
let nbpUrl: string;

let t: TestApp;
let token: string;
beforeAll(async () => {
  nbp = createServer((request, response) => {
    const answer = nbpAnswers.get(request.url ?? '') ?? { status: 404, body: '404 NotFound - Not Found - Brak danych' };
    response.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' }).end(answer.body);
  });
  await new Promise<void>((resolve) => nbp.listen(0, '127.0.0.1', resolve));
  nbpUrl = `http://127.0.0.1:${(nbp.address() as AddressInfo).port}/api`;
  t = await createTestApp({ nbpApiUrl: nbpUrl });
});
beforeEach(async () => {
  await resetDatabase(t.db);
  nbpAnswers.clear();
  token = await t.login();
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => nbp.close(resolve));
});

const post = (path: string, payload: Record<string, unknown>, as = token) =>
  t.call({ method: 'POST', url: `/api/exchange-rate/${path}`, token: as, payload });
const stored = async () =>
  (await t.db.select().from(exchangeRates))
    .map((row) => `${row.currency} ${row.effectiveDate} ${row.rate} ${row.tableNumber ?? '-'} ${row.source}`)
    .sort();

describe('POST /api/exchange-rate/create', () => {
  it('stores a typed rate with who entered it, and lists it', async () => {
    const rate = okJson(
      await post('create', {
        currency: 'EUR',
        effective_date: '2026-11-27',
        rate: 42_305,
        table_number: '230/A/NBP/2026',
      }),
    );
    expect(rate).toMatchObject({
      currency: 'EUR',
      effective_date: '2026-11-27',
      rate: 42_305,
      table_number: '230/A/NBP/2026',
      source: 'MANUAL',
      created_by_name: expect.any(String),
    });
    const list = okJson(await t.call({ method: 'GET', url: '/api/exchange-rate/list', token }));
    expect(list).toMatchObject({ filtered: 1, total: 1, list: [rate] });
  });

  it('refuses a weekend or a holiday with EXCHANGE_RATE_DATE_NOT_BUSINESS_DAY on effective_date', async () => {
    for (const day of ['2026-11-28', '2026-11-11', '2026-04-06']) {
      const refused = await post('create', { currency: 'USD', effective_date: day, rate: 36_000 });
      expect([refused.statusCode, codeOf(refused), refused.json().errors]).toEqual([
        400,
        'EXCHANGE_RATE_DATE_NOT_BUSINESS_DAY',
        [{ field: 'effective_date', code: 'notBusinessDay' }],
      ]);
    }
    expect(await stored()).toEqual([]);
  });

  it('refuses a second rate of the same currency and day with EXCHANGE_RATE_ALREADY_EXISTS, keeping the first', async () => {
    okJson(await post('create', { currency: 'EUR', effective_date: '2026-11-27', rate: 42_305 }));
    const again = await post('create', { currency: 'EUR', effective_date: '2026-11-27', rate: 42_999 });
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'EXCHANGE_RATE_ALREADY_EXISTS']);
    okJson(await post('create', { currency: 'USD', effective_date: '2026-11-27', rate: 36_612 }));
    expect(await stored()).toEqual(['EUR 2026-11-27 42305 - MANUAL', 'USD 2026-11-27 36612 - MANUAL']);
  });

  it('refuses a malformed table number, a rate of 0 and a currency other than EUR or USD', async () => {
    const bad = await post('create', { currency: 'CHF', effective_date: '2026-11-27', rate: 0, table_number: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((error: { field: string }) => error.field)
        .sort(),
    ).toEqual(['currency', 'rate', 'table_number']);
  });
});

describe('GET|POST /api/exchange-rate/list', () => {
  it('filters by currency and a range of days, newest first, paged', async () => {
    okJson(await post('import', { content: fixture('archiwum_tab_a_2026.csv') }));
    const eur = okJson(
      await t.call({
        method: 'GET',
        url: `/api/exchange-rate/list?limit=10&filter=${encodeURIComponent(
          JSON.stringify({ currency: ['EUR'], effective_date: { from: '2026-04-02', to: '2026-04-03' } }),
        )}`,
        token,
      }),
    );
    expect(eur.list.map((row: { effective_date: string }) => row.effective_date)).toEqual(['2026-04-03', '2026-04-02']);
    expect([eur.filtered, eur.total]).toEqual([2, 8]);
    const page = okJson(
      await t.call({
        method: 'POST',
        url: '/api/exchange-rate/list',
        token,
        payload: { limit: 10, offset: 6, order_by: 'effective_date:asc' },
      }),
    );
    expect(page.list.map((row: { effective_date: string }) => row.effective_date)).toEqual([
      '2026-04-07',
      '2026-04-07',
    ]);
  });
});

describe('POST /api/exchange-rate/import', () => {
  it('reads the NBP API tables form: EUR and USD of each table, with the table number; again: all unchanged', async () => {
    const content = fixture('nbp-tables-a.json');
    expect(okJson(await post('import', { content, file_name: 'tables.json' }))).toEqual({
      added: 4,
      unchanged: 0,
      conflicts: [],
    });
    expect(await stored()).toEqual([
      'EUR 2026-11-26 42321 229/A/NBP/2026 FILE',
      'EUR 2026-11-27 42305 230/A/NBP/2026 FILE',
      'USD 2026-11-26 36581 229/A/NBP/2026 FILE',
      'USD 2026-11-27 36612 230/A/NBP/2026 FILE',
    ]);
    expect(okJson(await post('import', { content }))).toEqual({ added: 0, unchanged: 4, conflicts: [] });
  });

  it('reads the rates form; a different rate of a stored day is a conflict, listed and never overwritten', async () => {
    okJson(await post('import', { content: fixture('nbp-tables-a.json') }));
    expect(okJson(await post('import', { content: fixture('nbp-rates-a-eur.json') }))).toEqual({
      added: 1,
      unchanged: 1,
      conflicts: [{ currency: 'EUR', effective_date: '2026-11-27', stored_rate: 42_305, file_rate: 42_399 }],
    });
    expect(await stored()).toContain('EUR 2026-11-27 42305 230/A/NBP/2026 FILE');
    expect(await stored()).toContain('EUR 2026-11-25 42356 228/A/NBP/2026 FILE');
  });

  it("reads NBP's archive CSV (RRRRMMDD days, decimal commas, names and footer rows skipped)", async () => {
    expect(okJson(await post('import', { content: fixture('archiwum_tab_a_2026.csv') }))).toEqual({
      added: 8,
      unchanged: 0,
      conflicts: [],
    });
    expect(await stored()).toContain('EUR 2026-04-03 42655 65/A/NBP/2026 FILE');
    expect(await stored()).toContain('USD 2026-04-07 37120 66/A/NBP/2026 FILE');
  });

  it('refuses a bad file with EXCHANGE_RATE_FILE_INVALID and stores nothing of it', async () => {
    const tables = JSON.parse(fixture('nbp-tables-a.json'));
    const weekend = structuredClone(tables);
    weekend[1].effectiveDate = '2026-11-28';
    const badMid = structuredClone(tables);
    badMid[1].rates[2].mid = 'dużo';
    const files = [
      fixture('not-nbp.csv'),
      'to nie jest tabela',
      '{"table": "A", "rates": ',
      JSON.stringify(weekend),
      JSON.stringify(badMid),
      JSON.stringify([{ ...tables[0], table: 'C' }]),
      JSON.stringify([{ ...tables[0], rates: [{ code: 'CHF', mid: 4.5 }] }]),
      JSON.stringify([tables[0], { ...tables[0], rates: [{ code: 'EUR', mid: 4.3 }] }]),
    ];
    for (const content of files) {
      const refused = await post('import', { content });
      expect([refused.statusCode, codeOf(refused), refused.json().errors], content).toEqual([
        400,
        'EXCHANGE_RATE_FILE_INVALID',
        [{ field: 'content', code: 'wrongType' }],
      ]);
    }
    expect(await stored()).toEqual([]);
  });
});

describe('POST /api/exchange-rate/fetch', () => {
  const eurPath = '/api/exchangerates/rates/A/EUR/2026-11-27/?format=json';
  const eurAnswer = JSON.stringify({
    table: 'A',
    currency: 'euro',
    code: 'EUR',
    rates: [{ no: '230/A/NBP/2026', effectiveDate: '2026-11-27', mid: 4.2305 }],
  });

  it("stores NBP's answer with its table number; the day is then taken", async () => {
    nbpAnswers.set(eurPath, { status: 200, body: eurAnswer });
    const rate = okJson(await post('fetch', { currency: 'EUR', effective_date: '2026-11-27' }));
    expect(rate).toMatchObject({ rate: 42_305, table_number: '230/A/NBP/2026', source: 'NBP_API' });
    const again = await post('fetch', { currency: 'EUR', effective_date: '2026-11-27' });
    expect(codeOf(again)).toBe('EXCHANGE_RATE_ALREADY_EXISTS');
  });

  it('answers NBP_RATE_NOT_PUBLISHED for NBP 404 and NBP_API_UNREACHABLE (in Polish) for an error or no server', async () => {
    const missing = await post('fetch', { currency: 'USD', effective_date: '2026-11-27' });
    expect([missing.statusCode, codeOf(missing)]).toEqual([409, 'NBP_RATE_NOT_PUBLISHED']);
    nbpAnswers.set(eurPath, { status: 500, body: 'oops' });
    const failing = await post('fetch', { currency: 'EUR', effective_date: '2026-11-27' });
    expect([failing.statusCode, codeOf(failing)]).toEqual([409, 'NBP_API_UNREACHABLE']);
    nbpAnswers.set(eurPath, { status: 200, body: '<html>' });
    expect(codeOf(await post('fetch', { currency: 'EUR', effective_date: '2026-11-27' }))).toBe('NBP_API_UNREACHABLE');
    const saturday = await post('fetch', { currency: 'EUR', effective_date: '2026-11-28' });
    expect(codeOf(saturday)).toBe('EXCHANGE_RATE_DATE_NOT_BUSINESS_DAY');

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const offline = await createTestApp({ nbpApiUrl: `http://127.0.0.1:${port}/api` });
    try {
      const refused = await offline.call({
        method: 'POST',
        url: '/api/exchange-rate/fetch',
        token: await offline.login(),
        payload: { currency: 'EUR', effective_date: '2026-11-27' },
      });
      expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'NBP_API_UNREACHABLE']);
      expect(refused.json().message).toMatch(/serwerem NBP/);
    } finally {
      await offline.close();
    }
    expect(await stored()).toEqual([]);
  });
});

describe('roles', () => {
  it('lets a USER (who issues invoices) read and write rates, and refuses a caller without a session', async () => {
    const user = await t.userWithRole('USER');
    okJson(await post('create', { currency: 'EUR', effective_date: '2026-11-27', rate: 42_305 }, user.token));
    okJson(await post('import', { content: fixture('nbp-tables-a.json') }, user.token));
    okJson(await t.call({ method: 'GET', url: '/api/exchange-rate/list', token: user.token }));
    for (const path of ['create', 'import', 'fetch']) {
      expect((await t.call({ method: 'POST', url: `/api/exchange-rate/${path}`, payload: {} })).statusCode).toBe(401);
    }
    expect((await t.call({ method: 'GET', url: '/api/exchange-rate/list' })).statusCode).toBe(401);
  });
});
