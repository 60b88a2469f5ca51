import { expect, test } from '@playwright/test';
import { type LogisticsSeed, seedLogistics, seedTransport } from './logistics-seed';
import { apiAs, signIn } from './support';

/**
 * Issue 17, no truck in two places: editing a transport onto a truck already on the way at the same time shows the
 * other transport (id and route) before save, and saving asks for the double booking note in the same form.
 */

const tag = `V${Date.now() % 100_000}`;
const SCREENS = '../../.screens';

let seed: LogisticsSeed;
let busyId = 0;
let freeId = 0;

test.describe
  .serial('no truck in two places', () => {
    test.beforeAll(async () => {
      const api = await apiAs();
      seed = await seedLogistics(api, tag);
      busyId = (
        await seedTransport(api, seed, {
          onTheWay: true,
          extra: { registration_number: `KR ${tag}`, driver_document_id: `D${tag}` },
        })
      ).id;
      freeId = (await seedTransport(api, seed)).id;
    });

    test('warns with the other transport and route, and saves only with the note', async ({ page }) => {
      await signIn(page);
      await page.goto(`/logistics/all?search=${tag}`);
      await page.getByRole('button', { name: `Edytuj transport #${freeId}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edycja transportu #${freeId}` });
      // Typed differently: compared upper case, without spaces and hyphens.
      await dialog.getByLabel('Numer rejestracyjny').fill(`kr-${tag.toLowerCase()}`);
      const warning = dialog.getByTestId('vehicle-clash');
      await expect(warning).toContainText(`Transport #${busyId}`);
      await expect(warning).toContainText(`${seed.purchaseNumber} (${seed.supplierCode}) → ${seed.saleNumber}`);
      await expect(warning).toContainText('ten sam numer rejestracyjny');
      await page.setViewportSize({ width: 1440, height: 1100 });
      await page.screenshot({ path: `${SCREENS}/vehicle-clash-desktop.png` });

      await dialog.getByRole('button', { name: 'Zapisz zmiany' }).click();
      const note = dialog.getByLabel('Uzasadnienie podwójnego planu pojazdu');
      await expect(note).toBeFocused();
      await expect(dialog.getByText('Pole jest wymagane')).toBeVisible();
      await note.fill('Krótki kurs rano, drugi po południu');
      await dialog.getByRole('button', { name: 'Zapisz zmiany' }).click();
      await expect(page.getByText('Zmiany transportu zostały zapisane')).toBeVisible();
      await expect(dialog).toHaveCount(0);
    });

    test('shows the warning on a phone as well', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page);
      await page.goto(`/logistics/all?search=${tag}`);
      await page
        .getByRole('button', { name: `Edytuj transport #${busyId}` })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: `Edycja transportu #${busyId}` });
      // The other one now has the same truck: editing this one warns of it too.
      const warning = dialog.getByTestId('vehicle-clash');
      await expect(warning).toContainText(`Transport #${freeId}`);
      await warning.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENS}/vehicle-clash-phone.png` });
    });
  });
