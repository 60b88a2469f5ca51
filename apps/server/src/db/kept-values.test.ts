import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allocationTotalsDrift, copyDrift, NO_DRIFT, rowCountDrift } from '../../test/drift.js';
import { contractorBody } from '../../test/fixtures/contractors.js';
import { contractApi, purchaseBody, salesBody } from '../../test/fixtures/contracts.js';
import { insertDeliveredTransport, okJson, PATHS, settlementApi } from '../../test/fixtures/settlements.js';
import { deliveredBody, transportApi, transportBody } from '../../test/fixtures/transports.js';
import { createTestApp, resetDatabase, type TestApp } from '../../test/harness.js';
import { rowsOf } from './client.js';
import { countAllRows, countRowsInGroups } from './row-counts.js';

/**
 * The values the lists read instead of joining and counting: copies of contractor and contract fields
 * (db/copies.ts), the row counters (migration row_counts) and the allocation totals per pair of contract statuses
 * (migration 0014_list_speed). Every write path must leave them equal to their sources, which is what each
 * step below checks.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await resetDatabase(t.db);
  peselOf.clear();
  token = await t.login();
});
afterAll(() => t.close());

const transports = () => transportApi(t, () => token);
const contracts = () => contractApi(t, () => token);

async function expectNoDrift() {
  expect({
    copies: await copyDrift(t.db),
    counters: await rowCountDrift(t.db),
    allocationTotals: await allocationTotalsDrift(t.db),
  }).toEqual({ copies: NO_DRIFT, counters: NO_DRIFT, allocationTotals: 0 });
}

/** Contractors identified by PESEL (any 11 digits, unique), so that a rename can send the same one again. */
const peselOf = new Map<number, string>();

async function createContractor(code: string, name: string): Promise<number> {
  const pesel = String(90_010_100_000 + peselOf.size);
  const payload = contractorBody({ code, name, nip: null, pesel });
  const id = okJson(await t.call({ method: 'POST', url: '/api/dictionary/contractor/create', token, payload })).result
    .id;
  peselOf.set(id, pesel);
  return id;
}

function renameContractor(id: number, code: string, name: string) {
  const payload = contractorBody({ code, name, nip: null, pesel: peselOf.get(id) });
  return t.call({ method: 'PUT', url: `/api/dictionary/contractor/update/${id}`, token, payload });
}

/** A purchase and two sales of wheat over the API, with the purchase allocated to both sales. */
async function tradingBook() {
  const supplierId = await createContractor('DOST1', 'Dostawca Jeden');
  const recipientId = await createContractor('ODB22', 'Odbiorca Dwa');
  const carrierId = await createContractor('PRZEW333', 'Przewoźnik Trzy');
  const purchase = await contracts().createPurchase({ cargo_quantity: 200_000 }, supplierId);
  const sale = await contracts().createSales({ cargo_quantity: 100_000 }, recipientId);
  const otherSale = await contracts().createSales({ cargo_quantity: 100_000 }, recipientId);
  for (const salesId of [sale.id, otherSale.id]) {
    okJson(
      await t.call({
        method: 'POST',
        url: `/api/contract/allocate-contract/${salesId}`,
        token,
        payload: { purchase_id: purchase.id, cargo_quantity: 75_000, confirmation_note: null },
      }),
    );
  }
  const pair = { purchaseId: purchase.id, salesId: sale.id, carrierId, allocationId: 0 };
  return { supplierId, carrierId, purchase, sale, otherSale, pair };
}

