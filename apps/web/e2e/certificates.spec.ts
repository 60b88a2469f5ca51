import { nipFromSerial } from '@grain/shared';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type LogisticsSeed, ok, seedLogistics, seedTransport } from './logistics-seed';
import { apiAs, browserDayIso, dialogViolations, signIn } from './support';

/**
 * Certificates edited in the contractor form, the list's "wygasa za N dni" / "wygasł" badge, and the
 * transport form's warning when the carrier's GMP+ certificate does not cover a GMP sale's transport.
 */

const tag = String((Date.now() % 100_000) + 1700);
const SCREENS = '../../.screens';
const region = (page: Page, name: string) => page.getByRole('region', { name });

let api: APIRequestContext;
let seed: LogisticsSeed;
let contractorId = 0;
let transportId = 0;

/** Days from today on the browser's calendar, YYYY-MM-DD. */
const isoInDays = (days: number) => browserDayIso(days);

test.describe
  .serial('certificates', () => {
    test.beforeAll(async () => {
      api = await apiAs();
      seed = await seedLogistics(api, tag);
      const created = await ok<{ result: { id: number } }>(
        await api.post('/api/dictionary/contractor/create', {
          data: {
            code: `CERT${tag}`,
            name: `Przewozy Certyfikowane ${tag}`,
            nip: nipFromSerial(70_000_000 + Number(tag)),
            accounting_method: 'VAT',
            certificates: [
              { kind: 'GMP_PLUS', number: `GMP-${tag}`, valid_from: '2024-01-01', valid_to: '2026-03-31' },
            ],
          },
        }),
      );
      contractorId = created.result.id;
      const transport = await seedTransport(api, seed, {
        salesId: seed.gmpSaleId,
        extra: {
          carrier_id: contractorId,
          is_gmp: true,
          gmp_number: `GMP-${tag}`,
          confirmation_note: 'Certyfikat przewoźnika w odnowieniu',
        },
      });
      transportId = transport.id;
    });

    test.afterAll(async () => {
      await api.dispose();
    });

    test.beforeEach(async ({ page }) => {
      await signIn(page);
    });

    test('the list shows "wygasł"; a certificate added in the form shows "wygasa za 12 dni"', async ({ page }) => {
      await page.goto(`/contractor-list?search=CERT${tag}`);
      const row = page.getByRole('row').filter({ hasText: `CERT${tag}` });
      await expect(row.getByTestId('certificate-badge')).toHaveText('wygasł');

      await page.goto(`/contractor-list/form/${contractorId}`);
      const section = region(page, 'Certyfikaty');
      await expect(section.getByLabel('Numer certyfikatu')).toHaveValue(`GMP-${tag}`);
      await section.getByRole('button', { name: 'Usuń certyfikat 1' }).click();
      await section.getByRole('button', { name: 'Dodaj certyfikat' }).click();
      await section.getByLabel('Numer certyfikatu').fill(`QS-${tag}`);
      await section.getByRole('textbox', { name: 'Ważny do' }).fill(isoInDays(12).split('-').reverse().join('.'));
      await section.getByLabel('Zakres').fill('Transport zbóż i pasz');
      await section.getByRole('textbox', { name: 'Ważny do' }).blur();
      await expect(section.getByTestId('certificate-badge')).toHaveText('wygasa za 12 dni');
      await page.screenshot({ path: `${SCREENS}/contractor-certificates-desktop.png`, fullPage: true });
      await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
      await expect(page.getByText('Zmiany kontrahenta zostały zapisane')).toBeVisible();

      await page.goto(`/contractor-list?search=CERT${tag}`);
      await expect(row.getByTestId('certificate-badge')).toHaveText('wygasa za 12 dni');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SCREENS}/contractor-list-certificates-phone.png`, fullPage: true });
    });

    test('the transport form warns with the dates when the carrier GMP+ certificate does not cover it', async ({
      page,
    }) => {
      await api.put(`/api/dictionary/contractor/update/${contractorId}`, {
        data: {
          code: `CERT${tag}`,
          name: `Przewozy Certyfikowane ${tag}`,
          nip: nipFromSerial(70_000_000 + Number(tag)),
          accounting_method: 'VAT',
          certificates: [{ kind: 'GMP_PLUS', number: `GMP-${tag}`, valid_from: '2024-01-01', valid_to: '2026-03-31' }],
        },
      });
      await page.goto(`/logistics/all?search=${encodeURIComponent(`Przewozy Certyfikowane ${tag}`)}`);
      await page.getByRole('button', { name: `Edytuj transport #${transportId}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Edycja transportu #${transportId}` });
      const warning = dialog.getByTestId('carrier-certificate-warning');
      await expect(warning).toContainText('Certyfikat GMP+ przewoźnika nie obejmuje transportu');
      await expect(warning).toContainText(`GMP-${tag} ważny 01.01.2024–31.03.2026`);
      await expect(dialog.getByLabel('Uzasadnienie')).toHaveValue('Certyfikat przewoźnika w odnowieniu');
      expect(await dialogViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SCREENS}/transport-certificate-warning-desktop.png` });
    });
  });
