import { SAVED_VIEWS_PER_LIST_MAX } from '@grain/shared';
import { expect, type Page, test } from '@playwright/test';
import { seedLogistics, seedTransport } from './logistics-seed';
import { apiAs, createActiveUser, dialogViolations, showColumns, signIn } from './support';

/**
 * Saved views: a list's search, filters, sort and columns saved under a name on the server, listed
 * next to the search box after a reload; the default view applies when the list opens without URL params.
 */

const tag = `SV${Date.now() % 100_000}`;
const SCREENS = '../../.screens';
const VIEW = `Moje ${tag}`;

/** Forgets the columns the browser keeps for the lists (the session stays). */
async function forgetColumns(page: Page) {
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('grain.list.')) localStorage.removeItem(key);
  });
}

/** Opens the views menu and waits until it has taken the focus (its first item), so nothing in it moves after. */
async function openViews(page: Page) {
  await page.getByTestId('saved-views').click();
  await expect(page.getByRole('menu').getByRole('menuitem').first()).toBeFocused();
}

test.describe
  .serial('saved views', () => {
    test.beforeAll(async () => {
      const api = await apiAs();
      const seed = await seedLogistics(api, tag);
      await seedTransport(api, seed, { onTheWay: true });
      await seedTransport(api, seed);
    });

    test.beforeEach(async ({ page }) => {
      await signIn(page);
    });

    test('saves the current view; after a reload it is listed and restores filters, sort and columns', async ({
      page,
    }) => {
      await page.goto(`/logistics/all?search=${tag}`);
      await expect(page.getByTestId('result-count')).toHaveText('Wyniki: 2');
      await page.getByRole('button', { name: 'Pokaż filtry' }).click();
      await page.getByTestId('transport-filters').getByLabel('Numer rejestracyjny').fill(`WE ${tag}`);
      await expect(page).toHaveURL(/filter_registrationNumber=/);
      await expect(page.getByTestId('result-count')).toHaveText('Wyniki: 1');
      await page.getByRole('button', { name: 'Załadunek' }).click();
      await expect(page).toHaveURL(/order_by=date_loading%3Aasc/);
      await showColumns(page, ['Samochód']);
      await expect(page.getByRole('columnheader', { name: 'Samochód' })).toBeVisible();

      await openViews(page);
      await page.getByRole('menuitem', { name: 'Zapisz bieżący widok…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Zapisz widok listy' });
      await expect(dialog.getByLabel('Nazwa widoku')).toBeFocused();
      expect(await dialogViolations(page)).toEqual([]);
      await dialog.getByLabel('Nazwa widoku').fill(VIEW);
      await dialog.getByLabel('Otwieraj listę z tym widokiem').check();
      await dialog.getByRole('button', { name: 'Zapisz widok' }).click();
      await expect(page.getByText(`Zapisano widok „${VIEW}”`)).toBeVisible();

      // The columns the browser kept are forgotten: the view brings them back from the server.
      await forgetColumns(page);
      await page.goto('/logistics/all?search=inne');
      await expect(page.getByRole('columnheader', { name: 'Samochód' })).toHaveCount(0);
      await openViews(page);
      await page.getByRole('menuitem', { name: VIEW }).click();
      await expect(page).toHaveURL(new RegExp(`search=${tag}`));
      await expect(page).toHaveURL(/filter_registrationNumber=WE\+SV\d+/);
      await expect(page).toHaveURL(/order_by=date_loading%3Aasc/);
      await expect(page.getByTestId('result-count')).toHaveText('Wyniki: 1');
      await expect(page.getByRole('columnheader', { name: 'Samochód' })).toBeVisible();
      await expect(page.getByTestId('saved-views')).toHaveText(VIEW);
      await page.screenshot({ path: `${SCREENS}/saved-views-desktop.png` });
    });

    test('applies the default view when the list opens without URL params', async ({ page }) => {
      await forgetColumns(page);
      await page.goto('/logistics/all');
      await expect(page).toHaveURL(new RegExp(`search=${tag}`));
      await expect(page).toHaveURL(/order_by=date_loading%3Aasc/);
      await expect(page.getByTestId('result-count')).toHaveText('Wyniki: 1');
      await expect(page.getByRole('columnheader', { name: 'Samochód' })).toBeVisible();
    });

    test('lists the views on a phone too', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/logistics/all');
      await expect(page.getByTestId('result-count')).toHaveText('Wyniki: 1');
      await openViews(page);
      await expect(page.getByRole('menuitem', { name: VIEW })).toBeVisible();
      await page.waitForTimeout(300); // the menu's fade-in, for the picture only
      await page.screenshot({ path: `${SCREENS}/saved-views-phone.png`, fullPage: true });
      await page.keyboard.press('Escape');
      // Managing: the default can be unset and the view removed.
      await openViews(page);
      await page.getByRole('menuitem', { name: 'Zarządzaj widokami' }).click();
      const manage = page.getByRole('dialog', { name: 'Zarządzaj widokami' });
      await expect(manage.getByText(VIEW, { exact: true })).toBeVisible();
      expect(await dialogViolations(page)).toEqual([]);
      await manage.getByRole('button', { name: `Usuń widok ${VIEW}` }).click();
      const removal = page.getByRole('dialog', { name: 'Usuwanie widoku' });
      await expect(removal).toContainText(VIEW);
      expect(await dialogViolations(page)).toEqual([]);
      await removal.getByRole('button', { name: 'Usuń' }).click();
      await expect(manage.getByTestId('saved-view-row')).toHaveCount(0);
    });
  });

test('a list at its limit of saved views says so under the name, and the view is not saved', async ({ page }) => {
  const user = await createActiveUser('USER');
  const api = await apiAs(user.email, user.password);
  for (let i = 1; i <= SAVED_VIEWS_PER_LIST_MAX; i++) {
    const created = await api.post('/api/saved-view/create', {
      data: { list_key: 'contractors', name: `Widok ${i}`, state: {} },
    });
    expect(created.status()).toBe(200);
  }
  await signIn(page, user.email, user.password);
  await page.goto('/contractor-list');
  await openViews(page);
  await page.getByRole('menuitem', { name: 'Zapisz bieżący widok…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Zapisz widok listy' });
  const name = dialog.getByLabel('Nazwa widoku');
  await name.fill('Jeden za dużo');
  await dialog.getByRole('button', { name: 'Zapisz widok' }).click();
  await expect(name).toHaveAccessibleDescription(
    'Osiągnięto limit zapisanych widoków tej listy. Usuń niepotrzebny widok, aby zapisać nowy',
  );
  expect(await dialogViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SCREENS}/saved-view-limit-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(name).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/saved-view-limit-390.png` });
  const list = await api.get('/api/saved-view/list?list_key=contractors');
  expect((await list.json()).list).toHaveLength(SAVED_VIEWS_PER_LIST_MAX);
});
