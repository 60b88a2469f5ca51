import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/harness.js';
import { auditLog, users } from '../../db/schema/index.js';

let t: TestApp;
let adminToken: string;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
  const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
  adminId = admin!.id;
});
afterAll(() => t.close());

const FIRST_PASSWORD = 'Pierwsze-Haslo4!';
let counter = 0;
function newUser(overrides: object = {}) {
  counter += 1;
  return {
    email: `person${counter}@example.com`,
    first_name: 'Jan',
    last_name: `Kowalski${counter}`,
    role: 'USER',
    password: FIRST_PASSWORD,
    ...overrides,
  };
}

const create = (payload: object, token = adminToken) =>
  t.call({ method: 'POST', url: '/api/profile/create', token, payload });

const update = (id: number, payload: object, token = adminToken) =>
  t.call({ method: 'POST', url: `/api/profile/update/${id}`, token, payload });

/** The update body of a user as it stands, with the given changes. */
async function editOf(id: number, changes: object = {}) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return {
    email: row!.email,
    first_name: row!.firstName,
    last_name: row!.lastName,
    role: row!.role,
    active: row!.active,
    is_notify_on_purchase: row!.isNotifyOnPurchase,
    is_notify_on_sales: row!.isNotifyOnSales,
    ...changes,
  };
}

describe('POST /api/profile/create', () => {
  it('creates an active user without notifications by default and answers it', async () => {
    const response = await create(newUser({ email: 'Nowy.Pracownik@Example.com ' }));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: expect.any(Number),
      email: 'nowy.pracownik@example.com',
      first_name: 'Jan',
      role: 'USER',
      active: true,
      is_notify_on_purchase: false,
      is_notify_on_sales: false,
    });
    expect(body).not.toHaveProperty('password');
    const [row] = await t.db.select().from(users).where(eq(users.id, body.id));
    expect(row).toMatchObject({ passwordExpired: true });
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
  });

  it('takes role ADMIN, inactive and both notification flags when given', async () => {
    const response = await create(
      newUser({ role: 'ADMIN', active: false, is_notify_on_purchase: true, is_notify_on_sales: true }),
    );
    expect(response.json()).toMatchObject({
      role: 'ADMIN',
      active: false,
      is_notify_on_purchase: true,
      is_notify_on_sales: true,
    });
  });

  it('refuses an e-mail that exists, in any letter case, with 409 USER_ALREADY_EXISTS', async () => {
    const response = await create(newUser({ email: ADMIN_EMAIL.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message_code).toBe('USER_ALREADY_EXISTS');
  });

  it.each([
    [{ role: 'SUPERUSER' }, 'role', 'oneOf'],
    [{ role: undefined }, 'role', 'required'],
    [{ password: 'secret' }, 'password', 'password'],
    [{ password: 'Secret123' }, 'password', 'password'],
    [{ email: 'jan@' }, 'email', 'email'],
    [{ first_name: '   ' }, 'first_name', 'required'],
    [{ last_name: 'x'.repeat(256) }, 'last_name', 'maxLength'],
    [{ active: 'yes' }, 'active', 'wrongType'],
    [{ password_expired: false }, 'password_expired', 'unknownField'],
    [{ id: 1 }, 'id', 'unknownField'],
  ])('refuses %j with VALIDATION_ERROR on %s', async (changes, field, code) => {
    const response = await create(newUser(changes));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message_code: 'VALIDATION_ERROR', errors: [{ field, code }] });
  });

  // lib/common-passwords.ts: the list, the README's default and the demo users' password, in any letter case and
  // with any digits and symbols added at the end.
  it.each(['Admin123!', 'Demo123!x', 'Password1!', 'qWERTY123!', 'Zaq12wsx!', 'Haslo2026!'])(
    'refuses the common password %s with VALIDATION_ERROR commonPassword and creates no one',
    async (password) => {
      const before = await t.db.select({ id: users.id }).from(users);
      const response = await create(newUser({ password }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message_code: 'VALIDATION_ERROR',
        errors: [{ field: 'password', code: 'commonPassword' }],
      });
      expect(await t.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
    },
  );

  // validation.ts `isEmailAddress`: what a mail server would read differently from what is stored.
  it.each(['a@b.pl,evil', '=?utf-8?q?x?=@x.pl', 'jan|kowalski@firma.pl', 'jan{x}@firma.pl', 'Jan <jan@firma.pl>'])(
    'refuses the e-mail %s with VALIDATION_ERROR email',
    async (email) => {
      const response = await create(newUser({ email }));
      expect(response.json()).toMatchObject({
        message_code: 'VALIDATION_ERROR',
        errors: [{ field: 'email', code: 'email' }],
      });
    },
  );

  it('writes nothing when it refuses', async () => {
    const before = await t.db.select({ id: users.id }).from(users);
    await create(newUser({ email: ADMIN_EMAIL }));
    await create(newUser({ role: 'SUPERUSER' }));
    expect(await t.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });

  it('writes an audit_log row for the creation, without the password', async () => {
    const id = (await create(newUser({ email: 'audited@example.com' }))).json().id;
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, id), eq(auditLog.action, 'create')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: adminId, changes: { email: 'audited@example.com', role: 'USER' } });
    expect(JSON.stringify(rows[0]!.changes)).not.toContain(FIRST_PASSWORD);
  });
});

