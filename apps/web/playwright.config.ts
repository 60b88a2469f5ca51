import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium-args.mjs';
import { KSEF_FAKE_ORIGIN, KSEF_FAKE_PORT, KSEF_FAKE_TOKEN } from './e2e/support';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Several people (or agents) may run the suite at once: each picks its own port and data folder.
const DATA_DIR = process.env.E2E_DATA_DIR ?? 'e2e/.data';
export const BASE_URL = `http://localhost:${PORT}`;

// Browsers cannot be downloaded here: Debian's Chromium is used (ARCHITECTURE.md), with the repo's flags.
const chromium = { executablePath: CHROMIUM_PATH };
const chromiumArgs = [...CHROMIUM_ARGS, '--disable-quic'];

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  // A test that needs a retry is fixed, not retried.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? '../../.test-reports/e2e.json' }]],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: BASE_URL,
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { ...chromium, args: chromiumArgs },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  webServer: [
    {
      command: `rm -rf ${DATA_DIR} && node --import tsx ../server/src/main.ts`,
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR,
        AUTH_RATE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
        // The KSeF token of company settings is stored encrypted (README Configuration); the address may be a test one.
        SECRETS_KEY: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
        KSEF_ALLOW_CUSTOM_URL: 'true',
        // Received invoices from the fake KSeF within seconds, not KSeF's 15 minutes (received-invoices.spec.ts).
        KSEF_RECEIVED_EXPORT_SECONDS: '3',
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // The fake KSeF (apps/server/tools/ksef-fake) for the specs that send invoices; in memory, so each run starts
    // empty. Its port follows E2E_PORT, so parallel runs do not share it.
    {
      command: 'node --import tsx ../server/tools/ksef-fake/main.ts',
      url: `${KSEF_FAKE_ORIGIN}/__control/violations`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { KSEF_FAKE_PORT: String(KSEF_FAKE_PORT), KSEF_FAKE_TOKEN },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
