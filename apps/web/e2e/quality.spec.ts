import { mkdirSync } from 'node:fs';
import { nipFromSerial } from '@grain/shared';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { allocate, contractBody, type LogisticsSeed, ok, sale, seedLogistics, seedTransport } from './logistics-seed';
import { apiAs, dialogViolations, signIn } from './support';

/**
 * The delivered form takes lab results and shows live, per side, the paid weight, the price after
 * discounts and each line's effect. The purchase keeps the default terms of its quality (moisture basis 14,5 %,
 * protein 12,5 % with 2,00 zł/t per whole 0,1 %); the sale has its own terms (moisture basis 15 %).
 */

const tag = String((Date.now() % 100_000) + 7);
const SHOTS = process.env.E2E_SHOTS ?? '../../.screens/quality';

let api: APIRequestContext;
let seed: LogisticsSeed;
let transportId = 0;
let purchaseRowId = 0;

const moisture = {
  parameter: 'Wilgotność',
  unit: '%',
  rule: 'MOISTURE_SHRINK',
  direction: 'MAX',
  basis: 1500,
  rejection_limit: 2000,
  handling_percent: 0,
  is_stepped: false,
};
const protein = {
  parameter: 'Białko',
  unit: '%',
  rule: 'PRICE',
  direction: 'MIN',
  basis: 1250,
  rejection_limit: 1050,
  step: 10,
  discount_per_step: 200,
  is_stepped: true,
};

