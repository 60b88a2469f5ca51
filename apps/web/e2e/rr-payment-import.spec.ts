import { nipFromSerial } from '@grain/shared';
import { expect, type Page, test } from '@playwright/test';
import { seedDeliveredTransport } from './statement-seed';
import { apiAs, dialogViolationsAtBothWidths, saveInvoicingCompany, settledAxeViolations, signIn } from './support';

/**
 * Paying a flat-rate farmer from a bank statement (RULES.md Invoices, VAT and KSeF, VAT RR): an RR invoice issued
 * through the API, "Importuj wyciąg" on the RR list with an MT940 file whose transfer names it, the summary, then
 * the deductible month on the list and on the invoice's own page.
 */
const SHOTS = process.env.E2E_SHOTS ?? '../../.screens/rr-payment-import';
const tag = String(Date.now() % 1_000_000);
const farmerNip = nipFromSerial(79_000_000 + (Date.now() % 1_000_000));
const ACCOUNT = '61109010140000071219812874';
let invoice: { id: number; number: string; gross_total: number; issue_date: string };

async function shoot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function axeAtBothWidths(page: Page) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const violations = await settledAxeViolations(page);
    expect(violations.map((violation) => `${violation.id} @${width}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** An MT940 statement: the transfer paying the invoice, and an incoming payment that pays none. */
function statement(): Buffer {
  const today = new Date().toISOString().slice(0, 10);
  const yymmdd = today.slice(2).replaceAll('-', '');
  const [year, month, day] = invoice.issue_date.split('-');
  const amount = `${Math.floor(invoice.gross_total / 100)},${String(invoice.gross_total % 100).padStart(2, '0')}`;
  const title = `${invoice.number} z dnia ${day}.${month}.${year}`;
  return Buffer.from(
    [
      ':20:ST',
      ':25:/PL27102055581111123456789012',
      ':28C:1',
      ':60F:C260301PLN1000000,00',
      `:61:${yymmdd}${yymmdd.slice(2)}D${amount}NTRFNONREF//E2E${tag}`,
      `:86:020~00IBTR~20${title.slice(0, 27)}~21${title.slice(27)}~3010901014~310000071219812874~32Gospodarstwo`,
      `:61:${yymmdd}${yymmdd.slice(2)}C1500,00NTRFNONREF`,
      ':86:020~00IBTR~20Wpłata od odbiorcy FV/1',
      '-',
    ].join('\r\n'),
  );
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.describe('RR payments from a bank statement', () => {
  test.beforeAll(async () => {
    const api = await apiAs();
    await saveInvoicingCompany(api, { rr_invoice_series: 'RR/{RRRR}/{NR}' });
    const seed = await seedDeliveredTransport(api, { tag });
    const current = (await (await api.get(`/api/dictionary/contractor/get-one/${seed.supplierId}`)).json()).result;
    const updated = await api.put(`/api/dictionary/contractor/update/${seed.supplierId}`, {
      data: {
        ...current,
        nip: farmerNip,
        label: 'GR',
        bank_account: ACCOUNT,
        flat_rate_declaration_date: '2026-01-15',
      },
    });
    expect(updated.status(), await updated.text()).toBe(200);
    const answer = await api.post('/api/settlement/transaction-list', { data: { limit: 10, offset: 0, search: tag } });
    const rows = (await answer.json()).list as { id: number; type: string }[];
    const purchase = rows.find((row) => row.type === 'PURCHASE')!.id;
    const created = await api.post('/api/rr-invoice/create', { data: { transaction_ids: [purchase] } });
    expect(created.status(), await created.text()).toBe(200);
    invoice = await created.json();
    await api.dispose();
  });

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('imports an MT940 statement and shows the deductible month on the list and the invoice', async ({ page }) => {
    await page.goto(`/rr-invoices?search=${encodeURIComponent(invoice.number)}`);
    const row = page.getByRole('row').filter({ hasText: invoice.number });
    await expect(row).toContainText('niezapłacona');
    await page.getByRole('button', { name: 'Importuj wyciąg' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import wyciągu bankowego' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Wybierz plik' }).click();
    await (await chooser).setFiles({ name: 'wyciag.sta', mimeType: 'text/plain', buffer: statement() });
    const summary = dialog.getByRole('status');
    await expect(summary).toContainText('Zapisane zapłaty: 1');
    await expect(summary.getByTestId('import-matched')).toContainText(invoice.number);
    await expect(summary).toContainText('Pozycje bez faktury VAT RR: 1');
    await expect(summary.getByTestId('import-unmatched')).toContainText('wpływ, nie przelew do rolnika');
    await shoot(page, 'import-summary');
    expect(await dialogViolationsAtBothWidths(page)).toEqual({ desktop: [], phone: [] });

    // The same file again records nothing twice.
    const again = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Wybierz plik' }).click();
    await (await again).setFiles({ name: 'wyciag.sta', mimeType: 'text/plain', buffer: statement() });
    await expect(summary).toContainText('Przelewy zapisane już wcześniej: 1');
    await expect(summary).toContainText('Zapisane zapłaty: 0');
    await dialog.getByRole('button', { name: 'Zamknij', exact: true }).click();

    const month = new Date().toISOString().slice(0, 7);
    await expect(row).toContainText(`odliczenie w okresie ${month}`);
    await shoot(page, 'list-deductible');
    await axeAtBothWidths(page);

    await row.getByRole('link', { name: invoice.number }).click();
    await expect(page).toHaveURL(new RegExp(`/rr-invoices/${invoice.id}$`));
    await expect(page.getByRole('heading', { name: `Faktura VAT RR ${invoice.number}` })).toBeVisible();
    await expect(page.getByTestId('rr-deduction')).toHaveText(`odliczenie w okresie ${month}`);
    await expect(page.getByTestId('rr-payments')).toContainText(invoice.number);
    await expect(page.getByRole('button', { name: 'Pobierz PDF' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pobierz XML' })).toBeVisible();
    await shoot(page, 'details');
    await axeAtBothWidths(page);
  });
});
