import { type APIRequestContext, expect, test } from '@playwright/test';
import { type LogisticsSeed, seedLogistics, seedTransport } from './logistics-seed';
import { apiAs, signIn } from './support';

/**
 * spec/2 section 9, the status button's confirmation delay: the confirm button of a status change acts only 600 ms
 * after its dialog opened, so the second click of a double click that opened it never confirms. The browser's
 * clock is Playwright's: it moves only when the test says so.
 */

const tag = `AL${Date.now() % 100_000}`;

let api: APIRequestContext;
let seed: LogisticsSeed;

test.beforeAll(async () => {
  api = await apiAs();
  seed = await seedLogistics(api, tag);
});
test.afterAll(async () => {
  await api.dispose();
});

test('the confirm button of a transport status change acts 600 ms after its dialog opens', async ({ page }) => {
  const { id } = await seedTransport(api, seed);
  await page.clock.install();
  await signIn(page);
  await page.goto(`/logistics/all?search=${tag}`);
  await page.getByRole('button', { name: new RegExp(`zmień status transportu #${id}$`) }).click();
  const item = page.getByRole('menuitem', { name: 'Anuluj transport' });
  await expect(item).toBeVisible();

  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  await item.click();
  const dialog = page.getByRole('dialog', { name: 'Zmiana statusu transportu' });
  const confirm = dialog.getByRole('button', { name: 'Anuluj transport' });
  await page.clock.runFor(599);
  await expect(confirm).toHaveAttribute('aria-disabled', 'true');
  // Pressed now, it does nothing: the dialog stays and the transport keeps its status.
  await confirm.click({ force: true });
  await expect(dialog).toBeVisible();

  await page.clock.runFor(1);
  await expect(confirm).not.toHaveAttribute('aria-disabled');
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/transport/update-status'));
  await confirm.click();
  expect((await answered).status()).toBe(200);
  const details = await (await api.get(`/api/transport/details/${id}`)).json();
  expect(details.status).toBe('CANCELLED');
});
