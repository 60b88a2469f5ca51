import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { type LogisticsSeed, seedLogistics, seedTransport } from './logistics-seed';
import { apiAs, dialogViolations, signIn } from './support';

/**
 * No truck in two places: editing a transport onto a truck already on the way at the same time shows the
 * other transport (id and route) before save, and saving asks for the double booking note in the same form. A
 * redirect whose new unloading date reaches the truck's next transport warns and asks the same way.
 */

const tag = `V${Date.now() % 100_000}`;
const SCREENS = '../../.screens';
const CLASH_NOTE = 'Rozładunek rano, załadunek następnego kursu po południu';
/** The next transport of a truck on the way 2–4 April (seedTransport's dates). */
const NEXT_DATES = { date_loading: '2026-04-06', date_unloading: '2026-04-08' };

let api: APIRequestContext;
let seed: LogisticsSeed;
let busyId = 0;
let freeId = 0;

async function openRedirect(page: Page, id: number) {
  await page.goto(`/logistics/all?search=${tag}`);
  await page.getByRole('button', { name: `Przekieruj transport #${id}`, exact: true }).click();
  const modal = page.getByRole('dialog', { name: `Przekierowanie transportu #${id}` });
  await modal.getByLabel('Nowy kontrakt sprzedaży').fill(seed.otherSaleNumber);
  await modal.getByRole('radio', { name: new RegExp(seed.otherSaleNumber) }).click();
  return modal;
}

/** Types the dialog's unloading date and answers the vehicle-clashes call the dialog made for that date. */
async function typeUnloadingDate(page: Page, modal: Locator, display: string, iso: string) {
  const asked = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/transport/vehicle-clashes' && url.searchParams.get('date_unloading') === iso;
  });
  await modal.getByLabel('Data rozładunku').fill(display);
  return ((await (await asked).json()) as { list: { id: number }[] }).list.map((clash) => clash.id);
}

/** Clicks the summary's redirect button and answers the reallocate call it made. */
async function redirect(page: Page, modal: Locator) {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/transport/reallocate');
  await modal.getByRole('button', { name: 'Przekieruj transport' }).click();
  return answer;
}

