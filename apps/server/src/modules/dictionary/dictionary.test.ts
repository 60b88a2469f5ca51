import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/dictionary/country-list', () => {
  it("answers the ISO countries with Polish names, PL as 'Polska'", async () => {
    const { token } = await t.userWithRole('USER');
    const response = await t.call({ method: 'GET', url: '/api/dictionary/country-list', token });
    expect(response.statusCode).toBe(200);
    const { list } = response.json() as { list: { code: string; name: string }[] };
    expect(list).toContainEqual({ code: 'PL', name: 'Polska' });
    expect(list).toContainEqual({ code: 'DE', name: 'Niemcy' });
    expect(list.length).toBeGreaterThan(240);
    expect(new Set(list.map((country) => country.code)).size).toBe(list.length);
    expect(list.every((country) => /^[A-Z]{2}$/.test(country.code) && country.name.length > 0)).toBe(true);
  });

  it('sorts by name in Polish alphabetical order', async () => {
    const response = await t.call({ method: 'GET', url: '/api/dictionary/country-list', token: await t.login() });
    const names = (response.json().list as { name: string }[]).map((country) => country.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('pl').compare));
    expect(names[0]).toBe('Afganistan');
    // Ł sorts between L and M, not after Z.
    expect(names.indexOf('Łotwa')).toBeGreaterThan(names.indexOf('Luksemburg'));
    expect(names.indexOf('Łotwa')).toBeLessThan(names.indexOf('Madagaskar'));
  });

  it('refuses a guest with UNAUTHORIZED', async () => {
    const response = await t.call({ method: 'GET', url: '/api/dictionary/country-list' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message_code).toBe('UNAUTHORIZED');
  });
});
