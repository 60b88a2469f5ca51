import { nipFromSerial } from '@grain/shared';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { seedDeliveredTransport } from './statement-seed';
import {
  apiAs,
  clicksSoFar,
  dialogViolationsAtBothWidths,
  saveInvoicingCompany,
  signIn,
  startCountingClicks,
} from './support';

/**
 * A delivered truck settled and invoiced from its details (RULES.md Settlements; Invoices, VAT and KSeF): its three
 * statement rows in place, the sales invoice issued, the other two invoices typed and every row settled with the
 * statement's own dialogs.
 */
const SHOTS = process.env.E2E_SHOTS ?? '../../.screens/settle-from-truck';
const tag = String(Date.now() % 1_000_000);
const recipientNip = nipFromSerial(78_000_000 + (Date.now() % 1_000_000));
let transportId: number;
let onTheWayId: number;

/** From the opened details to a truck with its sales invoice issued and every row invoiced and settled. */
const MAX_CLICKS_TO_SETTLE = 4;

/** The part under test at both widths: the truck's panel inside its details, else the open dialog. */
async function shoot(page: Page, name: string, part?: Locator) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    if (part) await part.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
    else await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Today as the date fields show it (dd.mm.yyyy), in the browser's own time zone. */
const todayShown = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    const two = (value: number) => String(value).padStart(2, '0');
    return `${two(now.getDate())}.${two(now.getMonth() + 1)}.${now.getFullYear()}`;
  });

test.describe.configure({ mode: 'serial' });

