import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { type ScaleConfig, ScaleConfigSchema } from '@grain/shared';
import { DEFAULT_DRAIN_MS } from './lib/lifecycle.js';
import { secretsKeyFrom } from './lib/secrets.js';

/** Every environment variable the server reads, parsed once (README "Configuration"). */
export interface Config {
  /** drizzle-kit's migrations folder (MIGRATIONS_FOLDER; default the one shipped with the code). */
  migrationsFolder: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  jwtSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  adminEmail: string;
  adminPassword: string;
  webDist: string | null;
  logLevel: string;
  /** Attempts per minute for login and reset calls, per client address and e-mail. */
  authRateLimit: number;
  /**
   * Attempts per minute for login and reset calls together, per client address over every e-mail (password spraying:
   * one address trying many accounts). AUTH_ADDRESS_RATE_LIMIT, by default AUTH_ADDRESS_RATE_FACTOR × AUTH_RATE_LIMIT.
   */
  authAddressRateLimit: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /**
   * Which proxies may set X-Forwarded-For (Fastify's trustProxy): none unless TRUST_PROXY names them
   * ('true', or comma-separated addresses/CIDRs), so a client cannot pick its own address for the rate limits.
   */
  trustProxy: boolean | string;
  /**
   * Server processes sharing the port (node:cluster): WORKERS, by default the number of cores with
   * PostgreSQL and 1 with the embedded database (PGlite is one process's files).
   */
  workers: number;
  /** Milliseconds a stopping process keeps serving with health at 503 (lib/lifecycle.ts); SHUTDOWN_DRAIN_MS. */
  drainMs: number;
  /**
   * Who may read /api/metrics: METRICS_ALLOW, comma-separated addresses or CIDR ranges; loopback when empty. The
   * metrics show routes, queue depths and timings, nothing for the public.
   */
  metricsAllow: string[];
  /**
   * Where issued invoices are sent (RULES.md Invoices, VAT and KSeF): KSEF_URL, the API base of the KSeF
   * environment (e.g. `https://api-test.ksef.mf.gov.pl/v2`, or the fake's `http://127.0.0.1:3900/v2`), and
   * KSEF_TOKEN, the company's KSeF token; the NIP is the seller's on each invoice. The fallback of the deploy and the
   * demo: KSeF settings saved in company settings take precedence (modules/settings/ksef-settings.ts). Without
   * either, nothing is sent.
   */
  ksefUrl: string | null;
  ksefToken: string | null;
  /**
   * NBP's public API for exchange rates (RULES.md Invoices, VAT and KSeF: VAT in PLN at the NBP mid rate): NBP_API_URL,
   * by default `https://api.nbp.pl/api`; tests point it at a local server. A machine without internet still enters or
   * imports rates.
   */
  nbpApiUrl: string;
  /**
   * Live-update streams (GET /api/events) one process keeps open at most: LIVE_MAX_CLIENTS, default 1000. Each is
   * one socket and a few kilobytes; one more is refused with LIVE_EVENTS_BUSY and the screen tries again later.
   */
  liveMaxClients: number;
  /**
   * SECRETS_KEY: 32 bytes (base64 or hex) that encrypt secrets at rest (AES-256-GCM, lib/secrets.ts), such as the
   * KSeF token of company settings. Without it no token is stored (SECRETS_KEY_MISSING).
   */
  secretsKey: Buffer | null;
  /** KSEF_ALLOW_CUSTOM_URL=true: company settings may point KSeF at any address (the fake KSeF, tests, demo). */
  ksefAllowCustomUrl: boolean;
  /**
   * SERVER_TIMING_SPLIT=true: every answer's Server-Timing also splits its time into lock wait, SQL, connection wait
   * and Node (lib/request-timing.ts; read by `npm run load`). Off by default: it tracks every promise of a request.
   */
  serverTimingSplit: boolean;
  /**
   * KSEF_RECEIVED_EXPORT_SECONDS: the least time between two exports of received invoices (KSeF docs: not more often
   * than every 15 minutes, the default); the browser tests against the fake KSeF shorten it.
   */
  ksefReceivedExportSeconds: number;
  /**
   * The weighbridge scale tickets read (CONTRIBUTING.md Weighbridge): SCALE_PROTOCOL (`manual` by default,
   * `ascii-continuous` or `toledo-continuous`), SCALE_HOST and SCALE_PORT of the indicator's TCP output, SCALE_NAME,
   * SCALE_CAPACITY_KG (60 000), SCALE_DIVISION_KG (20), SCALE_STABLE_FRAMES (3); refused at start when invalid.
   */
  scale: ScaleConfig;
  /** How long a weighing waits for a stable weight before SCALE_READING_UNSTABLE: SCALE_READ_TIMEOUT_MS (5 000). */
  scaleReadTimeoutMs: number;
}

