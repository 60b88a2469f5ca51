import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium-args.mjs';

// `npm run test:deploy`: the deployment of deploy/ (two processes behind Caddy over TLS) started by the suite itself.
export default defineConfig({
  testDir: './e2e-deploy',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? '../../.test-reports/deploy.json' }]],
  use: {
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--disable-quic'] },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
});
