import { expect, test } from '@playwright/test';
import {
  ADMIN,
  apiAs,
  createActiveUser,
  dialogViolations,
  latestMailTo,
  signIn,
  USER_PASSWORD,
  uniqueEmail,
} from './support';

const SHOTS = '../../.screens';

test.describe('sign-in', () => {
  test('a wrong password is refused, the right one opens the positions page', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByLabel('Hasło').fill('Wrong-password1!');
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await expect(page.getByRole('alert')).toContainText('Nieprawidłowy e-mail lub hasło');
    await page.getByLabel('Hasło').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await expect(page).toHaveURL(/\/positions$/);
    await expect(page.getByTestId('user-block')).toContainText(ADMIN.email);
  });

  test('validates the form on blur before calling the server', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByLabel('E-mail').blur();
    await expect(page.getByText('Podaj poprawny adres e-mail')).toBeVisible();
  });

  test('a guest on a protected route goes to login, an unknown path too', async ({ page }) => {
    await page.goto('/contractor-list');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('sign-out asks for confirmation and returns to login', async ({ page }) => {
    await signIn(page);
    await page.goto('/positions');
    await page.getByTestId('user-block').click();
    await page.getByRole('menuitem', { name: 'Wyloguj' }).click();
    await expect(page.getByText('Czy na pewno chcesz się wylogować?')).toBeVisible();
    expect(await dialogViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Wyloguj' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const stored = await page.evaluate(() => localStorage.getItem('grain.accessToken'));
    expect(stored).toBeNull();
  });
});

test('a new account must change its password before anything else loads', async ({ page }) => {
  const admin = await apiAs();
  const email = uniqueEmail('fresh');
  const response = await admin.post('/api/profile/create', {
    data: { email, first_name: 'Ewa', last_name: 'Nowak', role: 'USER', password: 'Start123!x' },
  });
  expect(response.status()).toBe(200);

  const countryCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/dictionary/country-list')) countryCalls.push(request.url());
  });
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Hasło').fill('Start123!x');
  await page.getByRole('button', { name: 'Zaloguj' }).click();
  await expect(page.getByRole('heading', { name: 'Zmień hasło' })).toBeVisible();
  expect(countryCalls).toHaveLength(0);

  await page.getByLabel('Obecne hasło').fill('Start123!x');
  await page.getByLabel('Nowe hasło').fill('Better123!x');
  await page.getByLabel('Powtórz hasło').fill('Better123!x');
  await page.getByRole('button', { name: 'Zmień hasło' }).click();
  await expect(page.getByText('Hasło zostało zmienione')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kontrahenci' })).toBeVisible();
  await expect.poll(() => countryCalls.length).toBeGreaterThan(0);
});

test('the forced change refuses the same password again and a common one, each under the new-password field', async ({
  page,
}) => {
  const admin = await apiAs();
  const email = uniqueEmail('fresh');
  const first = 'Poczatek-Pracy7!';
  const created = await admin.post('/api/profile/create', {
    data: { email, first_name: 'Ola', last_name: 'Lis', role: 'USER', password: first },
  });
  expect(created.status()).toBe(200);
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Hasło').fill(first);
  await page.getByRole('button', { name: 'Zaloguj' }).click();
  await expect(page.getByRole('heading', { name: 'Zmień hasło' })).toBeVisible();

  const newPassword = page.getByLabel('Nowe hasło');
  const change = async (value: string) => {
    await page.getByLabel('Obecne hasło').fill(first);
    await newPassword.fill(value);
    await page.getByLabel('Powtórz hasło').fill(value);
    await page.getByRole('button', { name: 'Zmień hasło' }).click();
  };
  // The same password: the shared form schema says so before any call.
  await change(first);
  await expect(newPassword).toHaveAccessibleDescription('Nowe hasło musi być inne niż obecne');
  // The README's default: the server's common-password list refuses it on the field.
  await change('Admin123!');
  const common = 'To hasło jest zbyt popularne (jest na liście często używanych haseł). Wybierz inne';
  await expect(newPassword).toHaveAccessibleDescription(common);
  await expect(newPassword).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/forced-change-common-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/forced-change-common-390.png`, fullPage: true });

  await change('Wlasne-Haslo-Oli8!');
  await expect(page.getByText('Hasło zostało zmienione')).toBeVisible();
});

test('the whole password reset flow, with the code from the e-mail', async ({ page }) => {
  const user = await createActiveUser('USER');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Nie pamiętasz hasła?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Wyślij kod' }).click();
  await expect(page.getByRole('button', { name: /Wyślij ponownie \(\d+ s\)/ })).toBeDisabled();

  const mail = await latestMailTo(user.email);
  const code = /kod do zmiany hasła: ([A-Z0-9]{6})/.exec(mail)?.[1];
  expect(code).toHaveLength(6);

  await page.getByLabel('Kod weryfikacyjny').fill('ZZZZZZ');
  await page.getByRole('button', { name: 'Sprawdź kod' }).click();
  await expect(page.getByText('Kod jest nieprawidłowy lub wygasł')).toBeVisible();
  await page.getByLabel('Kod weryfikacyjny').fill(code!);
  await page.getByRole('button', { name: 'Sprawdź kod' }).click();

  await page.getByLabel('Nowe hasło').fill('Reset123!x');
  await page.getByLabel('Powtórz hasło').fill('Reset123!y');
  await page.getByLabel('Powtórz hasło').blur();
  await expect(page.getByText('Hasła muszą być takie same')).toBeVisible();
  await page.getByLabel('Powtórz hasło').fill('Reset123!x');
  await page.getByRole('button', { name: 'Ustaw hasło' }).click();
  await expect(page.getByText('Hasło zostało zmienione. Możesz się zalogować.')).toBeVisible();
  await page.getByRole('link', { name: 'Wróć do logowania' }).first().click();

  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Hasło').fill('Reset123!x');
  await page.getByRole('button', { name: 'Zaloguj' }).click();
  await expect(page).toHaveURL(/\/positions$/);
});

test('a USER opening /users sees the forbidden notice inside the app, at the same address', async ({ page }) => {
  const user = await createActiveUser('USER');
  await signIn(page, user.email, USER_PASSWORD);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Brak dostępu' })).toBeVisible();
  await page.goto('/positions');
  await expect(page.getByRole('link', { name: 'Użytkownicy' })).toHaveCount(0);
});

test.describe('phone layout', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the burger opens the menu and a link closes it', async ({ page }) => {
    await signIn(page);
    await page.goto('/positions');
    const menuLink = page.getByRole('link', { name: 'Kontrahenci' });
    await expect(menuLink).not.toBeInViewport();
    await page.getByRole('button', { name: 'Otwórz menu' }).click();
    await expect(menuLink).toBeInViewport();
    await menuLink.click();
    await expect(page).toHaveURL(/\/contractor-list$/);
    await expect(menuLink).not.toBeInViewport();
  });
});
