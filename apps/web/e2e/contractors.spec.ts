import { nipFromSerial } from '@grain/shared';
import { expect, type Page, test } from '@playwright/test';
import { apiAs, dialogViolations, signIn } from './support';

let serial = Date.now() % 10_000_000;
/** A NIP and code no other test run has used. */
function uniqueContractor() {
  serial += 1;
  return { code: `E2E${serial}`, nip: nipFromSerial(10_000_000 + serial) };
}

const region = (page: Page, name: string) => page.getByRole('region', { name });
const dialog = (page: Page) => page.getByRole('dialog');

test.describe('contractors', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('create with two contacts and an address, find by NIP, edit, delete', async ({ page }) => {
    const { code, nip } = uniqueContractor();
    await page.goto('/contractor-list');
    await page.getByRole('link', { name: 'Dodaj kontrahenta' }).click();
    await expect(page).toHaveURL(/\/contractor-list\/form$/);
    const add = page.getByRole('button', { name: 'Dodaj kontrahenta' });
    const data = region(page, 'Dane kontrahenta');

    // Submit with missing fields: save is enabled, the click marks every missing field and focuses the
    // first; a NIP with a wrong checksum says so.
    await expect(add).toBeEnabled();
    await data.getByLabel('NIP').fill('526-025-02-75');
    await add.click();
    await expect(data.getByText('Pole jest wymagane')).toBeVisible();
    await expect(data.getByText('Podaj nazwisko lub nazwę firmy')).toBeVisible();
    await expect(data.getByText(/Nieprawidłowy NIP: cyfra kontrolna/)).toBeVisible();
    await expect(data.getByLabel('Kod')).toBeFocused();
    await expect(page).toHaveURL(/\/contractor-list\/form$/);

    await data.getByLabel('Kod').fill(code);
    await data.getByLabel('Nazwa').fill('Gospodarstwo Testowe');
    await data.getByLabel('NIP').fill(nip);
    await data.getByLabel('Telefon').fill('600100200');

    const accounting = region(page, 'Adres rozliczeniowy');
    await accounting.getByLabel('Ulica').fill('Polna');
    await accounting.getByLabel('Numer budynku').fill('7');
    await accounting.getByLabel('Kod pocztowy').fill('99-300');
    await accounting.getByLabel('Miejscowość').fill('Kutno');

    const contacts = region(page, 'Osoby kontaktowe');
    await contacts.getByLabel('Imię', { exact: true }).fill('Jan');
    await contacts.getByLabel('Nazwisko').fill('Nowak');
    await contacts.getByRole('button', { name: 'Dodaj osobę kontaktową' }).click();
    await contacts.getByLabel('Imię', { exact: true }).nth(1).fill('Ewa');
    await contacts.getByLabel('Nazwisko').nth(1).fill('Lis');
    await contacts.getByLabel('E-mail').nth(1).fill('ewa.lis@example.com');

    const addresses = region(page, 'Adresy dodatkowe');
    await addresses.getByLabel('Nazwa adresu').fill('Magazyn');
    await addresses.getByRole('button', { name: 'Użyj adresu kontrahenta' }).click();
    await expect(addresses.getByLabel('Miejscowość')).toHaveValue('Kutno');
    await addresses.getByLabel('Ulica').fill('Kolejowa');

    await add.click();
    await expect(page.getByText('Kontrahent został dodany')).toBeVisible();
    await expect(page).toHaveURL(/\/contractor-list(\?|$)/);

    await page.getByLabel('Szukaj').fill(nip);
    await expect(page.getByTestId('result-count')).toHaveText('Wyniki: 1');
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('Polna 7, 99-300 Kutno');
    await expect(row).toContainText('Jan Nowak');

    // spec/1 Contractors: "+N" with a tooltip listing all contacts.
    await row.getByText('+1').hover();
    const tooltip = page.getByTestId('contacts-tooltip');
    await expect(tooltip).toContainText('Jan Nowak');
    await expect(tooltip).toContainText('Ewa Lis');
    await expect(tooltip).toContainText('ewa.lis@example.com');

    // The code opens the details popup.
    await row.getByRole('button', { name: code }).click();
    await expect(dialog(page)).toContainText(`Szczegóły kontrahenta ${code}`);
    await expect(dialog(page)).toContainText('Magazyn');
    await expect(dialog(page)).toContainText('Kolejowa 7, 99-300 Kutno');
    expect(await dialogViolations(page)).toEqual([]);
    await dialog(page).getByRole('button', { name: 'Zamknij' }).last().click();
    await expect(dialog(page)).toHaveCount(0);

    await row.getByRole('link', { name: `Szczegóły ${code}` }).click();
    await expect(page).toHaveURL(/\/contractor-list\/form\/\d+$/);
    const save = page.getByRole('button', { name: 'Zapisz zmiany' });
    await expect(region(page, 'Dane kontrahenta').getByLabel('Kod')).toHaveValue(code);
    await region(page, 'Dane kontrahenta').getByLabel('Telefon').fill('700800900');
    await region(page, 'Osoby kontaktowe').getByRole('button', { name: 'Usuń osobę kontaktową 1' }).click();
    await expect(region(page, 'Osoby kontaktowe').getByLabel('Nazwisko')).toHaveValue('Lis');
    await save.click();
    await expect(page.getByText('Zmiany kontrahenta zostały zapisane')).toBeVisible();

    await page.getByLabel('Szukaj').fill(nip);
    const edited = page.getByRole('row').filter({ hasText: code });
    await expect(edited).toContainText('700800900');
    await expect(edited).toContainText('Ewa Lis');
    await expect(edited).not.toContainText('Jan Nowak');
    await expect(edited.getByText('+1')).toHaveCount(0);

    await edited.getByRole('link', { name: `Szczegóły ${code}` }).click();
    await page.getByRole('button', { name: 'Usuń', exact: true }).click();
    await expect(dialog(page)).toContainText(`Usunąć kontrahenta ${code}?`);
    expect(await dialogViolations(page)).toEqual([]);
    await dialog(page).getByRole('button', { name: 'Usuń', exact: true }).click();
    await expect(page.getByText('Kontrahent został usunięty')).toBeVisible();
    await expect(page).toHaveURL(/\/contractor-list(\?|$)/);
    await page.getByLabel('Szukaj').fill(nip);
    await expect(page.getByTestId('list-state')).toHaveText('Brak wyników dla podanych kryteriów wyszukiwania');
  });

  test('the add-contact button is disabled at 10 contacts', async ({ page }) => {
    await page.goto('/contractor-list/form');
    const contacts = region(page, 'Osoby kontaktowe');
    const addContact = contacts.getByRole('button', { name: 'Dodaj osobę kontaktową' });
    for (let i = 0; i < 9; i++) await addContact.click();
    await expect(contacts.getByRole('button', { name: /^Usuń osobę kontaktową/ })).toHaveCount(10);
    await expect(addContact).toBeDisabled();
    await expect(contacts.getByText('Osiągnięto limit 10 pozycji')).toBeVisible();
    await contacts.getByRole('button', { name: 'Usuń osobę kontaktową 10' }).click();
    await expect(addContact).toBeEnabled();
  });

  test('validation: a 9-digit NIP, NIP or PESEL, and the code', async ({ page }) => {
    await page.goto('/contractor-list/form');
    const data = region(page, 'Dane kontrahenta');
    await data.getByLabel('Kod').focus();
    await data.getByLabel('Kod').blur();
    await expect(data.getByText('Pole jest wymagane')).toBeVisible();
    await data.getByLabel('NIP').fill('123456789');
    await data.getByLabel('NIP').blur();
    await expect(data.getByText('NIP musi mieć dokładnie 10 cyfr')).toBeVisible();
    await data.getByLabel('NIP').fill('');
    await data.getByLabel('NIP').blur();
    await expect(data.getByText('Podaj NIP lub PESEL')).toBeVisible();
    await data.getByLabel('NIP').fill('1234567890');
    await expect(data.getByText('NIP musi mieć dokładnie 10 cyfr')).toHaveCount(0);
    await expect(data.getByText(/Nieprawidłowy NIP: cyfra kontrolna/)).toBeVisible();
  });

  test('a duplicated NIP is refused under the NIP field', async ({ page }) => {
    const { code, nip } = uniqueContractor();
    const admin = await apiAs();
    const created = await admin.post('/api/dictionary/contractor/create', {
      data: { code, name: 'Pierwszy', nip },
    });
    expect(created.status(), await created.text()).toBe(200);

    await page.goto('/contractor-list/form');
    const data = region(page, 'Dane kontrahenta');
    await data.getByLabel('Kod').fill(`${code}B`);
    await data.getByLabel('Nazwa').fill('Drugi');
    await data.getByLabel('NIP').fill(nip);
    await page.getByRole('button', { name: 'Dodaj kontrahenta' }).click();
    // A refusal that belongs to a field shows under it with focus there, and no toast.
    await expect(data.getByText('Kontrahent z tym numerem NIP już istnieje')).toBeVisible();
    await expect(data.getByLabel('NIP')).toBeFocused();
    await expect(page.getByRole('alert').filter({ hasText: 'Kontrahent z tym numerem NIP już istnieje' })).toHaveCount(
      0,
    );
    await expect(page).toHaveURL(/\/contractor-list\/form$/);
  });
});