describe('copies and row counters', () => {
  it('stay equal to their sources through transport creates, edits, status changes, redirects, deliveries and deletes', async () => {
    const book = await tradingBook();
    await expectNoDrift();
    const planned = await transports().createId(transportBody(book.pair));
    const onTheWay = await transports().createId(transportBody(book.pair), true);
    const redirected = await transports().createId(transportBody(book.pair), true);
    await expectNoDrift();

    const otherCarrier = await createContractor('PRZEW4444', 'Przewoźnik Cztery');
    okJson(await transports().update(planned, transportBody(book.pair, { carrier_id: otherCarrier })));
    okJson(await transports().setStatus(planned, 'ON_THE_WAY'));
    okJson(await transports().setStatus(planned, 'NEW'));
    await expectNoDrift();

    okJson(
      await transports().reallocate({
        transport_id: redirected,
        new_sales_id: book.otherSale.id,
        date_unloading: '2026-03-06',
        cargo_quantity: 25_000,
        price_per_ton: 17_500,
        comment: null,
        confirmation_note: null,
      }),
    );
    okJson(await transports().deliver(onTheWay, deliveredBody()));
    okJson(await transports().setStatus(planned, 'CANCELLED'));
    await expectNoDrift();

    const removable = await transports().createId(transportBody(book.pair));
    okJson(await transports().remove(removable));
    await expectNoDrift();
    expect(await countRowsInGroups(t.db, 'transports', ['status:CANCELLED', 'status:DELIVERED'])).toBe(2);
    expect(await countAllRows(t.db, 'transactions')).toBe(3);
  });

  it("follow allocation edits and removals and the contracts' status changes", async () => {
    const book = await tradingBook();
    const allocateSale = (salesId: number, cargoQuantity: number) =>
      t.call({
        method: 'POST',
        url: `/api/contract/allocate-contract/${salesId}`,
        token,
        payload: { purchase_id: book.purchase.id, cargo_quantity: cargoQuantity, confirmation_note: null },
      });
    const setStatus = (kind: 'purchase' | 'sales', id: number, status: string) =>
      contracts().call('POST', `update-${kind}-status`, { status, [`${kind}_id`]: id });
    await transports().createId(transportBody(book.pair), true);
    okJson(await allocateSale(book.sale.id, 60_000));
    await expectNoDrift();

    okJson(await setStatus('purchase', book.purchase.id, 'ACTIVE'));
    okJson(await setStatus('sales', book.otherSale.id, 'NEXT_SEASON'));
    await expectNoDrift();
    okJson(await allocateSale(book.otherSale.id, 0));
    okJson(await setStatus('sales', book.otherSale.id, 'CANCELLED'));
    await expectNoDrift();

    // One statement changing both contracts of a pair moves its figures once (a bulk write, as the demo's).
    await t.db.execute(
      sql`update contracts set status = 'TO_SETTLEMENT' where id in (${book.purchase.id}, ${book.sale.id})`,
    );
    await expectNoDrift();
    const totals = rowsOf<{ purchase_status: string; sales_status: string; allocation_count: number }>(
      await t.db.execute(
        sql`select purchase_status, sales_status, allocation_count::int from allocation_totals where allocation_count <> 0`,
      ),
    );
    expect(totals).toEqual([{ purchase_status: 'TO_SETTLEMENT', sales_status: 'TO_SETTLEMENT', allocation_count: 1 }]);
  });

  it("follow a contractor's new code and name and a contract's new number and counterparty", async () => {
    const book = await tradingBook();
    const onTheWay = await transports().createId(transportBody(book.pair), true);
    okJson(await transports().deliver(onTheWay, deliveredBody()));
    await expectNoDrift();

    okJson(await renameContractor(book.supplierId, 'AAA-DOST', 'Aaa Dostawca'));
    okJson(await renameContractor(book.carrierId, 'PRZEW333', 'Aaa Przewóz'));
    await expectNoDrift();

    const newRecipient = await createContractor('ODB999', 'Odbiorca Nowy');
    okJson(
      await contracts().call(
        'PUT',
        `update-sales/${book.otherSale.id}`,
        salesBody(newRecipient, { document_number: 'SP/RECZNY/1', cargo_quantity: 100_000 }),
      ),
    );
    okJson(
      await contracts().call(
        'PUT',
        `update-purchase/${book.purchase.id}`,
        purchaseBody(book.supplierId, { document_number: 'ZK/RECZNY/1', cargo_quantity: 200_000 }),
      ),
    );
    await expectNoDrift();

    const byCarrier = okJson(await transports().list({ order_by: 'carrier_name', search: 'aaa przew' }));
    expect(byCarrier.list.map((row: { carrier_name: string }) => row.carrier_name)).toEqual(['Aaa Przewóz']);
    const bySupplier = okJson(await transports().list({ filter: { purchase_supplier_code: ['AAA-DOST'] } }));
    expect(bySupplier.filtered).toBe(1);
  });

  it('follow settlement moves and splits', async () => {
    const delivery = await insertDeliveredTransport(t.db);
    const target = await insertDeliveredTransport(t.db, {
      purchase: { counterpartyId: delivery.purchase.counterpartyId },
    });
    await expectNoDrift();
    okJson(
      await settlementApi(t, () => token).post(PATHS.movePurchase, {
        transaction_id: delivery.purchaseTx.id,
        purchase_id: target.purchase.id,
      }),
    );
    okJson(await settlementApi(t, () => token).split(delivery.salesTx.id, 10_000));
    await expectNoDrift();
  });

  it('count every row when transports are created concurrently', async () => {
    const book = await tradingBook();
    const creates = Array.from({ length: 6 }, (_, i) =>
      i % 2
        ? transports().create(transportBody(book.pair, { cargo_quantity: 5_000 }))
        : transports().createOnTheWay(transportBody(book.pair, { cargo_quantity: 5_000 })),
    );
    for (const response of await Promise.all(creates)) okJson(response);
    await expectNoDrift();
    expect(await countAllRows(t.db, 'transports')).toBe(6);
  });

  it('are emptied with their table by TRUNCATE', async () => {
    await insertDeliveredTransport(t.db);
    await t.db.execute(sql`truncate transactions, unloadings, transports cascade`);
    await expectNoDrift();
    await t.db.execute(sql`truncate allocations cascade`);
    await expectNoDrift();
    expect(rowsOf(await t.db.execute(sql`select * from allocation_totals`))).toEqual([]);
    const kept = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from row_counts where table_name in ('transports', 'transactions')`,
      ),
    );
    expect(kept[0]?.n).toBe(0);
  });
});