test.describe
  .serial('no truck in two places', () => {
    test.afterAll(async () => {
      await api.dispose();
    });

    test.beforeAll(async () => {
      api = await apiAs();
      seed = await seedLogistics(api, tag);
      busyId = (
        await seedTransport(api, seed, {
          onTheWay: true,
          extra: { registration_number: `KR ${tag}`, driver_document_id: `D${tag}` },
        })
      ).id;
      freeId = (await seedTransport(api, seed)).id;
    });

    test('warns with the other transport and route, and saves only with the note', async ({ page }) => {
      await signIn(page);
      await page.goto(`/logistics/all?search=${tag}`);
      await page.getByRole('button', { name: `Edytuj transport #${freeId}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edycja transportu #${freeId}` });
      // Typed differently: compared upper case, without spaces and hyphens.
      await dialog.getByLabel('Numer rejestracyjny').fill(`kr-${tag.toLowerCase()}`);
      const warning = dialog.getByTestId('vehicle-clash');
      await expect(warning).toContainText(`Transport #${busyId}`);
      // The route, the parties by name (not bare codes), the contracts and the other transport's plate.
      await expect(warning).toContainText(
        `Kutno → Kutno: Gospodarstwo Rolne ${tag} → Młyn Zbożowy ${tag} Sp. z o.o. (${seed.purchaseNumber} → ${seed.saleNumber}), pojazd KR ${tag}`,
      );
      await expect(warning).toContainText('ten sam numer rejestracyjny');
      // The warning itself at both widths, for a person to look at.
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await warning.scrollIntoViewIfNeeded();
        await warning.screenshot({ path: `${SCREENS}/vehicle-clash-warning-${width}.png` });
      }
      await page.setViewportSize({ width: 1440, height: 1100 });
      await page.screenshot({ path: `${SCREENS}/vehicle-clash-desktop.png` });
      expect(await dialogViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: 'Zapisz zmiany' }).click();
      const note = dialog.getByLabel('Uzasadnienie podwójnego planu pojazdu');
      await expect(note).toBeFocused();
      await expect(dialog.getByText('Pole jest wymagane')).toBeVisible();
      expect(await dialogViolations(page)).toEqual([]);
      await note.fill('Krótki kurs rano, drugi po południu');
      await dialog.getByRole('button', { name: 'Zapisz zmiany' }).click();
      await expect(page.getByText('Zmiany transportu zostały zapisane')).toBeVisible();
      await expect(dialog).toHaveCount(0);
    });

    test('shows the warning on a phone as well', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page);
      await page.goto(`/logistics/all?search=${tag}`);
      // A card's main button follows the status (a new transport: "W drogę"); editing is in its menu.
      await page
        .getByRole('button', { name: `Więcej akcji #${busyId}`, exact: true })
        .first()
        .click();
      await page.getByRole('menuitem', { name: `Edytuj transport #${busyId}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edycja transportu #${busyId}` });
      // The other one now has the same truck: editing this one warns of it too.
      const warning = dialog.getByTestId('vehicle-clash');
      await expect(warning).toContainText(`Transport #${freeId}`);
      await warning.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENS}/vehicle-clash-phone.png` });
      expect(await dialogViolations(page)).toEqual([]);
    });

    test("a redirect to a later unloading date warns of the truck's next transport and saves with the note", async ({
      page,
    }) => {
      const truck = { registration_number: `KL ${tag}` };
      const id = (await seedTransport(api, seed, { onTheWay: true, extra: truck })).id;
      const nextId = (await seedTransport(api, seed, { extra: { ...truck, ...NEXT_DATES } })).id;
      await signIn(page);
      const modal = await openRedirect(page, id);
      // Asked with the transport's truck, its loading date and the dialog's new unloading date.
      expect(await typeUnloadingDate(page, modal, '06.04.2026', '2026-04-06')).toEqual([nextId]);
      const warning = modal.getByTestId('vehicle-clash');
      await expect(warning).toContainText(`Transport #${nextId}`);
      await expect(warning).toContainText('ten sam numer rejestracyjny');
      await modal.getByRole('button', { name: 'Zobacz podsumowanie' }).click();
      const note = modal.getByLabel('Uzasadnienie podwójnego planu pojazdu');
      await expect(note).toBeFocused();
      await expect(modal.getByText('Pole jest wymagane')).toBeVisible();
      await page.setViewportSize({ width: 1440, height: 1000 });
      await page.screenshot({ path: `${SCREENS}/redirect-clash-desktop.png` });
      expect(await dialogViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await warning.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENS}/redirect-clash-phone.png` });
      expect(await dialogViolations(page)).toEqual([]);
      await note.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENS}/redirect-clash-phone-note.png` });
      await page.setViewportSize({ width: 1440, height: 900 });

      await note.fill(CLASH_NOTE);
      await modal.getByRole('button', { name: 'Zobacz podsumowanie' }).click();
      // The summary, where the redirect is saved, warns again and shows the note.
      await expect(modal.getByTestId('vehicle-clash')).toContainText(`Transport #${nextId}`);
      await expect(modal.getByTestId('redirect-review')).toContainText(CLASH_NOTE);
      await page.screenshot({ path: `${SCREENS}/redirect-clash-summary.png` });
      expect(await dialogViolations(page)).toEqual([]);
      const saved = await redirect(page, modal);
      expect(await saved.json()).toMatchObject({ date_unloading: '2026-04-06', double_booking_note: CLASH_NOTE });
      await expect(page.getByText('Transport został przekierowany')).toBeVisible();
    });

    test("a redirect refused for a driver planned meanwhile shows the server's message on the note field", async ({
      page,
    }) => {
      const driver = `DK${tag}`;
      const id = (await seedTransport(api, seed, { onTheWay: true, extra: { driver_document_id: driver } })).id;
      await signIn(page);
      const modal = await openRedirect(page, id);
      expect(await typeUnloadingDate(page, modal, '07.04.2026', '2026-04-07')).toEqual([]);
      await modal.getByRole('button', { name: 'Zobacz podsumowanie' }).click();
      await expect(modal.getByTestId('redirect-review')).toBeVisible();
      // Someone else plans the same driver from 6 April while the summary is open.
      const otherId = (await seedTransport(api, seed, { extra: { driver_document_id: driver, ...NEXT_DATES } })).id;
      expect((await redirect(page, modal)).status()).toBe(409);
      await expect(
        modal.getByText('Pojazd lub kierowca ma w tym czasie inny transport — wymagane uzasadnienie'),
      ).toBeVisible();
      // The dialog asks again and names the other transport.
      await expect(modal.getByTestId('vehicle-clash')).toContainText(`Transport #${otherId}`);
      await expect(modal.getByTestId('vehicle-clash')).toContainText('ten sam dokument kierowcy');
      await modal.getByLabel('Uzasadnienie podwójnego planu pojazdu').fill(CLASH_NOTE);
      await modal.getByRole('button', { name: 'Zobacz podsumowanie' }).click();
      expect(await (await redirect(page, modal)).json()).toMatchObject({ double_booking_note: CLASH_NOTE });
      await expect(page.getByText('Transport został przekierowany')).toBeVisible();
    });
  });
