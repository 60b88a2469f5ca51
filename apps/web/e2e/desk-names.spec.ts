import { transportOrderNumber } from '@grain/shared';
import { expect, type Page, test } from '@playwright/test';
import {
  sale as createSale,
  type LogisticsSeed,
  contractBody as logisticsContract,
  ok,
  seedLogistics,
  seedTransport,
} from './logistics-seed';
import { contractBody, type DeliveredSeed, seedDeliveredTransport } from './statement-seed';
import {
  apiAs,
  createActiveUser,
  settledAxeViolations,
  showColumns,
  signIn,
  USER_PASSWORD,
  waitForApiIdle,
  watchApiCalls,
} from './support';

/**
 * The trader's desk: contractors by code and short name, both ends of a new transport's route, transport order
 * numbers in the searches, no text under 12 px or cut figures on the statement, Polish names, and the forbidden
 * notice inside the app.
 */
const SHOTS = '../../.screens';
const tag = String(Date.now() % 1_000_000);
let seed: DeliveredSeed;
let opoleSaleNumber: string;
let orderNumber: string;
let logistics: LogisticsSeed;
let newTransportId: number;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const api = await apiAs();
  seed = await seedDeliveredTransport(api, { tag: `DN${tag}` });
  // A second sale of the same purchase, unloaded in Opole: the route has two different ends.
  opoleSaleNumber = `SP/DN${tag}/O`;
  const sale = await api.post('/api/contract/create-sales', {
    data: {
      ...contractBody({
        userId: seed.userId,
        qualityId: seed.qualityId,
        price: 99_000,
        currency: 'PLN',
        freight: 'CPT',
        documentNumber: opoleSaleNumber,
      }),
      address: { city: 'Opole', street: 'Odrzańska', building_number: '1', post_code: '45-001' },
      sales_recipient_id: seed.recipientId,
    },
  });
  expect(sale.ok(), await sale.text()).toBe(true);
  const saleId = ((await sale.json()) as { id: number }).id;
  const allocation = await api.post(`/api/contract/allocate-contract/${saleId}`, {
    data: { purchase_id: seed.purchaseId, cargo_quantity: 50_000 },
  });
  expect(allocation.ok(), await allocation.text()).toBe(true);
  // Real desk data for axe: a NEW and an ON_THE_WAY transport and a short position (sales beyond purchases).
  logistics = await seedLogistics(api, `DL${tag}`);
  newTransportId = (await seedTransport(api, logistics)).id;
  await seedTransport(api, logistics, { onTheWay: true });
  const me = await ok<{ id: number }>(await api.get('/api/auth/me'));
  await createSale(
    api,
    { ...logisticsContract(me.id, logistics.qualityId, `SP/DL${tag}/S`, 98_000, false), cargo_quantity: 9_000_000 },
    logistics.carrierId,
  );
  // Created just now: the order number's year is this one (transportOrderNumber).
  orderNumber = transportOrderNumber(seed.transportId, new Date().toISOString());
  await api.dispose();
});

/** Every visible text in the page's content set under 12 px, as "text (size)". */
async function textsUnder12px(page: Page): Promise<string[]> {
  return page.locator('#main-content').evaluate((main) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const text = walker.currentNode.textContent?.trim();
      const element = walker.currentNode.parentElement;
      if (!text || !element) continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      const size = Number.parseFloat(style.fontSize);
      if (size < 12) found.push(`${text} (${size}px)`);
    }
    return found;
  });
}

/** Figures and badges on the statement whose text is wider than their box (cut or ellipsed). */
async function cutTexts(page: Page): Promise<string[]> {
  return page.locator('#main-content').evaluate((main) => {
    const found: string[] = [];
    for (const element of main.querySelectorAll<HTMLElement>('[data-line], .mantine-Badge-label, td p, td span')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || !element.textContent?.trim()) continue;
      if (element.scrollWidth > element.clientWidth + 1) found.push(element.textContent.trim());
    }
    return found;
  });
}

async function openStatement(page: Page) {
  watchApiCalls(page);
  await page.goto(`/transaction-statement/all?search=DN${tag}`);
  await waitForApiIdle(page);
  await expect(page.getByTestId('result-count')).toHaveText('Wyniki: 3');
}

