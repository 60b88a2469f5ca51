import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contractorBody } from '../fixtures/contractors.js';
import { type Body, contractApi, purchaseBody, salesBody } from '../fixtures/contracts.js';
import { deliveredBody, type Pair, transportApi, transportBody } from '../fixtures/transports.js';
import { createTestApp, resetDatabase, type TestApp } from '../harness.js';
import { invariantViolations } from './invariants.js';

/**
 * Concurrency: renames of contracts (number, counterparty) and contractors (code, name) rewrite the
 * copies on allocations, transports and transactions while transport writes lock the same rows. With one global
 * lock order (db/locks.ts) and the retrying write transaction, none of them answers 5xx. On PostgreSQL
 * (TEST_DATABASE_URL, a pool of 20) the calls really overlap: before the fix, deadlocks answered 500.
 */
let t: TestApp;
let token: string;
let transport: ReturnType<typeof transportApi>;
let contract: ReturnType<typeof contractApi>;

beforeAll(async () => {
  t = await createTestApp();
  transport = transportApi(t, () => token);
  contract = contractApi(t, () => token);
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
});
afterAll(() => t.close());

let serial = 0;

/** A valid NIP (checksum digit by the weights 6 5 7 2 3 4 5 6 7) unique per serial. */
function nipOf(n: number): string {
  for (let tail = n; ; tail += 1000) {
    const digits = `526${String(tail).padStart(6, '0')}`.split('').map(Number);
    const check = [6, 5, 7, 2, 3, 4, 5, 6, 7].reduce((sum, weight, index) => sum + weight * digits[index]!, 0) % 11;
    if (check < 10) return `${digits.join('')}${check}`;
  }
}
async function createContractor(overrides: Body = {}): Promise<{ id: number; body: Body }> {
  serial += 1;
  const body = contractorBody({ code: `K${serial}`, name: `Kontrahent ${serial}`, nip: nipOf(serial), ...overrides });
  const response = await t.call({ method: 'POST', url: '/api/dictionary/contractor/create', token, payload: body });
  if (response.statusCode !== 200) throw new Error(`contractor create failed: ${response.body}`);
  return { id: response.json().result.id, body };
}

/** A purchase and a sale created through the API (their edit forms are valid as sent), allocated 400 t. */
async function seedRenamablePair() {
  const supplier = await createContractor();
  const recipient = await createContractor();
  const carrier = await createContractor();
  const big = { cargo_quantity: 500_000 };
  const purchase = await contract.createPurchase(big, supplier.id);
  const sale = await contract.createSales(big, recipient.id);
  const allocated = await t.call({
    method: 'POST',
    url: `/api/contract/allocate-contract/${sale.id}`,
    token,
    payload: { purchase_id: purchase.id, cargo_quantity: 400_000 },
  });
  if (allocated.statusCode !== 200) throw new Error(`allocate failed: ${allocated.body}`);
  const pair: Pair = { purchaseId: purchase.id, salesId: sale.id, carrierId: carrier.id, allocationId: 0 };
  return { pair, purchase, sale, supplier, recipient, carrier };
}

function fiveXx(responses: LightMyRequestResponse[]) {
  return responses.filter((response) => response.statusCode >= 500).map((response) => response.body);
}

describe('renames racing transport writes', () => {
  it('answers no 5xx when contracts and contractors are renamed while transports flap, are created and delivered', async () => {
    const { pair, purchase, sale, supplier, recipient, carrier } = await seedRenamablePair();
    const flapping = await Promise.all(
      Array.from({ length: 4 }, () => transport.createId(transportBody(pair, { cargo_quantity: 10_000 }), true)),
    );
    const delivering = await Promise.all(
      Array.from({ length: 4 }, () => transport.createId(transportBody(pair, { cargo_quantity: 10_000 }), true)),
    );
    const spare = await createContractor();

    const calls: (() => Promise<LightMyRequestResponse>)[] = [];
    for (let round = 0; round < 6; round += 1) {
      calls.push(() =>
        contract.call(
          'PUT',
          `update-purchase/${purchase.id}`,
          purchaseBody(round % 2 ? supplier.id : spare.id, {
            document_number: `ZK/RACE/${round}`,
            cargo_quantity: 500_000,
          }),
        ),
      );
      calls.push(() =>
        contract.call(
          'PUT',
          `update-sales/${sale.id}`,
          salesBody(recipient.id, { document_number: `SP/RACE/${round}`, cargo_quantity: 500_000 }),
        ),
      );
      for (const who of [supplier, recipient, carrier]) {
        calls.push(() =>
          t.call({
            method: 'PUT',
            url: `/api/dictionary/contractor/update/${who.id}`,
            token,
            payload: { ...who.body, code: `${who.body.code}-${round}`, name: `${who.body.name} ${round}` },
          }),
        );
      }
      for (const id of flapping) {
        calls.push(() => transport.setStatus(id, round % 2 ? 'ON_THE_WAY' : 'NEW'));
      }
      calls.push(() => transport.create(transportBody(pair, { cargo_quantity: 5_000 })));
      const delivery = delivering[round];
      if (delivery) calls.push(() => transport.deliver(delivery, deliveredBody({ real_cargo_quantity: 10_000 })));
    }
    const responses = await Promise.all(calls.map((call) => call()));

    expect(fiveXx(responses)).toEqual([]);
    expect(await invariantViolations(t.db)).toEqual([]);
    const refusals = responses.filter((response) => response.statusCode !== 200).map((r) => r.json().message_code);
    // Flaps that find the transport already in the asked status are refused by the rules, nothing else.
    expect(new Set(refusals)).toEqual(new Set(refusals.filter((code) => code === 'WRONG_STATUS')));
  });
});