test.describe('settling a truck from its details', () => {
  test.beforeAll(async () => {
    const api = await apiAs();
    await saveInvoicingCompany(api);
    const seed = await seedDeliveredTransport(api, { tag, recipientNip });
    transportId = seed.transportId;
    // A second truck of the same pair, still on the way: its delivered form and its edit form are checked.
    const second = await api.post('/api/transport/in-progress-create', {
      data: {
        purchase_id: seed.purchaseId,
        sales_id: seed.salesId,
        carrier_id: seed.carrierId,
        registration_number: `WD ${tag}`.slice(0, 12),
        trailer_number: `WD ${tag}P`.slice(0, 12),
        driver_name: 'Adam Kierowca',
        phone_number: '600700801',
        driver_document_id: `DOD${tag}`,
        cargo_quantity: 25_000,
        price_per_ton: 15_000,
        currency: 'PLN',
        date_loading: '2026-03-05',
        date_unloading: '2026-03-06',
      },
    });
    expect(second.status(), await second.text()).toBe(200);
    onTheWayId = (await second.json()).id;
    await api.dispose();
  });

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('issues the sales invoice, takes the other two and settles the three rows in four clicks', async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto(`/logistics/all?search=${tag}`);
    const detailsButton = page.getByRole('button', { name: `Szczegóły transportu #${transportId}`, exact: true });
    await detailsButton.click();
    const details = page.getByRole('dialog', { name: `Transport #${transportId}`, exact: true });
    const panel = details.getByTestId('transport-settlement');
    await expect(panel.getByTestId(/^truck-row-/)).toHaveCount(3);
    await expect(panel).toContainText(`DOST${tag}`);
    await expect(panel).toContainText(`ODB${tag}`);
    await expect(panel).toContainText(`PRZEW${tag}`);
    await expect(panel.getByText('Bez faktury')).toHaveCount(3);
    expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });
    await shoot(page, 'details', panel);

    await startCountingClicks(page);
    await panel.getByRole('button', { name: 'Wystaw fakturę', exact: true }).click();
    const issue = page.getByRole('dialog', { name: /Wystawienie faktury/ });
    await expect(issue).toContainText(`ODB${tag}`);
    await issue.getByRole('button', { name: 'Wystaw fakturę', exact: true }).click();

    // The issued invoice numbered the sales row: the other two rows' invoices are asked for next, dated today.
    const invoices = page.getByRole('dialog', { name: 'Faktury zaznaczonych transakcji (2)' });
    await expect(invoices).toBeVisible();
    await expect(invoices.getByLabel('Data faktury')).toHaveValue(await todayShown(page));
    await expect(invoices.getByTestId('bulk-totals')).toContainText('49,080 t');
    expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });
    await shoot(page, 'invoices');
    const numbers = invoices.getByRole('textbox', { name: /^Numer faktury transakcji/ });
    await numbers.nth(0).fill(`FZ/${tag}`);
    await numbers.nth(1).fill(`FT/${tag}`);
    await invoices.getByRole('button', { name: 'Zapisz faktury (2)' }).click();

    const settle = page.getByRole('dialog', { name: 'Rozliczenie zaznaczonych transakcji (3)' });
    await expect(settle.getByTestId(/^bulk-settle-row-/)).toHaveCount(3);
    await expect(settle.getByTestId('bulk-totals')).toContainText('73,620 t');
    await expect(settle.getByTestId('bulk-totals')).toContainText('netto');
    expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });
    await shoot(page, 'settle');
    await settle.getByRole('button', { name: 'Rozlicz transakcje (3)' }).click();

    await expect(panel.getByText('Wszystkie transakcje transportu są rozliczone.')).toBeVisible();
    const clicks = await clicksSoFar(page);
    console.log(`clicks from a delivered truck's details to its rows invoiced and settled: ${clicks}`);
    expect(clicks).toBeLessThanOrEqual(MAX_CLICKS_TO_SETTLE);
    await expect(panel.getByText(`Faktura FZ/${tag}`, { exact: false })).toBeVisible();
    await expect(panel.getByText(/Faktura FV\/\d{4}\/\d{2}\/\d+/)).toBeVisible();
    await expect(panel.getByText('Rozliczona')).toHaveCount(3);
    expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });
    await shoot(page, 'settled', panel);
  });

  test('the delivered form opens with the contract price and the planned quantity, and says why it drops letters', async ({
    page,
  }) => {
    await page.goto(`/logistics/all?search=${tag}`);
    await page.getByRole('button', { name: new RegExp(`zmień status transportu #${onTheWayId}$`) }).click();
    await page.getByRole('menuitem', { name: 'Oznacz jako dostarczony' }).click();
    const modal = page.getByRole('dialog', { name: `Rozładunek transportu #${onTheWayId}` });
    const quantity = modal.getByLabel('Ilość rzeczywista (t)');
    await expect(quantity).toHaveValue('25');
    await expect(modal.getByLabel('Cena rzeczywista za t (PLN)')).toHaveValue('850');
    await quantity.fill('24,5t');
    await expect(quantity).toHaveValue('24,5');
    await expect(modal.getByText('Pominięto znaki, które nie są cyframi: pole przyjmuje tylko liczbę')).toBeVisible();
    expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });
    await shoot(page, 'delivered-prefill', modal);
    await quantity.fill('24,46');
    await expect(modal.getByText('Pominięto znaki')).toHaveCount(0);
  });

  test('a loading date more than 30 days back asks before it is saved', async ({ page }) => {
    await page.goto(`/logistics/all?search=${tag}`);
    await page.getByRole('button', { name: `Edytuj transport #${onTheWayId}`, exact: true }).click();
    const form = page.getByRole('dialog', { name: `Edycja transportu #${onTheWayId}` });
    await form.getByLabel('Data załadunku').fill('04.03.2026');
    await form.getByRole('button', { name: 'Zapisz zmiany' }).click();
    const ask = page.getByRole('dialog', { name: 'Data załadunku sprzed ponad miesiąca' });
    await expect(ask).toContainText('04.03.2026');
    expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });
    await shoot(page, 'old-loading-date', ask);
    await ask.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await expect(ask).toHaveCount(0);
    await expect(form).toHaveCount(0);
  });
});
