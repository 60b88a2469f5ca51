import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { deliverTransport, driverOf, type LogisticsSeed, ok, seedLogistics, seedTransport } from './logistics-seed';
import {
  apiAs,
  browserDayIso,
  clicksSoFar,
  dialogViolations,
  dialogViolationsAtBothWidths,
  showColumns,
  signIn,
  startCountingClicks,
} from './support';

/**
 * The logistics screen. One purchase allocated to a plain sale, a sale requiring GMP and a third
 * sale to redirect to; transports seeded through the API in the statuses each test needs.
 */

const tag = String(Date.now() % 100_000);
/** Screenshots of the transport history for a person to look at (1440 and 390 px). */
const SHOTS = process.env.E2E_SHOTS ?? '../../.screens/logistics';
const NOTE = 'Odbiorca zgodził się na transport bez GMP';
/** Clicks of the routine tasks (typed values aside): plan a transport from its pair, change a transport's status. */
const MAX_CLICKS_TO_PLAN = 3;
const MAX_CLICKS_TO_CHANGE_STATUS = 2;

let api: APIRequestContext;
let seed: LogisticsSeed;
const ids = {
  noDriver: 0,
  withDriver: 0,
  toRedirect: 0,
  toDeliver: 0,
  toDelete: 0,
  gmp: 0,
  delivered: 0,
  toOverDeliver: 0,
  toEurSale: 0,
};

const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name });
/** The delivered form's deductions: one field per side, its currency in the label, under the legend "Potrącenia". */
const deductionField = (modal: Locator, label: string) =>
  modal.getByRole('group', { name: 'Potrącenia' }).getByLabel(label, { exact: true });
const rowOf = (page: Page, id: number) =>
  page.getByRole('row').filter({ has: page.getByText(`#${id}`, { exact: true }) });

async function confirm(page: Page, title: string, button: string) {
  await dialogNamed(page, title).getByRole('button', { name: button }).click();
}

