import { expect, type Page, test } from '@playwright/test';
import { dialogViolations, shootBothWidths, signIn } from './support';

const dialog = (page: Page) => page.getByRole('dialog');

async function saveParams(page: Page) {
  await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
  await expect(page.getByText('Parametry zostały zaktualizowane')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
}

test.describe('cargo params', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('add a variant and give it a parameter', async ({ page }) => {
    const name = `Kukurydza testowa ${Date.now() % 100_000}`;
    await page.goto('/cargo-params');
    await page.getByRole('tab', { name: 'Kukurydza' }).click();
    await expect(page).toHaveURL(/rawMaterialId=2/);
    await page.getByRole('button', { name: 'Dodaj wariant' }).click();
    await expect(dialog(page)).toContainText('Nowy wariant surowca: Kukurydza');
    // Adding without a name marks the field.
    await dialog(page).getByRole('button', { name: 'Dodaj wariant' }).click();
    await expect(dialog(page).getByText('Pole jest wymagane')).toBeVisible();
    expect(await dialogViolations(page)).toEqual([]);
    await dialog(page).getByLabel('Nazwa wariantu').fill(name);
    await dialog(page).getByRole('button', { name: 'Dodaj wariant' }).click();
    await expect(page.getByText('Wariant został dodany')).toBeVisible();

    const qualities = page.getByRole('navigation', { name: 'Jakości' });
    await expect(qualities.getByRole('button', { name: new RegExp(name) })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('heading', { name: `Parametry: ${name}` })).toBeVisible();
    await expect(page.getByText('Brak parametrów. Dodaj pierwszy parametr.')).toBeVisible();

    await page.getByRole('button', { name: 'Dodaj parametr' }).click();
    await page.getByRole('combobox', { name: 'Nazwa 1' }).fill('Wilgotność');
    await page.getByLabel('Jednostka: Wilgotność').fill('%');
    await page.getByLabel('Wartość: Wilgotność').fill('14,5');
    await saveParams(page);

    await page.reload();
    await expect(page.getByLabel('Wartość: Wilgotność')).toHaveValue('14,5');
    await expect(page.getByLabel('Jednostka: Wilgotność')).toHaveValue('%');
  });

  test('edit a parameter value of a seeded quality', async ({ page }) => {
    await page.goto('/cargo-params?rawMaterialId=1');
    await page.getByRole('button', { name: 'Pszenica paszowa' }).click();
    await expect(page.getByRole('heading', { name: 'Parametry: Pszenica paszowa' })).toBeVisible();
    const protein = page.getByLabel('Wartość: Białko');
    await expect(protein).toHaveValue('10,5');
    await protein.fill('11');
    await saveParams(page);

    await page.reload();
    await expect(page.getByLabel('Wartość: Białko')).toHaveValue('11');
  });

  test('set a raw material’s transit tolerance, kept after a reload', async ({ page }) => {
    await page.goto('/cargo-params?rawMaterialId=2');
    const tolerance = page.getByLabel('Tolerancja ubytku w transporcie');
    await expect(tolerance).toHaveValue(/^\d/);
    await tolerance.fill('0,75');
    await page.getByRole('button', { name: 'Zapisz tolerancję' }).click();
    await expect(page.getByText('Tolerancja ubytku została zapisana')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Zapisz tolerancję' })).toBeDisabled();
    await shootBothWidths(page, '.screens/cargo', 'transit-tolerance');

    await page.reload();
    await expect(page.getByLabel('Tolerancja ubytku w transporcie')).toHaveValue('0,75');
  });
});
