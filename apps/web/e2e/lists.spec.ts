import { expect, type Page, test } from '@playwright/test';
import { type DeliveredSeed, seedDeliveredTransport } from './statement-seed';
import { ADMIN, apiAs, apiLogin, dialogViolations, signIn } from './support';

/** Lists: desktop tables that fit, a column chooser kept per user, totals, phone cards. */
let seed: DeliveredSeed;
let tag: string;

test.beforeAll(async () => {
  const api = await apiAs();
  tag = `LS${Date.now() % 100_000}`;
  seed = await seedDeliveredTransport(api, { tag });
});

/** Each list at 390 px: what its first card must show (the row's number or name). */
function phoneLists(): { path: string; text: string }[] {
  return [
    { path: `/contract/purchase-list?search=${tag}`, text: `ZK/${tag}` },
    { path: `/contract/sale-list?search=${tag}`, text: `SP/${tag}` },
    { path: `/allocations?search=${tag}`, text: `SP/${tag}` },
    { path: `/logistics/all?search=%23${seed.transportId}`, text: `ZK/${tag}` },
    { path: `/transaction-statement/all?search=${tag}`, text: tag },
    { path: `/contractor-list?search=${tag}`, text: `DOST${tag}` },
    { path: `/contract/sale-list/dashboard/${seed.salesId}/realization`, text: `ZK/${tag}` },
    { path: `/contract/sale-list/dashboard/${seed.salesId}/transport`, text: `ZK/${tag}` },
    { path: '/users', text: '@example.com' },
    { path: '/positions/1', text: ',000 t' },
  ];
}

async function hasNoSidewaysScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

