import { nipFromSerial } from '@grain/shared';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { allocate, createContract, createContractor } from './allocations-seed';
import { apiAs, dialogViolationsAtBothWidths, showColumns, signIn } from './support';

let serial = Date.now() % 1_000_000;
const nextTag = () => String(++serial);

const dialog = (page: Page) => page.getByRole('dialog');
const region = (page: Page, name: string) => page.getByRole('region', { name });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const pageTitle = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });
/** Types a search and waits until it is committed to the URL (600 ms debounce), so later changes start from it. */
async function search(page: Page, text: string) {
  await page.getByLabel('Szukaj').fill(text);
  if (text) await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
  else await expect(page).not.toHaveURL(/search=/);
}
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** DD.MM.YYYY of today plus some days, as the date inputs take it. */
function displayDate(daysFromToday: number): string {
  const date = new Date(Date.now() + daysFromToday * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** A contractor with an accounting address, so FCA / CPT can take it over. */
async function createContractorWithAddress(api: APIRequestContext, code: string, city: string) {
  const response = await api.post('/api/dictionary/contractor/create', {
    data: {
      code,
      name: `${code} sp. z o.o.`,
      nip: nipFromSerial(50_000_000 + (serial % 10_000_000)),
      accounting_address: { street: 'Polna', building_number: '12', post_code: '99-300', city, country_code: 'PL' },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { id: number } }).result.id;
}

async function chooseOption(page: Page, combobox: ReturnType<Page['getByRole']>, option: string | RegExp) {
  await combobox.click();
  await page.getByRole('option', { name: option }).first().click();
}

async function chooseFirstQuality(page: Page, scope: ReturnType<Page['getByRole']>, index = 0) {
  await scope.getByRole('combobox', { name: 'Jakość', exact: true }).nth(index).click();
  const option = page.getByRole('option').first();
  const title = (await option.textContent()) ?? '';
  await option.click();
  return title;
}

test.describe
  .serial('contracts', () => {
    const run = nextTag();
    const supplierCode = `DOST${run}`;
    const recipientCode = `ODB${run}`;
    const saleNumber = `SP-E2E-${run}`;
    let api: APIRequestContext;
    let purchaseNumber = '';
    let purchaseUrl = '';
    let saleUrl = '';

    test.beforeAll(async () => {
      api = await apiAs();
      await createContractorWithAddress(api, supplierCode, 'Kutno');
    });

    test.beforeEach(async ({ page }) => {
      await signIn(page);
    });

    test('creates a purchase (FCA) through the form; the supplier’s address comes with it', async ({ page }) => {
      await page.goto('/contract/purchase-list');
      await page.getByRole('link', { name: 'Dodaj kontrakt zakupu' }).click();
      await expect(page).toHaveURL(/\/contract\/purchase-list\/form$/);
      const save = page.getByRole('button', { name: 'Dodaj kontrakt zakupu' });
      // Submit with missing fields: every missing field is marked, focus goes to the first.
      await save.click();
      await expect(region(page, 'Dostawca').getByText('Pole jest wymagane')).toBeVisible();
      await expect(region(page, 'Dostawca').getByRole('combobox', { name: 'Dostawca' })).toBeFocused();
      await expect(page).toHaveURL(/\/contract\/purchase-list\/form$/);

      const supplier = region(page, 'Dostawca');
      await supplier.getByRole('combobox', { name: 'Dostawca' }).fill(supplierCode);
      await page.getByRole('option', { name: new RegExp(supplierCode) }).click();

      const freight = region(page, 'Parytet i adres');
      await expect(freight.getByRole('radio', { name: 'FCA – odbiór' })).toBeChecked();
      await expect(freight.getByLabel('Miejscowość')).toHaveValue('Kutno');
      await expect(freight.getByLabel('Ulica')).toHaveValue('Polna');

      await region(page, 'Warunki umowy').getByLabel('Odbiór do').fill(displayDate(60));
      const cargo = region(page, 'Towar i ceny');
      await cargo.getByRole('textbox', { name: 'Ilość', exact: true }).fill('150,5');
      await cargo.getByLabel('Cena za t (PLN)').fill('850,5');
      await chooseFirstQuality(page, cargo);

      await save.click();
      await expect(toast(page, 'Kontrakt zakupu został utworzony')).toBeVisible();
      await expect(page).toHaveURL(/\/contract\/purchase-list\/dashboard\/\d+\/realization$/);
      purchaseUrl = page.url().replace(/\/realization$/, '');

      // RULES.md Contracts: the server numbers a contract left without one.
      const heading = pageTitle(page);
      await expect(heading).toContainText(new RegExp(`ZK/\\d{4}/\\d{4} ${supplierCode}`));
      purchaseNumber = ((await heading.textContent()) ?? '').split(' ')[0]!;
      await expect(page.getByTestId('realization-figures')).toContainText('150,500 t');
      await expect(page.getByTestId('allocation-indicator')).toContainText('150,500 t');
    });

    test('creates a sale (CPT) with a recipient entered inline, tolerance, an extra option and a contact', async ({
      page,
    }) => {
      await page.goto('/contract/sale-list/form');
      const recipient = region(page, 'Odbiorca');
      await recipient.getByText('Nowy kontrahent').click();
      await recipient.getByRole('textbox', { name: 'Kod', exact: true }).fill(recipientCode);
      await recipient.getByRole('textbox', { name: 'Nazwa', exact: true }).fill('Młyn Testowy');
      await recipient.getByLabel('NIP').fill(nipFromSerial(55_000_000 + (Number(run) % 1_000_000)));
      await recipient.getByLabel('Ulica').fill('Młyńska');
      await recipient.getByLabel('Miejscowość').fill('Warszawa');

      // CPT is supply to the recipient's address: the inline recipient's address can be taken over.
      const freight = region(page, 'Parytet i adres');
      await expect(freight.getByRole('radio', { name: 'CPT – dostawa' })).toBeChecked();
      await chooseOption(page, freight.getByRole('combobox', { name: /Adres z kartoteki/ }), /Adres rozliczeniowy/);
      await expect(freight.getByLabel('Miejscowość')).toHaveValue('Warszawa');

      const terms = region(page, 'Warunki umowy');
      await terms.getByLabel('Numer umowy').fill(saleNumber);
      await terms.getByLabel('Odbiór do').fill(displayDate(90));

      const cargo = region(page, 'Towar i ceny');
      await cargo.getByRole('textbox', { name: 'Ilość', exact: true }).fill('80');
      await cargo.getByLabel('Cena za t (PLN)').fill('900');
      await chooseFirstQuality(page, cargo);
      await cargo.getByRole('button', { name: 'Dodaj opcję cenową' }).click();
      await cargo.getByLabel('Cena za t (PLN)').nth(1).fill('910');
      await chooseFirstQuality(page, cargo, 1);

      const tolerance = region(page, 'Tolerancja');
      await tolerance.getByRole('switch', { name: 'Kontrakt z tolerancją' }).click();
      await tolerance.getByLabel('Wielkość tolerancji').fill('5');

      const contacts = region(page, 'Osoby kontaktowe');
      await contacts.getByRole('button', { name: 'Dodaj osobę kontaktową' }).click();
      await contacts.getByLabel('Nazwisko').fill('Lis');

      await page.getByRole('button', { name: 'Dodaj kontrakt sprzedaży' }).click();
      await expect(toast(page, 'Kontrakt sprzedaży został utworzony')).toBeVisible();
      await expect(page).toHaveURL(/\/contract\/sale-list\/dashboard\/\d+\/realization$/);
      saleUrl = page.url().replace(/\/realization$/, '');
      // The title names the contractor by code and short name ("KTR00007 · Agro-Pol").
      await expect(pageTitle(page)).toHaveText(new RegExp(`^${saleNumber} ${recipientCode} · .+`));
      await expect(page.getByTestId('tolerance-info')).toContainText('Zakres: 75,000 t – 85,000 t');
    });

    test('a duplicated document number is refused under the field', async ({ page }) => {
      await page.goto('/contract/sale-list/form');
      const terms = region(page, 'Warunki umowy');
      await terms.getByLabel('Numer umowy').fill(saleNumber);
      await terms.getByLabel('Odbiór do').fill(displayDate(30));
      await region(page, 'Odbiorca').getByRole('combobox', { name: 'Odbiorca' }).fill(recipientCode);
      await page.getByRole('option', { name: new RegExp(recipientCode) }).click();
      const cargo = region(page, 'Towar i ceny');
      await cargo.getByRole('textbox', { name: 'Ilość', exact: true }).fill('10');
      await cargo.getByLabel('Cena za t (PLN)').fill('900');
      await chooseFirstQuality(page, cargo);
      await page.getByRole('button', { name: 'Dodaj kontrakt sprzedaży' }).click();
      await expect(terms.getByText('Podany numer umowy już istnieje')).toBeVisible();
      await expect(terms.getByLabel('Numer umowy')).toBeFocused();
      await expect(page).toHaveURL(/\/contract\/sale-list\/form$/);
    });

    test('a typed "to" date before "from" stays as typed and says why', async ({ page }) => {
      await page.goto('/contract/sale-list/form');
      const terms = region(page, 'Warunki umowy');
      await terms.getByLabel('Odbiór od').fill('24.11.2026');
      await terms.getByLabel('Odbiór do').fill('01.11.2026');
      await terms.getByLabel('Odbiór do').blur();
      await expect(terms.getByLabel('Odbiór do')).toHaveValue('01.11.2026');
      await expect(terms.getByText('Data „do” nie może być wcześniejsza niż data „od”')).toBeVisible();
      await page.getByRole('button', { name: 'Dodaj kontrakt sprzedaży' }).click();
      await expect(terms.getByLabel('Odbiór do')).toHaveValue('01.11.2026');
      await expect(page).toHaveURL(/\/contract\/sale-list\/form$/);
    });

    // spec/1 section 5 Validation: optional strings max 255; the form marks the field before anything is sent.
    // spec/1 section 4: a new contract starts as NEW, so the create form offers no status; spec/1 Inputs: 4 rows.
    test('a comment of 256 characters is marked under the field and nothing is sent', async ({ page }) => {
      const creates: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/contract/create-')) creates.push(request.url());
      });
      await page.goto('/contract/purchase-list/form');
      const terms = region(page, 'Warunki umowy');
      await expect(terms.getByRole('combobox', { name: 'Status umowy' })).toBeVisible();
      await expect(terms.getByRole('combobox', { name: 'Status', exact: true })).toHaveCount(0);
      await region(page, 'Dostawca').getByRole('combobox', { name: 'Dostawca' }).fill(supplierCode);
      await page.getByRole('option', { name: new RegExp(supplierCode) }).click();
      await terms.getByLabel('Odbiór do').fill(displayDate(30));
      const cargo = region(page, 'Towar i ceny');
      await cargo.getByRole('textbox', { name: 'Ilość', exact: true }).fill('10');
      await cargo.getByLabel('Cena za t (PLN)').fill('900');
      await chooseFirstQuality(page, cargo);
      const comments = region(page, 'Uwagi').getByRole('textbox');
      await expect(comments).toHaveAttribute('rows', '4');
      await comments.fill('ż'.repeat(256));
      await comments.blur();
      await expect(region(page, 'Uwagi').getByText('Maksymalna długość to 255 znaków')).toBeVisible();
      await page.getByRole('button', { name: 'Dodaj kontrakt zakupu' }).click();
      await expect(comments).toBeFocused();
      await expect(comments).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(/\/contract\/purchase-list\/form$/);
      expect(creates).toEqual([]);
      // One character less is a comment the form sends.
      await comments.fill('ż'.repeat(255));
      await expect(region(page, 'Uwagi').getByText('Maksymalna długość to 255 znaków')).toHaveCount(0);
    });

    test('finds contracts by search and by a filter', async ({ page }) => {
      await page.goto('/contract/purchase-list');
      await search(page, purchaseNumber);
      await expect(page.getByTestId('result-count')).toHaveText('Wyniki: 1');
      await expect(rowOf(page, purchaseNumber)).toContainText(supplierCode);
      await expect(rowOf(page, purchaseNumber)).toContainText('150,500 t');
      await search(page, supplierCode);
      await expect(page.getByTestId('result-count')).toHaveText('Wyniki: 1');
      await search(page, '');

      await page.getByRole('button', { name: 'Pokaż filtry' }).click();
      const apply = page.getByRole('button', { name: 'Zastosuj filtry' });
      await expect(apply).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Wyczyść filtry' })).toBeDisabled();
      await page.getByLabel('Ilość od (t)').fill('151');
      await page.getByLabel('Ilość do (t)').fill('150');
      await expect(page.getByText('Pierwsza wartość musi być mniejsza od drugiej')).toBeVisible();
      await expect(apply).toBeDisabled();
      await page.getByLabel('Ilość od (t)').fill('150');
      await page.getByLabel('Ilość do (t)').fill('151');
      await apply.click();
      await expect(page).toHaveURL(/filter_cargoQuantityFrom=150/);
      await expect(page.getByTestId('result-count')).toHaveText('Wyniki: 1');
      await expect(rowOf(page, purchaseNumber)).toBeVisible();

      await page.goto('/contract/sale-list');
      await search(page, recipientCode);
      await expect(page.getByTestId('result-count')).toHaveText('Wyniki: 1');
      await expect(rowOf(page, saleNumber)).toContainText('80,000 t');
    });

    test('changes the status and the agreement status from the list', async ({ page }) => {
      await page.goto('/contract/purchase-list');
      await search(page, purchaseNumber);
      const row = rowOf(page, purchaseNumber);
      await expect(row).toContainText('Nowy');

      await row.getByRole('button', { name: `Zmień status ${purchaseNumber}` }).click();
      // Only the transitions of the shared table: NEW -> ACTIVE, NEXT_SEASON, CANCELLED.
      await expect(page.getByRole('menuitem')).toHaveText(['Aktywny', 'Następny sezon', 'Anulowany']);
      // Activating can be undone, so it is not asked twice.
      await page.getByRole('menuitem', { name: 'Aktywny' }).click();
      await expect(toast(page, 'Status kontraktu został zmieniony')).toBeVisible();
      await expect(row).toContainText('Aktywny');

      await row.getByRole('button', { name: `Zmień status umowy ${purchaseNumber}` }).click();
      await page.getByRole('menuitem', { name: 'Podpisana' }).click();
      await expect(toast(page, 'Status umowy został zmieniony')).toBeVisible();
      await expect(row).toContainText('Podpisana');
    });

    test('opens the realization, details and transport tabs of a dashboard', async ({ page }) => {
      await page.goto('/contract/purchase-list');
      await search(page, purchaseNumber);
      await rowOf(page, purchaseNumber)
        .getByRole('link', { name: `Szczegóły ${purchaseNumber}` })
        .click();
      await expect(page).toHaveURL(/\/dashboard\/\d+\/realization$/);
      await expect(pageTitle(page)).toHaveText(new RegExp(`^${purchaseNumber} ${supplierCode} · .+`));
      await expect(pageTitle(page).locator('xpath=..')).toContainText('Aktywny');
      await expect(page.getByText('Kontrakty sprzedaży, na które zaalokowano')).toBeVisible();

      await page.getByRole('tab', { name: 'Szczegóły' }).click();
      await expect(page).toHaveURL(/\/details$/);
      await expect(region(page, 'Dostawca')).toBeVisible();
      // The dashboard header carries both status menus.
      await expect(page.getByRole('button', { name: /Zmień status umowy/ })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Zmień status Aktywny/ })).toBeVisible();
      await expect(page.getByTestId('created-at')).toContainText(/Utworzono: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
      await expect(page.getByTestId('contract-history')).toContainText('Zmiana statusu umowy');

      await page.getByRole('tab', { name: 'Transporty' }).click();
      await expect(page).toHaveURL(/\/transport$/);
      await expect(page.getByPlaceholder(/Szukaj po przewoźniku/)).toBeVisible();
      await expect(page.getByTestId('result-count')).toHaveText('Wyniki: 0');

      await page.goto(`${purchaseUrl}/unknown`);
      await expect(page).toHaveURL(/\/realization$/);
    });

    test('edits the sale and shows the change in the history', async ({ page }) => {
      await page.goto(`${saleUrl}/details`);
      const save = page.getByRole('button', { name: 'Zapisz zmiany' });
      await region(page, 'Towar i ceny').getByRole('textbox', { name: 'Ilość', exact: true }).fill('90');
      await region(page, 'Uwagi').getByRole('textbox').fill('Dostawa w dwóch partiach');
      await save.click();
      await expect(toast(page, 'Zmiany kontraktu sprzedaży zostały zapisane')).toBeVisible();
      const history = page.getByTestId('contract-history');
      await expect(history).toContainText('Ilość: 80,000 t → 90,000 t');
      await expect(history).toContainText('Uwagi: — → Dostawa w dwóch partiach');
      await expect(history).toContainText('Administrator');
    });

    test('exports the filtered list to an .xlsx file', async ({ page }) => {
      await page.goto('/contract/purchase-list');
      await search(page, purchaseNumber);
      await expect(page.getByTestId('result-count')).toHaveText('Wyniki: 1');
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Eksportuj do Excela' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^kontrakty-zakupu-\d{4}-\d{2}-\d{2}\.xlsx$/);

      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile((await file.path())!);
      const sheet = workbook.worksheets[0]!;
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      const headerIndex = rows.findIndex((cells) => cells.includes('Numer kontraktu'));
      expect(headerIndex).toBeGreaterThanOrEqual(0);
      expect(rows[headerIndex]).toContain('Ilość [t]');
      const dataRows = rows.slice(headerIndex + 1).filter((cells) => cells[0] === purchaseNumber);
      expect(dataRows).toHaveLength(1);
      expect(dataRows[0]).toContain(150.5);
      expect(dataRows[0]).toContain('Aktywny');
    });

    test('deletes a contract; one with an allocation cannot be deleted', async ({ page }) => {
      const supplierId = await createContractor(api, `DA${run}`, 'Dostawca alokowany');
      const recipientId = await createContractor(api, `OA${run}`, 'Odbiorca alokowany');
      const purchase = await createContract(api, 'purchase', {
        counterpartyId: supplierId,
        documentNumber: `ZK-ALOK-${run}`,
        quantityKg: 50_000,
        priceMinor: 80_000,
      });
      const sale = await createContract(api, 'sales', {
        counterpartyId: recipientId,
        documentNumber: `SP-ALOK-${run}`,
        quantityKg: 40_000,
        priceMinor: 90_000,
      });
      await allocate(api, sale.id, purchase.id, 30_000);

      await page.goto(`/contract/purchase-list/dashboard/${purchase.id}/details`);
      const blocked = page.getByRole('button', { name: 'Usuń', exact: true });
      await expect(blocked).toBeDisabled();
      await expect(page.getByTestId('cannot-delete-reason')).toHaveText(
        'Nie możesz usunąć tego kontraktu: ma alokacje (30,000 t). Usuń je najpierw albo anuluj kontrakt.',
      );
      await page.goto(`/contract/purchase-list/dashboard/${purchase.id}/realization`);
      await expect(rowOf(page, `SP-ALOK-${run}`)).toContainText('30,000 t');
      // Each allocation pair can get a transport (the transports feature's create modal).
      await rowOf(page, `SP-ALOK-${run}`)
        .getByRole('button', { name: `Dodaj transport SP-ALOK-${run}` })
        .click();
      await expect(dialog(page)).toContainText('Nowy transport');
      // The new-transport dialog shows its pair and what is left on it.
      await expect(dialog(page).getByTestId('transport-pair')).toContainText(`→ sprzedaż SP-ALOK-${run}`);
      await expect(dialog(page).getByTestId('transport-pair')).toContainText('Do odbioru na tej parze: 30,000 t');
      expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toHaveCount(0);
      await page.goto(`/contract/sale-list/dashboard/${sale.id}/realization`);
      await expect(rowOf(page, `ZK-ALOK-${run}`)).toContainText('30,000 t');
      await expect(page.getByRole('link', { name: 'Alokuj' })).toHaveAttribute(
        'href',
        `/contract/sale-list/allocation/${sale.id}`,
      );

      await page.goto(`${purchaseUrl}/details`);
      await page.getByRole('button', { name: 'Usuń', exact: true }).click();
      await expect(dialog(page)).toContainText(`Usunąć kontrakt zakupu ${purchaseNumber}?`);
      expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });
      await dialog(page).getByRole('button', { name: 'Usuń', exact: true }).click();
      await expect(toast(page, 'Kontrakt zakupu został usunięty')).toBeVisible();
      await expect(page).toHaveURL(/\/contract\/purchase-list(\?|$)/);
      await search(page, purchaseNumber);
      await expect(page.getByTestId('list-state')).toHaveText('Brak wyników dla podanych kryteriów wyszukiwania');
    });

    test('a positions link opens the list with exactly its filter', async ({ page }) => {
      const qualities = (await (await api.get('/api/cargo/get-all-quality-option/1')).json()) as {
        list: { value: number; label: string }[];
      };
      const [chosen, other] = qualities.list;
      const supplierId = await createContractor(api, `POZ${run}`, 'Dostawca pozycji');
      const seed = { counterpartyId: supplierId, quantityKg: 10_000, priceMinor: 80_000 };
      const matching = await createContract(api, 'purchase', { ...seed, documentNumber: `POZ-A-${run}` });
      await createContract(api, 'purchase', { ...seed, documentNumber: `POZ-B-${run}`, qualityIndex: 1 });
      const cancelled = await createContract(api, 'purchase', { ...seed, documentNumber: `POZ-C-${run}` });
      const status = await api.post('/api/contract/update-purchase-status', {
        data: { purchase_id: cancelled.id, status: 'CANCELLED' },
      });
      expect(status.status()).toBe(200);

      await page.goto(
        `/contract/purchase-list?limit=10&offset=0&filter_contractStatus[]=NEW&filter_contractStatus[]=ACTIVE&filter_rawMaterialId=1&filter_rawMaterialQualityId[]=${chosen!.value}`,
      );
      await expect(page.getByRole('checkbox', { name: 'Nowy', exact: true })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'Aktywny', exact: true })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'Anulowany', exact: true })).not.toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'Wszystkie', exact: true })).not.toBeChecked();
      await expect(page.getByRole('tab', { name: 'Pszenica' })).toHaveAttribute('aria-selected', 'true');
      await page.getByRole('button', { name: /Pokaż filtry/ }).click();
      await expect(page.getByTestId('quality-filter')).toContainText(chosen!.label);

      await expect(rowOf(page, matching.documentNumber)).toBeVisible();
      await expect(rowOf(page, `POZ-B-${run}`)).toHaveCount(0);
      await expect(rowOf(page, cancelled.documentNumber)).toHaveCount(0);
      await showColumns(page, ['Jakość']);
      const qualityCells = page.getByRole('row').locator('td:nth-child(3)');
      for (const text of await qualityCells.allTextContents()) expect(text).toBe(chosen!.label);
      expect(other).toBeDefined();
    });
  });
