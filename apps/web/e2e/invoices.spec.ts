import { readFileSync } from 'node:fs';
import { nipFromSerial } from '@grain/shared';
import { expect, type Page, test } from '@playwright/test';
import { seedDeliveredTransport } from './statement-seed';
import {
  apiAs,
  clicksSoFar,
  dialogViolationsAtBothWidths,
  saveInvoicingCompany,
  settledAxeViolations,
  shootBothWidths,
  showColumns,
  signIn,
  startCountingClicks,
} from './support';

/**
 * Sales invoices issued here (RULES.md Invoices, VAT and KSeF): from the statement's Sprzedaż tab one invoice of the
 * selected row, numbered from the company's series, shown in the Faktury list and its details with the FA(3) XML.
 */
const SHOTS = process.env.E2E_SHOTS ?? '../../.screens/invoices';
const tag = String(Date.now() % 1_000_000);
// FA(3) takes a NIP without leading zeros (TNIP: a non-zero first digit, not two zeros after it).
const recipientNip = nipFromSerial(77_000_000 + (Date.now() % 1_000_000));
let salesId: number;
let recipientId: number;

const shoot = (page: Page, name: string) => shootBothWidths(page, SHOTS, name);

/** axe's WCAG violations on the whole page at 1440 and 390 px (none expected). */
async function pageViolationsAtBothWidths(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // A list still loading its filtered page shows the previous rows dimmed (data-table.tsx): checked once it is in.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const atWidth = (await settledAxeViolations(page)).flatMap((violation) =>
      violation.nodes.map((node) => `${width}: ${violation.id} ${node.target.join(' ')}`),
    );
    found.push(...atWidth);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  return found;
}

/** From the statement to an issued invoice of one delivered truck: select the row, the bar's button, the dialog's. */
const MAX_CLICKS_TO_ISSUE = 3;

test.describe.configure({ mode: 'serial' });

