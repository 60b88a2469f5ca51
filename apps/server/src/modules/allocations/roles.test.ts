import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseOf, saleOf } from '../../../test/fixtures/allocations.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let userToken: string;
let routes: { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> }[];
beforeAll(async () => {
  t = await createTestApp();
  userToken = (await t.userWithRole('USER')).token;
  const purchase = await purchaseOf(t.db);
  const sale = await saleOf(t.db);
  routes = [
    {
      method: 'POST',
      url: `/api/contract/allocate-contract/${sale.id}`,
      payload: { purchase_id: purchase.id, cargo_quantity: 1000 },
    },
    {
      method: 'POST',
      url: '/api/contract/get-allocated-value',
      payload: { sales_id: sale.id, purchase_id: purchase.id },
    },
    { method: 'GET', url: `/api/contract/get-purchase-contract-to-allocate/${sale.id}` },
    { method: 'POST', url: `/api/contract/get-purchase-contract-to-allocate/${sale.id}`, payload: {} },
    { method: 'GET', url: `/api/contract/get-allocated-sales/${sale.id}` },
    { method: 'POST', url: `/api/contract/get-allocated-sales/${sale.id}`, payload: {} },
    { method: 'GET', url: `/api/contract/get-purchase-allocated-contract/${purchase.id}` },
    { method: 'POST', url: `/api/contract/get-purchase-allocated-contract/${purchase.id}`, payload: {} },
    { method: 'GET', url: '/api/transport/get-to-assign-list' },
    { method: 'POST', url: '/api/transport/get-to-assign-list', payload: {} },
    { method: 'GET', url: '/api/transport/get-to-assign-filter-option' },
  ];
});
afterAll(() => t.close());

describe('roles', () => {
  it('refuses a guest on every allocation route with 401 UNAUTHORIZED and changes nothing', async () => {
    for (const route of routes) {
      const response = await t.call(route);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().message_code).toBe('UNAUTHORIZED');
    }
    const value = await t.call({ ...routes[1]!, token: userToken });
    expect(value.json()).toEqual({ value: null });
  });

  it('refuses an invalid token with 401 INVALID_TOKEN', async () => {
    const response = await t.call({ ...routes[2]!, token: 'not-a-jwt' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message_code).toBe('INVALID_TOKEN');
  });

  it('allows a USER on every allocation route (allocations are not admin-only)', async () => {
    for (const route of routes) {
      const response = await t.call({ ...route, token: userToken });
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(200);
    }
  });
});
