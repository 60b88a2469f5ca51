import { TO_ASSIGN_DEFAULT_STATUSES } from '@grain/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { purchaseOf, qualityIdsOf, saleOf } from '../../../test/fixtures/allocations.js';
import { insertAllocation, insertContractor } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { rowsOf } from '../../db/client.js';
import { likePattern } from '../../lib/list.js';

/**
 * spec/1 Allocations page search, now one LIKE on the allocation's search text (its copies of both contracts,
 * migration 0018): it must find exactly the pairs the former condition found — the allocation's own copies, or an
 * ILIKE on the purchase's address, comments or quality title, or on the sale's address — for every kind of term a
 * person types, and keep finding them after the contracts and qualities it copies change.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ids: Record<string, number>;
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
  const [wheatA, wheatB] = await qualityIdsOf(t.db, 1);
  const [corn] = await qualityIdsOf(t.db, 2);
  const alfa = await insertContractor(t.db, { code: 'ALFA', name: 'Alfa Zboża' });
  const nowak = await insertContractor(t.db, { code: 'NOWAK01', name: 'Jan Nowak' });
  const mlyn = await insertContractor(t.db, { code: 'MLYN', name: 'Młyn Wielki' });
  const zk1 = await purchaseOf(t.db, {
    documentNumber: 'ZK/2025/1',
    counterpartyId: alfa.id,
    rawMaterialQualityId: wheatA,
    street: 'Polna',
    buildingNumber: '1',
    postCode: '60-001',
    city: 'Poznań',
    comments: 'Odbiór z magazynu, 100% wilgotność_max',
  });
  const zk2 = await purchaseOf(t.db, {
    documentNumber: 'ZK/2025/2',
    counterpartyId: nowak.id,
    rawMaterialQualityId: wheatB,
    street: 'Leśna',
    postCode: '00-950',
    city: 'Warszawa',
  });
  const zk3 = await purchaseOf(t.db, {
    documentNumber: 'ZK/2025/3',
    counterpartyId: nowak.id,
    rawMaterialId: 2,
    rawMaterialQualityId: corn,
    buildingNumber: '7',
    city: 'Gdańsk',
    comments: 'Kontakt: p. NOWAK',
  });
  const sp1 = await saleOf(t.db, {
    documentNumber: 'SP/2025/1',
    counterpartyId: mlyn.id,
    street: 'Młyńska',
    buildingNumber: '2',
    postCode: '61-100',
    city: 'Poznań',
  });
  const sp2 = await saleOf(t.db, { documentNumber: 'SP/2025/2', counterpartyId: alfa.id, city: 'Nowa Wieś' });
  const sp3 = await saleOf(t.db, { documentNumber: 'SP/2025/3', counterpartyId: mlyn.id, rawMaterialId: 2 });
  const closed = await saleOf(t.db, {
    documentNumber: 'SP/2025/4',
    counterpartyId: mlyn.id,
    status: 'CLOSED',
    city: 'Poznań',
  });
  const a1 = await insertAllocation(t.db, zk1.id, sp1.id, 40_000);
  const a2 = await insertAllocation(t.db, zk2.id, sp1.id, 30_000);
  const a3 = await insertAllocation(t.db, zk2.id, sp2.id, 20_000);
  const a4 = await insertAllocation(t.db, zk3.id, sp3.id, 50_000);
  const a5 = await insertAllocation(t.db, zk1.id, closed.id, 10_000);
  ids = {
    ...{ a1: a1.id, a2: a2.id, a3: a3.id, a4: a4.id, a5: a5.id },
    ...{ zk1: zk1.id, zk2: zk2.id, zk3: zk3.id, sp1: sp1.id, sp2: sp2.id, wheatA: wheatA!, corn: corn! },
  };
});

/** What a person types: single letters, pairs, words across an address's parts, codes, LIKE's own characters. */
const TERMS = [
  'a',
  'ń',
  'po',
  'NO',
  'poznań',
  'POZNAŃ',
  'nowak',
  'Polna 1',
  '1, 60',
  ', ',
  '7, g',
  'leśna, 00',
  'magazynu',
  '100%',
  'ść_',
  '_',
  '%',
  'pszenica',
  'kukurydza',
  'zk/2025',
  'SP/2025/3',
  'alfa',
  'mlyn',
  'wieś',
  ' wielki',
  'nothing-like-this',
];

