import { mkdirSync, writeFileSync } from 'node:fs';
import { nipFromSerial } from '@grain/shared';
import { expect, type Page, test } from '@playwright/test';
import { apiAs, browserDayIso, shootBothWidths, signIn, waitForApiIdle } from './support';

/**
 * The purchase price list (CONTRIBUTING.md Price lists): ADMIN enters today's price on "Cennik skupu", the purchase
 * contract form takes it as its price, and a price away from it beyond 5 % asks for a note before it is saved.
 */
const SHOTS = process.env.E2E_SHOTS ?? '../../.screens/price-lists';
const tag = String(Date.now() % 1_000_000);
const quality = `Pszenica cennik ${tag}`;
const supplierCode = `CEN${tag}`;

const shoot = (page: Page, name: string) => shootBothWidths(page, SHOTS, name);
const region = (page: Page, name: string) => page.getByRole('region', { name });

/** Days from today on the browser's calendar, as the date fields take them (DD.MM.YYYY). */
const displayDate = (daysFromToday: number) => browserDayIso(daysFromToday).split('-').reverse().join('.');

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.describe('purchase price list', () => {
  test.beforeAll(async () => {
    const api = await apiAs();
    // A quality of its own, so the price of today belongs to this run only.
    const variant = await api.post('/api/cargo/create-variant', { data: { raw_material_id: 1, name: quality } });
    expect(variant.status(), await variant.text()).toBe(200);
    const supplier = await api.post('/api/dictionary/contractor/create', {
      data: {
        code: supplierCode,
        name: `${supplierCode} sp. z o.o.`,
        nip: nipFromSerial(70_000_000 + Number(tag)),
        accounting_method: 'VAT',
        accounting_address: {
          street: 'Polna',
          building_number: '3',
          post_code: '99-300',
          city: 'Kutno',
          country_code: 'PL',
        },
      },
    });
    expect(supplier.status(), await supplier.text()).toBe(200);
  });

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('ADMIN enters a price of today on Cennik skupu and prints the list', async ({ page }) => {
    await page.goto('/positions');
    await page.getByRole('link', { name: 'Cennik skupu' }).first().click();
    await expect(page).toHaveURL(/\/price-lists$/);
    await page.getByRole('button', { name: 'Dodaj cenę' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nowa cena w cenniku skupu' });
    await dialog.getByRole('combobox', { name: 'Jakość' }).fill(quality);
    await page.getByRole('option', { name: quality }).click();
    await dialog.getByLabel('Termin płatności (dni)').fill('0');
    await dialog.getByLabel('Cena netto (zł/t)').fill('1000');
    await shoot(page, 'add-dialog');
    await dialog.getByRole('button', { name: 'Zapisz' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: quality });
    await expect(row).toContainText(/1\s000,00/);
    await expect(row).toContainText('Dostawca VAT');

    // The same days again are refused at the field, nothing stored twice.
    await page.getByRole('button', { name: 'Dodaj cenę' }).click();
    await dialog.getByRole('combobox', { name: 'Jakość' }).fill(quality);
    await page.getByRole('option', { name: quality }).click();
    await dialog.getByLabel('Termin płatności (dni)').fill('0');
    await dialog.getByLabel('Cena netto (zł/t)').fill('990');
    await dialog.getByRole('button', { name: 'Zapisz' }).click();
    await expect(
      dialog.getByText('Te dni obejmuje już cena tej jakości dla tego rodzaju dostawcy i terminu płatności'),
    ).toBeVisible();
    // Escape, not "Anuluj": leaving the marked field re-validates it and the dialog shrinks under the pointer.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await waitForApiIdle(page);
    await shoot(page, 'list');

    const api = await apiAs();
    const pdf = await api.get('/api/price-list/pdf');
    expect(pdf.status()).toBe(200);
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(`${SHOTS}/cennik-skupu.pdf`, await pdf.body());
  });

  test('the purchase form takes the list price and asks for a note beyond 5 %', async ({ page }) => {
    await page.goto('/contract/purchase-list/form');
    await region(page, 'Dostawca').getByRole('combobox', { name: 'Dostawca' }).fill(supplierCode);
    await page.getByRole('option', { name: new RegExp(supplierCode) }).click();
    await region(page, 'Warunki umowy').getByLabel('Odbiór do').fill(displayDate(30));
    const cargo = region(page, 'Towar i ceny');
    await cargo.getByRole('textbox', { name: 'Ilość', exact: true }).fill('50');
    await cargo.getByRole('combobox', { name: 'Jakość', exact: true }).first().click();
    await page.getByRole('option', { name: quality }).click();
    const price = cargo.getByLabel('Cena za t (PLN)').first();
    await expect(price).toHaveValue(/^1\s?000(,00)?$/);
    await expect(cargo.getByTestId('list-price')).toContainText('Cennik skupu');

    await price.fill('1100');
    await price.blur();
    const note = cargo.getByLabel('Uzasadnienie ceny spoza cennika');
    await expect(note).toBeVisible();
    await page.getByRole('button', { name: 'Dodaj kontrakt zakupu' }).click();
    await expect(cargo.getByText('Pole jest wymagane')).toBeVisible();
    await shoot(page, 'contract-note');
    await note.fill('Stały dostawca, partia 50 t z dowozem');
    await page.getByRole('button', { name: 'Dodaj kontrakt zakupu' }).click();
    await expect(page.getByText('Kontrakt zakupu został utworzony', { exact: true }).first()).toBeVisible();

    // On edit the price kept as it was is not asked about again; a changed one is.
    await page.waitForURL(/purchase-list\/dashboard\/\d+/);
    const id = /dashboard\/(\d+)/.exec(page.url())?.[1];
    await page.goto(`/contract/purchase-list/dashboard/${id}/details`);
    const editCargo = region(page, 'Towar i ceny');
    const editPrice = editCargo.getByLabel('Cena za t (PLN)').first();
    await expect(editPrice).toHaveValue(/^1\s?100(,00)?$/);
    await expect(editCargo.getByTestId('list-price')).toBeVisible();
    await expect(editCargo.getByLabel('Uzasadnienie ceny spoza cennika')).toHaveCount(0);
    await editPrice.fill('1200');
    await editPrice.blur();
    await editCargo.getByLabel('Uzasadnienie ceny spoza cennika').fill('Dopłata za szybki odbiór');
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await expect(page.getByText('Zmiany kontraktu zakupu zostały zapisane', { exact: true }).first()).toBeVisible();
  });

  test('the positions screen shows today’s list prices on the raw material’s card', async ({ page }) => {
    await page.goto('/positions');
    await expect(page.getByTestId('position-card-1').getByTestId('day-prices')).toContainText(quality);
    await shoot(page, 'positions');
  });
});
