import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/harness.js';
import { auditLog, refreshTokens, users } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: unknown) => t.call({ method: 'POST', url: '/api/auth/login', payload: payload as object });

async function deactivate(id: number) {
  await t.db.update(users).set({ active: false }).where(eq(users.id, id));
}

describe('POST /api/auth/login', () => {
  it('answers token and refresh_token for the right password', async () => {
    const response = await login({ email: ADMIN_EMAIL, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(['refresh_token', 'token']);
  });

  it('refuses a wrong password with WRONG_CREDENTIALS', async () => {
    const response = await login({ email: ADMIN_EMAIL, password: 'Wrong123!' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message_code).toBe('WRONG_CREDENTIALS');
  });

  it('answers an unknown e-mail exactly as a wrong password', async () => {
    const wrongPassword = await login({ email: ADMIN_EMAIL, password: 'Wrong123!' });
    const unknownEmail = await login({ email: 'nobody@example.com', password: 'Wrong123!' });
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('accepts the e-mail in any letter case and with surrounding spaces', async () => {
    const response = await login({ email: `  ${ADMIN_EMAIL.toUpperCase()} `, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a deactivated user with USER_DISABLED', async () => {
    const { id } = await t.userWithRole('USER');
    const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, id));
    await deactivate(id);
    const response = await login({ email: row!.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().message_code).toBe('USER_DISABLED');
  });

  it('does not reveal a deactivated account to a wrong password', async () => {
    const { id } = await t.userWithRole('USER', 'disabled-wrong@example.com');
    await deactivate(id);
    const response = await login({ email: 'disabled-wrong@example.com', password: 'Wrong123!' });
    expect(response.json().message_code).toBe('WRONG_CREDENTIALS');
  });

  it('records the login in the audit log', async () => {
    const { id } = await t.userWithRole('USER');
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'login')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: id, entity: 'user' });
  });

  it('stores only a hash of the refresh token', async () => {
    const { refreshToken } = await t.tokens();
    const stored = await t.db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.map((row) => row.hash)).not.toContain(refreshToken);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.hash))).toBe(true);
  });
});

describe('the e-mail of a sign-in (validation.ts signInEmailField)', () => {
  it.each(['a@b.pl,evil', '=?utf-8?q?x?=@x.pl', 'nobody|here@firma.pl', 'no{body}@firma.pl'])(
    'answers %s, which the strict rule refuses and no account has, WRONG_CREDENTIALS as any unknown address',
    async (email) => {
      const response = await login({ email, password: 'Wrong123!' });
      expect(response.statusCode).toBe(401);
      expect(response.json().message_code).toBe('WRONG_CREDENTIALS');
    },
  );

  it('still signs in an account whose address was stored before the strict rule', async () => {
    const { id } = await t.userWithRole('USER', 'legacy|account@firma.pl');
    const response = await login({ email: 'Legacy|Account@Firma.pl', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    await deactivate(id);
  });
});

describe('request validation (login as the example)', () => {
  it('answers 400 VALIDATION_ERROR with per-field errors', async () => {
    const response = await login({ email: 'not-an-email', password: '' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message_code).toBe('VALIDATION_ERROR');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', code: 'email' },
        { field: 'password', code: 'required' },
      ]),
    );
  });

  it('names missing fields with the required code', async () => {
    const response = await login({});
    expect(response.json().errors).toEqual([
      { field: 'email', code: 'required' },
      { field: 'password', code: 'required' },
    ]);
  });

  it('names fields in snake_case as on the wire', async () => {
    const token = await t.login();
    const response = await t.call({
      method: 'POST',
      url: '/api/profile/change-password',
      token,
      payload: { new_password: 'weak' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'old_password', code: 'required' },
        { field: 'new_password', code: 'password' },
      ]),
    );
  });

  it('refuses unknown body keys and names each one', async () => {
    const response = await login({ email: ADMIN_EMAIL, password: TEST_PASSWORD, remember_me: true, role: 'ADMIN' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message_code: 'VALIDATION_ERROR',
      errors: [
        { field: 'remember_me', code: 'unknownField' },
        { field: 'role', code: 'unknownField' },
      ],
    });
  });

  it('refuses a wrongly typed field with wrongType', async () => {
    const response = await login({ email: 12345678, password: TEST_PASSWORD });
    expect(response.json().errors).toEqual([{ field: 'email', code: 'wrongType' }]);
  });

  it('refuses malformed JSON with 400 BAD_REQUEST', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "admin@example.com", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message_code: 'BAD_REQUEST', message: 'BAD_REQUEST' });
  });

  it('refuses an empty JSON body with 400 BAD_REQUEST', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message_code).toBe('BAD_REQUEST');
  });

  it('refuses a form-encoded body with 400 BAD_REQUEST', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${ADMIN_EMAIL}&password=${TEST_PASSWORD}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message_code).toBe('BAD_REQUEST');
  });

  it('refuses a payload over 1 MB with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await login({ email: ADMIN_EMAIL, password: 'x'.repeat(1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json().message_code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('accepts a payload just under 1 MB as far as validation', async () => {
    const response = await login({ email: ADMIN_EMAIL, password: 'x'.repeat(1024 * 1024 - 100) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'password', code: 'maxLength' }]);
  });
});