test.describe('sales invoices', () => {
  test.beforeAll(async () => {
    const api = await apiAs();
    await saveInvoicingCompany(api);
    ({ recipientId } = await seedDeliveredTransport(api, { tag, recipientNip }));
    const answer = await api.post('/api/settlement/transaction-list', { data: { limit: 10, offset: 0, search: tag } });
    const rows = (await answer.json()).list as { id: number; type: string }[];
    salesId = rows.find((row) => row.type === 'SALES')!.id;
    await api.dispose();
  });

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('company settings show the invoice series, bank account and payment term', async ({ page }) => {
    await page.goto('/settings/company');
    await expect(page.getByLabel('Seria numeracji faktur', { exact: true })).toHaveValue('FV/{RRRR}/{MM}/{NR}');
    await expect(page.getByLabel('Seria numeracji faktur korygujących')).toHaveValue('FK/{RRRR}/{MM}/{NR}');
    await expect(page.getByLabel('Numer rachunku bankowego')).toHaveValue('PL61109010140000071219812874');
    await expect(page.getByLabel('Termin płatności (dni)')).toHaveValue('14');
  });

  test('the sales tab issues an invoice of the selected row and opens it', async ({ page }) => {
    // axe runs six times (the dialog, the details and the list, each at two widths).
    test.setTimeout(300_000);
    await page.goto(`/transaction-statement/sales?search=${tag}`);
    const select = page.getByRole('checkbox', { name: `Zaznacz transakcję #${salesId}`, exact: true });
    await expect(select).toBeEnabled();
    await startCountingClicks(page);
    await select.check();
    await page.getByTestId('bulk-actions').getByRole('button', { name: 'Wystaw fakturę' }).click();
    const dialog = page.getByRole('dialog', { name: /Wystawienie faktury/ });
    await expect(dialog).toContainText(`Młyn Zbożowy ${tag}`);
    expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });
    await shoot(page, 'issue-dialog');
    await dialog.getByRole('button', { name: 'Wystaw fakturę' }).click();

    await expect(page).toHaveURL(/\/invoices\/\d+$/);
    const clicks = await clicksSoFar(page);
    console.log(`clicks from the statement to an issued invoice of one truck: ${clicks}`);
    expect(clicks).toBeLessThanOrEqual(MAX_CLICKS_TO_ISSUE);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(/^FV\/\d{4}\/\d{2}\/\d+$/);
    await expect(page.getByText(`Młyn Zbożowy ${tag} Sp. z o.o.`)).toBeVisible();
    await expect(page.getByText(recipientNip, { exact: true })).toBeVisible();
    await expect(page.getByText('Wystawiona').first()).toBeVisible();
    // One line, 24,54 t at 975,00 PLN/t: 23 926,50 PLN net, 5 % VAT 1 196,33 PLN.
    await expect(page.getByTestId('invoice-lines').getByRole('row')).toHaveCount(2);
    await expect(page.getByTestId('invoice-lines')).toContainText('5 %');
    await expect(page.getByTestId('invoice-totals')).toContainText('Razem');
    // Not sent yet: "Wyślij do KSeF" is there; the UPO waits for KSeF's acceptance and says so.
    const panel = page.getByTestId('ksef-panel');
    await expect(panel.getByTestId('ksef-status')).toHaveText('Nie wysłano');
    await expect(panel.getByTestId('ksef-number')).toHaveText('nie nadano');
    const actions = page.getByTestId('invoice-actions');
    await expect(actions.getByRole('button', { name: 'Wyślij do KSeF' })).toBeEnabled();
    const upo = actions.getByRole('button', { name: 'Pobierz UPO' });
    await expect(upo).toBeDisabled();
    await expect(upo).toHaveAccessibleDescription(/UPO .* będzie dostępne, gdy KSeF przyjmie fakturę/);
    expect(await pageViolationsAtBothWidths(page)).toEqual([]);
    await shoot(page, 'invoice-details');

    const pdf = page.waitForEvent('download');
    await actions.getByRole('button', { name: 'Pobierz PDF faktury' }).click();
    expect((await pdf).suggestedFilename()).toMatch(/^faktura-FV-\d{4}-\d{2}-\d+\.pdf$/);
    expect(
      readFileSync((await (await pdf).path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Pobierz XML' }).click();
    const file = await (await download).path();
    const xml = readFileSync(file, 'utf8');
    expect(xml).toContain('<Faktura');
    expect(xml).toContain(recipientNip);

    const number = (await heading.textContent())!;
    await page.getByRole('link', { name: 'Faktury' }).first().click();
    await expect(page).toHaveURL(/\/invoices$/);
    await page.getByLabel('Szukaj').fill(number);
    const row = page.getByRole('row').filter({ hasText: number });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Młyn Zbożowy ${tag}`);
    await expect(row).toContainText(recipientNip);
    await expect(row).toContainText('Wystawiona');
    // The status chips filter on the server: no accepted invoice yet, the issued one is there.
    const chip = (name: string) => page.getByRole('group', { name: 'status' }).getByText(name, { exact: true });
    await chip('Przyjęta').click();
    await expect(row).toHaveCount(0);
    await chip('Przyjęta').click();
    await chip('Wystawiona').click();
    await expect(page).toHaveURL(/filter_status/);
    await expect(row).toHaveCount(1);
    expect(await pageViolationsAtBothWidths(page)).toEqual([]);
    await shoot(page, 'invoice-list');
    const exported = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Eksportuj do Excela' }).click();
    expect((await exported).suggestedFilename()).toMatch(/^faktury-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await row.getByRole('link', { name: number, exact: true }).click();
    await expect(page).toHaveURL(/\/invoices\/\d+$/);
  });

  test('the statement row links to its invoice and cannot be selected again, with the reason', async ({ page }) => {
    await page.goto(`/transaction-statement/sales?search=${tag}`);
    await showColumns(page, ['Numer faktury']);
    const link = page.getByRole('link', { name: /^FV\/\d{4}\/\d{2}\/\d+$/ });
    await expect(link).toHaveCount(1);
    const number = (await link.textContent())!;
    const select = page.getByRole('checkbox', { name: `Zaznacz transakcję #${salesId}`, exact: true });
    await expect(select).toBeDisabled();
    await page.getByTestId(`select-blocked-${salesId}`).hover();
    await expect(page.getByRole('tooltip')).toHaveText(`Wiersz ma już fakturę ${number}`);
    await shoot(page, 'statement-invoiced');
    await link.click();
    await expect(page).toHaveURL(/\/invoices\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(number);
  });

  test('without KSeF configured, sending is refused with its Polish message', async ({ page }) => {
    await page.goto('/invoices');
    await page.getByRole('row').nth(1).getByRole('link').first().click();
    await page.getByTestId('invoice-actions').getByRole('button', { name: 'Wyślij do KSeF' }).click();
    await expect(
      page.getByText('Wysyłka do KSeF nie jest skonfigurowana (środowisko i token w ustawieniach firmy)'),
    ).toBeVisible();
    await expect(page.getByTestId('ksef-status')).toHaveText('Nie wysłano');
  });

  test('the contractor form takes its own payment term and bank account for invoices', async ({ page }) => {
    await page.goto(`/contractor-list/form/${recipientId}`);
    const section = page.getByRole('region', { name: 'Warunki na fakturach sprzedaży' });
    await section.getByLabel('Termin płatności (dni)').fill('30');
    await section.getByLabel('Numer rachunku bankowego na fakturach').fill('PL27114020040000300201355387');
    await shoot(page, 'contractor-invoice-terms');
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await expect(page.getByText('Zmiany kontrahenta zostały zapisane')).toBeVisible();
    await page.goto(`/contractor-list/form/${recipientId}`);
    await expect(section.getByLabel('Termin płatności (dni)')).toHaveValue('30');
  });

  test('Koryguj on the invoice details issues a correction and opens it, linked both ways', async ({ page }) => {
    const api = await apiAs();
    const listed = await api.post('/api/invoice/list', { data: { limit: 10, offset: 0, search: tag } });
    const invoice = ((await listed.json()).list as { id: number; number: string; kind: string }[]).find(
      (row) => row.kind === 'VAT',
    )!;
    await api.dispose();
    await page.goto(`/invoices/${invoice.id}`);
    await expect(page.getByTestId('invoice-corrections')).toContainText('Faktura nie ma korekt');
    await page.getByRole('button', { name: 'Koryguj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Faktura korygująca' });
    const quantity = dialog.getByLabel('Ilość po korekcie (t)');
    await expect(quantity).not.toHaveValue('');
    await quantity.fill('24');
    // The difference is shown as it is typed, negative for less grain.
    await expect(dialog.getByTestId('correction-difference')).toContainText('-');
    await dialog.getByLabel('Przyczyna korekty').fill('Ponowne ważenie u odbiorcy');
    await shoot(page, 'correction-dialog');
    await dialog.getByRole('button', { name: 'Wystaw korektę' }).click();

    await expect(page).toHaveURL(/\/invoices\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^FK\/\d{4}\/\d{2}\/\d+$/);
    const panel = page.getByTestId('invoice-corrections');
    await expect(panel).toContainText(`Koryguje fakturę ${invoice.number}`);
    await expect(panel).toContainText('Ponowne ważenie u odbiorcy');
    await expect(page.getByText('Faktura korygująca').first()).toBeVisible();
    await shoot(page, 'correction-details');
    await panel.getByRole('link', { name: invoice.number }).click();
    await expect(page.getByTestId('invoice-corrections').getByRole('link', { name: /^FK\// })).toHaveCount(1);
  });
});
