import { expect, type Page, test } from '@playwright/test';
import { dialogViolations, settledAxeViolations, signIn, toastsSettled } from './support';

/**
 * spec/1 section 2, /sandbox: the component showcase is reachable without login, asks the server for nothing, is
 * loaded only when opened, and holds WCAG 2.1 AA (axe: 0 violations) at 1440 and 390 px, its dialogs and toasts too.
 */

const WIDTHS = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;

function watch(page: Page) {
  const errors: string[] = [];
  const apiCalls: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
  });
  return { errors, apiCalls };
}

async function axeViolations(page: Page): Promise<string[]> {
  return (await settledAxeViolations(page)).flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} ${node.html.slice(0, 160)}`),
  );
}

test.describe('the component showcase', () => {
  test('is reachable logged out, without a call to the server', async ({ page }) => {
    const { errors, apiCalls } = watch(page);
    await page.goto('/sandbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Przegląd komponentów' })).toBeVisible();
    await expect(page).toHaveURL(/\/sandbox$/);
    for (const section of ['Pola formularzy', 'Statusy', 'Tabela danych', 'Panel filtrów', 'Okna dialogowe']) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    // Every status badge of spec/1 section 4.
    const badges = page.locator('#badges');
    for (const text of ['Następny sezon', 'Do podpisu', 'Zwrot do klienta', 'Rozliczona']) {
      await expect(badges.getByText(text, { exact: true })).toBeVisible();
    }
    await page.waitForLoadState('networkidle');
    expect(apiCalls).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('is reachable signed in as well, without leaving for the app', async ({ page }) => {
    await signIn(page);
    await page.goto('/sandbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Przegląd komponentów' })).toBeVisible();
    await expect(page).toHaveURL(/\/sandbox$/);
  });

  test('costs the other pages nothing: its code loads only when it is opened', async ({ page }) => {
    const assets: string[] = [];
    page.on('request', (request) => assets.push(new URL(request.url()).pathname));
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Zaloguj', exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(assets.filter((path) => path.includes('sandbox'))).toEqual([]);
    await page.goto('/sandbox');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(assets.some((path) => /\/assets\/sandbox-page-.*\.js$/.test(path))).toBe(true);
  });

  for (const { name, width, height } of WIDTHS) {
    test(`has 0 axe violations at ${name} px, one h1, and its dialogs and toasts hold too`, async ({ page }) => {
      const { errors } = watch(page);
      await page.setViewportSize({ width, height });
      await page.goto('/sandbox');
      await page.waitForLoadState('networkidle');
      await expect(page.locator('h1')).toHaveCount(1);
      // Below 48em every list is a list of cards.
      await expect(page.locator('#tables [data-testid="row-cards"]')).toHaveCount(width < 768 ? 2 : 0);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Formularz w oknie' }).click();
      const form = page.getByRole('dialog', { name: 'Nowy kontakt' });
      await form.getByRole('button', { name: 'Zapisz' }).click();
      await expect(form.getByText('Podaj nazwisko lub nazwę firmy')).toBeVisible();
      expect(await dialogViolations(page)).toEqual([]);
      await form.getByRole('button', { name: 'Anuluj' }).click();
      await expect(form).toHaveCount(0);

      await page.getByRole('button', { name: 'Zmiana statusu (blokada 600 ms)' }).click();
      const status = page.getByRole('dialog', { name: 'Zmiana statusu transportu' });
      await expect(status.getByRole('button', { name: 'Zwrot do klienta' })).not.toHaveAttribute('aria-disabled');
      expect(await dialogViolations(page)).toEqual([]);
      await status.getByRole('button', { name: 'Zwrot do klienta' }).click();
      await expect(page.getByTestId('sandbox-dialog-answer')).toHaveText('Odpowiedź: potwierdzono');

      for (const kind of ['Sukces', 'Błąd', 'Ostrzeżenie']) {
        await page.getByRole('button', { name: `Pokaż: ${kind}` }).click();
      }
      await expect(page.locator('.mantine-Notifications-root').getByText('Ostrzeżenie')).toBeVisible();
      await toastsSettled(page);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.screenshot({ path: `../../.screens/sandbox-${name}.png`, fullPage: true });
    });
  }
});
