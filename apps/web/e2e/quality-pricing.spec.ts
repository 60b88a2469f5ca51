import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { type LogisticsSeed, ok, seedLogistics, seedTransport } from './logistics-seed';
import { apiAs, dialogViolations, shootBothWidths, signIn, waitForApiIdle } from './support';

/**
 * Quality pricing, second round: the terms editor takes a drying fee next to the moisture shrink, a premium as a
 * percentage of the price, a direction and any parameter of the quality; a delivered transport's details show the
 * lab results, each line's effect and the deductions in money, and no longer offer to send the order again.
 * The purchase is 850,00 zł/t with its quality's default terms (moisture basis 14,5 %).
 */

const tag = String((Date.now() % 100_000) + 11);
const SHOTS = process.env.E2E_SHOTS ?? '../../.screens/quality-pricing';

let api: APIRequestContext;
let seed: LogisticsSeed;
let transportId = 0;

/** The part a page's full screenshot makes too small to read, at both widths. */
async function shootElementBothWidths(page: Page, part: Locator, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await part.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe
  .serial('quality pricing', () => {
    test.beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      api = await apiAs();
      seed = await seedLogistics(api, tag);
      transportId = (await seedTransport(api, seed, { onTheWay: true })).id;
    });

    test.afterAll(async () => {
      await api.dispose();
    });

    test('the terms editor takes a drying fee, a percentage premium, a direction and an added parameter', async ({
      page,
    }) => {
      await signIn(page);
      await page.goto(`/contract/purchase-list/dashboard/${seed.purchaseId}/details`);
      const moisture = page.getByTestId('quality-term-Wilgotność').first();
      await expect(moisture.getByLabel('Baza (%)')).toHaveValue('14,5');
      await moisture.getByLabel('Opłata za suszenie (zł/t za 1 %)').fill('12');

      const protein = page.getByTestId('quality-term-Białko').first();
      await expect(protein.getByLabel('Kierunek')).toHaveValue('Niższa wartość gorsza');
      await protein.getByLabel('Potrącenie i dopłata jako').click();
      await page.getByRole('option', { name: 'Procent ceny (%)' }).click();
      await protein.getByLabel('Dopłata za krok (% ceny)').fill('1,5');

      // Test weight taken out and put back from the quality's parameters.
      await page.getByRole('button', { name: 'Usuń warunek: Gęstość' }).first().click();
      await expect(page.getByTestId('quality-term-Gęstość')).toHaveCount(0);
      await page.getByLabel('Parametr do warunków').first().click();
      await page.getByRole('option', { name: 'Gęstość (kg/hl)' }).click();
      await page.getByRole('button', { name: 'Dodaj warunek' }).first().click();
      await expect(page.getByTestId('quality-term-Gęstość').first().getByLabel('Kierunek')).toHaveValue(
        'Niższa wartość gorsza',
      );

      await protein.scrollIntoViewIfNeeded();
      await shootBothWidths(page, SHOTS, 'terms-editor');
      await shootElementBothWidths(page, page.getByTestId('quality-terms').first(), 'terms-editor-part');
      await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
      await expect(page.getByText('Zmiany kontraktu zakupu zostały zapisane')).toBeVisible();
      const options = await ok<{ list: { is_main_option: boolean; quality_terms: Record<string, unknown>[] }[] }>(
        await api.get(`/api/contract/get-purchase-price-option-list/${seed.purchaseId}`),
      );
      const terms = options.list.find((option) => option.is_main_option)!.quality_terms;
      expect(terms.find((term) => term.parameter === 'Wilgotność')).toMatchObject({ drying_fee_per_point: 1200 });
      expect(terms.find((term) => term.parameter === 'Białko')).toMatchObject({
        is_percent_of_price: true,
        premium_per_step: 150,
      });
      expect(terms.map((term) => term.parameter)).toContain('Gęstość');
    });

    test("a delivered truck's details show the lab results, the lines' effects and the deductions in money", async ({
      page,
    }) => {
      const delivered = await api.patch(`/api/transport/set-status-delivered/${transportId}`, {
        data: {
          unloading_date: '2026-04-04',
          real_cargo_quality_id: null,
          real_cargo_price: 85_000,
          real_cargo_quantity: 25_000,
          deductions: null,
          details: null,
          lab_results: [
            { parameter: 'Wilgotność', value: 1650 },
            { parameter: 'Białko', value: 1250 },
          ],
        },
      });
      expect(delivered.status(), await delivered.text()).toBe(200);

      await signIn(page);
      await page.goto(`/logistics/all?search=${tag}&open=${transportId}`);
      const dialog = page.getByRole('dialog', { name: new RegExp(`#${transportId}`) });
      await expect(dialog.getByTestId('truck-lab-results')).toContainText(
        'Wyniki laboratoryjne: Wilgotność 16,5 % · Białko 12,5 %',
      );
      // 25 000 × 2 / 85,5 = 584,8 → 585 kg, at 850,00 zł/t = 497,25 zł; drying 2 points × 12,00 zł/t = 24,00 zł/t
      // on the paid 24,415 t = 585,96 zł. Deductions 497,25 + 585,96 = 1 083,21 zł.
      const settlement = dialog.getByTestId('transport-settlement');
      await expect(settlement).toContainText(
        'Wilgotność 16,5 % (baza 14,5 %): −0,585 t = −497,25 zł; suszenie −24,00 zł/t = −585,96 zł',
      );
      await expect(settlement).toContainText('Potrącenia: 1 083,21 zł (waga 497,25 zł, z ceny 585,96 zł)');
      // The order was done with the delivery: it can be downloaded, not sent again.
      const order = dialog.getByTestId('transport-order-panel');
      await expect(order).toContainText('zlecenia nie wysyła się ponownie');
      await expect(order.getByRole('button', { name: /Wyślij/ })).toHaveCount(0);
      await waitForApiIdle(page);
      await settlement.scrollIntoViewIfNeeded();
      await shootBothWidths(page, SHOTS, 'delivered-details');
      await shootElementBothWidths(page, settlement, 'delivered-settlement-part');
      expect(await dialogViolations(page)).toEqual([]);
    });
  });
