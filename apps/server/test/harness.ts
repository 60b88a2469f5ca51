import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UserRole } from '@grain/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.js';
import { AUTH_ADDRESS_RATE_FACTOR, type Config, loadConfig } from '../src/config.js';
import { type Database, type Db, openDatabase, rowsOf } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { users } from '../src/db/schema/index.js';
import { seedReferenceData } from '../src/db/seed.js';
import { hashPassword } from '../src/lib/passwords.js';

export const ADMIN_EMAIL = 'admin@example.com';
/** Not on the common-password list (lib/common-passwords.ts), so tests may also set it through the API. */
export const TEST_PASSWORD = 'Ziarno-Test7!';

let shared: Promise<Database> | null = null;

/**
 * The harness drops the `public` schema of the database it is given: refuse any database whose
 * name does not end in `test`, so a mistyped TEST_DATABASE_URL can never empty real books.
 */
export function assertDisposableDatabase(url: string): void {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!name.toLowerCase().endsWith('test')) {
    throw new Error(
      `TEST_DATABASE_URL names the database "${name}"; tests only empty a database whose name ends in "test".`,
    );
  }
}

/** The run's one database: PGlite in memory, or the PostgreSQL of TEST_DATABASE_URL (emptied first). */
export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const url = process.env.TEST_DATABASE_URL || null;
    if (url) assertDisposableDatabase(url);
    const database = await openDatabase({ databaseUrl: url, pgliteDir: null, poolSize: 20 });
    if (url) {
      await database.db.execute(sql`drop schema if exists public cascade`);
      await database.db.execute(sql`drop schema if exists drizzle cascade`);
      await database.db.execute(sql`create schema public`);
    }
    await runMigrations(database);
    return database;
  })();
  return shared;
}

let passwordHash: Promise<string> | null = null;

/** Empties every table and puts back reference data and an active admin with TEST_PASSWORD. */
export async function resetDatabase(db: Db): Promise<void> {
  const tables = rowsOf<{ tablename: string }>(
    await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`),
  ).map((row) => `"${row.tablename}"`);
  const dataTables = tables.filter((name) => name !== '"countries"');
  if (dataTables.length) await db.execute(sql.raw(`truncate ${dataTables.join(', ')} restart identity cascade`));
  await seedReferenceData(db);
  passwordHash ??= hashPassword(TEST_PASSWORD);
  await db.insert(users).values({
    email: ADMIN_EMAIL,
    firstName: 'Adam',
    lastName: 'Admin',
    role: 'ADMIN',
    passwordHash: await passwordHash,
    passwordExpired: false,
  });
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'grain-test-'));
  const authRateLimit = overrides.authRateLimit ?? 1000;
  return {
    ...loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256', WEB_DIST: '' }),
    // The database the app is given, as the server's own configuration names it (the export worker reads there).
    databaseUrl: process.env.TEST_DATABASE_URL || null,
    authRateLimit,
    // As loadConfig derives it, from the budget the test chose.
    authAddressRateLimit: AUTH_ADDRESS_RATE_FACTOR * authRateLimit,
    // Tests never reach the internet: NBP's API is a closed local port unless a test starts its own stand-in.
    nbpApiUrl: 'http://127.0.0.1:9/api',
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** app.inject with an optional bearer token; JSON bodies are sent as given (snake_case). */
  call: (options: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
  login: (email?: string, password?: string) => Promise<string>;
  /** Both tokens of a fresh login (a new refresh-token family). */
  tokens: (email?: string, password?: string) => Promise<{ token: string; refreshToken: string }>;
  /** A fresh user of the role with TEST_PASSWORD and no expired password; answers its id and token. */
  userWithRole: (role: UserRole, email?: string) => Promise<{ id: number; token: string }>;
  close: () => Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await testDatabase();
  const { db } = database;
  await resetDatabase(db);
  const config = testConfig(overrides);
  const app = await buildApp({ db, config });
  await app.ready();

  // Waits for the work a call does after answering (lib/after-answer.ts), so tests see its effects.
  const call: TestApp['call'] = async ({ token, headers, ...options }) => {
    const response = await app.inject({
      ...options,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    await app.afterAnswer.settled();
    return response;
  };

  const tokens = async (email = ADMIN_EMAIL, password = TEST_PASSWORD) => {
    const response = await call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
    const body = response.json() as { token: string; refresh_token: string };
    return { token: body.token, refreshToken: body.refresh_token };
  };
  const login = async (email = ADMIN_EMAIL, password = TEST_PASSWORD) => (await tokens(email, password)).token;

  let counter = 0;
  const userWithRole: TestApp['userWithRole'] = async (role, email) => {
    counter += 1;
    const address = email ?? `${role.toLowerCase()}${counter}@example.com`;
    passwordHash ??= hashPassword(TEST_PASSWORD);
    const [row] = await db
      .insert(users)
      .values({
        email: address,
        firstName: `Imię${counter}`,
        lastName: `Nazwisko${counter}`,
        role,
        passwordHash: await passwordHash,
        passwordExpired: false,
      })
      .returning({ id: users.id });
    return { id: row!.id, token: await login(address) };
  };

  return { app, db, config, call, login, tokens, userWithRole, close: () => app.close() };
}