async function chooseStatus(page: Page, id: number, item: string) {
  await page.getByRole('button', { name: new RegExp(`zmień status transportu #${id}$`) }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The tag is in the carrier's name, which the search covers: only this run's transports show. */
async function openLogistics(page: Page, tab = 'all') {
  await page.goto(`/logistics/${tab}?search=${tag}`);
  await expect(page.getByTestId('result-count')).not.toHaveText('Wyniki: 0');
}

/** Screenshots with `part` in view at 1440 and 390 px (`<name>-1440.png`, `<name>-390.png`), back at 1440 after. */
async function shotsAtBothWidths(page: Page, part: Locator, name: string) {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await part.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Days from today on the browser's calendar, as the date fields take them (DD.MM.YYYY). */
const isoInDays = (days: number) => browserDayIso(days).split('-').reverse().join('.');

test.describe
  .serial('logistics', () => {
    test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

    test.beforeAll(async () => {
      api = await apiAs();
      seed = await seedLogistics(api, tag);
      ids.noDriver = (await seedTransport(api, seed)).id;
      ids.withDriver = (await seedTransport(api, seed, { withDriver: true })).id;
      ids.toRedirect = (await seedTransport(api, seed, { onTheWay: true })).id;
      ids.toDeliver = (await seedTransport(api, seed, { onTheWay: true })).id;
      ids.toDelete = (await seedTransport(api, seed)).id;
      ids.gmp = (await seedTransport(api, seed, { salesId: seed.gmpSaleId, extra: { confirmation_note: NOTE } })).id;
      ids.delivered = (await seedTransport(api, seed, { onTheWay: true })).id;
      ids.toOverDeliver = (await seedTransport(api, seed, { onTheWay: true, salesId: seed.overSaleId })).id;
      ids.toEurSale = (await seedTransport(api, seed, { onTheWay: true, salesId: seed.eurSaleId })).id;
      await deliverTransport(api, ids.delivered, seed.qualityId);
    });

    test.afterAll(async () => {
      await api.dispose();
    });

    test.beforeEach(async ({ page }) => {
      await signIn(page);
    });

    test('plans a transport from the allocations page, then shows and copies its summary', async ({ page }) => {
      await page.goto(`/allocations?search=${encodeURIComponent(seed.saleNumber)}`);
      await startCountingClicks(page);
      await page
        .getByRole('button', { name: `Dodaj transport: ${seed.purchaseNumber} → ${seed.saleNumber}`, exact: true })
        .click();
      const modal = dialogNamed(page, 'Nowy transport');
      await expect(modal.getByLabel('Ilość (t)')).toHaveValue('25');
      await expect(modal.getByLabel('Fracht za tonę')).toHaveValue('0');
      const submit = modal.getByRole('button', { name: 'Dodaj transport' });
      // The dialog shows its pair like the edit dialog does.
      // Both contractors by code and short name ("DOS1 · Gospodarstwo …").
      await expect(modal.getByTestId('transport-pair')).toContainText(
        new RegExp(`Zakup ${seed.purchaseNumber} \\(${seed.supplierCode} · [^)]+\\) → sprzedaż ${seed.saleNumber}`),
      );
      await expect(modal.getByTestId('transport-pair')).toContainText('Do odbioru na tej parze:');
      await expect(modal.getByTestId('transport-pair')).toContainText('Trasa');
      expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });

      await modal.getByRole('combobox', { name: 'Przewoźnik' }).fill(seed.carrierCode);
      await page.getByRole('option', { name: new RegExp(seed.carrierCode) }).click();
      // The carrier's last freight on this route (its seeded transports Kutno → Kutno, loading 02.04.2026).
      const price = modal.getByLabel('Fracht za tonę');
      await expect(price).toHaveValue('150');
      await expect(modal.getByText('ostatnia stawka z 02.04.2026')).toBeVisible();
      expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });
      await shotsAtBothWidths(page, price, 'freight-prefill');
      await modal.getByLabel('Ilość (t)').fill('24,5');
      // A typed price is the user's: the hint goes, nothing prefills over it.
      await price.fill('152,5');
      await expect(modal.getByText('ostatnia stawka z')).toHaveCount(0);
      // Another carrier (no transports) and back: the typed price stays.
      const carrier = modal.getByRole('combobox', { name: 'Przewoźnik' });
      await carrier.fill(seed.supplierCode);
      await page.getByRole('option', { name: new RegExp(seed.supplierCode) }).click();
      await carrier.fill(seed.carrierCode);
      await page.getByRole('option', { name: new RegExp(seed.carrierCode) }).click();
      await expect(price).toHaveValue('152,5');
      await expect(modal.getByText('ostatnia stawka z')).toHaveCount(0);
      await modal.getByLabel('Data rozładunku').fill(isoInDays(2));
      await modal.getByLabel('Komentarz').fill(`Plan ${tag}`);
      await submit.click();
      await expect(page.getByText('Transport został dodany')).toBeVisible();
      // Less the two options chosen above only to prove the typed price stays.
      const clicks = (await clicksSoFar(page)) - 2;
      console.log(`clicks to plan a transport from the allocations page: ${clicks}`);
      expect(clicks).toBeLessThanOrEqual(MAX_CLICKS_TO_PLAN);

      const summary = page.getByRole('dialog', { name: /Transport #\d+ został dodany/ });
      await expect(summary.getByTestId('transport-summary')).toContainText('24,500 t');
      await expect(summary.getByTestId('transport-summary')).toContainText(`Trans-Pol ${tag}`);
      await expect(summary.getByTestId('transport-order-panel')).toContainText('Zlecenie transportowe Nr');
      expect(await dialogViolations(page)).toEqual([]);
      await summary.getByRole('button', { name: 'Kopiuj do schowka' }).click();
      await expect(page.getByText('Skopiowano do schowka')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`Plan ${tag}`);
      await summary.getByRole('button', { name: 'Zamknij', exact: true }).click();

      await page.goto(`/logistics/all?search=${encodeURIComponent(`Plan ${tag}`)}`);
      await expect(page.getByTestId('result-count')).toHaveText('Wyniki: 1');
      await expect(page.getByRole('row').nth(1)).toContainText('Nowy');
      await expect(page.getByRole('row').nth(1)).toContainText('24,500 t');
    });

    test('fails the on-the-way check, fills the driver data, and the transport goes on the way', async ({ page }) => {
      await openLogistics(page);
      await chooseStatus(page, ids.noDriver, 'Wyślij w drogę');
      const modal = dialogNamed(page, `Wysyłka transportu #${ids.noDriver} w drogę`);
      // Validated at once: the four fields ON_THE_WAY requires show their errors before anything is typed.
      await expect(modal.getByText('Pole jest wymagane')).toHaveCount(4);
      expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });
      await modal.getByLabel('Numer rejestracyjny').fill(driverOf(seed.tag).registration_number);
      await modal.getByLabel('Kierowca').fill(driverOf(seed.tag).driver_name);
      await modal.getByLabel('Telefon kierowcy').fill(driverOf(seed.tag).phone_number);
      await modal.getByLabel('Numer dokumentu kierowcy').fill(driverOf(seed.tag).driver_document_id);
      await expect(modal.getByText('Pole jest wymagane')).toHaveCount(0);
      await modal.getByRole('button', { name: 'Zapisz i wyślij w drogę' }).click();
      await expect(page.getByText('Zmiany transportu zostały zapisane')).toBeVisible();
      await expect(page.getByText(`Transport #${ids.noDriver}: status zmieniony na „W drodze”`)).toBeVisible();
      await expect(rowOf(page, ids.noDriver)).toContainText('W drodze');
      // The car is one of the columns shown on demand (column chooser).
      await showColumns(page, ['Samochód']);
      await expect(rowOf(page, ids.noDriver)).toContainText(driverOf(seed.tag).registration_number);
    });

    test('passes the check for a transport with driver data: on the way at once, with a success toast', async ({
      page,
    }) => {
      await openLogistics(page);
      await startCountingClicks(page);
      await chooseStatus(page, ids.withDriver, 'Wyślij w drogę');
      await expect(page.getByText(`Transport #${ids.withDriver}: status zmieniony na „W drodze”`)).toBeVisible();
      const clicks = await clicksSoFar(page);
      console.log(`clicks to change a transport's status on the logistics list: ${clicks}`);
      expect(clicks).toBeLessThanOrEqual(MAX_CLICKS_TO_CHANGE_STATUS);
      await expect(rowOf(page, ids.withDriver)).toContainText('W drodze');
      await expect(rowOf(page, ids.withDriver).getByRole('button', { name: /Przekieruj transport/ })).toBeEnabled();
    });

    test("an edited transport's dialog shows its history: who changed which field from what to what", async ({
      page,
    }) => {
      await openLogistics(page);
      const editLabel = `Edytuj transport #${ids.withDriver}`;
      await rowOf(page, ids.withDriver).getByRole('button', { name: editLabel, exact: true }).click();
      const modal = dialogNamed(page, `Edycja transportu #${ids.withDriver}`);
      await modal.getByLabel('Komentarz').fill(`Rampa 7 ${tag}`);
      await modal.getByRole('button', { name: 'Zapisz zmiany' }).click();
      await expect(page.getByText('Zmiany transportu zostały zapisane')).toBeVisible();
      await expect(modal).toBeHidden();

      await rowOf(page, ids.withDriver).getByRole('button', { name: editLabel, exact: true }).click();
      const history = dialogNamed(page, `Edycja transportu #${ids.withDriver}`).getByTestId('transport-history');
      const [edit, status] = [0, 1].map((index) => history.locator('.mantine-Timeline-item').nth(index));
      await expect(edit!).toContainText('Zmiana danych');
      await expect(edit!).toContainText(`Komentarz: — → Rampa 7 ${tag}`);
      await expect(status!).toContainText('Zmiana statusu');
      await expect(status!).toContainText('Status: Nowy → W drodze');
      await expect(status!).toContainText(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} · Administrator Systemu/);
      expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });
      await shotsAtBothWidths(page, history, 'transport-history-edit');
    });

    test('redirects a transport on the way to another sale', async ({ page }) => {
      await openLogistics(page);
      await expect(rowOf(page, ids.toDelete).getByRole('button', { name: /Przekier/ })).toBeDisabled();
      await rowOf(page, ids.toRedirect)
        .getByRole('button', { name: `Przekieruj transport #${ids.toRedirect}`, exact: true })
        .click();
      const modal = dialogNamed(page, `Przekierowanie transportu #${ids.toRedirect}`);
      // The dialog warns where the server refuses: the full 25 t sale would pass its tolerance limit.
      await modal.getByLabel('Nowy kontrakt sprzedaży').fill(seed.overSaleNumber);
      // Sales of earlier tests may be listed too until the search narrows the list: look at the seeded one.
      const overSale = modal.getByRole('radio', { name: new RegExp(seed.overSaleNumber) });
      await expect(overSale.getByText('Przekroczy górny limit tolerancji tej sprzedaży')).toBeVisible();
      await overSale.click();
      await expect(modal.getByTestId('redirect-over-tolerance')).toContainText('nie przyjmie tego transportu');
      await modal.getByLabel('Nowy kontrakt sprzedaży').fill(seed.otherSaleNumber);
      await modal.getByRole('radio', { name: new RegExp(seed.otherSaleNumber) }).click();
      await expect(modal.getByTestId('redirect-over-tolerance')).toBeHidden();
      await modal.getByLabel('Komentarz').fill('Zmiana odbiorcy');
      await modal.getByRole('button', { name: 'Zobacz podsumowanie' }).click();
      const review = modal.getByTestId('redirect-review');
      await expect(review).toContainText(seed.saleNumber);
      await expect(review).toContainText(seed.otherSaleNumber);
      expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });
      // "Back" returns to the choice with the sale still chosen.
      await modal.getByRole('button', { name: 'Wróć' }).click();
      await expect(modal.getByRole('radio', { name: new RegExp(seed.otherSaleNumber) })).toBeChecked();
      await modal.getByRole('button', { name: 'Zobacz podsumowanie' }).click();
      await modal.getByRole('button', { name: 'Przekieruj transport' }).click();
      await expect(page.getByText('Transport został przekierowany')).toBeVisible();
      await showColumns(page, ['Umowa sprzedaży']);
      await expect(rowOf(page, ids.toRedirect)).toContainText(seed.otherSaleNumber);
    });

    test('delivers a transport with real figures, warning about a quantity far from the plan', async ({ page }) => {
      await openLogistics(page);
      await chooseStatus(page, ids.toDeliver, 'Oznacz jako dostarczony');
      const modal = dialogNamed(page, `Rozładunek transportu #${ids.toDeliver}`);
      await modal.getByRole('button', { name: 'Jakość z umowy' }).click();
      await modal.getByRole('button', { name: 'Cena z umowy' }).click();
      await expect(modal.getByLabel('Cena rzeczywista za t (PLN)')).toHaveValue('850');
      await modal.getByLabel('Ilość rzeczywista (t)').fill('28');
      await expect(modal.getByText('Sprawdź ilość dostarczoną')).toBeVisible();
      await modal.getByRole('button', { name: 'Ilość z planu' }).click();
      await expect(modal.getByText('Sprawdź ilość dostarczoną')).toHaveCount(0);
      await modal.getByLabel('Ilość rzeczywista (t)').fill('24,46');
      await deductionField(modal, 'Zakup (PLN)').fill('95');
      // Which price this is and where the deductions go.
      await expect(modal.getByText(/Cena zakupu u dostawcy: trafia do wiersza zakupu/)).toBeVisible();
      await expect(modal.getByTestId('delivered-preview-purchase')).toContainText('Waga do zapłaty: 24,460 t');
      await expect(modal.getByTestId('delivered-preview-purchase')).toContainText('Potrącenia: 95,00 zł');
      expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });
      await modal.getByRole('button', { name: 'Zapisz rozładunek' }).click();
      await expect(dialogNamed(page, 'Dostarczenie transportu')).toContainText(
        `transport #${ids.toDeliver} jako dostarczony`,
      );
      expect(await dialogViolations(page)).toEqual([]);
      await confirm(page, 'Dostarczenie transportu', 'Zapisz rozładunek');
      await expect(page.getByText(/dane rozładunku zapisane/)).toBeVisible();

      const row = rowOf(page, ids.toDeliver);
      await expect(row).toContainText('Dostarczony');
      await expect(row).toContainText('24,460 t');
      // A compact row shows the real figure, the planned one in its title.
      await expect(row.getByText('24,460 t', { exact: true })).toHaveAttribute('title', /25,000 t plan\./);
      // Deductions are a column shown on demand (column chooser).
      await showColumns(page, ['Potrącenia']);
      await expect(row).toContainText('95,00 zł');
      // Delivered is final: details instead of edit, no status menu, no delete.
      await expect(
        row.getByRole('button', { name: `Szczegóły transportu #${ids.toDeliver}`, exact: true }),
      ).toBeVisible();
      await expect(
        page.getByRole('button', { name: new RegExp(`zmień status transportu #${ids.toDeliver}$`) }),
      ).toHaveCount(0);
      await expect(row.getByRole('button', { name: /Usu/ })).toBeDisabled();
      await row.getByRole('button', { name: `Szczegóły transportu #${ids.toDeliver}`, exact: true }).click();
      const details = page.getByRole('dialog', { name: `Transport #${ids.toDeliver}`, exact: true });
      await expect(details.getByTestId('transport-summary')).toContainText('24,460 t');
      // RULES.md "Everything that changes data": the details show the transport's history, newest first.
      const history = details.getByTestId('transport-history');
      const delivery = history.locator('.mantine-Timeline-item').first();
      await expect(delivery).toContainText('Rozładunek');
      await expect(delivery).toContainText('Status: W drodze → Dostarczony');
      await expect(delivery).toContainText('Ilość rzeczywista: — → 24,460 t');
      await expect(delivery).toContainText(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} · Administrator Systemu/);
      await expect(history.locator('.mantine-Timeline-item').last()).toContainText('Utworzenie transportu');
      expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });
      await shotsAtBothWidths(page, history, 'transport-history-details');
    });

    test("takes each side's deduction in its own currency: a PLN purchase's never lands on the EUR sale", async ({
      page,
    }) => {
      // RULES.md Invoices, VAT and KSeF: a free deduction belongs to one side, in that side's currency.
      await openLogistics(page);
      await chooseStatus(page, ids.toEurSale, 'Oznacz jako dostarczony');
      const modal = dialogNamed(page, `Rozładunek transportu #${ids.toEurSale}`);
      for (const name of ['Jakość z umowy', 'Cena z umowy', 'Ilość z planu']) {
        await modal.getByRole('button', { name }).click();
      }
      const purchase = modal.getByTestId('delivered-preview-purchase');
      const sales = modal.getByTestId('delivered-preview-sales');
      await deductionField(modal, 'Zakup (PLN)').fill('500');
      await expect(purchase).toContainText('Potrącenia: 500,00 zł');
      // 25 t × 850,00 zł = 21 250,00 zł − 500,00 zł; the EUR sale keeps 25 t × 235,00 € = 5 875,00 €.
      await expect(purchase).toContainText('Wartość: 20 750,00 zł');
      await expect(sales).not.toContainText('Potrącenia');
      await expect(sales).toContainText('Wartość: 5 875,00 €');
      await deductionField(modal, 'Sprzedaż (EUR)').fill('40');
      await expect(sales).toContainText('Potrącenia: 40,00 €');
      await expect(sales).toContainText('Wartość: 5 835,00 €');
      await expect(purchase).toContainText('Wartość: 20 750,00 zł');
      await expect(modal.getByTestId('delivered-preview-transport')).toHaveCount(0);
      await deductionField(modal, 'Transport (PLN)').fill('12');
      // 25 t × 150,00 zł freight = 3 750,00 zł − 12,00 zł.
      await expect(modal.getByTestId('delivered-preview-transport')).toContainText('Wartość: 3 738,00 zł');

      mkdirSync(SHOTS, { recursive: true });
      await page.setViewportSize({ width: 1440, height: 900 });
      await deductionField(modal, 'Sprzedaż (EUR)').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/deductions-1440.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await deductionField(modal, 'Sprzedaż (EUR)').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/deductions-390.png` });
      await sales.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/deductions-preview-390.png` });
      expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });
      await page.setViewportSize({ width: 1440, height: 900 });

      await modal.getByRole('button', { name: 'Zapisz rozładunek' }).click();
      await confirm(page, 'Dostarczenie transportu', 'Zapisz rozładunek');
      await expect(page.getByText(/dane rozładunku zapisane/)).toBeVisible();
      const statement = await ok<{ list: { type: string; currency: string; deductions: number }[] }>(
        await api.post('/api/settlement/transaction-list', { data: { filter: { transport_id: ids.toEurSale } } }),
      );
      const byType = Object.fromEntries(statement.list.map((row) => [row.type, [row.currency, row.deductions]]));
      expect(byType).toEqual({ PURCHASE: ['PLN', 50_000], SALES: ['EUR', 4_000], TRANSPORT: ['PLN', 1_200] });

      const row = rowOf(page, ids.toEurSale);
      await showColumns(page, ['Potrącenia']);
      await expect(row).toContainText('zakup 500,00 zł · sprzedaż 40,00 € · transport 12,00 zł');
      await row.getByRole('button', { name: `Szczegóły transportu #${ids.toEurSale}`, exact: true }).click();
      const summary = page.getByRole('dialog', { name: `Transport #${ids.toEurSale}`, exact: true });
      const summaryRow = (side: string) => summary.getByRole('row', { name: new RegExp(`^Potrącenia – ${side}`) });
      await expect(summaryRow('zakup')).toContainText('500,00 zł');
      await expect(summaryRow('sprzedaż')).toContainText('40,00 €');
      await expect(summaryRow('transport')).toContainText('12,00 zł');
    });

    test('asks for an over-delivery note when 27 t pass a 25 t sale, and its dashboard shows the over-delivery', async ({
      page,
    }) => {
      await openLogistics(page);
      await chooseStatus(page, ids.toOverDeliver, 'Oznacz jako dostarczony');
      const modal = dialogNamed(page, `Rozładunek transportu #${ids.toOverDeliver}`);
      await modal.getByRole('button', { name: 'Jakość z umowy' }).click();
      await modal.getByRole('button', { name: 'Cena z umowy' }).click();
      await modal.getByLabel('Ilość rzeczywista (t)').fill('27');
      await expect(modal.getByLabel('Uzasadnienie nadwyżki')).toHaveCount(0);
      await modal.getByRole('button', { name: 'Zapisz rozładunek' }).click();
      await confirm(page, 'Dostarczenie transportu', 'Zapisz rozładunek');
      await expect(modal.getByText('Nadwyżka ponad tolerancję kontraktu')).toBeVisible();
      expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });
      await modal.getByLabel('Uzasadnienie nadwyżki').fill('Waga na rampie 27 t, odbiorca przyjął całość');
      await modal.getByRole('button', { name: 'Zapisz rozładunek' }).click();
      await confirm(page, 'Dostarczenie transportu', 'Zapisz rozładunek');
      await expect(page.getByText(/dane rozładunku zapisane/)).toBeVisible();
      await expect(rowOf(page, ids.toOverDeliver)).toContainText('27,000 t');

      await page.goto(`/contract/sale-list/dashboard/${seed.overSaleId}/realization`);
      await expect(page.getByTestId('over-delivered')).toHaveText('2,000 t');
      await expect(page.getByText('Waga na rampie 27 t, odbiorca przyjął całość')).toBeVisible();
    });

    test('deletes a NEW transport after a confirmation', async ({ page }) => {
      await openLogistics(page);
      await rowOf(page, ids.toDelete)
        .getByRole('button', { name: `Usuń transport #${ids.toDelete}`, exact: true })
        .click();
      await expect(dialogNamed(page, 'Usuwanie transportu')).toContainText(`#${ids.toDelete}`);
      expect(await dialogViolations(page)).toEqual([]);
      await confirm(page, 'Usuwanie transportu', 'Usuń');
      await expect(page.getByText('Transport został usunięty')).toBeVisible();
      await expect(rowOf(page, ids.toDelete)).toHaveCount(0);
    });

    test('shows the GMP warning row with the note for a sale requiring GMP', async ({ page }) => {
      await openLogistics(page);
      const warning = page.getByTestId(`gmp-warning-${ids.gmp}`);
      await expect(warning).toContainText('GMP niespełnione');
      await expect(warning).toContainText(NOTE);
      await warning.getByText('GMP niespełnione').hover();
      await expect(page.getByRole('tooltip')).toContainText(`Uzasadnienie: ${NOTE}`);
      await expect(page.getByTestId(`gmp-warning-${ids.toRedirect}`)).toHaveCount(0);
    });

    test('tabs: an unknown tab goes to all, active shows NEW and ON_THE_WAY only, delivered DELIVERED', async ({
      page,
    }) => {
      await page.goto('/logistics/nope');
      await expect(page).toHaveURL(/\/logistics\/all$/);

      await openLogistics(page, 'active');
      await expect(page.getByRole('tab', { name: 'Aktywne' })).toHaveAttribute('aria-selected', 'true');
      await expect(rowOf(page, ids.gmp)).toBeVisible();
      await expect(rowOf(page, ids.noDriver)).toBeVisible();
      await expect(rowOf(page, ids.delivered)).toHaveCount(0);
      await expect(rowOf(page, ids.toDeliver)).toHaveCount(0);

      await page.getByRole('tab', { name: 'Dostarczone' }).click();
      await expect(page).toHaveURL(/\/logistics\/delivered\?/);
      await expect(rowOf(page, ids.delivered)).toBeVisible();
      await expect(rowOf(page, ids.gmp)).toHaveCount(0);
    });

    test('a filter applies at once and shows as a chip that clears it', async ({ page }) => {
      await openLogistics(page);
      await page.getByRole('button', { name: 'Pokaż filtry' }).click();
      await page
        .getByTestId('transport-filters')
        .getByLabel('Numer rejestracyjny')
        .fill(driverOf(seed.tag).registration_number);
      await expect(page).toHaveURL(/filter_registrationNumber=/);
      await expect(rowOf(page, ids.gmp)).toHaveCount(0);
      await expect(rowOf(page, ids.toRedirect)).toBeVisible();
      const chips = page.getByTestId('filter-chips');
      await expect(chips).toContainText(`Numer rejestracyjny: ${driverOf(seed.tag).registration_number}`);
      await chips.getByRole('button', { name: /Usuń filtr/ }).click();
      await expect(rowOf(page, ids.gmp)).toBeVisible();
      await expect(chips).toHaveCount(0);
    });

    test('a fresh load asks for the session user and the list page once each, side by side', async ({ page }) => {
      const events: string[] = [];
      const pathOf = (url: string) => new URL(url).pathname;
      const isWatched = (path: string) => path === '/api/auth/me' || path === '/api/transport/list';
      page.on('request', (request) => {
        if (isWatched(pathOf(request.url()))) events.push(`ask ${pathOf(request.url())}`);
      });
      page.on('response', (response) => {
        if (isWatched(pathOf(response.url()))) events.push(`answer ${pathOf(response.url())}`);
      });
      await openLogistics(page);
      await expect(rowOf(page, ids.noDriver)).toBeVisible();
      // The early script asked for both before the app started (the list did not wait for the session user), and the
      // app took those answers instead of asking again.
      const asked = events.filter((event) => event.startsWith('ask'));
      expect(asked.sort()).toEqual(['ask /api/auth/me', 'ask /api/transport/list']);
      expect(events.indexOf('ask /api/transport/list')).toBeLessThan(events.indexOf('answer /api/auth/me'));
      // The next list call is the app's own. The row stays on screen from the first tab while it is asked for, so
      // the test waits for the request itself.
      const nextList = page.waitForRequest((request) => pathOf(request.url()) === '/api/transport/list');
      await page.getByRole('tab', { name: 'Aktywne' }).click();
      await expect(page).toHaveURL(/\/logistics\/active/);
      await nextList;
      await expect(rowOf(page, ids.noDriver)).toBeVisible();
      expect(events.filter((event) => event === 'ask /api/transport/list')).toHaveLength(2);
    });

    test('a contract select searches its options on the server as the user types', async ({ page }) => {
      const optionCalls: string[] = [];
      page.on('request', (request) => {
        if (/\/api\/transport\/(get-filter-option|filter-option-list)/.test(request.url()))
          optionCalls.push(request.url());
      });
      await openLogistics(page);
      // The page loads no option list: only an opened select asks for its own options.
      expect(optionCalls).toEqual([]);
      await page.getByRole('button', { name: 'Pokaż filtry' }).click();
      const select = page.getByTestId('transport-filters').getByLabel('Umowa sprzedaży', { exact: true });
      await select.click();
      await select.fill(seed.gmpSaleNumber);
      await page.getByRole('option', { name: seed.gmpSaleNumber, exact: true }).click();
      await expect(page).toHaveURL(/filter_salesAgreementDocumentNumberId/);
      await expect(rowOf(page, ids.gmp)).toBeVisible();
      await expect(rowOf(page, ids.noDriver)).toHaveCount(0);
      await expect(page.getByTestId('filter-chips')).toContainText(`Umowa sprzedaży: ${seed.gmpSaleNumber}`);
      expect(optionCalls.every((url) => url.includes('filter-option-list'))).toBe(true);
    });
  });
