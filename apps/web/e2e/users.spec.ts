import { expect, test } from '@playwright/test';
import { apiAs, signIn, uniqueEmail } from './support';

test.describe('users', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('create a user through the form, then find and edit it', async ({ page }) => {
    const email = uniqueEmail('anna');
    await page.goto('/users');
    await page.getByRole('link', { name: 'Dodaj użytkownika' }).click();
    await expect(page).toHaveURL(/\/user\/create$/);
    const save = page.getByRole('button', { name: 'Dodaj użytkownika' });

    await page.getByLabel('Imię').fill('Anna');
    await page.getByLabel('Nazwisko').fill('Zielińska');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel(/^Hasło/).fill('weak');
    await page.getByLabel(/^Hasło/).blur();
    await expect(page.getByText('Hasło musi mieć co najmniej 8 znaków')).toBeVisible();
    await page.getByLabel(/^Hasło/).fill('Strong123!x');
    await page.getByLabel('Powtórz hasło').fill('Strong123!x');
    await page.getByLabel('Lista mailingowa kontraktów zakupu').check();
    await save.click();
    await expect(page.getByText('Użytkownik został utworzony')).toBeVisible();
    await expect(page).toHaveURL(/\/users/);

    await page.getByLabel('Szukaj').fill('Zielińska');
    await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();
    await expect(page.getByTestId('result-count')).toHaveText('Wyniki: 1');
    await expect(page).toHaveURL(/search=Zieli/);

    await page.getByRole('link', { name: `Edytuj ${email}` }).click();
    await expect(page).toHaveURL(/\/users\/form\/\d+$/);
    const saveChanges = page.getByRole('button', { name: 'Zapisz zmiany' });
    await page.getByLabel('Imię').fill('Anita');
    await page.getByLabel('Aktywny').uncheck();
    await saveChanges.click();
    await expect(page.getByText('Zmiany użytkownika zostały zapisane')).toBeVisible();
    await page.getByLabel('Szukaj').fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Anita');
    await expect(row).toContainText('Nieaktywny');
  });

  test('sort by last name and page through the list', async ({ page }) => {
    const admin = await apiAs();
    const tag = `Sortowanie${Date.now() % 100000}`;
    for (const lastName of [
      'Cichy',
      'Adamski',
      'Bielak',
      'Dudek',
      'Ekiert',
      'Fijał',
      'Gajos',
      'Hoża',
      'Iwicki',
      'Jasny',
      'Kos',
    ]) {
      const response = await admin.post('/api/profile/create', {
        data: {
          email: uniqueEmail('sortowanie'),
          first_name: tag,
          last_name: lastName,
          role: 'USER',
          password: 'Strong123!x',
        },
      });
      expect(response.status()).toBe(200);
    }
    await page.goto(`/users?search=${tag}`);
    await expect(page.getByTestId('result-count')).toHaveText('Wyniki: 11');
    await expect(page.getByTestId('page-indicator')).toHaveText('Strona 1 z 2');

    await page.getByRole('button', { name: 'Nazwisko' }).click();
    await expect(page).toHaveURL(/order_by=last_name%3Aasc/);
    await expect(page.getByRole('row').nth(1)).toContainText('Adamski');
    await page.getByRole('button', { name: 'Nazwisko' }).click();
    await expect(page).toHaveURL(/order_by=last_name%3Adesc/);
    await expect(page.getByRole('row').nth(1)).toContainText('Kos');

    await page.getByRole('button', { name: 'Następna strona' }).click();
    await expect(page.getByTestId('page-indicator')).toHaveText('Strona 2 z 2');
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('row').nth(1)).toContainText('Adamski');

    await page.getByRole('combobox', { name: 'Na stronie' }).click();
    await page.getByRole('option', { name: '25' }).click();
    await expect(page.getByTestId('page-indicator')).toHaveText('Strona 1 z 1');
    await expect(page).toHaveURL(/offset=0/);
  });
});
