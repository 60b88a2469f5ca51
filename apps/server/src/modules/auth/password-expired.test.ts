import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/harness.js';
import { auditLog, users } from '../../db/schema/index.js';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
});
afterAll(() => t.close());

const INITIAL_PASSWORD = 'Pierwsze-Haslo4!';
const NEW_PASSWORD = 'Zmienione-Haslo5?';
let counter = 0;

/** A user made by an admin through the API, logged in with the password the admin gave. */
async function createdByAdmin() {
  counter += 1;
  const email = `new${counter}@example.com`;
  const created = await t.call({
    method: 'POST',
    url: '/api/profile/create',
    token: adminToken,
    payload: { email, first_name: 'Nowy', last_name: `Użytkownik${counter}`, role: 'USER', password: INITIAL_PASSWORD },
  });
  expect(created.statusCode).toBe(200);
  const token = await t.login(email, INITIAL_PASSWORD);
  return { id: created.json().id as number, email, token };
}

const changePassword = (token: string, payload: object) =>
  t.call({ method: 'POST', url: '/api/profile/change-password', token, payload });

describe('a password set by an admin', () => {
  it('starts expired: GET /api/auth/me answers password_expired true', async () => {
    const user = await createdByAdmin();
    const response = await t.call({ method: 'GET', url: '/api/auth/me', token: user.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email, password_expired: true });
  });

  it('refuses everything else with 403 ACCESS_DENIED', async () => {
    const user = await createdByAdmin();
    for (const url of [
      '/api/dictionary/country-list',
      '/api/profile/option-list',
      '/api/profile/get-default-email-list-for-purchase',
    ]) {
      const response = await t.call({ method: 'GET', url, token: user.token });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message_code, url).toBe('ACCESS_DENIED');
    }
  });

  it('answers FORBIDDEN before ACCESS_DENIED on a route the role may not use', async () => {
    const user = await createdByAdmin();
    const response = await t.call({ method: 'GET', url: '/api/profile/list', token: user.token });
    expect(response.json().message_code).toBe('FORBIDDEN');
  });

  it('still allows logout', async () => {
    const user = await createdByAdmin();
    const response = await t.call({ method: 'DELETE', url: '/api/auth/logout', token: user.token });
    expect(response.statusCode).toBe(200);
  });

  it('works everywhere once changed, with the same access token', async () => {
    const user = await createdByAdmin();
    const changed = await changePassword(user.token, { old_password: INITIAL_PASSWORD, new_password: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({});

    const me = await t.call({ method: 'GET', url: '/api/auth/me', token: user.token });
    expect(me.json().password_expired).toBe(false);
    const countries = await t.call({ method: 'GET', url: '/api/dictionary/country-list', token: user.token });
    expect(countries.statusCode).toBe(200);
  });

  it('is also expired for an admin created by an admin', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/profile/create',
      token: adminToken,
      payload: {
        email: 'second-admin@example.com',
        first_name: 'Druga',
        last_name: 'Admin',
        role: 'ADMIN',
        password: INITIAL_PASSWORD,
      },
    });
    expect(created.statusCode).toBe(200);
    const token = await t.login('second-admin@example.com', INITIAL_PASSWORD);
    const response = await t.call({ method: 'GET', url: '/api/profile/list', token });
    expect(response.json().message_code).toBe('ACCESS_DENIED');
  });
});

describe('POST /api/profile/change-password', () => {
  it('replaces the password: the new one logs in, the old one no longer does', async () => {
    const user = await createdByAdmin();
    await changePassword(user.token, { old_password: INITIAL_PASSWORD, new_password: NEW_PASSWORD });
    expect(await t.login(user.email, NEW_PASSWORD)).toEqual(expect.any(String));
    const old = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: INITIAL_PASSWORD },
    });
    expect(old.json().message_code).toBe('WRONG_CREDENTIALS');
  });

  it('refuses a wrong old password with OLD_PASSWORD_IS_INVALID and keeps the password', async () => {
    const user = await createdByAdmin();
    const response = await changePassword(user.token, { old_password: 'Wrong123!', new_password: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().message_code).toBe('OLD_PASSWORD_IS_INVALID');
    expect(await t.login(user.email, INITIAL_PASSWORD)).toEqual(expect.any(String));
    const me = await t.call({ method: 'GET', url: '/api/auth/me', token: user.token });
    expect(me.json().password_expired).toBe(true);
  });

  it.each([
    ['shorter than 8 characters', 'Ab1!xyz'],
    ['without an uppercase letter', 'abcdef1!'],
    ['without a lowercase letter', 'ABCDEF1!'],
    ['without a digit', 'Abcdefg!'],
    ['without a special character', 'Abcdefg1'],
  ])('refuses a new password %s with VALIDATION_ERROR', async (_, weak) => {
    const { token } = await t.userWithRole('USER');
    const response = await changePassword(token, { old_password: TEST_PASSWORD, new_password: weak });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message_code: 'VALIDATION_ERROR',
      errors: [{ field: 'new_password', code: 'password' }],
    });
  });

  it.each(['Admin123!', 'Password1!', 'Qwerty123!'])(
    'refuses the common new password %s with VALIDATION_ERROR commonPassword and keeps the old one',
    async (common) => {
      const user = await createdByAdmin();
      const response = await changePassword(user.token, { old_password: INITIAL_PASSWORD, new_password: common });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message_code: 'VALIDATION_ERROR',
        errors: [{ field: 'new_password', code: 'commonPassword' }],
      });
      expect(await t.login(user.email, INITIAL_PASSWORD)).toEqual(expect.any(String));
      const me = await t.call({ method: 'GET', url: '/api/auth/me', token: user.token });
      expect(me.json().password_expired).toBe(true);
    },
  );

  it('refuses the same password again at the forced change with samePassword on new_password', async () => {
    const user = await createdByAdmin();
    const response = await changePassword(user.token, {
      old_password: INITIAL_PASSWORD,
      new_password: INITIAL_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message_code: 'VALIDATION_ERROR',
      errors: [{ field: 'new_password', code: 'samePassword' }],
    });
    const me = await t.call({ method: 'GET', url: '/api/auth/me', token: user.token });
    expect(me.json().password_expired).toBe(true);
  });

  it('records the change in the audit log without the password', async () => {
    const { id, token } = await t.userWithRole('USER');
    await changePassword(token, { old_password: TEST_PASSWORD, new_password: NEW_PASSWORD });
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'change-password')));
    expect(row).toMatchObject({ userId: id, entity: 'user', changes: { password: '[changed]' } });
    expect(JSON.stringify(row)).not.toContain(NEW_PASSWORD);
  });

  it('stores the new password hashed, never as given', async () => {
    const { id, token } = await t.userWithRole('USER');
    await changePassword(token, { old_password: TEST_PASSWORD, new_password: NEW_PASSWORD });
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
    expect(row!.hash).toMatch(/^scrypt\$/);
    expect(row!.hash).not.toContain(NEW_PASSWORD);
  });

  it('refuses a guest with UNAUTHORIZED', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/profile/change-password',
      payload: { old_password: TEST_PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message_code).toBe('UNAUTHORIZED');
  });
});
