import { type APIRequestContext, expect, test } from '@playwright/test';
import { type LogisticsSeed, seedLogistics, seedTransport } from './logistics-seed';
import { apiAs, signIn } from './support';

/**
 * spec/2 section 7, "On 404 it goes to the 404 page", for writes as for reads: saving a record someone else deleted
 * lands on the 404 page, whose back button returns to the screen the save was made on, with the list asked again.
 */

const tag = `NF${Date.now() % 100_000}`;

let api: APIRequestContext;
let seed: LogisticsSeed;

test.describe
  .serial('a refused write on a vanished record', () => {
    test.beforeAll(async () => {
      api = await apiAs();
      seed = await seedLogistics(api, tag);
    });
    test.afterAll(async () => {
      await api.dispose();
    });

    test('saving a transport deleted meanwhile goes to the 404 page, and back returns to the list', async ({
      page,
    }) => {
      const kept = (await seedTransport(api, seed)).id;
      const vanishing = (await seedTransport(api, seed)).id;
      await signIn(page);
      const listUrl = `/logistics/all?search=${tag}`;
      await page.goto(listUrl);
      await expect(page.getByText(`#${vanishing}`, { exact: true })).toBeVisible();
      await page.getByRole('button', { name: `Edytuj transport #${vanishing}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Edycja transportu #${vanishing}` });
      await dialog.getByLabel('Komentarz').fill('Kierowca dzwoni godzinę przed przyjazdem');

      // Someone else deletes it while the dialog is open.
      expect((await api.delete(`/api/transport/remove/${vanishing}`)).status()).toBe(200);
      const refused = page.waitForResponse((response) => response.url().includes(`/api/transport/update/${vanishing}`));
      await dialog.getByRole('button', { name: 'Zapisz zmiany' }).click();
      expect((await refused).status()).toBe(404);

      await expect(page).toHaveURL(/\/404$/);
      await expect(page.getByText('Nie znaleziono strony')).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);

      await page.getByRole('button', { name: 'Wróć' }).click();
      await expect(page).toHaveURL(listUrl);
      await expect(page.getByText(`#${kept}`, { exact: true })).toBeVisible();
      await expect(page.getByText(`#${vanishing}`, { exact: true })).toHaveCount(0);
    });

    test('changing the status of a contract deleted meanwhile goes to the 404 page as well', async ({ page }) => {
      const me = (await (await api.get('/api/auth/me')).json()) as { id: number };
      const created = await api.post('/api/contract/create-sales', {
        data: {
          user_id: me.id,
          document_number: `SP/${tag}/DEL`,
          currency: 'PLN',
          freight: 'CPT',
          sales_recipient_id: (
            (await (await api.get(`/api/contract/get-sales-recipient/${seed.saleId}`)).json()) as { id: number }
          ).id,
          date_of_receipt_from: '2026-03-01',
          date_of_receipt_to: '2026-09-30',
          address: { city: 'Kutno', street: 'Polna', building_number: '7', post_code: '99-300' },
          raw_material_id: 1,
          cargo_quantity: 100_000,
          main_cargo_option: { price: 90_000, raw_material_quality_id: seed.qualityId },
          contact_list: [],
        },
      });
      expect(created.status(), await created.text()).toBe(200);
      const { id } = (await created.json()) as { id: number };
      await signIn(page);
      const listUrl = `/contract/sale-list?search=${encodeURIComponent(`SP/${tag}/DEL`)}`;
      await page.goto(listUrl);
      const opener = page.getByRole('button', { name: `Zmień status SP/${tag}/DEL`, exact: true });
      await expect(opener).toBeVisible();

      expect((await api.delete(`/api/contract/delete-sales/${id}`)).status()).toBe(200);
      await opener.click();
      await page.getByRole('menuitem', { name: 'Aktywny' }).click();

      await expect(page).toHaveURL(/\/404$/);
      await page.getByRole('button', { name: 'Wróć' }).click();
      await expect(page).toHaveURL(listUrl);
      await expect(page.getByText(`SP/${tag}/DEL`)).toHaveCount(0);
    });
  });
