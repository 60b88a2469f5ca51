import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabase } from '../../test/harness.js';
import { DEFAULT_ADMIN_PASSWORD } from '../config.js';
import { verifyPassword } from '../lib/passwords.js';
import { runMigrations } from './migrate.js';
import { countries, users } from './schema/index.js';
import { seed, seedFirstAdmin, seedReferenceData } from './seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function emptyUsers() {
  await t.db.execute(sql`truncate users restart identity cascade`);
}

describe('seedFirstAdmin', () => {
  it('creates an ADMIN from ADMIN_EMAIL with the default password marked expired', async () => {
    await emptyUsers();
    expect(await seedFirstAdmin(t.db, { adminEmail: 'boss@example.com', adminPassword: DEFAULT_ADMIN_PASSWORD })).toBe(
      true,
    );
    const [admin] = await t.db.select().from(users);
    expect(admin).toMatchObject({ email: 'boss@example.com', role: 'ADMIN', active: true, passwordExpired: true });
    expect(await verifyPassword(DEFAULT_ADMIN_PASSWORD, admin!.passwordHash)).toBe(true);

    const token = await t.login('boss@example.com', DEFAULT_ADMIN_PASSWORD);
    const response = await t.call({ method: 'GET', url: '/api/profile/list', token });
    expect(response.json().message_code).toBe('ACCESS_DENIED');
  });

  it('lets the default administrator sign in with the default once, then only change it to another uncommon one', async () => {
    await emptyUsers();
    await seedFirstAdmin(t.db, { adminEmail: 'boss@example.com', adminPassword: DEFAULT_ADMIN_PASSWORD });
    const token = await t.login('boss@example.com', DEFAULT_ADMIN_PASSWORD);
    const change = (newPassword: string) =>
      t.call({
        method: 'POST',
        url: '/api/profile/change-password',
        token,
        payload: { old_password: DEFAULT_ADMIN_PASSWORD, new_password: newPassword },
      });
    const errorOf = async (newPassword: string) => (await change(newPassword)).json().errors;
    expect(await errorOf(DEFAULT_ADMIN_PASSWORD)).toEqual([{ field: 'new_password', code: 'samePassword' }]);
    expect(await errorOf('admin123!')).toEqual([{ field: 'new_password', code: 'password' }]);
    expect(await errorOf('Admin2026!')).toEqual([{ field: 'new_password', code: 'commonPassword' }]);
    expect((await change('Ziarno-Szef9!')).statusCode).toBe(200);
    const me = await t.call({ method: 'GET', url: '/api/auth/me', token });
    expect(me.json().password_expired).toBe(false);
  });

  it('does not expire a password chosen through ADMIN_PASSWORD', async () => {
    await emptyUsers();
    await seedFirstAdmin(t.db, { adminEmail: 'boss@example.com', adminPassword: 'Chosen-pass1' });
    const [admin] = await t.db.select().from(users);
    expect(admin!.passwordExpired).toBe(false);
  });

  it('expires a common password chosen through ADMIN_PASSWORD too', async () => {
    await emptyUsers();
    await seedFirstAdmin(t.db, { adminEmail: 'boss@example.com', adminPassword: 'Password1!' });
    const [admin] = await t.db.select().from(users);
    expect(admin!.passwordExpired).toBe(true);
  });

  it('does nothing once any user exists', async () => {
    await emptyUsers();
    await seedFirstAdmin(t.db, { adminEmail: 'boss@example.com', adminPassword: 'Chosen-pass1' });
    expect(await seedFirstAdmin(t.db, { adminEmail: 'other@example.com', adminPassword: 'Chosen-pass1' })).toBe(false);
    const rows = await t.db.select({ email: users.email }).from(users);
    expect(rows).toEqual([{ email: 'boss@example.com' }]);
  });
});

describe('seed and migrations', () => {
  it('can run at every start: the reference data is not duplicated', async () => {
    const before = await t.db.select({ n: count() }).from(countries);
    await seedReferenceData(t.db);
    await seed(t.db, { adminEmail: 'boss@example.com', adminPassword: 'Chosen-pass1' });
    const after = await t.db.select({ n: count() }).from(countries);
    expect(after).toEqual(before);
    const [poland] = await t.db.select().from(countries).where(eq(countries.code, 'PL'));
    expect(poland).toEqual({ code: 'PL', name: 'Polska' });
  });

  it('runs the migrations again without error', async () => {
    await expect(runMigrations(await testDatabase())).resolves.toBeUndefined();
  });
});
