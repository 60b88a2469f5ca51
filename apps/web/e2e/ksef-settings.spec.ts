import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiAs, shootBothWidths, signIn } from './support';

/**
 * The KSeF section of company settings (ADMIN; RULES.md Invoices, VAT and KSeF): environment, context NIP and the
 * token, which is never shown back, only "ustawiony" / "nie ustawiony", and can be removed. The server of the e2e
 * run has SECRETS_KEY and KSEF_ALLOW_CUSTOM_URL (playwright.config.ts); the address points nowhere reachable, and the
 * settings are switched off again afterwards so other specs issue invoices without KSeF.
 */
const SHOTS = '../../.screens';
const TOKEN = 'e2e-ksef-token-0123456789abcdef';
let api: APIRequestContext;

const shoot = (page: Page, name: string) => shootBothWidths(page, SHOTS, `ksef-settings-${name}`);

test.describe
  .serial('KSeF in company settings', () => {
    test.beforeAll(async () => {
      api = await apiAs();
      const company = await api.get('/api/settings/company');
      const current = await company.json();
      const saved = await api.put('/api/settings/company', {
        data: {
          name: current.name || 'Zbożex Handel Zbożem sp. z o.o.',
          city: current.city || 'Poznań',
          nip: current.nip || '5260250274',
        },
      });
      expect(saved.status()).toBe(200);
    });

    test.afterAll(async () => {
      const company = await (await api.get('/api/settings/company')).json();
      await api.put('/api/settings/company', {
        data: {
          name: company.name,
          city: company.city,
          nip: company.nip,
          ksef_environment: null,
          ksef_token_clear: true,
          ksef_custom_url: '',
        },
      });
      await api.dispose();
    });

    test.beforeEach(async ({ page }) => {
      await signIn(page);
    });

    test('an ADMIN chooses the environment and saves a token; it is never shown back, then removed', async ({
      page,
    }) => {
      await page.goto('/settings/company');
      await expect(page.getByText('Token nie ustawiony')).toBeVisible();
      await page.getByRole('combobox', { name: 'Środowisko KSeF' }).click();
      await page.getByRole('option', { name: 'Testowe' }).click();
      await page.getByLabel('Własny adres API KSeF').fill('http://127.0.0.1:9/v2');
      await page.getByLabel('Token KSeF').fill(TOKEN);
      await expect(page.getByText('Nowy token zostanie zapisany')).toBeVisible();
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/settings/company'));
      await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
      const body = await (await answer).text();
      expect(body).not.toContain(TOKEN);
      expect(JSON.parse(body)).toMatchObject({ ksef_environment: 'TEST', ksef_token_set: true });
      await expect(page.getByTestId('ksef-token-state')).toHaveText('Token ustawiony');
      await expect(page.getByLabel('Token KSeF')).toHaveValue('');

      await page.reload();
      await expect(page.getByTestId('ksef-token-state')).toHaveText('Token ustawiony');
      await expect(page.getByRole('combobox', { name: 'Środowisko KSeF' })).toHaveValue('Testowe');
      expect(await page.content()).not.toContain(TOKEN);
      await shoot(page, 'token-set');

      await page.getByRole('button', { name: 'Usuń token' }).click();
      await expect(page.getByTestId('ksef-token-state')).toHaveText('Token zostanie usunięty po zapisaniu');
      await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
      await expect(page.getByTestId('ksef-token-state')).toHaveText('Token nie ustawiony');
      expect((await (await api.get('/api/settings/company')).json()).ksef_token_set).toBe(false);
    });
  });
