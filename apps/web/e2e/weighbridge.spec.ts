import { expect, type Page, test } from '@playwright/test';
import { type LogisticsSeed, ok, seedLogistics, seedTransport } from './logistics-seed';
import { apiAs, dialogViolationsAtBothWidths, signIn } from './support';

/**
 * Weighbridge tickets (CONTRIBUTING.md Weighbridge) on the transport's edit dialog: weigh the truck in and out on
 * the unloading side with the manual scale, close the ticket, see the transit difference against the loading
 * ticket (seeded through the API), and the delivered form starting from the unloading ticket's net weight.
 */

const tag = String((Date.now() % 100_000) + 31);
const SCREENS = '../../.screens';

let seed: LogisticsSeed;
let transportId = 0;

const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name });

test.describe
  .serial('weighbridge tickets', () => {
    test.beforeAll(async () => {
      const api = await apiAs();
      seed = await seedLogistics(api, tag);
      transportId = (await seedTransport(api, seed, { onTheWay: true })).id;
      // The loading side, weighed at the supplier's: 14 980 kg empty, 39 840 kg loaded, 24 860 kg net.
      const loading = await ok<{ id: number }>(
        await api.post('/api/weighbridge-ticket/create', { data: { transport_id: transportId, side: 'LOADING' } }),
      );
      await ok(await api.post(`/api/weighbridge-ticket/weigh-in/${loading.id}`, { data: { weight_kg: 14_980 } }));
      await ok(await api.post(`/api/weighbridge-ticket/weigh-out/${loading.id}`, { data: { weight_kg: 39_840 } }));
      await ok(await api.post(`/api/weighbridge-ticket/close/${loading.id}`, { data: {} }));
      await api.dispose();
    });

    test.beforeEach(async ({ page }) => {
      await signIn(page);
    });

    test('weighs in and out, closes the ticket, shows the transit difference; the delivered form is prefilled', async ({
      page,
    }) => {
      await page.goto(`/logistics/all?search=${tag}`);
      await page.getByRole('button', { name: `Edytuj transport #${transportId}` }).click();
      const dialog = dialogNamed(page, `Edycja transportu #${transportId}`);
      const unloading = dialog.getByTestId('weighbridge-unloading');
      await expect(dialog.getByTestId('weighbridge-loading')).toContainText('24 860 kg');

      await unloading.getByRole('button', { name: 'Wystaw kwit' }).click();
      await expect(unloading).toContainText(/Kwit KW\/\d{4}\/\d{4}/);
      const weight = unloading.getByLabel('Masa z wyświetlacza (kg)');
      // Off the scale's 20 kg division: refused on the field, nothing written.
      await weight.fill('39725');
      await unloading.getByRole('button', { name: 'Ważenie na wjeździe' }).click();
      await expect(unloading.getByText('Masa musi być wielokrotnością działki wagi')).toBeVisible();
      await weight.fill('39720');
      await unloading.getByRole('button', { name: 'Ważenie na wjeździe' }).click();
      await expect(unloading).toContainText('39 720 kg');
      await weight.fill('14960');
      await unloading.getByRole('button', { name: 'Ważenie na wyjeździe' }).click();
      await expect(unloading).toContainText('14 960 kg');
      await unloading.getByRole('button', { name: 'Zamknij kwit' }).click();
      await expect(unloading).toContainText('zamknięty');
      await expect(unloading).toContainText('24 760 kg');

      const transit = dialog.getByTestId('transit-difference');
      await expect(transit).toContainText('100 kg (0,40 %)');
      await expect(transit).toContainText('Powyżej tolerancji');
      expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });
      for (const [width, height] of [
        [1440, 900],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await dialog.getByTestId('weighbridge-panel').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SCREENS}/weighbridge-${width}.png` });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: new RegExp(`zmień status transportu #${transportId}$`) }).click();
      await page.getByRole('menuitem', { name: 'Oznacz jako dostarczony' }).click();
      const delivered = dialogNamed(page, `Rozładunek transportu #${transportId}`);
      await expect(delivered.getByLabel('Ilość rzeczywista (t)')).toHaveValue('24,76');
      await expect(delivered.getByText('Z kwitu wagowego rozładunku: netto 24 760 kg')).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/weighbridge-delivered-1440.png` });
    });
  });
