import { expect, type Page, test } from '@playwright/test';
import { type LogisticsSeed, seedLogistics, seedTransport } from './logistics-seed';
import {
  apiAs,
  clicksSoFar,
  dialogViolationsAtBothWidths,
  signIn,
  startCountingClicks,
  waitForApiIdle,
  watchApiCalls,
} from './support';

/**
 * The command palette (Ctrl+K): one search over contracts, transports, contractors, invoices and screens, a
 * transport found by its order number ZT/<year>/<id>; '/' focuses the list's search; '?' lists the shortcuts.
 */

const tag = String((Date.now() % 100_000) + 23);
const SCREENS = '../../.screens';

let seed: LogisticsSeed;
let transportId = 0;
let orderNumber = '';

const palette = (page: Page) => page.getByRole('dialog', { name: 'Szukaj wszędzie' });
const paletteInput = (page: Page) => page.getByRole('combobox', { name: /Szukaj kontraktów, transportów/ });

test.describe
  .serial('command palette', () => {
    test.beforeAll(async () => {
      const api = await apiAs();
      seed = await seedLogistics(api, tag);
      const transport = await seedTransport(api, seed, { withDriver: true });
      transportId = transport.id;
      const { created_at: createdAt } = (await (await api.get(`/api/transport/details/${transportId}`)).json()) as {
        created_at: string;
      };
      orderNumber = `ZT/${createdAt.slice(0, 4)}/${String(transportId).padStart(4, '0')}`;
      await api.dispose();
    });

    test.beforeEach(async ({ page }) => {
      watchApiCalls(page);
      await signIn(page);
    });

    test('Ctrl+K finds a transport by its order number and opens its details; it is then recent', async ({ page }) => {
      await page.goto('/positions');
      await waitForApiIdle(page);
      await startCountingClicks(page);
      await page.keyboard.press('Control+k');
      await expect(palette(page)).toBeVisible();
      await expect(paletteInput(page)).toBeFocused();
      // Screens answer before any server call; two letters are not yet searched.
      await paletteInput(page).fill('lo');
      await expect(page.getByRole('option', { name: /Logistyka/ })).toBeVisible();
      await expect(page.getByText('Wpisz co najmniej 3 znaki, aby szukać w danych.')).toBeVisible();

      await paletteInput(page).fill(orderNumber);
      const hit = page.getByRole('option', { name: new RegExp(orderNumber) });
      await expect(hit).toBeVisible();
      await waitForApiIdle(page);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: `${SCREENS}/command-palette-desktop.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SCREENS}/command-palette-phone.png` });
      const { desktop, phone } = await dialogViolationsAtBothWidths(page);
      expect(desktop).toEqual([]);
      expect(phone).toEqual([]);
      await page.setViewportSize({ width: 1440, height: 900 });

      await expect(hit).toHaveAttribute('aria-selected', 'true');
      await paletteInput(page).press('Enter');
      await expect(page).toHaveURL(new RegExp(`/logistics/all\\?open=${transportId}$`));
      const details = page.getByRole('dialog', { name: new RegExp(`#${transportId}\\b`) });
      await expect(details).toBeVisible();
      // Found and opened from the keyboard alone.
      const clicks = await clicksSoFar(page);
      console.log(`clicks to find a transport by its order number and open it: ${clicks}`);
      expect(clicks).toBe(0);
      await page.keyboard.press('Escape');
      await expect(details).toBeHidden();
      await expect(page).toHaveURL(/\/logistics\/all$/);

      // Reopened: the transport leads as recently opened, before anything is typed.
      await page.keyboard.press('Control+k');
      const recent = page.getByRole('group', { name: 'Ostatnio otwierane' });
      await expect(recent.getByRole('option', { name: new RegExp(orderNumber) })).toBeVisible();
      // Arrow keys move the choice; Escape closes.
      await paletteInput(page).press('ArrowDown');
      await expect(recent.getByRole('option').first()).toHaveAttribute('aria-selected', 'false');
      await page.keyboard.press('Escape');
      await expect(palette(page)).toBeHidden();
    });

    test("'/' focuses the list's search and '?' lists the shortcuts", async ({ page }) => {
      await page.goto('/logistics/all');
      await waitForApiIdle(page);
      const search = page.getByRole('textbox', { name: 'Szukaj' }).first();
      await expect(search).not.toBeFocused();
      await page.locator('body').press('/');
      await expect(search).toBeFocused();
      // Typed in a field, '/' and '?' are text.
      await search.press('?');
      await expect(search).toHaveValue('?');
      await search.fill('');
      await search.blur();

      await page.locator('body').press('?');
      const help = page.getByRole('dialog', { name: 'Skróty klawiszowe' });
      await expect(help).toBeVisible();
      for (const action of ['Szukaj wszędzie', 'Przejdź do pola wyszukiwania listy', 'Pokaż tę listę skrótów']) {
        await expect(help.getByRole('cell', { name: new RegExp(action) })).toBeVisible();
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: `${SCREENS}/shortcuts-help-desktop.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SCREENS}/shortcuts-help-phone.png` });
      const { desktop, phone } = await dialogViolationsAtBothWidths(page);
      expect(desktop).toEqual([]);
      expect(phone).toEqual([]);
    });
  });
