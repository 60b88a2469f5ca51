import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/chromium-args.mjs';
import { ADMIN } from './support';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const LAN_NAME = 'biuro';

/**
 * Over plain HTTP on a LAN name the app renders and works. The browser resolves `biuro` to this machine
 * (as an office DNS or hosts file would), so the page is not on localhost, where Chromium forgives what a LAN does not.
 */
test('the app opened as http://biuro:<port> renders its login page and signs in', async () => {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--disable-quic', `--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.1`],
  });
  try {
    const page = await browser.newPage({ locale: 'pl-PL' });
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(request.url()));
    const response = await page.goto(`http://${LAN_NAME}:${PORT}/login`);

    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByLabel('Hasło').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await expect(page).toHaveURL(`http://${LAN_NAME}:${PORT}/positions`);
    await expect(page.getByTestId('user-block')).toContainText(ADMIN.email);
    expect(failed).toEqual([]);
    expect(response?.headers()['strict-transport-security']).toBeUndefined();
    expect(response?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
  } finally {
    await browser.close();
  }
});