/** Kilograms of a position figure ("Zakup4 659,415 t") as the positions card shows it. */
function tonnesOf(text: string, label: 'Zakup' | 'Sprzedaż'): number {
  const match = new RegExp(`${label}(-?[\\d\\s\\u00a0\\u202f]+,\\d{3}) t`).exec(text);
  if (!match) return Number.NaN;
  return Math.round(Number(match[1]!.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')) * 1000);
}

test.describe
  .serial('quality at the scale', () => {
    test.beforeAll(async () => {
      api = await apiAs();
      seed = await seedLogistics(api, tag);
      const me = await ok<{ id: number }>(await api.get('/api/auth/me'));
      const body = contractBody(me.id, seed.qualityId, `SP/${tag}/Q`, 97_500, false);
      const recipient = await ok<{ result: { id: number } }>(
        await api.post('/api/dictionary/contractor/create', {
          data: {
            code: `ODQ${tag}`,
            name: `Młyn Jakość ${tag}`,
            nip: nipFromSerial(40_000_000 + Number(tag)),
            accounting_method: 'VAT',
          },
        }),
      );
      const saleId = await sale(
        api,
        { ...body, main_cargo_option: { ...body.main_cargo_option, quality_terms: [moisture, protein] } },
        recipient.result.id,
      );
      await allocate(api, saleId, seed.purchaseId, 100_000);
      transportId = (await seedTransport(api, seed, { salesId: saleId, onTheWay: true })).id;
    });

    test.afterAll(async () => {
      await api.dispose();
    });

    async function openDelivered(page: Page) {
      await page.goto(`/logistics/all?search=${tag}`);
      await page.getByRole('button', { name: new RegExp(`zmień status transportu #${transportId}$`) }).click();
      await page.getByRole('menuitem', { name: 'Oznacz jako dostarczony' }).click();
      return page.getByRole('dialog', { name: `Rozładunek transportu #${transportId}` });
    }

    test('enters lab results and sees the paid weight, price and lines of each side live', async ({ page }) => {
      await signIn(page);
      const modal = await openDelivered(page);
      await modal.getByRole('button', { name: 'Cena z umowy' }).click();
      await modal.getByLabel('Ilość rzeczywista (t)').fill('25');
      await expect(modal.getByText('Wyniki laboratoryjne')).toBeVisible();
      await modal.getByLabel('Wilgotność (%)').fill('16,5');
      await modal.getByLabel('Białko (%)').fill('12,27');

      const purchase = modal.getByTestId('delivered-preview-purchase');
      const sales = modal.getByTestId('delivered-preview-sales');
      // 25 000 × 2 / 85,5 = 584,8 → 585 kg: 24,415 t; protein 2 whole steps under 12,5 %: −4,00 zł/t.
      await expect(purchase).toContainText('Waga do zapłaty: 24,415 t');
      await expect(purchase).toContainText('Cena po potrąceniach i dopłatach: 846,00 zł/t');
      await expect(purchase).toContainText('Wilgotność 16,5 % (baza 14,5 %): −0,585 t');
      await expect(purchase).toContainText('Białko 12,27 % (baza 12,5 %): −4,00 zł/t = −97,66 zł');
      // 24,415 t × 850,00 = 20 752,75 zł − 97,66 zł.
      await expect(purchase).toContainText('Wartość: 20 655,09 zł');
      // The sale's own basis 15 %: 25 000 × 1,5 / 85 = 441,2 → 441 kg.
      await expect(sales).toContainText('Waga do zapłaty: 24,559 t');
      await expect(sales).toContainText('Cena po potrąceniach i dopłatach: 971,00 zł/t');
      await expect(sales).toContainText('Wartość: 23 846,79 zł');

      // Past the sale's 20 % rejection limit the side is "do decyzji".
      await modal.getByLabel('Wilgotność (%)').fill('20,5');
      await expect(sales).toContainText('Do decyzji');
      await modal.getByLabel('Wilgotność (%)').fill('16,5');
      await expect(sales).not.toContainText('Do decyzji');

      // Screenshots of the live figures at desktop and phone width, for a person to look at.
      mkdirSync(SHOTS, { recursive: true });
      await modal.getByTestId('delivered-preview').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/delivered-1440.png` });
      expect(await dialogViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(purchase).toContainText('Waga do zapłaty: 24,415 t');
      await purchase.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/delivered-390.png` });
      expect(await dialogViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 1440, height: 900 });

      await modal.getByRole('button', { name: 'Zapisz rozładunek' }).click();
      await page
        .getByRole('dialog', { name: 'Dostarczenie transportu' })
        .getByRole('button', { name: 'Zapisz rozładunek' })
        .click();
      await expect(page.getByText(/dane rozładunku zapisane/)).toBeVisible();
      const statement = await ok<{ list: { id: number; type: string; real_quantity: number; deductions: number }[] }>(
        await api.post('/api/settlement/transaction-list', { data: { filter: { transportId } } }),
      );
      const byType = Object.fromEntries(statement.list.map((row) => [row.type, row]));
      expect(byType.PURCHASE).toMatchObject({ real_quantity: 24_415, deductions: 9_766 });
      expect(byType.SALES).toMatchObject({ real_quantity: 24_559 });
      purchaseRowId = byType.PURCHASE!.id;
    });

    test('the settle form shows the stored quality lines of the row', async ({ page }) => {
      await signIn(page);
      await page.goto(`/transaction-statement/purchase?search=${encodeURIComponent(`ZK/${tag}`)}`);
      await page.getByRole('button', { name: `Akcje transakcji #${purchaseRowId}`, exact: true }).click();
      await page.getByRole('menuitem', { name: 'Rozlicz' }).click();
      const dialog = page.getByRole('dialog', { name: `Rozliczenie transakcji #${purchaseRowId}` });
      await expect(dialog).toContainText('Jakość przy rozładunku: 25,000 t rozładowano, 24,415 t do zapłaty');
      await expect(dialog.getByTestId('quality-lines')).toContainText('Wilgotność 16,5 % (baza 14,5 %): −0,585 t');
      await expect(dialog.getByTestId('quality-lines')).toContainText(
        'Białko 12,27 % (baza 12,5 %): −4,00 zł/t = −97,66 zł',
      );
      await page.screenshot({ path: `${SHOTS}/settle-1440.png` });
      expect(await dialogViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/settle-390.png` });
      expect(await dialogViolations(page)).toEqual([]);
    });

    test('the purchase dashboard shows the quality delivered against its terms', async ({ page }) => {
      await signIn(page);
      await page.goto(`/contract/purchase-list/dashboard/${seed.purchaseId}/realization`);
      const summary = page.getByTestId('quality-summary');
      await expect(summary).toContainText('Jakość dostaw (z wynikami laboratoryjnymi: 1)');
      await expect(summary).toContainText('Potrącono wagi0,585 t');
      await expect(summary).toContainText('Wilgotność16,5 % (baza 14,5 %)');
      await summary.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/dashboard-1440.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await summary.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/dashboard-390.png` });
    });

    test('positions can be viewed in paid tonnes', async ({ page }) => {
      await signIn(page);
      await page.goto('/positions');
      const wheat = page.getByRole('button', { name: /Pszenica/ }).first();
      await expect(wheat).toBeVisible();
      const contractual = await wheat.innerText();
      // The switch follows the URL (paid=1), so it turns on once the URL has changed: click, then expect it on.
      const paidSwitch = page.getByLabel('W tonach do zapłaty (po potrąceniach wagi za jakość dostaw)');
      await paidSwitch.click();
      await expect(page).toHaveURL(/paid=1/);
      await expect(paidSwitch).toBeChecked();
      // Other tests' wheat contracts count too, some with weight lines of their own: the card shows the paid figures
      // the server answers, at least this delivery's 0,585 t (purchase) and 0,441 t (sale) under the contractual ones.
      const wheatOf = async (isPaidWeight: boolean) => {
        const positions = await ok<{ id: number; purchase: number; sales: number }[]>(
          await api.post('/api/dashboard/position', { data: { is_paid_weight: isPaidWeight } }),
        );
        return positions.find((position) => position.id === 1)!;
      };
      const [contractualWheat, paidWheat] = [await wheatOf(false), await wheatOf(true)];
      expect(tonnesOf(contractual, 'Zakup')).toBe(contractualWheat.purchase);
      expect(paidWheat.purchase).toBeLessThanOrEqual(contractualWheat.purchase - 585);
      expect(paidWheat.sales).toBeLessThanOrEqual(contractualWheat.sales - 441);
      await expect.poll(async () => tonnesOf(await wheat.innerText(), 'Zakup')).toBe(paidWheat.purchase);
      await expect.poll(async () => tonnesOf(await wheat.innerText(), 'Sprzedaż')).toBe(paidWheat.sales);
      await page.screenshot({ path: `${SHOTS}/positions-paid-1440.png` });
    });

    test('the contract form edits the quality terms of a price option', async ({ page }) => {
      await signIn(page);
      await page.goto(`/contract/purchase-list/dashboard/${seed.purchaseId}/details`);
      const moistureTerm = page.getByTestId('quality-term-Wilgotność').first();
      await expect(moistureTerm.getByLabel('Baza (%)')).toHaveValue('14,5');
      await moistureTerm.getByLabel('Baza (%)').fill('15');
      await moistureTerm.getByLabel('Ubytek manipulacyjny (%)').fill('0,25');
      await moistureTerm.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/terms-1440.png` });
      await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
      await expect(page.getByText('Zmiany kontraktu zakupu zostały zapisane')).toBeVisible();
      const options = await ok<{ list: { is_main_option: boolean; quality_terms: { parameter: string }[] }[] }>(
        await api.get(`/api/contract/get-purchase-price-option-list/${seed.purchaseId}`),
      );
      expect(options.list.find((option) => option.is_main_option)?.quality_terms[0]).toMatchObject({
        parameter: 'Wilgotność',
        basis: 1500,
        handling_percent: 25,
      });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('quality-term-Wilgotność').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/terms-390.png` });
    });
  });
