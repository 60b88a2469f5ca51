import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD, loadConfig } from './config.js';

const base = { JWT_SECRET: 'x'.repeat(48), DATA_DIR: '/tmp/grain-config-test' };

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: null,
      smtpUrl: null,
      adminEmail: DEFAULT_ADMIN_EMAIL,
      adminPassword: DEFAULT_ADMIN_PASSWORD,
      authRateLimit: 10,
      authAddressRateLimit: 50,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 14,
      trustProxy: false,
    });
  });

  it('reads the environment', () => {
    const config = loadConfig({
      ...base,
      PORT: '8080',
      DATABASE_URL: 'postgres://db/grain',
      SMTP_URL: 'smtp://mail:25',
      ADMIN_EMAIL: 'Boss@Example.com',
      AUTH_RATE_LIMIT: '5',
      ACCESS_TOKEN_TTL_SECONDS: '60',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://db/grain',
      smtpUrl: 'smtp://mail:25',
      adminEmail: 'boss@example.com',
      authRateLimit: 5,
      authAddressRateLimit: 25,
      accessTokenTtlSeconds: 60,
    });
    expect(loadConfig({ ...base, AUTH_RATE_LIMIT: '5', AUTH_ADDRESS_RATE_LIMIT: '12' }).authAddressRateLimit).toBe(12);
  });

  it('trusts X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
  });

  it.each([
    ['PORT', 'abc'],
    ['AUTH_RATE_LIMIT', '-1'],
    ['AUTH_ADDRESS_RATE_LIMIT', 'many'],
    ['ACCESS_TOKEN_TTL_SECONDS', '0'],
    ['ACCESS_TOKEN_TTL_SECONDS', '1.5'],
    ['REFRESH_TOKEN_TTL_DAYS', '0'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(name);
  });

  it('runs one process per core with PostgreSQL, one with the embedded database, or WORKERS', () => {
    expect(loadConfig(base, 4).workers).toBe(1);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db/grain' }, 4).workers).toBe(4);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db/grain', WORKERS: '2' }, 4).workers).toBe(2);
    expect(loadConfig({ ...base, WORKERS: '1' }, 4).workers).toBe(1);
  });

  it.each([
    [{ WORKERS: '0', DATABASE_URL: 'postgres://db/grain' }, 'WORKERS must be an integer'],
    [{ WORKERS: 'two', DATABASE_URL: 'postgres://db/grain' }, 'WORKERS must be an integer'],
    [{ WORKERS: '2' }, 'WORKERS above 1 needs DATABASE_URL'],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });

  it('generates a JWT secret once and keeps it in DATA_DIR', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'grain-config-'));
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(64);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
  });
});