for (const size of [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
]) {
  test(`statement at ${size.name} px: no text under 12 px and no cut figure, in both densities`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page);
    await openStatement(page);
    if (size.width >= 1000) await showColumns(page, ['Jakość', 'Netto / VAT / brutto', 'Potrącenia']);
    for (const density of ['Wygodna', 'Zwarta']) {
      const control = page.getByRole('radio', { name: density });
      if (await control.isVisible()) await control.check({ force: true });
      await waitForApiIdle(page);
      expect(await textsUnder12px(page), density).toEqual([]);
      expect(await cutTexts(page), density).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/desk-names-statement-${size.name}-${density}.png`, fullPage: true });
    }
  });
}

test('the statement tells a transport id from a transaction id and finds the rows by order number', async ({
  page,
}) => {
  await signIn(page);
  watchApiCalls(page);
  await page.goto(`/transaction-statement/all?search=${encodeURIComponent(orderNumber)}`);
  await waitForApiIdle(page);
  await expect(page.getByTestId('result-count')).toHaveText('Wyniki: 3');
  const transportCell = page.getByTitle(`Transport ${seed.transportId}`, { exact: true }).first();
  await expect(transportCell).toBeVisible();
  await expect(transportCell).not.toContainText('#');
});

test('logistics shows contractors with their short names and finds a transport by its order number', async ({
  page,
}) => {
  await signIn(page);
  watchApiCalls(page);
  await page.goto(`/logistics/all?search=${encodeURIComponent(orderNumber)}`);
  await waitForApiIdle(page);
  const table = page.locator('#main-content');
  // Compact rows (the default) keep logistics within 1440 px: the supplier's and carrier's names are in the code's
  // title there; the comfortable density shows them under the codes.
  await expect(table.getByRole('button', { name: `DOSTDN${tag}` }).first()).toHaveAttribute(
    'title',
    new RegExp(`Gospodarstwo Rolne DN${tag}`),
  );
  await page.getByText('Wygodna', { exact: true }).click();
  await expect(table.getByText(`Gospodarstwo Rolne DN${tag}`).first()).toBeVisible();
  await expect(table.getByText(`Trans-Pol DN${tag}`).first()).toBeVisible();
  await expect(table.getByText(`Młyn Zbożowy DN${tag} Sp. z o.o.`).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/desk-names-logistics-1440.png` });
});

test('allocations name the contractors; the contract title carries the short name', async ({ page }) => {
  await signIn(page);
  watchApiCalls(page);
  await page.goto(`/allocations?search=DN${tag}`);
  await waitForApiIdle(page);
  await expect(page.locator('#main-content').getByText(`Gospodarstwo Rolne DN${tag}`).first()).toBeVisible();
  await page.goto(`/contract/sale-list/dashboard/${seed.salesId}/realization`);
  await expect(page.locator('h1')).toContainText(`Młyn Zbożowy DN${tag}`);
});

test('the new-transport dialog shows both ends of the route, from the purchase and from the sale', async ({ page }) => {
  await signIn(page);
  await page.goto(`/contract/purchase-list/dashboard/${seed.purchaseId}/realization`);
  await page.getByRole('button', { name: `Dodaj transport ${opoleSaleNumber}` }).click();
  const pair = page.getByTestId('transport-pair');
  await expect(pair).toContainText('99-300 Kutno');
  await expect(pair).toContainText('45-001 Opole');
  await expect(pair).toContainText(`Gospodarstwo Rolne DN${tag}`);
  await page.screenshot({ path: `${SHOTS}/desk-names-new-transport-1440.png` });
  await page.keyboard.press('Escape');

  await page.goto(`/contract/sale-list/dashboard/${seed.salesId}/realization`);
  await page.getByRole('button', { name: `Dodaj transport ZK/DN${tag}` }).click();
  await expect(pair).toContainText('Trasa:99-300 Kutno99-300 Kutno');
  await expect(pair).not.toContainText('—');
});

test('Polish names: the column chooser has no "select", the password eye is named in Polish', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Pokaż lub ukryj wpisane znaki' })).toHaveCount(1);
  await signIn(page);
  await openStatement(page);
  await page.getByRole('button', { name: 'Kolumny' }).click();
  const chooser = page.getByRole('dialog');
  await expect(chooser.getByRole('checkbox', { name: 'Zaznaczenie' })).toBeDisabled();
  await expect(chooser).not.toContainText(/\bselect\b/);
});

test('the forbidden notice stays inside the app, and Wróć goes back to the last page', async ({ page }) => {
  const user = await createActiveUser('USER');
  await signIn(page, user.email, USER_PASSWORD);
  await page.goto('/exchange-rates');
  await expect(page.locator('h1')).toHaveText('Kursy walut');
  // An in-app move to /users, as a stale link would make it (the router follows the history's popstate).
  await page.evaluate(() => {
    const state = { usr: null, key: 'forbidden', idx: 1 };
    window.history.pushState(state, '', '/users');
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
  });
  await expect(page.getByTestId('forbidden')).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('navigation', { name: 'Menu główne' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/desk-names-forbidden-1440.png` });
  await page.getByRole('button', { name: 'Wróć' }).click();
  await expect(page).toHaveURL(/\/exchange-rates$/);
});

test('axe with real data: short positions, undelivered transports and their open status menu', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  const findings: string[] = [];
  const check = async (where: string) => {
    for (const violation of await settledAxeViolations(page)) {
      findings.push(
        `${where} ${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary}`).slice(0, 3)}`,
      );
    }
  };
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const route of [
      '/positions',
      `/logistics/active?search=DL${tag}`,
      `/transaction-statement/all?search=DN${tag}`,
    ]) {
      watchApiCalls(page);
      await page.goto(route);
      await waitForApiIdle(page);
      await check(`${route} @${width}`);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/positions');
  await expect(page.locator('[data-balance="short"]').first()).toBeVisible();
  await page.goto(`/logistics/active?search=DL${tag}`);
  await page.getByRole('button', { name: new RegExp(`zmień status transportu #${newTransportId}$`) }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await check('status menu');
  await page.keyboard.press('Escape');
  expect(findings).toEqual([]);
});
