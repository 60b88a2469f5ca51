import { readFileSync } from 'node:fs';
import { nipFromSerial } from '@grain/shared';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type LogisticsSeed, ok, seedLogistics, seedTransport } from './logistics-seed';
import { apiAs, dialogViolations, dialogViolationsAtBothWidths, signIn } from './support';

/**
 * Company settings (ADMIN) and the transport order of a transport: download the PDF from the edit
 * dialog and send it to the carrier, which leaves a "wysłano" mark. Seeded through the API.
 */

const tag = String((Date.now() % 100_000) + 17);
const CARRIER_EMAIL = `spedycja.${tag}@przewoznik.pl`;
const SCREENS = '../../.screens';

let api: APIRequestContext;
let seed: LogisticsSeed;
let transportId = 0;

const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name });

test.describe
  .serial('transport order', () => {
    test.beforeAll(async () => {
      api = await apiAs();
      seed = await seedLogistics(api, tag);
      const carrier = await ok<{ result: { id: number } }>(
        await api.post('/api/dictionary/contractor/create', {
          data: {
            code: `PRZE${tag}`,
            name: `Spedycja Źródłowa ${tag}`,
            nip: nipFromSerial(80_000_000 + Number(tag)),
            accounting_method: 'VAT',
            email: CARRIER_EMAIL,
          },
        }),
      );
      const transport = await seedTransport(api, seed, { withDriver: true, extra: { carrier_id: carrier.result.id } });
      transportId = transport.id;
    });

    test.afterAll(async () => {
      await api.dispose();
    });

    test.beforeEach(async ({ page }) => {
      await signIn(page);
    });

    test('an ADMIN fills in the company settings; a wrong NIP check digit is refused in the form', async ({ page }) => {
      await page.goto('/settings/company');
      await expect(page.getByRole('heading', { name: 'Ustawienia firmy' })).toBeVisible();
      const save = page.getByRole('button', { name: 'Zapisz zmiany' });
      await page.getByLabel('Nazwa firmy').fill('Zbożex Handel Zbożem sp. z o.o.');
      await page.getByLabel('Ulica i numer').fill('ul. Żytnia 7');
      await page.getByLabel('Kod pocztowy').fill('61-001');
      await page.getByLabel('Miejscowość').fill('Poznań');
      await page.getByLabel(/^NIP( \*)?$/).fill('1234567890');
      await page.getByLabel(/^NIP( \*)?$/).blur();
      await expect(page.getByText(/Nieprawidłowy NIP: cyfra kontrolna/)).toBeVisible();
      await page.getByLabel(/^NIP( \*)?$/).fill('526-025-02-74');
      await page.getByLabel('E-mail').fill('biuro@zbozex.pl');
      await page.screenshot({ path: `${SCREENS}/company-settings-desktop.png`, fullPage: true });
      await save.click();
      await expect(page.getByText('Zapisano dane firmy')).toBeVisible();

      await page.reload();
      await expect(page.getByLabel(/^NIP( \*)?$/)).toHaveValue('5260250274');
      await expect(page.getByLabel('Miejscowość')).toHaveValue('Poznań');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SCREENS}/company-settings-phone.png`, fullPage: true });
    });

    test('downloads the order PDF from the edit dialog, sends it to the carrier and shows when it went', async ({
      page,
    }) => {
      await page.goto(`/logistics/all?search=${encodeURIComponent(`Spedycja Źródłowa ${tag}`)}`);
      await page.getByRole('button', { name: `Edytuj transport #${transportId}` }).click();
      const dialog = dialogNamed(page, `Edycja transportu #${transportId}`);
      const panel = dialog.getByTestId('transport-order-panel');
      const number = `ZT/${new Date().getFullYear()}/${String(transportId).padStart(4, '0')}`;
      await expect(panel).toContainText(`Zlecenie transportowe Nr ${number}`);
      expect(await dialogViolations(page)).toEqual([]);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByRole('button', { name: 'Pobierz zlecenie (PDF)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`zlecenie-transportowe-${number.replaceAll('/', '-')}.pdf`);
      const bytes = readFileSync((await download.path())!);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

      await panel.getByRole('button', { name: 'Wyślij do przewoźnika' }).click();
      const confirm = dialogNamed(page, 'Wysłać zlecenie do przewoźnika?');
      await expect(confirm).toContainText(CARRIER_EMAIL);
      expect(await dialogViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: 'Potwierdź' }).click();
      await expect(panel.getByTestId('transport-order-sent')).toContainText(`do ${CARRIER_EMAIL}`);
      await expect(panel.getByRole('button', { name: 'Wyślij ponownie' })).toBeVisible();
      expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });
      await page.screenshot({ path: `${SCREENS}/transport-order-desktop.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SCREENS}/transport-order-phone.png` });

      const info = await ok<{ sends: { recipient: string }[] }>(
        await api.get(`/api/transport/order-info/${transportId}`),
      );
      expect(info.sends.map((send) => send.recipient)).toEqual([CARRIER_EMAIL]);
    });
  });
