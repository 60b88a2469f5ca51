import { expect, type Page, test } from '@playwright/test';
import { deliverTransport, type LogisticsSeed, seedLogistics, seedTransport } from './logistics-seed';
import { apiAs, signIn } from './support';

/**
 * Compact density: at 1440 x 900 every row of the logistics and statement lists is at most 40 px and a
 * page of 25 rows shows at once. Rows carry what makes them tall: status menus, two-line cells (real over planned),
 * badges. Focus: a dialog opened from a row menu gives the focus back to the menu's button.
 */
let seed: LogisticsSeed;
const onTheWayIds: number[] = [];
const ROWS = 26;
const DELIVERED = 9;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const api = await apiAs();
  seed = await seedLogistics(api, `CD${Date.now() % 100_000}`);
  for (let index = 0; index < ROWS; index++) {
    const transport = await seedTransport(api, seed, {
      onTheWay: index % 2 === 0,
      extra: { cargo_quantity: 10_000, comment: `Transport ${index} – długi komentarz do sprawdzenia wysokości` },
    });
    // Each delivery answers three statement rows (PURCHASE, SALES, TRANSPORT) and a real-over-planned cell.
    if (index % 2 === 0 && index / 2 < DELIVERED) await deliverTransport(api, transport.id, seed.qualityId, 9_800);
    else if (index % 2 === 0) onTheWayIds.push(transport.id);
  }
});

async function rowHeights(page: Page) {
  return page.locator('table tbody tr').evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
}

test.describe('compact density at 1440 x 900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const path of ['/logistics/all?limit=25', '/transaction-statement/all?limit=25']) {
    test(`${path}: rows of at most 40 px, 25 of them on one page`, async ({ page }) => {
      await signIn(page);
      await page.goto(path);
      await expect(page.locator('table tbody tr')).toHaveCount(25);
      const heights = await rowHeights(page);
      expect(Math.max(...heights), `${path}: the tallest row`).toBeLessThanOrEqual(40);
      await expect(page.locator('table tbody tr').nth(24)).toBeVisible();
    });
  }
});

test.describe('compact density of the other wide lists', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  // Contractors and users are narrow lists that open in the comfortable density.
  test('every row of every wide list is at most 40 px', async ({ page }) => {
    await signIn(page);
    for (const path of [
      '/contract/purchase-list?limit=50',
      '/contract/sale-list?limit=50',
      '/allocations?limit=50',
      `/contract/purchase-list/dashboard/${seed.purchaseId}/realization`,
      `/contract/sale-list/dashboard/${seed.saleId}/transport?limit=50`,
    ]) {
      await page.goto(path);
      await expect(page.locator('table tbody tr').first(), path).toBeVisible();
      expect(Math.max(...(await rowHeights(page))), `${path}: the tallest row`).toBeLessThanOrEqual(40);
    }
  });
});

/**
 * Opens the row menu with the keyboard and chooses the item; the dialog it opens is answered. The menu moves the
 * focus to its first item only once it has opened, so each arrow press is followed by a look at where the focus is
 * (the menu loops, so pressing on always reaches the item).
 */
async function openFromRowMenu(page: Page, menuButton: ReturnType<Page['getByRole']>, item: string) {
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  const menuItem = page.getByRole('menuitem', { name: item });
  await expect(async () => {
    const isFocused = await menuItem.evaluate((element) => element === document.activeElement);
    if (!isFocused) await page.keyboard.press('ArrowDown');
    await expect(menuItem).toBeFocused({ timeout: 250 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
}

test.describe('focus returns to the row menu', () => {
  for (const row of [
    { name: 'statement split', path: '/transaction-statement/all', menu: /^Akcje transakcji #/, item: 'Podziel' },
    {
      name: 'logistics delivered',
      path: '/logistics/all',
      menu: /zmień status transportu #/,
      item: 'Oznacz jako dostarczony',
    },
  ]) {
    test(`${row.name}: Escape and the cancel button give the focus back to the menu's button`, async ({ page }) => {
      await signIn(page);
      const id = onTheWayIds[0]!;
      await page.goto(row.path.startsWith('/logistics') ? `${row.path}?search=%23${id}` : row.path);
      const menuButton = page.getByRole('button', { name: row.menu }).first();
      await expect(menuButton).toBeVisible();

      await openFromRowMenu(page, menuButton, row.item);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(menuButton).toBeFocused();

      await openFromRowMenu(page, menuButton, row.item);
      await page.getByRole('dialog').getByRole('button', { name: 'Anuluj', exact: true }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(menuButton).toBeFocused();
    });
  }
});
