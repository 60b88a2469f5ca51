import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedPair, transportApi, transportBody } from '../../../test/fixtures/transports.js';
import { insertContract, insertContractor } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { contractors, invoices, transports } from '../../db/schema/index.js';

/** GET /api/search: the command palette's one search over contracts, transports, contractors and invoices. */
let t: TestApp;
let token: string;
let api: ReturnType<typeof transportApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = transportApi(t, () => token);
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = (await t.userWithRole('USER')).token;
});
afterAll(() => t.close());

const search = (q: string, as: string | null = token) =>
  t.call({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, ...(as ? { token: as } : {}) });

async function hitsOf(q: string) {
  const response = await search(q);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    contracts: { id: number; document_number: string; type: string }[];
    transports: { id: number; order_number: string; carrier_name: string | null }[];
    contractors: { id: number; code: string; name: string | null }[];
    invoices: { id: number; number: string; buyer_name: string }[];
  };
}

async function insertInvoice(buyerId: number, number: string, buyerName: string) {
  const [row] = await t.db
    .insert(invoices)
    .values({
      number,
      issueDate: '2026-03-02',
      dueDate: '2026-03-16',
      buyerId,
      buyerName,
      buyerNip: '7791011327',
      sellerNip: '7781234567',
      sellerName: 'Zbożex',
      sellerCity: 'Poznań',
      currency: 'PLN',
      netTotal: 100,
      vatTotal: 8,
      grossTotal: 108,
      bankAccount: '11114015601081110101011111',
      xml: Buffer.from('<a/>'),
      xmlSha256: '0'.repeat(64),
    })
    .returning({ id: invoices.id });
  return row!.id;
}

describe('GET /api/search', () => {
  it('finds a contract by its number and by its counterparty, case-insensitively', async () => {
    const buyer = await insertContractor(t.db, { name: 'Młyn Wielkopolski SA' });
    const contract = await insertContract(t.db, {
      type: 'SALES',
      documentNumber: 'SPR/77/2026',
      counterpartyId: buyer.id,
      counterpartyCode: buyer.code,
      counterpartyName: 'Młyn Wielkopolski SA',
    });
    expect((await hitsOf('SPR/77/2026')).contracts[0]).toMatchObject({ id: contract.id, type: 'SALES' });
    expect((await hitsOf('młyn wielko')).contracts.map((hit) => hit.id)).toContain(contract.id);
  });

  it("finds a transport by its order number 'ZT/<year>/<id>', by its id and by its carrier", async () => {
    const pair = await seedPair(t.db);
    await t.db.update(contractors).set({ name: 'Trans-Kurier Łódź' }).where(eq(contractors.id, pair.carrierId));
    const id = await api.createId(transportBody(pair));
    const [row] = await t.db.select({ createdAt: transports.createdAt }).from(transports).where(eq(transports.id, id));
    const year = row!.createdAt.slice(0, 4);
    const orderNumber = `ZT/${year}/${String(id).padStart(4, '0')}`;
    const byNumber = await hitsOf(orderNumber);
    expect(byNumber.transports[0]).toMatchObject({ id, order_number: orderNumber });
    expect((await hitsOf(orderNumber.toLowerCase())).transports[0]?.id).toBe(id);
    // Another year's order number names no transport.
    expect((await hitsOf(`ZT/${Number(year) - 1}/${String(id).padStart(4, '0')}`)).transports).toEqual([]);
    expect((await hitsOf(String(id).padStart(3, '0'))).transports[0]?.id).toBe(id);
    expect((await hitsOf('kurier łódź')).transports.map((hit) => hit.id)).toEqual([id]);
  });

  it('finds a contractor by code, name, NIP and city, and an invoice by number and buyer', async () => {
    const contractor = await insertContractor(t.db, {
      code: 'AGRO-ZIEL',
      name: 'Agro Zielonka sp. z o.o.',
      city: 'Września',
    });
    for (const term of ['agro-ziel', 'ZIELONKA', contractor.nip!, 'wrześn']) {
      expect(
        (await hitsOf(term)).contractors.map((hit) => hit.id),
        term,
      ).toEqual([contractor.id]);
    }
    const invoice = await insertInvoice(contractor.id, 'FV/0042/03/2026', 'Agro Zielonka sp. z o.o.');
    expect((await hitsOf('FV/0042')).invoices).toEqual([
      { id: invoice, number: 'FV/0042/03/2026', buyer_name: 'Agro Zielonka sp. z o.o.', status: 'ISSUED' },
    ]);
    expect((await hitsOf('zielonka')).invoices.map((hit) => hit.id)).toEqual([invoice]);
  });

  it('answers a few hits of each kind, newest first', async () => {
    const made = [];
    for (let n = 0; n < 7; n += 1) made.push((await insertContractor(t.db, { name: `Rolnik Kowalski ${n}` })).id);
    const { contractors: hits } = await hitsOf('kowalski');
    expect(hits.map((hit) => hit.id)).toHaveLength(5);
    expect(hits.map((hit) => hit.id)).toEqual([...hits.map((hit) => hit.id)].sort((a, b) => b - a));
  });

  it('serves both roles and refuses a caller without a session', async () => {
    await insertContractor(t.db, { name: 'Rolnik Nowak' });
    const admin = (await t.userWithRole('ADMIN')).token;
    expect((await search('nowak', admin)).json().contractors).toHaveLength(1);
    const anonymous = await search('nowak', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message_code).toBe('UNAUTHORIZED');
  });

  it('refuses a term under 3 or over 100 characters, or none, with VALIDATION_ERROR', async () => {
    for (const [url, code] of [
      ['/api/search?q=ab', 'minLength'],
      ['/api/search?q=%20%20a%20%20', 'minLength'],
      [`/api/search?q=${'x'.repeat(101)}`, 'maxLength'],
      ['/api/search', 'required'],
      ['/api/search?q=abc&limit=5', 'unknownField'],
    ]) {
      const response = await t.call({ method: 'GET', url: url!, token });
      expect(response.statusCode, url).toBe(400);
      const body = response.json();
      expect(body.message_code).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(body.errors), url).toContain(code);
    }
  });
});