test.describe('phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every list is a list of cards with the first card on screen and no sideways scrolling', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    for (const { path, text } of phoneLists()) {
      await page.goto(path);
      const card = page.getByTestId('row-card').first();
      await expect(card, path).toBeVisible();
      await expect(card, path).toContainText(text);
      await expect(page.locator('table:visible'), path).toHaveCount(0);
      expect(await hasNoSidewaysScroll(page), path).toBe(true);
      // On a list screen (not a dashboard, where the list sits below the contract's figures) the first card is
      // on the first screen: filters and totals wait behind the one filter button.
      if (!path.includes('/dashboard/')) {
        const box = await card.boundingBox();
        expect(box!.y, `${path}: first card starts on the first screen`).toBeLessThan(844);
      }
    }
  });

  test('a contract card shows number, counterparty, tonnes, price and status; filters and totals wait behind Filtry', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto(`/contract/purchase-list?search=${tag}`);
    const card = page.getByTestId('row-card').first();
    await expect(card).toContainText(`ZK/${tag}`);
    await expect(card).toContainText(`DOST${tag}`);
    await expect(card).toContainText('200,000 t');
    await expect(card).toContainText('850,00 zł/t');
    await expect(card.locator('.mantine-Badge-root').first()).toBeVisible();
    await expect(card.getByRole('link', { name: `Szczegóły ZK/${tag}` })).toBeVisible();
    // The main action is a labelled button; the status changes wait in one menu instead of a row of icons.
    await expect(card.getByRole('link', { name: `Szczegóły ZK/${tag}` })).toHaveText('Szczegóły');
    await expect(card.getByRole('button', { name: /^Zmień status/ })).toHaveCount(0);
    await card.getByRole('button', { name: `Więcej akcji ZK/${tag}` }).click();
    await expect(page.getByRole('menu')).toContainText('Zmień status umowy');
    await expect(page.getByRole('menuitem', { name: 'Podpisana' })).toBeVisible();
    await page.keyboard.press('Escape');
    // Totals and status chips are hidden until the one filter button opens them.
    await expect(page.getByTestId('sum-quantity')).toBeHidden();
    await page.getByRole('button', { name: 'Filtry' }).click();
    await expect(page.getByTestId('sum-quantity')).toBeVisible();
    await expect(page.getByTestId('sum-quantity')).toHaveText('200,000 t');
  });

  test('a transport card shows its main action labelled and the others in one menu', async ({ page }) => {
    await signIn(page);
    await page.goto(`/logistics/all?search=%23${seed.transportId}`);
    const card = page.getByTestId('row-card').first();
    const main = card.getByRole('button', {
      name: new RegExp(`^(Edytuj|Szczegóły) transport\\S* #${seed.transportId}$`),
    });
    await expect(main).toHaveText(/^(Edytuj|Szczegóły)$/);
    await expect(card.getByRole('button', { name: `Usuń transport #${seed.transportId}`, exact: true })).toHaveCount(0);
    await card.getByRole('button', { name: `Więcej akcji #${seed.transportId}`, exact: true }).click();
    await expect(page.getByRole('menuitem', { name: /Przekier/ })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /Usu/ })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test("a statement card offers the open row's next step as a labelled button beside its menu", async ({ page }) => {
    await signIn(page);
    await page.goto(`/transaction-statement/all?search=${tag}`);
    const cards = page.getByTestId('row-card');
    await expect(cards.getByRole('button', { name: /^(Ustaw fakturę|Rozlicz)$/ }).first()).toBeVisible();
    await expect(cards.getByRole('button', { name: /^Akcje transakcji #/ }).first()).toBeVisible();
  });
});

test.describe('desktop (1440 px)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('wide lists fit at 1440 px: the sticky actions cover no column, rows are at most 40 px', async ({ page }) => {
    await signIn(page);
    for (const path of [
      '/contract/purchase-list',
      '/contract/sale-list',
      '/allocations',
      '/logistics/all',
      '/transaction-statement/all',
      '/contractor-list',
      '/users',
    ]) {
      await page.goto(path);
      const table = page.locator('table').first();
      await expect(table.locator('tbody tr').first(), path).toBeVisible();
      const { scrollWidth, clientWidth } = await table.evaluate((element) => {
        const container = element.parentElement!;
        return { scrollWidth: container.scrollWidth, clientWidth: container.clientWidth };
      });
      expect(scrollWidth, `${path}: the table fits without scrolling sideways`).toBeLessThanOrEqual(clientWidth + 1);
    }
    await page.goto(`/contract/purchase-list?search=${tag}`);
    const rowHeight = await page
      .locator('tbody tr')
      .first()
      .evaluate((row) => row.getBoundingClientRect().height);
    expect(rowHeight).toBeLessThanOrEqual(40);
  });

  test('the column chooser hides, shows and reorders columns, and the choice is kept per user', async ({ page }) => {
    await signIn(page);
    await page.goto('/contract/purchase-list');
    const header = page.locator('thead');
    await expect(header).toContainText('Status umowy');
    await page.getByRole('button', { name: 'Kolumny' }).click();
    await page.getByRole('checkbox', { name: 'Status umowy' }).uncheck();
    await page.getByRole('checkbox', { name: 'Właściciel' }).check();
    await page.getByRole('button', { name: 'Przesuń kolumnę Cena wyżej' }).click();
    // The chooser is a popover dialog.
    expect(await dialogViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(header).not.toContainText('Status umowy');
    await expect(header).toContainText('Właściciel');
    const titles = async () => (await header.locator('th').allInnerTexts()).map((text) => text.trim());
    const order = await titles();
    expect(order.indexOf('Cena')).toBeLessThan(order.indexOf('Ilość'));

    await page.getByText('Wygodna', { exact: true }).click();
    await expect(page.locator('table[data-density="comfortable"]')).toBeVisible();

    await page.reload();
    await expect(header).not.toContainText('Status umowy');
    await expect(page.locator('table[data-density="comfortable"]')).toBeVisible();
    const me = await (await apiAs()).get('/api/auth/me');
    const { id } = (await me.json()) as { id: number };
    const stored = await page.evaluate((key) => localStorage.getItem(key), `grain.list.${id}.contracts.purchase`);
    expect(JSON.parse(stored!)).toMatchObject({ density: 'comfortable' });

    await page.getByRole('button', { name: 'Kolumny' }).click();
    await page.getByRole('button', { name: 'Przywróć domyślne' }).click();
    await expect(header).toContainText('Status umowy');
  });

  test('the contract lists show tonnage sums of the filtered contracts', async ({ page }) => {
    await signIn(page);
    await page.goto(`/contract/sale-list?search=${tag}`);
    await expect(page.getByTestId('sum-quantity')).toHaveText('200,000 t');
    await expect(page.getByTestId('sum-delivered')).not.toHaveText('0,000 t');
  });

  test('logistics search finds a transport by its id, with or without #', async ({ page }) => {
    await signIn(page);
    await page.goto('/logistics/all');
    const search = page.getByRole('textbox', { name: 'Szukaj' });
    await search.fill(`#${seed.transportId}`);
    await expect(page.getByTestId('result-count')).toHaveText('Wyniki: 1');
    await expect(page.locator('tbody')).toContainText(`#${seed.transportId}`);
    await search.fill(String(seed.transportId));
    await expect(page.locator('tbody')).toContainText(`#${seed.transportId}`);
  });

  test('"Wyniki: 0" never shows while a list is still loading', async ({ page }) => {
    const tokens = await apiLogin(ADMIN.email, ADMIN.password);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The real answer, held back until the loading state has been looked at.
    await page.route('**/api/contract/get-sales-list', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/api/health');
    await page.evaluate((t) => {
      localStorage.setItem('grain.accessToken', t.token);
      localStorage.setItem('grain.refreshToken', t.refresh_token);
    }, tokens);
    await page.goto('/contract/sale-list');
    await expect(page.getByTestId('result-count')).toHaveText('Wczytywanie wyników…');
    release();
    await expect(page.getByTestId('result-count')).toHaveText(/^Wyniki: [1-9]/);
  });

  test('allocations open newest first', async ({ page }) => {
    await signIn(page);
    await page.goto('/allocations');
    await expect(page.locator('tbody tr').first()).toContainText(`SP/${tag}`);
  });
});