/** The default per-address budget of the sign-in calls, in per-e-mail budgets: an office behind one address. */
export const AUTH_ADDRESS_RATE_FACTOR = 5;

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';
export const DEFAULT_ADMIN_PASSWORD = 'Admin123!';
/** The demo users' password (docs/performance.md, Demo data); published, so never accepted as anyone's new password. */
export const DEMO_PASSWORD = 'Demo123!x';

function intFrom(value: string | undefined, fallback: number, name: string, min = 0): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) throw new Error(`${name} must be an integer of at least ${min}`);
  return parsed;
}

function listFrom(value: string | undefined, fallback: string[]): string[] {
  const items = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length > 0 ? items : fallback;
}

function trustProxyFrom(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}

/** JWT_SECRET when set; otherwise one generated at first start and kept in DATA_DIR so tokens survive restarts. */
function jwtSecretFrom(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function workersFrom(value: string | undefined, databaseUrl: string | null, cores: number): number {
  const workers = intFrom(value, databaseUrl ? cores : 1, 'WORKERS', 1);
  if (workers > 1 && !databaseUrl) throw new Error('WORKERS above 1 needs DATABASE_URL (PostgreSQL)');
  return workers;
}

function scaleFrom(env: NodeJS.ProcessEnv): ScaleConfig {
  const parsed = ScaleConfigSchema.safeParse({
    name: env.SCALE_NAME || 'Waga 1',
    protocol: env.SCALE_PROTOCOL || 'manual',
    host: env.SCALE_HOST || null,
    port: env.SCALE_PORT ? Number(env.SCALE_PORT) : null,
    capacityKg: intFrom(env.SCALE_CAPACITY_KG, 60_000, 'SCALE_CAPACITY_KG', 1),
    divisionKg: intFrom(env.SCALE_DIVISION_KG, 20, 'SCALE_DIVISION_KG', 1),
    stableFrames: intFrom(env.SCALE_STABLE_FRAMES, 3, 'SCALE_STABLE_FRAMES', 1),
  });
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join(', ');
    throw new Error(`The scale's configuration (SCALE_*) is invalid: ${fields}`);
  }
  return parsed.data;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cores = availableParallelism()): Config {
  const dataDir = resolve(env.DATA_DIR || './data');
  const defaultWebDist = resolve(import.meta.dirname, '../../web/dist');
  const authRateLimit = intFrom(env.AUTH_RATE_LIMIT, 10, 'AUTH_RATE_LIMIT');
  return {
    migrationsFolder: resolve(env.MIGRATIONS_FOLDER || resolve(import.meta.dirname, '../drizzle')),
    port: intFrom(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    jwtSecret: jwtSecretFrom(env, dataDir),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Grain Back Office <no-reply@localhost>',
    adminEmail: (env.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL).toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    webDist: env.WEB_DIST === '' ? null : resolve(env.WEB_DIST || defaultWebDist),
    logLevel: env.LOG_LEVEL || 'info',
    authRateLimit,
    authAddressRateLimit: intFrom(
      env.AUTH_ADDRESS_RATE_LIMIT,
      AUTH_ADDRESS_RATE_FACTOR * authRateLimit,
      'AUTH_ADDRESS_RATE_LIMIT',
    ),
    // A lifetime of 0 would sign access tokens without `exp`, valid forever.
    accessTokenTtlSeconds: intFrom(env.ACCESS_TOKEN_TTL_SECONDS, 15 * 60, 'ACCESS_TOKEN_TTL_SECONDS', 1),
    refreshTokenTtlDays: intFrom(env.REFRESH_TOKEN_TTL_DAYS, 14, 'REFRESH_TOKEN_TTL_DAYS', 1),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    workers: workersFrom(env.WORKERS, env.DATABASE_URL || null, cores),
    drainMs: intFrom(env.SHUTDOWN_DRAIN_MS, DEFAULT_DRAIN_MS, 'SHUTDOWN_DRAIN_MS'),
    metricsAllow: listFrom(env.METRICS_ALLOW, ['127.0.0.1', '::1']),
    ksefUrl: env.KSEF_URL || null,
    ksefToken: env.KSEF_TOKEN || null,
    nbpApiUrl: (env.NBP_API_URL || 'https://api.nbp.pl/api').replace(/\/+$/, ''),
    liveMaxClients: intFrom(env.LIVE_MAX_CLIENTS, 1000, 'LIVE_MAX_CLIENTS', 1),
    secretsKey: secretsKeyFrom(env.SECRETS_KEY),
    ksefAllowCustomUrl: env.KSEF_ALLOW_CUSTOM_URL === 'true',
    serverTimingSplit: env.SERVER_TIMING_SPLIT === 'true',
    ksefReceivedExportSeconds: intFrom(env.KSEF_RECEIVED_EXPORT_SECONDS, 900, 'KSEF_RECEIVED_EXPORT_SECONDS', 1),
    scale: scaleFrom(env),
    scaleReadTimeoutMs: intFrom(env.SCALE_READ_TIMEOUT_MS, 5_000, 'SCALE_READ_TIMEOUT_MS', 1),
  };
}
