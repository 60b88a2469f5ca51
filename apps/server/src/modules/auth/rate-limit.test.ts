import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.js';

const LIMIT = 3;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimit: LIMIT });
});
afterAll(() => t.close());

const post = (path: string, payload: object, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: `/api/auth/${path}`, payload, headers });

async function exhaust(path: string, payload: object) {
  for (let i = 0; i < LIMIT; i++) expect((await post(path, payload)).statusCode).not.toBe(429);
}

describe('rate limits on the sign-in calls', () => {
  it(`answers the ${LIMIT + 1}th login attempt in the window with 429 TOO_MANY_REQUESTS`, async () => {
    await exhaust('login', { email: 'limited@example.com', password: 'Wrong123!' });
    const response = await post('login', { email: 'limited@example.com', password: 'Wrong123!' });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ message_code: 'TOO_MANY_REQUESTS' });
  });

  it('refuses even the right password once the limit is reached', async () => {
    await exhaust('login', { email: ADMIN_EMAIL, password: 'Wrong123!' });
    const response = await post('login', { email: ADMIN_EMAIL, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(429);
  });

  it('counts per e-mail: another account from the same address is not limited', async () => {
    await exhaust('login', { email: 'first-target@example.com', password: 'Wrong123!' });
    const response = await post('login', { email: 'second-target@example.com', password: 'Wrong123!' });
    expect(response.statusCode).toBe(401);
  });

  it('counts the e-mail in any letter case as one', async () => {
    await exhaust('login', { email: 'case-limited@example.com', password: 'Wrong123!' });
    const response = await post('login', { email: 'CASE-Limited@Example.com', password: 'Wrong123!' });
    expect(response.statusCode).toBe(429);
  });

  it('cannot be escaped by sending a different X-Forwarded-For', async () => {
    await exhaust('login', { email: 'spoofer@example.com', password: 'Wrong123!' });
    const response = await post(
      'login',
      { email: 'spoofer@example.com', password: 'Wrong123!' },
      { 'x-forwarded-for': '203.0.113.99' },
    );
    expect(response.statusCode).toBe(429);
  });

  it('limits reset-password-request the same way', async () => {
    await exhaust('reset-password-request', { email: 'reset-limited@example.com' });
    const response = await post('reset-password-request', { email: 'reset-limited@example.com' });
    expect(response.statusCode).toBe(429);
    expect(response.json().message_code).toBe('TOO_MANY_REQUESTS');
  });

  it('limits reset-password-verify-code', async () => {
    await exhaust('reset-password-verify-code', { email: 'verify-limited@example.com', code: 'ABCDEF' });
    const response = await post('reset-password-verify-code', { email: 'verify-limited@example.com', code: 'ABCDEF' });
    expect(response.statusCode).toBe(429);
  });

  it('limits reset-password-confirm', async () => {
    const payload = { email: 'confirm-limited@example.com', code: 'ABCDEF', password: 'Brand-new9' };
    await exhaust('reset-password-confirm', payload);
    expect((await post('reset-password-confirm', payload)).statusCode).toBe(429);
  });

  it('does not limit signed-in calls', async () => {
    const { token } = await t.userWithRole('USER');
    for (let i = 0; i < LIMIT + 2; i++) {
      expect((await t.call({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(200);
    }
  });
});
