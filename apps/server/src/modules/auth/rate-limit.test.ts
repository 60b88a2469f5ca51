import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/harness.js';
import { HASHES_AT_ONCE, hashingStats, resetHashingStats } from '../../lib/passwords.js';

const LIMIT = 3;

let t: TestApp;
beforeAll(async () => {
  // The per-address budget out of the way here; it has its own app below.
  t = await createTestApp({ authRateLimit: LIMIT, authAddressRateLimit: 10_000 });
});
afterAll(() => t.close());

const post = (path: string, payload: object, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: `/api/auth/${path}`, payload, headers });

async function exhaust(path: string, payload: object) {
  for (let i = 0; i < LIMIT; i++) expect((await post(path, payload)).statusCode).not.toBe(429);
}

describe('rate limits on the sign-in calls', () => {
  it(`answers the ${LIMIT + 1}th login attempt in the window with 429 TOO_MANY_REQUESTS and Retry-After`, async () => {
    await exhaust('login', { email: 'limited@example.com', password: 'Wrong123!' });
    const response = await post('login', { email: 'limited@example.com', password: 'Wrong123!' });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ message_code: 'TOO_MANY_REQUESTS' });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
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

describe('password spraying: one address over many e-mails (config authAddressRateLimit)', () => {
  let sprayed: TestApp;
  beforeAll(async () => {
    // The production defaults: 10 per address and e-mail, 5 × 10 per address.
    sprayed = await createTestApp({ authRateLimit: 10 });
  });
  afterAll(() => sprayed.close());

  const from = (remoteAddress: string, path: string, payload: object) =>
    sprayed.call({ method: 'POST', url: `/api/auth/${path}`, payload, remoteAddress });

  it('answers 429 before 60 sign-ins with 60 e-mails from one address end; another address is unaffected', async () => {
    expect(sprayed.config.authAddressRateLimit).toBe(50);
    const statuses: number[] = [];
    let refusal: Awaited<ReturnType<typeof from>> | null = null;
    for (let i = 0; i < 60; i++) {
      const response = await from('203.0.113.7', 'login', { email: `target${i}@example.com`, password: 'Spring2026!' });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) refusal ??= response;
    }
    expect(statuses.slice(0, 50).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(50).every((status) => status === 429)).toBe(true);
    expect(refusal!.json()).toMatchObject({ message_code: 'TOO_MANY_REQUESTS' });
    expect(Number(refusal!.headers['retry-after'])).toBeGreaterThan(0);

    const elsewhere = await from('198.51.100.9', 'login', { email: 'target0@example.com', password: 'Spring2026!' });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('shares the budget with the reset calls: request, code check and confirm from that address are refused too', async () => {
    const requested = await from('203.0.113.7', 'reset-password-request', { email: 'someone@example.com' });
    expect(requested.statusCode).toBe(429);
    const verified = await from('203.0.113.7', 'reset-password-verify-code', {
      email: 'someone@example.com',
      code: 'ABCDEF',
    });
    expect(verified.statusCode).toBe(429);
    const confirmed = await from('203.0.113.7', 'reset-password-confirm', {
      email: 'someone@example.com',
      code: 'ABCDEF',
      password: 'Ziarno-Reset5!',
    });
    expect(confirmed.statusCode).toBe(429);
    expect((await from('198.51.100.9', 'reset-password-request', { email: 'someone@example.com' })).statusCode).toBe(
      200,
    );
  });

  it('counts an IPv6 client by its /64: other addresses of the prefix share the budget, another prefix does not', async () => {
    for (let i = 0; i < 50; i++) {
      const address = `2001:db8:7:1::${(i + 1).toString(16)}`;
      const response = await from(address, 'login', { email: `v6-${i}@example.com`, password: 'Spring2026!' });
      expect(response.statusCode, `sign-in ${i + 1}`).toBe(401);
    }
    const login = { email: 'v6-x@example.com', password: 'Spring2026!' };
    expect((await from('2001:db8:7:1:ffff::9', 'login', login)).statusCode).toBe(429);
    expect((await from('2001:db8:7:2::1', 'login', login)).statusCode).toBe(401);
  });

  it('counts reset requests from a fresh address towards the same budget as its sign-ins', async () => {
    for (let i = 0; i < 50; i++) {
      const response = await from('192.0.2.44', 'reset-password-request', { email: `reset${i}@example.com` });
      expect(response.statusCode, `request ${i + 1}`).toBe(200);
    }
    const login = await from('192.0.2.44', 'login', { email: ADMIN_EMAIL, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(429);
  });
});

describe('the password hash gate (lib/passwords.ts)', () => {
  it('never runs more than HASHES_AT_ONCE hashes for many parallel sign-ins, and refuses the excess with 429', async () => {
    resetHashingStats();
    const responses = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        t.call({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `parallel${i}@example.com`, password: 'Wrong123!' },
          remoteAddress: `10.9.${Math.floor(i / 200)}.${i % 200}`,
        }),
      ),
    );
    const stats = hashingStats();
    expect(stats.peakRunning).toBe(HASHES_AT_ONCE);
    expect(stats.refused).toBeGreaterThan(0);
    expect(stats).toMatchObject({ running: 0, waiting: 0 });
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(stats.refused);
    expect(responses.every((response) => [401, 429].includes(response.statusCode))).toBe(true);
    for (const response of refused) {
      expect(response.json().message_code).toBe('TOO_MANY_REQUESTS');
      expect(response.headers['retry-after']).toBe('1');
    }
  });
});
