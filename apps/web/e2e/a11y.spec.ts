import { expect, type Page, test } from '@playwright/test';
import { contractBody, ok, sale, seedLogistics, seedTransport } from './logistics-seed';
import { type DeliveredSeed, seedDeliveredTransport } from './statement-seed';
import {
  ADMIN,
  apiAs,
  createActiveUser,
  settledAxeViolations,
  signIn,
  USER_PASSWORD,
  waitForApiIdle,
  watchApiCalls,
} from './support';

/**
 * WCAG 2.1 AA on every route at 1440 and 390 px for both roles (axe-core reports 0 violations), one h1
 * per page, and no page error or console error anywhere.
 */
const WIDTHS = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;

let seed: DeliveredSeed;
let user: { email: string; password: string; id: number };

test.beforeAll(async () => {
  const api = await apiAs();
  const tag = `AX${Date.now() % 100_000}`;
  seed = await seedDeliveredTransport(api, { tag });
  // Real desk data: a NEW and an ON_THE_WAY transport (the status badge buttons and their menus) and a short
  // position (sales beyond purchases, the red balance on /positions).
  const logistics = await seedLogistics(api, `${tag}L`);
  await seedTransport(api, logistics);
  await seedTransport(api, logistics, { onTheWay: true });
  const me = await ok<{ id: number }>(await api.get('/api/auth/me'));
  const short = {
    ...contractBody(me.id, logistics.qualityId, `SP/${tag}/S`, 98_000, false),
    cargo_quantity: 9_000_000,
  };
  await sale(api, short, logistics.carrierId);
  user = await createActiveUser('USER');
});

function tradingRoutes(): string[] {
  const purchase = `/contract/purchase-list/dashboard/${seed.purchaseId}`;
  const sale = `/contract/sale-list/dashboard/${seed.salesId}`;
  return [
    '/positions',
    '/positions/1',
    '/contractor-list',
    '/contractor-list/form',
    `/contractor-list/form/${seed.supplierId}`,
    '/contract/sale-list',
    '/contract/sale-list/form',
    `${sale}/realization`,
    `${sale}/details`,
    `${sale}/transport`,
    `/contract/sale-list/allocation/${seed.salesId}`,
    '/contract/purchase-list',
    '/contract/purchase-list/form',
    `${purchase}/realization`,
    `${purchase}/details`,
    `${purchase}/transport`,
    '/allocations',
    '/logistics/all',
    '/logistics/active',
    '/transaction-statement/all',
    '/transaction-statement/transport',
    '/exchange-rates',
    '/my-account',
  ];
}

interface Finding {
  route: string;
  problem: string;
}

/** Opens a route, waits for its data, and reports axe violations, the h1 count and every error logged. */
async function checkRoute(page: Page, route: string, errors: string[]): Promise<Finding[]> {
  errors.length = 0;
  watchApiCalls(page);
  await page.goto(route);
  await waitForApiIdle(page);
  await expect(page.locator('h1').first()).toBeVisible();
  const findings: Finding[] = [];
  const h1Count = await page.locator('h1').count();
  if (h1Count !== 1) findings.push({ route, problem: `${h1Count} h1 elements` });
  for (const violation of await settledAxeViolations(page)) {
    const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 3);
    findings.push({ route, problem: `${violation.id}: ${violation.help} (${targets.join(' | ')})` });
  }
  for (const error of errors) findings.push({ route, problem: `console: ${error}` });
  return findings;
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

for (const size of WIDTHS) {
  test.describe(`at ${size.name} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('ADMIN: every route has 0 axe violations, one h1 and no errors', async ({ page }) => {
      test.setTimeout(300_000);
      const errors = watchErrors(page);
      await signIn(page, ADMIN.email, ADMIN.password);
      const routes = [...tradingRoutes(), '/cargo-params', '/users', '/user/create', `/users/form/${user.id}`];
      const findings: Finding[] = [];
      for (const route of routes) findings.push(...(await checkRoute(page, route, errors)));
      expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
    });

    test('USER: every route has 0 axe violations, one h1 and no errors; the forbidden page too', async ({ page }) => {
      test.setTimeout(300_000);
      const errors = watchErrors(page);
      await signIn(page, user.email, USER_PASSWORD);
      const findings: Finding[] = [];
      for (const route of tradingRoutes()) findings.push(...(await checkRoute(page, route, errors)));
      // The forbidden notice stays in the app, at the address asked for.
      findings.push(...(await checkRoute(page, '/users', errors)));
      await expect(page.getByTestId('forbidden')).toBeVisible();
      await expect(page).toHaveURL(/\/users$/);
      expect(findings).toEqual([]);
    });

    test('guest: login, reset password and 404 have 0 axe violations and no errors', async ({ page }) => {
      const errors = watchErrors(page);
      const findings: Finding[] = [];
      for (const route of ['/login', '/reset-password', '/404']) {
        findings.push(...(await checkRoute(page, route, errors)));
      }
      expect(findings).toEqual([]);
    });
  });
}

test('the first Tab reaches a skip link that moves focus to the content', async ({ page }) => {
  await signIn(page);
  await page.goto('/contract/sale-list');
  await expect(page.locator('h1')).toHaveText('Kontrakty sprzedaży');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Przejdź do treści' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});

test('ADMIN reaches the cargo parameters from the menu; breadcrumbs start at Start everywhere', async ({ page }) => {
  await signIn(page);
  await page.goto('/positions');
  await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Parametry surowców' }).click();
  await expect(page).toHaveURL(/\/cargo-params$/);
  for (const route of [
    '/positions',
    '/positions/1',
    `/contract/sale-list/allocation/${seed.salesId}`,
    '/cargo-params',
  ]) {
    await page.goto(route);
    const crumbs = page.getByLabel('Ścieżka nawigacji');
    await expect(crumbs.locator('a, p').first()).toHaveText('Start');
  }
});