/** The former search condition (an OR with two semi-joins into contracts), kept here as the reference. */
async function formerMatches(term: string): Promise<number[]> {
  const trimmed = term.trim();
  const pattern = likePattern(trimmed);
  const address = (alias: string) =>
    sql.raw(`concat_ws(', ', nullif(concat_ws(' ', ${alias}.street, ${alias}.building_number), ''),
      nullif(concat_ws(' ', ${alias}.post_code, ${alias}.city), ''))`);
  const rows = rowsOf<{ id: number }>(
    await t.db.execute(sql`
      select a.id from allocations a
      where a.purchase_status in ${TO_ASSIGN_DEFAULT_STATUSES} and a.sales_status in ${TO_ASSIGN_DEFAULT_STATUSES}
        and (
          lower(a.purchase_document_number || E'\x1f' || a.sales_document_number || E'\x1f' || a.supplier_code
            || E'\x1f' || a.recipient_code) like lower(${pattern})
          or a.purchase_id in (select c.id from contracts c where ${address('c')} ilike ${pattern}
            or c.comments ilike ${pattern}
            or c.raw_material_quality_id in (select q.id from raw_material_qualities q where q.title ilike ${pattern}))
          or a.sales_id in (select c.id from contracts c where ${address('c')} ilike ${pattern}))
      order by a.id`),
  );
  return rows.map((row) => row.id);
}

async function pageMatches(term: string): Promise<number[]> {
  const response = await t.call({
    method: 'GET',
    url: `/api/transport/get-to-assign-list?limit=100&search=${encodeURIComponent(term)}`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { list: { id: number }[]; filtered: number };
  expect(body.filtered).toBe(body.list.length);
  return body.list.map((row) => row.id).sort((x, y) => x - y);
}

async function expectSameAsFormer() {
  for (const term of TERMS) {
    const former = await formerMatches(term);
    expect(await pageMatches(term), `search "${term}"`).toEqual(former);
  }
}

describe('allocations page search over the copied contract text', () => {
  it('finds exactly the pairs the former condition found, for every kind of term', async () => {
    await expectSameAsFormer();
    // The reference itself finds what the spec lists, so the comparison is not between two empty answers.
    expect(await formerMatches('magazynu')).toEqual([ids.a1]);
    expect(await formerMatches('kukurydza')).toEqual([ids.a4]);
    expect(await formerMatches('Polna 1')).toEqual([ids.a1]);
    expect(await formerMatches('wieś')).toEqual([ids.a3]);
    expect(await formerMatches('nowak')).toEqual([ids.a2, ids.a3, ids.a4]);
    expect(await formerMatches('100%')).toEqual([ids.a1]);
    expect(await formerMatches('_')).toEqual([ids.a1]);
  });

  it('follows a contract whose address, comments or quality change, in the same transaction', async () => {
    await t.db.execute(sql`update contracts set street = 'Kasztanowa', building_number = '9', post_code = '62-200',
      comments = null where id = ${ids.zk1}`);
    await t.db.execute(sql`update contracts set raw_material_quality_id = ${ids.corn}, comments = 'Silos 4'
      where id = ${ids.zk2}`);
    await t.db.execute(sql`update contracts set city = 'Stara Wieś' where id = ${ids.sp1}`);
    await expectSameAsFormer();
    expect(await pageMatches('kasztanowa 9, 62-200')).toEqual([ids.a1]);
    expect(await pageMatches('magazynu')).toEqual([]);
    expect(await pageMatches('silos')).toEqual([ids.a2, ids.a3]);
    expect(await pageMatches('stara wieś')).toEqual([ids.a1, ids.a2]);
  });

  it('follows a renamed quality, and a status change still moves the pair in or out of the page', async () => {
    await t.db.execute(sql`update raw_material_qualities set title = 'Kukurydza paszowa Z' where id = ${ids.corn}`);
    await t.db.execute(sql`update contracts set status = 'CLOSED' where id = ${ids.sp2}`);
    await expectSameAsFormer();
    expect(await pageMatches('paszowa z')).toEqual([ids.a4]);
    expect(await pageMatches('wieś')).toEqual([]);
  });
});