describe('POST /api/profile/update/:id', () => {
  it('changes the fields and answers the user', async () => {
    const id = (await create(newUser())).json().id;
    const response = await update(
      id,
      await editOf(id, { first_name: 'Janina', email: 'janina@example.com', is_notify_on_sales: true }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      first_name: 'Janina',
      email: 'janina@example.com',
      is_notify_on_sales: true,
    });
  });

  it('moves updated_at and keeps created_at', async () => {
    const created = (await create(newUser())).json();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const updated = (await update(created.id, await editOf(created.id, { last_name: 'Zmieniony' }))).json();
    expect(updated.created_at).toBe(created.created_at);
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
  });

  it('refuses the e-mail of another user with 409 USER_ALREADY_EXISTS', async () => {
    const id = (await create(newUser())).json().id;
    const response = await update(id, await editOf(id, { email: ADMIN_EMAIL }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message_code).toBe('USER_ALREADY_EXISTS');
  });

  it('answers 404 USER_NOT_FOUND for a missing id', async () => {
    const response = await update(999_999, await editOf(adminId, { email: 'ghost@example.com' }));
    expect(response.statusCode).toBe(404);
    expect(response.json().message_code).toBe('USER_NOT_FOUND');
  });

  it('answers 400 ID_IS_NOT_A_NUMBER for a non-numeric id', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/profile/update/abc',
      token: adminToken,
      payload: await editOf(adminId),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message_code).toBe('ID_IS_NOT_A_NUMBER');
  });

  it('requires active and refuses a password field', async () => {
    const id = (await create(newUser())).json().id;
    const { active: _active, ...withoutActive } = await editOf(id);
    expect((await update(id, withoutActive)).json().errors).toEqual([{ field: 'active', code: 'required' }]);
    const withPassword = await update(id, await editOf(id, { password: 'Secret123!' }));
    expect(withPassword.json().errors).toEqual([{ field: 'password', code: 'unknownField' }]);
  });

  it('lets an admin edit their own names', async () => {
    const response = await update(adminId, await editOf(adminId, { first_name: 'Adaś' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().first_name).toBe('Adaś');
  });

  it('refuses an admin demoting themselves with CANNOT_MANAGE_ROLE, even with another admin present', async () => {
    await create(newUser({ role: 'ADMIN' }));
    const response = await update(adminId, await editOf(adminId, { role: 'USER' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message_code).toBe('CANNOT_MANAGE_ROLE');
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, adminId));
    expect(row!.role).toBe('ADMIN');
  });

  it('refuses an admin deactivating themselves with CANNOT_MANAGE_ROLE', async () => {
    const response = await update(adminId, await editOf(adminId, { active: false }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message_code).toBe('CANNOT_MANAGE_ROLE');
  });

  it('lets an admin demote another admin while an active admin remains', async () => {
    const id = (await create(newUser({ role: 'ADMIN' }))).json().id;
    const response = await update(id, await editOf(id, { role: 'USER' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().role).toBe('USER');
  });

  it('takes the ADMIN rights away at once: the demoted admin is FORBIDDEN on the next call', async () => {
    const other = await t.userWithRole('ADMIN');
    expect((await t.call({ method: 'GET', url: '/api/profile/list', token: other.token })).statusCode).toBe(200);
    await update(other.id, await editOf(other.id, { role: 'USER' }));
    const after = await t.call({ method: 'GET', url: '/api/profile/list', token: other.token });
    expect(after.statusCode).toBe(403);
    expect(after.json().message_code).toBe('FORBIDDEN');
  });

  it('deactivating a user revokes their refresh tokens and their access stops at once', async () => {
    const user = await t.userWithRole('USER', 'to-deactivate@example.com');
    const session = await t.tokens('to-deactivate@example.com');
    const response = await update(user.id, await editOf(user.id, { active: false }));
    expect(response.statusCode).toBe(200);
    expect(response.json().active).toBe(false);

    const me = await t.call({ method: 'GET', url: '/api/auth/me', token: session.token });
    expect(me.statusCode).toBe(401);
    const refreshed = await t.call({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refresh_token: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'to-deactivate@example.com', password: TEST_PASSWORD },
    });
    expect(login.json().message_code).toBe('USER_DISABLED');
  });

  it('lets a reactivated user log in again', async () => {
    const user = await t.userWithRole('USER', 'comeback@example.com');
    await update(user.id, await editOf(user.id, { active: false }));
    await update(user.id, await editOf(user.id, { active: true }));
    expect(await t.login('comeback@example.com')).toEqual(expect.any(String));
  });

  it('writes an audit_log row with what changed, from and to', async () => {
    const id = (await create(newUser({ first_name: 'Przed' }))).json().id;
    await update(id, await editOf(id, { first_name: 'Po', is_notify_on_purchase: true }));
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'update')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: adminId, entity: 'user' });
    expect(rows[0]!.changes).toEqual({
      firstName: { from: 'Przed', to: 'Po' },
      isNotifyOnPurchase: { from: false, to: true },
    });
  });
});

