import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { nipFromSerial } from '@grain/shared';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seedDeliveredTransport } from './statement-seed';
import { apiAs, KSEF_FAKE_ORIGIN, KSEF_FAKE_TOKEN, saveInvoicingCompany, shootBothWidths, signIn } from './support';

/**
 * An invoice on its whole way through KSeF (RULES.md Invoices, VAT and KSeF): an ADMIN points company settings at the
 * fake KSeF of the e2e run (playwright.config.ts) with its token, issues an invoice from the statement's Sprzedaż
 * tab, sees KSeF accept it (the server's sender runs every 5 s) with its KSeF number, downloads the UPO, and the PDF
 * prints the KSeF number under the QR code (KSeF docs `kody-qr.md`). The PDF's first page is rendered to PNG with
 * poppler's pdftoppm to be looked at. KSeF is switched off again afterwards, so the specs after this one issue
 * invoices that wait as "nie wysłano".
 */
const SHOTS = process.env.E2E_SHOTS_KSEF ?? '../../.screens/invoice-ksef';
const tag = String(Date.now() % 1_000_000);
// FA(3) takes a NIP without leading zeros (TNIP: a non-zero first digit, not two zeros after it).
const recipientNip = nipFromSerial(78_000_000 + (Date.now() % 1_000_000));
const KSEF_NUMBER = /^\d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/;
let salesId: number;
let api: APIRequestContext;

const shoot = (page: Page, name: string) => shootBothWidths(page, SHOTS, name);

test.describe.configure({ mode: 'serial' });

test.describe('an invoice accepted by KSeF', () => {
  test.beforeAll(async () => {
    api = await apiAs();
    await saveInvoicingCompany(api);
    await seedDeliveredTransport(api, { tag, recipientNip });
    const answer = await api.post('/api/settlement/transaction-list', { data: { limit: 10, offset: 0, search: tag } });
    const rows = (await answer.json()).list as { id: number; type: string }[];
    salesId = rows.find((row) => row.type === 'SALES')!.id;
  });

  test.afterAll(async () => {
    const company = await (await api.get('/api/settings/company')).json();
    const saved = await api.put('/api/settings/company', {
      data: {
        name: company.name,
        city: company.city,
        nip: company.nip,
        ksef_environment: null,
        ksef_token_clear: true,
        ksef_custom_url: '',
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    expect(await saved.json()).toMatchObject({ ksef_source: null, ksef_token_set: false });
    await api.dispose();
  });

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('an ADMIN points KSeF at the test server with a token', async ({ page }) => {
    await page.goto('/settings/company');
    await page.getByRole('combobox', { name: 'Środowisko KSeF' }).click();
    await page.getByRole('option', { name: 'Testowe' }).click();
    await page.getByLabel('Własny adres API KSeF').fill(`${KSEF_FAKE_ORIGIN}/v2`);
    await page.getByLabel('Token KSeF').fill(KSEF_FAKE_TOKEN);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/settings/company'));
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    expect(await (await answer).json()).toMatchObject({
      ksef_environment: 'TEST',
      ksef_token_set: true,
      ksef_custom_url: `${KSEF_FAKE_ORIGIN}/v2`,
      ksef_source: 'SETTINGS',
    });
    await expect(page.getByTestId('ksef-token-state')).toHaveText('Token ustawiony');
  });

  test('an invoice issued from the statement is accepted by KSeF, with its UPO and its number on the PDF', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto(`/transaction-statement/sales?search=${tag}`);
    const select = page.getByRole('checkbox', { name: `Zaznacz transakcję #${salesId}`, exact: true });
    await expect(select).toBeEnabled();
    await select.check();
    await page.getByTestId('bulk-actions').getByRole('button', { name: 'Wystaw fakturę' }).click();
    const dialog = page.getByRole('dialog', { name: /Wystawienie faktury/ });
    await expect(dialog).toContainText(`Młyn Zbożowy ${tag}`);
    await dialog.getByRole('button', { name: 'Wystaw fakturę' }).click();

    await expect(page).toHaveURL(/\/invoices\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^FV\/\d{4}\/\d{2}\/\d+$/);
    const panel = page.getByTestId('ksef-panel');
    const issuedAt = Date.now();
    // Issued with KSeF configured, the invoice is queued at once; the sender (every 5 s) sends it and polls its status.
    await expect(async () => {
      await page.reload();
      await expect(panel.getByTestId('ksef-status')).toHaveText('Przyjęta', { timeout: 2_000 });
    }).toPass({ timeout: 45_000, intervals: [2_000] });
    console.log(`from issue to "Przyjęta" on the details page: ${Math.round((Date.now() - issuedAt) / 1000)} s`);
    const ksefNumber = (await panel.getByTestId('ksef-number').textContent())!;
    expect(ksefNumber).toMatch(KSEF_NUMBER);
    // The KSeF number starts with the seller's NIP (KSeF docs `numer-ksef.md`).
    expect(ksefNumber.startsWith('5260250274-')).toBe(true);
    const actions = page.getByTestId('invoice-actions');
    await expect(actions.getByRole('button', { name: 'Wyślij do KSeF' })).toBeDisabled();
    await expect(panel).toContainText('KSeF przyjął fakturę; nie wysyła się jej drugi raz.');
    await shoot(page, 'invoice-accepted');

    const upo = page.waitForEvent('download');
    await actions.getByRole('button', { name: 'Pobierz UPO' }).click();
    expect((await upo).suggestedFilename()).toBe(`UPO-${ksefNumber}.xml`);
    const upoXml = readFileSync((await (await upo).path())!, 'utf8');
    expect(upoXml.startsWith('<?xml')).toBe(true);
    expect(upoXml).toContain(`<NumerKSeFDokumentu>${ksefNumber}</NumerKSeFDokumentu>`);

    const pdf = page.waitForEvent('download');
    await actions.getByRole('button', { name: 'Pobierz PDF faktury' }).click();
    expect((await pdf).suggestedFilename()).toMatch(/^faktura-FV-\d{4}-\d{2}-\d+\.pdf$/);
    const pdfPath = `${SHOTS}/invoice-accepted.pdf`;
    mkdirSync(SHOTS, { recursive: true });
    await (await pdf).saveAs(pdfPath);
    expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
    // The first page as a PNG to look at (poppler-utils, installed by .ci/run); 100 dpi: an A4 page is about 827 × 1169 px.
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '100',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdfPath,
      `${SHOTS}/pdf-page-1`,
    ]);
    const png = readFileSync(`${SHOTS}/pdf-page-1.png`);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // pdftoppm rounds the page's points up or down: a pixel either way.
    expect(Math.abs(png.readUInt32BE(16) - 827)).toBeLessThanOrEqual(1);
    expect(Math.abs(png.readUInt32BE(20) - 1169)).toBeLessThanOrEqual(1);
    expect(statSync(`${SHOTS}/pdf-page-1.png`).size).toBeGreaterThan(20_000);
    // The text layer: Polish letters kept and the KSeF number under the QR code.
    const text = execFileSync('pdftotext', ['-layout', '-f', '1', '-l', '1', pdfPath, '-'], { encoding: 'utf8' });
    expect(text).toContain('Zbożex Handel Zbożem');
    expect(text).toContain(ksefNumber);
    // KOD I points at the verification host of the configured environment (Testowe).
    expect(text).toContain('https://qr-test.ksef.mf.gov.pl/');

    // The fake checks every request and answer against KSeF's OpenAPI document: none was off it.
    const violations = await api.get(`${KSEF_FAKE_ORIGIN}/__control/violations`);
    expect(await violations.json()).toEqual([]);
  });
});