describe('GET /api/auth/me', () => {
  it('answers exactly { id, email, first_name, last_name, role, password_expired }', async () => {
    const token = await t.login();
    const response = await t.call({ method: 'GET', url: '/api/auth/me', token });
    expect(response.statusCode).toBe(200);
    const [admin] = await t.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    expect(response.json()).toEqual({
      id: admin!.id,
      email: ADMIN_EMAIL,
      first_name: 'Adam',
      last_name: 'Admin',
      role: 'ADMIN',
      password_expired: false,
    });
  });

  it('answers the session of a USER', async () => {
    const { id, token } = await t.userWithRole('USER', 'me-user@example.com');
    const response = await t.call({ method: 'GET', url: '/api/auth/me', token });
    expect(response.json()).toMatchObject({ id, email: 'me-user@example.com', role: 'USER' });
  });

  it('refuses a guest with UNAUTHORIZED', async () => {
    const response = await t.call({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message_code).toBe('UNAUTHORIZED');
  });

  it('refuses an Authorization header that is not a bearer token with UNAUTHORIZED', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Basic ${Buffer.from(`${ADMIN_EMAIL}:${TEST_PASSWORD}`).toString('base64')}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message_code).toBe('UNAUTHORIZED');
  });

  it('refuses a bearer value that is not a JWT with INVALID_TOKEN', async () => {
    const response = await t.call({ method: 'GET', url: '/api/auth/me', token: 'not-a-jwt' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message_code).toBe('INVALID_TOKEN');
  });

  it('refuses the access token of a user deactivated since it was issued with DENIED_TOKEN', async () => {
    const { id, token } = await t.userWithRole('USER');
    await deactivate(id);
    const response = await t.call({ method: 'GET', url: '/api/auth/me', token });
    expect(response.statusCode).toBe(401);
    expect(response.json().message_code).toBe('DENIED_TOKEN');
  });

  it('refuses the access token of a deleted user', async () => {
    const { id, token } = await t.userWithRole('USER');
    await t.db.delete(users).where(eq(users.id, id));
    const response = await t.call({ method: 'GET', url: '/api/auth/me', token });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /api/auth/logout', () => {
  const refresh = (refreshToken: string) =>
    t.call({ method: 'POST', url: '/api/auth/refresh-token', payload: { refresh_token: refreshToken } });

  it('answers {} and revokes the refresh token of the session', async () => {
    const session = await t.tokens();
    const response = await t.call({ method: 'DELETE', url: '/api/auth/logout', token: session.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    const after = await refresh(session.refreshToken);
    expect(after.statusCode).toBe(401);
    expect(after.json().message_code).toBe('DENIED_TOKEN');
  });

  it('revokes the whole family, including tokens issued by refreshes after the login', async () => {
    const session = await t.tokens();
    const rotated = (await refresh(session.refreshToken)).json();
    await t.call({ method: 'DELETE', url: '/api/auth/logout', token: rotated.token });
    const after = await refresh(rotated.refresh_token);
    expect(after.json().message_code).toBe('DENIED_TOKEN');
  });

  it("leaves the user's other sessions working", async () => {
    const laptop = await t.tokens();
    const phone = await t.tokens();
    await t.call({ method: 'DELETE', url: '/api/auth/logout', token: laptop.token });
    const after = await refresh(phone.refreshToken);
    expect(after.statusCode).toBe(200);
  });

  it('records the logout in the audit log', async () => {
    const { id, token } = await t.userWithRole('USER');
    await t.call({ method: 'DELETE', url: '/api/auth/logout', token });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'logout')));
    expect(rows).toHaveLength(1);
  });

  it('refuses a guest with UNAUTHORIZED', async () => {
    const response = await t.call({ method: 'DELETE', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message_code).toBe('UNAUTHORIZED');
  });
});
