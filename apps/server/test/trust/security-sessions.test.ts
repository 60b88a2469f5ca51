import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, LOG_REDACT } from '../../src/app.js';
import { mailOutbox, users } from '../../src/db/schema/index.js';
import { SCRYPT_PARAMS } from '../../src/lib/passwords.js';
import { startMailWorker } from '../../src/modules/mail/sender.js';
import { createTestApp, TEST_PASSWORD, type TestApp, testConfig } from '../harness.js';

/**
 * OWASP ASVS level 2 for sessions and secrets, where the module suites leave a gap: the stored password
 * hash of accounts made through the API, anti-automation on the old-password check of change-password, and logs
 * that never hold a password, a token or a reset code. (JWT algorithm and expiry, refresh-token families, sign-in
 * rate limits and identical answers for unknown e-mails are proved in modules/auth/*.test.ts.)
 */
let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
});
afterAll(() => t.close());

const post = (app: FastifyInstance, url: string, payload: object, token?: string) =>
  app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

async function storedHash(email: string) {
  const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email));
  return row!.hash;
}

function expectStrongHash(stored: string, password: string) {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  expect([scheme, Number(n), Number(r), Number(p)]).toEqual([
    'scrypt',
    SCRYPT_PARAMS.N,
    SCRYPT_PARAMS.r,
    SCRYPT_PARAMS.p,
  ]);
  // OWASP password storage: scrypt N >= 2^15 with r = 8, p = 1; a 16-byte salt and a 64-byte key.
  expect(Number(n)).toBeGreaterThanOrEqual(2 ** 15);
  expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
  expect(Buffer.from(key!, 'base64')).toHaveLength(64);
  expect(stored).not.toContain(password);
}

describe('password storage', () => {
  it('stores scrypt N=2^15, r=8, p=1 with salt for an account made by an admin, and after each change', async () => {
    const email = 'storage@example.com';
    const created = await post(
      t.app,
      '/api/profile/create',
      { email, first_name: 'Ala', last_name: 'Nowak', role: 'USER', password: 'First-pass1' },
      adminToken,
    );
    expect(created.statusCode, created.body).toBe(200);
    const first = await storedHash(email);
    expectStrongHash(first, 'First-pass1');

    const token = await t.login(email, 'First-pass1');
    const changed = await post(
      t.app,
      '/api/profile/change-password',
      { old_password: 'First-pass1', new_password: 'Second-pass2' },
      token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const second = await storedHash(email);
    expectStrongHash(second, 'Second-pass2');
    expect(second.split('$')[4]).not.toBe(first.split('$')[4]);
  });
});

describe('POST /api/profile/change-password rate limit', () => {
  it('answers 429 TOO_MANY_REQUESTS once a session has guessed the old password too often, even rightly', async () => {
    const limited = await buildApp({ db: t.db, config: testConfig({ authRateLimit: 3 }) });
    try {
      const { token } = await t.userWithRole('USER', 'guesser@example.com');
      const other = await t.userWithRole('USER', 'bystander@example.com');
      const guess = (old: string, as = token) =>
        post(limited, '/api/profile/change-password', { old_password: old, new_password: 'Guess-new9' }, as);
      for (const old of ['Wrong-1a', 'Wrong-2b', 'Wrong-3c'])
        expect((await guess(old)).json().message_code).toBe('OLD_PASSWORD_IS_INVALID');
      const blocked = await guess(TEST_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message_code).toBe('TOO_MANY_REQUESTS');
      // Counted per user: another session from the same address is not held back.
      expect((await guess('Wrong-4d', other.token)).json().message_code).toBe('OLD_PASSWORD_IS_INVALID');
    } finally {
      await limited.close();
    }
  });
});

describe('logs', () => {
  it('never hold a password, an access or refresh token or a reset code, through every sign-in call', async () => {
    const lines: string[] = [];
    const config = testConfig();
    const app = await buildApp({
      db: t.db,
      config,
      logger: { level: 'trace', redact: LOG_REDACT, stream: { write: (line: string) => lines.push(line) } },
    });
    await app.ready();
    const worker = startMailWorker(t.db, config, app.log, 0);
    try {
      const email = 'logged@example.com';
      const secrets: string[] = [TEST_PASSWORD, 'Wrong-Secret-1', 'Changed-Pass2', 'Reset-Pass3'];
      await t.userWithRole('USER', email);

      expect((await post(app, '/api/auth/login', { email, password: 'Wrong-Secret-1' })).statusCode).toBe(401);
      const login = (await post(app, '/api/auth/login', { email, password: TEST_PASSWORD })).json();
      const refreshed = (await post(app, '/api/auth/refresh-token', { refresh_token: login.refresh_token })).json();
      secrets.push(login.token, login.refresh_token, refreshed.token, refreshed.refresh_token);
      await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${refreshed.token}` } });
      const change = await post(
        app,
        '/api/profile/change-password',
        { old_password: TEST_PASSWORD, new_password: 'Changed-Pass2' },
        refreshed.token,
      );
      expect(change.statusCode, change.body).toBe(200);

      expect((await post(app, '/api/auth/reset-password-request', { email })).statusCode).toBe(200);
      await app.afterAnswer.settled();
      await worker.runOnce();
      const [mail] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
      const code = /kod do zmiany hasła: (\S+)/.exec(mail!.body)![1]!;
      secrets.push(code);
      expect((await post(app, '/api/auth/reset-password-verify-code', { email, code: 'AAAAAA' })).statusCode).toBe(400);
      expect((await post(app, '/api/auth/reset-password-verify-code', { email, code })).statusCode).toBe(200);
      const confirmed = await post(app, '/api/auth/reset-password-confirm', { email, code, password: 'Reset-Pass3' });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const again = (await post(app, '/api/auth/login', { email, password: 'Reset-Pass3' })).json();
      secrets.push(again.token, again.refresh_token);
      await app.inject({
        method: 'DELETE',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${again.token}` },
      });

      const log = lines.join('\n');
      // The log is there and describes the calls; none of the secrets (nor a token's signature) is in it.
      expect(log).toContain('/api/auth/reset-password-confirm');
      expect(log).toContain('mail written to');
      const signatures = secrets
        .filter((secret) => secret.split('.').length === 3)
        .map((token) => token.split('.')[2]!);
      expect([...secrets, ...signatures].filter((secret) => log.includes(secret))).toEqual([]);
    } finally {
      await worker.stop();
      await app.close();
    }
  });
});
