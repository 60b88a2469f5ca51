import { nipFromSerial } from '@grain/shared';
import { expect, type Page, test } from '@playwright/test';
import { seedDeliveredTransport } from './statement-seed';
import { apiAs, saveInvoicingCompany, shootBothWidths, signIn } from './support';

/**
 * VAT RR invoices for flat-rate farmers (RULES.md Invoices, VAT and KSeF, VAT RR): a farmer's delivery, "Wystaw
 * fakturę VAT RR" on the statement's Zakup tab, its PDF, a transfer recorded, the deductible month shown.
 */
const SHOTS = process.env.E2E_SHOTS ?? '../../.screens/rr-invoices';
const tag = String(Date.now() % 1_000_000);
// FA_RR names the farmer by a NIP without leading zeros.
const farmerNip = nipFromSerial(78_000_000 + (Date.now() % 1_000_000));
let purchaseRowId: number;
let supplierId: number;

const shoot = (page: Page, name: string) => shootBothWidths(page, SHOTS, name);

test.describe.configure({ mode: 'serial' });

test.describe('VAT RR invoices', () => {
  test.beforeAll(async () => {
    const api = await apiAs();
    await saveInvoicingCompany(api, { rr_invoice_series: 'RR/{RRRR}/{NR}', rr_correction_series: 'RRK/{RRRR}/{NR}' });
    const seed = await seedDeliveredTransport(api, { tag });
    supplierId = seed.supplierId;
    const current = (await (await api.get(`/api/dictionary/contractor/get-one/${supplierId}`)).json()).result;
    const updated = await api.put(`/api/dictionary/contractor/update/${supplierId}`, {
      data: {
        ...current,
        nip: farmerNip,
        label: 'GR',
        bank_account: 'PL61 1090 1014 0000 0712 1981 2874',
        flat_rate_declaration_date: '2026-01-15',
      },
    });
    expect(updated.status(), await updated.text()).toBe(200);
    const answer = await api.post('/api/settlement/transaction-list', { data: { limit: 10, offset: 0, search: tag } });
    const rows = (await answer.json()).list as { id: number; type: string }[];
    purchaseRowId = rows.find((row) => row.type === 'PURCHASE')!.id;
    await api.dispose();
  });

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('the farmer fieldset shows the account, the declaration and the KSeF designation', async ({ page }) => {
    await page.goto(`/contractor-list/form/${supplierId}`);
    const section = page.getByRole('region', { name: 'Rolnik ryczałtowy (faktury VAT RR)' });
    await expect(section.getByLabel('Rachunek bankowy rolnika')).toHaveValue('PL61 1090 1014 0000 0712 1981 2874');
    await expect(section.getByLabel('Data oświadczenia o statusie rolnika ryczałtowego')).toHaveValue('15.01.2026');
    await section.getByLabel('Rachunek bankowy rolnika').fill('PL61 1090 1014 0000 0712 1981 2875');
    await section.getByLabel('Rachunek bankowy rolnika').blur();
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await expect(section.getByText(/suma kontrolna IBAN się nie zgadza/)).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await shoot(page, 'contractor-farmer');
  });

  test('issues an RR invoice from the purchase tab, prints it and records the transfer', async ({ page }) => {
    await page.goto(`/transaction-statement/purchase?search=${tag}`);
    await page.getByRole('checkbox', { name: `Zaznacz transakcję #${purchaseRowId}`, exact: true }).check();
    await page.getByTestId('bulk-actions').getByRole('button', { name: 'Wystaw fakturę VAT RR' }).click();
    const dialog = page.getByRole('dialog', { name: 'Faktura VAT RR dla rolnika ryczałtowego' });
    await expect(dialog).toContainText(`DOST${tag}`);
    await shoot(page, 'issue-dialog');
    await dialog.getByRole('button', { name: 'Wystaw fakturę VAT RR' }).click();

    await expect(page).toHaveURL(/\/rr-invoices$/);
    const row = page.getByRole('row').filter({ hasText: `Gospodarstwo Rolne ${tag}` });
    await expect(row).toContainText(/RR\/\d{4}\/\d{4}/);
    await expect(row).toContainText('niezapłacona');
    await expect(row).toContainText('Nie wysłano');
    await shoot(page, 'list-unpaid');

    const number = (await row
      .getByText(/RR\/\d{4}\/\d{4}/)
      .first()
      .textContent())!;
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: `Pobierz PDF ${number}` }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toMatch(/^faktura-vat-rr-RR_\d{4}_\d{4}\.pdf$/);
    await pdf.saveAs(`${SHOTS}/rr-invoice.pdf`);

    await row.getByRole('button', { name: `Zapisz zapłatę ${number}` }).click();
    const payment = page.getByRole('dialog', { name: `Zapłata dla rolnika: ${number}` });
    await expect(payment.getByLabel('Tytuł przelewu')).toHaveValue(new RegExp(number.replaceAll('/', '\\/')));
    await shoot(page, 'payment-dialog');
    await payment.getByRole('button', { name: 'Zapisz zapłatę' }).click();
    const month = new Date().toISOString().slice(0, 7);
    await expect(row).toContainText(`odliczenie w okresie ${month}`);
    await shoot(page, 'list-deductible');
  });

  test('Koryguj on the RR invoice issues a KOREKTA with the difference shown as typed, and opens it', async ({
    page,
  }) => {
    const api = await apiAs();
    const listed = await api.get(`/api/rr-invoice/list?search=${encodeURIComponent(`Gospodarstwo Rolne ${tag}`)}`);
    const invoice = (await listed.json()).list[0] as { id: number; number: string; lines: { quantity: number }[] };
    await api.dispose();
    await page.goto(`/rr-invoices/${invoice.id}`);
    await page.getByRole('button', { name: 'Koryguj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Faktura VAT RR KOREKTA' });
    await expect(dialog).toContainText(`Korekta faktury VAT RR ${invoice.number}`);
    await dialog.getByLabel('Ilość po korekcie (t)').fill('20');
    await dialog.getByLabel('Przyczyna korekty').fill('Ponowne ważenie');
    await expect(dialog.getByTestId('correction-difference')).toContainText('-');
    await shoot(page, 'correction-dialog');
    await dialog.getByRole('button', { name: 'Wystaw korektę' }).click();
    await expect(page.getByRole('heading', { name: /RRK\/\d{4}\/\d{4}/ })).toBeVisible();
    await shoot(page, 'correction-details');
  });
});
