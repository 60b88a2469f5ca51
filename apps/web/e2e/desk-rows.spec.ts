import { expect, type Page, test } from '@playwright/test';
import { deliverTransport, type LogisticsSeed, seedLogistics, seedTransport } from './logistics-seed';
import { apiAs, createActiveUser, settledAxeViolations, signIn, waitForApiIdle } from './support';

/**
 * The trader's desk at 1440 x 900: logistics and the statement open with enough rows to fill the screen (at least 20
 * visible without scrolling, compact density), keep the page size the user chose (per user and list, on the
 * server), and show the totals of the filtered rows. On a phone the logistics cards name the vehicle and the driver
 * and offer the action that fits the status.
 */
let seed: LogisticsSeed;
const ROWS = 30;
const DELIVERED = 10;
const SHOTS = process.env.DESK_ROWS_SHOTS;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const api = await apiAs();
  seed = await seedLogistics(api, `DR${Date.now() % 100_000}`);
  for (let index = 0; index < ROWS; index++) {
    const transport = await seedTransport(api, seed, { onTheWay: index % 2 === 0, extra: { cargo_quantity: 10_000 } });
    // Each delivery answers three statement rows (PURCHASE, SALES, TRANSPORT).
    if (index % 2 === 0 && index / 2 < DELIVERED) await deliverTransport(api, transport.id, seed.qualityId, 9_800);
  }
});

/** Rows of the table wholly inside the window, without scrolling. */
function visibleRows(page: Page) {
  return page.locator('table tbody tr').evaluateAll(
    (rows) =>
      rows.filter((row) => {
        const box = row.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );
}

async function axeViolations(page: Page) {
  return (await settledAxeViolations(page)).flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} ${node.html.slice(0, 160)}`),
  );
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const pageSizeSelect = (page: Page) => page.locator('input[aria-label="Na stronie"]');

test.describe('1440 x 900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const [path, name] of [
    ['/logistics/all', 'logistics'],
    ['/transaction-statement/all', 'statement'],
  ] as const) {
    test(`${name}: at least 20 rows visible without scrolling, the totals row, no axe violations`, async ({ page }) => {
      const user = await createActiveUser('USER');
      await signIn(page, user.email, user.password);
      await page.goto(path);
      await expect(page.locator('table tbody tr').nth(19)).toBeVisible();
      await waitForApiIdle(page);
      await expect(page.locator('table')).toHaveAttribute('data-density', 'compact');
      // The density and column controls are on the search line, not a line of their own above the table.
      const search = await page.getByRole('textbox', { name: 'Szukaj' }).boundingBox();
      const controls = await page.getByTestId('table-view-controls').boundingBox();
      expect(
        Math.abs((controls?.y ?? 0) + (controls?.height ?? 0) / 2 - (search!.y + search!.height / 2)),
      ).toBeLessThan(12);
      // spec/1 list screens at 1440 x 900 in the compact density: at least 20 whole rows without scrolling.
      const visible = await visibleRows(page);
      test.info().annotations.push({ type: 'visible rows', description: String(visible) });
      expect(visible).toBeGreaterThanOrEqual(20);
      await expect(pageSizeSelect(page)).toHaveValue('25');
      const totals = page.getByTestId('list-totals');
      await expect(totals).toBeVisible();
      if (name === 'logistics') {
        await expect(totals.getByTestId('totals-planned')).toContainText(' t');
        await expect(totals.getByTestId('totals-delivered')).toContainText(' t');
      } else {
        await expect(totals.getByTestId('totals-quantity')).toContainText(' t');
        await expect(totals.getByTestId('totals-net-PLN')).toContainText('zł');
      }
      await shot(page, `${name}-1440`);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('the page size chosen is kept after leaving the list, after a reload and in another browser', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const user = await createActiveUser('USER');
    await signIn(page, user.email, user.password);
    await page.goto('/logistics/all');
    await expect(pageSizeSelect(page)).toHaveValue('25');
    await pageSizeSelect(page).click();
    await page.getByRole('option', { name: '50', exact: true }).click();
    await expect(page).toHaveURL(/limit=50/);
    await expect(page.locator('table tbody tr').nth(30)).toBeVisible();
    await waitForApiIdle(page);
    // Away (the positions screen) and back through the side menu: the address names no size.
    await page.goto('/positions');
    await page.getByRole('link', { name: 'Logistyka' }).first().click();
    await expect(page).toHaveURL(/\/logistics\/all/);
    await expect(pageSizeSelect(page)).toHaveValue('50');
    await page.goto('/logistics/all');
    await expect(pageSizeSelect(page)).toHaveValue('50');
    await page.reload();
    await expect(pageSizeSelect(page)).toHaveValue('50');
    // The statement keeps its own size.
    await page.goto('/transaction-statement/all');
    await expect(pageSizeSelect(page)).toHaveValue('25');
    // Kept on the server: another browser of the same user opens with it.
    const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const otherPage = await other.newPage();
    await signIn(otherPage, user.email, user.password);
    await otherPage.goto('/logistics/all');
    await expect(pageSizeSelect(otherPage)).toHaveValue('50');
    await other.close();
  });
});

test.describe('390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('logistics cards show the plate and the driver, the main action fits the status, a status filter', async ({
    page,
  }) => {
    const user = await createActiveUser('USER');
    await signIn(page, user.email, user.password);
    await page.goto('/logistics/all');
    const chips = page.getByTestId('phone-status-filter');
    await expect(chips).toBeVisible();
    await chips.getByText('W drodze', { exact: true }).click();
    await expect(page).toHaveURL(/filter_status/);
    const card = page.getByTestId('row-card').first();
    await expect(card).toBeVisible();
    await waitForApiIdle(page);
    await expect(card).toContainText(`WE ${seed.tag}`);
    await expect(card).toContainText('Jan Kierowca');
    await expect(card.getByTestId('card-main-action')).toHaveText('Dostarczono');
    await expect(page.getByTestId('list-totals')).toBeVisible();
    await shot(page, 'logistics-390');
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/transaction-statement/all');
    await expect(page.getByTestId('row-card').first()).toBeVisible();
    await waitForApiIdle(page);
    await shot(page, 'statement-390');
    expect(await axeViolations(page)).toEqual([]);
  });
});
