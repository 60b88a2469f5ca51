import { fileURLToPath } from 'node:url';
import { nextBusinessDay, nipFromSerial } from '@grain/shared';
import { expect, type Page, test } from '@playwright/test';
import { seedDeliveredTransport } from './statement-seed';
import { apiAs, dialogViolationsAtBothWidths, settledAxeViolations, shootBothWidths, signIn } from './support';

/**
 * NBP mid rates (RULES.md Invoices, VAT and KSeF): the Kursy walut screen imports an NBP archive file and takes a
 * typed rate; a EUR invoice without the rate of the day before its sale names that day.
 */
const SHOTS = process.env.E2E_SHOTS ?? '../../.screens/exchange-rates';
const CSV = fileURLToPath(
  new URL('../../server/src/modules/exchange-rates/__fixtures__/archiwum_tab_a_2026.csv', import.meta.url),
);
const tag = String(Date.now() % 1_000_000);
// A business day of 2024 of this run, so a second run types a day of its own.
const typedDay = nextBusinessDay(new Date(Date.UTC(2024, 0, 1 + (Number(tag) % 330))).toISOString().slice(0, 10));
const [year, month, day] = typedDay.split('-');

const shoot = (page: Page, name: string) => shootBothWidths(page, SHOTS, name);

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.describe('NBP exchange rates', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('imports an NBP archive CSV, shows its summary, and lists the rates filtered by currency', async ({ page }) => {
    await page.goto('/positions');
    await page.getByRole('link', { name: 'Kursy walut' }).first().click();
    await expect(page).toHaveURL(/\/exchange-rates$/);
    await page.getByRole('button', { name: 'Importuj plik NBP' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import tabeli kursów NBP' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Wybierz plik' }).click();
    await (await chooser).setFiles(CSV);
    // A first run adds the 8 rates; a run on the same data finds them all already there.
    await expect(dialog.getByRole('status')).toContainText(/Dodano kursów: (8|0)/);
    await expect(dialog.getByRole('status')).toContainText('Konflikty (inny kurs w pliku, zostawiono zapisany): 0');
    await shoot(page, 'import-summary');
    await dialog.getByRole('button', { name: 'Zamknij', exact: true }).click();

    await page.getByLabel('Od dnia').fill('01.04.2026');
    await page.getByLabel('Do dnia').fill('07.04.2026');
    await page.getByRole('group', { name: 'status' }).getByText('EUR', { exact: true }).click();
    await expect(page).toHaveURL(/filter_currency/);
    // The filtered answer first (the URL changes before it arrives), then its row.
    await expect(page.getByRole('row').filter({ hasText: '3,7188' })).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: '65/A/NBP/2026' });
    await expect(row).toContainText('4,2655');
    await shoot(page, 'list');
    expect((await settledAxeViolations(page)).map((violation) => violation.id)).toEqual([]);
  });

  test('Dodaj kurs refuses a weekend day and stores a business day', async ({ page }) => {
    await page.goto('/exchange-rates');
    await page.getByRole('button', { name: 'Dodaj kurs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nowy kurs średni NBP' });
    await dialog.getByLabel('Data kursu').fill('28.11.2026');
    await dialog.getByLabel('Kurs średni (PLN)').fill('4,2305');
    await dialog.getByRole('button', { name: 'Zapisz' }).click();
    await expect(dialog).toContainText('NBP publikuje kursy tylko w dni robocze');
    await dialog.getByLabel('Data kursu').fill(`${day}.${month}.${year}`);
    await dialog.getByText('USD', { exact: true }).click();
    await dialog.getByLabel('Tabela NBP').fill('12/A/NBP/2024');
    await shoot(page, 'add-dialog');
    expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });
    await dialog.getByRole('button', { name: 'Zapisz' }).click();
    await expect(dialog).toBeHidden();
    await page.getByLabel('Szukaj').fill('12/A/NBP/2024');
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: `${day}.${month}.${year}` })
        .first(),
    ).toContainText('4,2305');
  });

  test('a EUR invoice without the rate names the day to enter', async ({ page }) => {
    const api = await apiAs();
    const settings = await api.put('/api/settings/company', {
      data: {
        name: 'Zbożex Handel Zbożem sp. z o.o.',
        street: 'ul. Żytnia 7',
        post_code: '61-001',
        city: 'Poznań',
        nip: '5260250274',
        invoice_series: 'FV/{RRRR}/{MM}/{NR}',
        bank_account: 'PL61109010140000071219812874',
        payment_term_days: 14,
      },
    });
    expect(settings.status(), await settings.text()).toBe(200);
    await seedDeliveredTransport(api, { tag, currency: 'EUR', recipientNip: nipFromSerial(78_000_000 + Number(tag)) });
    const answer = await api.post('/api/settlement/transaction-list', { data: { limit: 10, offset: 0, search: tag } });
    const salesId = ((await answer.json()).list as { id: number; type: string }[]).find((r) => r.type === 'SALES')!.id;
    await api.dispose();

    await page.goto(`/transaction-statement/sales?search=${tag}`);
    await page.getByRole('checkbox', { name: `Zaznacz transakcję #${salesId}`, exact: true }).check();
    await page.getByTestId('bulk-actions').getByRole('button', { name: 'Wystaw fakturę' }).click();
    const dialog = page.getByRole('dialog', { name: /Wystawienie faktury/ });
    // Sold on Thursday 4 March 2027: the rate of Wednesday 3 March 2027, a day no rate is entered for.
    await dialog.getByLabel('Data sprzedaży').fill('04.03.2027');
    await dialog.getByRole('button', { name: 'Wystaw fakturę' }).click();
    await expect(dialog.getByTestId('issue-invoice-missing-rate')).toContainText(
      'Brak kursu średniego NBP EUR z dnia 03.03.2027',
    );
    await shoot(page, 'missing-rate');
  });
});
