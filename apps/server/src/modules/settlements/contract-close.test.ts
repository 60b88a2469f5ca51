import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  codeOf,
  type Delivery,
  insertDeliveredTransport,
  PATHS,
  settlementApi,
} from '../../../test/fixtures/settlements.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { contracts } from '../../db/schema/index.js';

let t: TestApp;
let token: string;
let d: Delivery;
const api = () => settlementApi(t, () => token);
const closePurchase = (purchaseId: number) =>
  t.call({
    method: 'POST',
    url: '/api/contract/update-purchase-status',
    token,
    payload: { purchase_id: purchaseId, status: 'CLOSED' },
  });

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
  d = await insertDeliveredTransport(t.db);
  await t.db.update(contracts).set({ status: 'TO_SETTLEMENT' }).where(eq(contracts.id, d.purchaseTx.contractId!));
});
afterAll(() => t.close());

describe('POST /api/contract/update-purchase-status to CLOSED (settled quantities feed the contracts)', () => {
  it('refuses CLOSED with WRONG_STATUS while a transaction of the contract is not settled', async () => {
    const response = await closePurchase(d.purchaseTx.contractId!);
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe('WRONG_STATUS');
  });

  it('allows CLOSED once every transaction of the contract is settled', async () => {
    expect((await api().setPurchaseInvoice(d.purchaseTx.id)).statusCode).toBe(200);
    expect((await api().settle(PATHS.settlePurchase, d.purchaseTx.id)).statusCode).toBe(200);
    const response = await closePurchase(d.purchaseTx.contractId!);
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('CLOSED');
  });
});