describe('the last active admin', () => {
  let solo: TestApp;
  let soloToken: string;
  let soloId: number;
  beforeAll(async () => {
    solo = await createTestApp();
    soloToken = await solo.login();
    const [admin] = await solo.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
    soloId = admin!.id;
  });
  afterAll(() => solo.close());

  const soloUpdate = async (id: number, changes: object, token = soloToken) =>
    solo.call({
      method: 'POST',
      url: `/api/profile/update/${id}`,
      token,
      payload: {
        email: id === soloId ? ADMIN_EMAIL : `admin-${id}@example.com`,
        first_name: 'A',
        last_name: 'B',
        role: 'ADMIN',
        active: true,
        ...changes,
      },
    });

  it('cannot be demoted', async () => {
    const response = await soloUpdate(soloId, { role: 'USER' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message_code).toBe('CANNOT_MANAGE_ROLE');
  });

  it('stays when two admins demote each other at the same moment', async () => {
    const other = await solo.userWithRole('ADMIN', `admin-${soloId + 1000}@example.com`);
    await solo.db
      .update(users)
      .set({ email: `admin-${other.id}@example.com` })
      .where(eq(users.id, other.id));
    const [first, second] = await Promise.all([
      soloUpdate(other.id, { role: 'USER' }, soloToken),
      soloUpdate(soloId, { role: 'USER' }, other.token),
    ]);
    // The loser is refused by the rule (CANNOT_MANAGE_ROLE) or, when the winner has already committed before its
    // session is read, as the USER it has become (FORBIDDEN): roles apply at once. Either way one admin stays.
    const codes = [first!.json().message_code, second!.json().message_code].filter(Boolean).sort();
    expect([first!.statusCode, second!.statusCode]).toContain(200);
    expect([['CANNOT_MANAGE_ROLE'], ['FORBIDDEN']]).toContainEqual(codes);
    const admins = await solo.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'ADMIN'), eq(users.active, true)));
    expect(admins).toHaveLength(1);
  });
});
