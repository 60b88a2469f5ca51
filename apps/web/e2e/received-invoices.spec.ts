import { nipFromSerial } from '@grain/shared';
import { expect, type Page, test } from '@playwright/test';
import { buildFa3Xml } from '../../server/src/modules/ksef/xml/fa3';
import { seedDeliveredTransport } from './statement-seed';
import {
  apiAs,
  KSEF_FAKE_ORIGIN,
  KSEF_FAKE_TOKEN,
  settledAxeViolations,
  shootBothWidths,
  showColumns,
  signIn,
} from './support';

/**
 * "Faktury otrzymane" (RULES.md Invoices, VAT and KSeF: a received invoice matched to statement rows): a supplier's
 * invoice put into the fake KSeF is fetched by the KSeF worker's export, waits "do przypisania", and a person assigns
 * the delivery's purchase row to it with one click.
 */
const SHOTS = process.env.E2E_SHOTS ?? '../../.screens/received-invoices';
const tag = String(Date.now() % 1_000_000);
const supplierNip = nipFromSerial(77_000_000 + (Date.now() % 1_000_000));
const invoiceNumber = `FZ/${tag}`;
let purchaseRowId: number;

const shoot = (page: Page, name: string) => shootBothWidths(page, SHOTS, name);

test.describe.configure({ mode: 'serial' });

test.describe('received invoices', () => {
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const api = await apiAs();
    const settings = await api.put('/api/settings/company', {
      data: {
        name: 'Zbożex Handel Zbożem sp. z o.o.',
        street: 'ul. Żytnia 7',
        post_code: '61-001',
        city: 'Poznań',
        nip: '5260250274',
        ksef_environment: 'TEST',
        ksef_token: KSEF_FAKE_TOKEN,
        ksef_custom_url: `${KSEF_FAKE_ORIGIN}/v2`,
      },
    });
    expect(settings.status(), await settings.text()).toBe(200);
    const seed = await seedDeliveredTransport(api, { tag });
    const current = (await (await api.get(`/api/dictionary/contractor/get-one/${seed.supplierId}`)).json()).result;
    const updated = await api.put(`/api/dictionary/contractor/update/${seed.supplierId}`, {
      data: { ...current, nip: supplierNip, accounting_method: 'VAT' },
    });
    expect(updated.status(), await updated.text()).toBe(200);
    const answer = await api.post('/api/settlement/transaction-list', { data: { limit: 10, offset: 0, search: tag } });
    const rows = (await answer.json()).list as { id: number; type: string; net_value: number }[];
    const purchase = rows.find((row) => row.type === 'PURCHASE')!;
    purchaseRowId = purchase.id;

    // Two trucks billed on one line, only one of them delivered yet: no row matches, a person assigns.
    const net = purchase.net_value * 2;
    const xml = buildFa3Xml({
      generatedAt: new Date(),
      seller: { nip: supplierNip, name: `Gospodarstwo Rolne ${tag}`, address: { countryCode: 'PL', line1: 'Wieś 1' } },
      buyer: {
        identifier: { type: 'nip', nip: '5260250274' },
        name: 'Zbożex Handel Zbożem sp. z o.o.',
        address: { countryCode: 'PL', line1: 'ul. Żytnia 7' },
      },
      currency: 'PLN',
      issueDate: '2026-03-10',
      number: invoiceNumber,
      sale: { date: '2026-03-04' },
      totals: [{ rate: '5', netMinor: net, vatMinor: Math.round(net * 0.05) }],
      kind: { type: 'VAT' },
      lines: [
        {
          name: 'Pszenica konsumpcyjna',
          unit: 't',
          quantity: { kg: 50_000 },
          unitNetPriceMinor: 85_000,
          netMinor: net,
          rate: '5',
        },
      ],
    });
    const added = await api.post(`${KSEF_FAKE_ORIGIN}/__control/invoices`, {
      data: Buffer.from(xml),
      headers: { 'content-type': 'application/xml' },
    });
    expect(added.status(), await added.text()).toBe(200);
    // The KSeF worker's next export (every few seconds against the fake) stores it.
    await expect
      .poll(
        async () => {
          const list = await api.get(`/api/received-invoice/list?search=${encodeURIComponent(invoiceNumber)}`);
          return (await list.json()).list?.[0]?.status;
        },
        { timeout: 60_000, intervals: [1000] },
      )
      .toBe('TO_ASSIGN');
    await api.dispose();
  });

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('assigns the invoice to the delivery’s purchase row with one click', async ({ page }) => {
    await page.goto(`/received-invoices?search=${encodeURIComponent(invoiceNumber)}`);
    const row = page.getByRole('row').filter({ hasText: invoiceNumber });
    await expect(row).toContainText('do przypisania');
    await shoot(page, 'list');
    await row.getByRole('button', { name: `Pokaż fakturę ${invoiceNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Faktura otrzymana ${invoiceNumber}` });
    await expect(dialog).toContainText('Pszenica konsumpcyjna');
    const truck = dialog.getByTestId(`received-row-${purchaseRowId}`);
    await expect(truck).toBeVisible();
    await shoot(page, 'details');
    const violations = await settledAxeViolations(page, '[role="dialog"]');
    expect(violations.map((violation) => violation.id)).toEqual([]);

    await truck.getByRole('button', { name: `Przypisz wiersz ${purchaseRowId}` }).click();
    await expect(truck).toContainText('przypisany');
    await expect(dialog.getByTestId('received-figures')).toContainText('wiersze');
    await shoot(page, 'assigned');

    // The PDF of the XML as KSeF shows it.
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'PDF faktury' }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toBe(`faktura-otrzymana-FZ_${tag}.pdf`);
    await pdf.saveAs(`${SHOTS}/received-invoice.pdf`);
  });

  test('the statement row filled by the invoice links to it', async ({ page }) => {
    await page.goto(`/transaction-statement/purchase?search=${tag}`);
    await showColumns(page, ['Numer faktury']);
    const link = page.getByRole('link', { name: invoiceNumber });
    await expect(link).toBeVisible();
    await page.keyboard.press('Escape');
    await shoot(page, 'statement-link');
    await link.click();
    await expect(page).toHaveURL(/\/received-invoices\?open=\d+/);
    const dialog = page.getByRole('dialog', { name: `Faktura otrzymana ${invoiceNumber}` });
    await expect(dialog.getByTestId(`received-row-${purchaseRowId}`)).toContainText('przypisany');
  });
});
