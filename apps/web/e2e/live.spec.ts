import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { type LogisticsSeed, ok, seedLogistics, seedTransport } from './logistics-seed';
import { seedDeliveredTransport } from './statement-seed';
import { apiAs, createActiveUser, signIn } from './support';

/**
 * Live updates (README "Live updates"): two people, two browser contexts. What one changes shows on the other's
 * open screen within 2 s without a reload, and the changed row is marked there for a moment (not on the screen
 * of whoever made the change).
 */

const tag = String(Date.now() % 100_000);
const SHOTS = process.env.E2E_SHOTS ?? '../../.screens/live';
/** ARCHITECTURE.md Stack, live updates: every open screen shows a colleague's change within 2 seconds. */
const LIVE_MS = Number(process.env.LIVE_MS ?? 2_000);

let api: APIRequestContext;
let seed: LogisticsSeed;
let colleague: { email: string; password: string; id: number };

const rowOf = (page: Page, id: number) =>
  page.getByRole('row').filter({ has: page.getByText(`#${id}`, { exact: true }) });
const cardOf = (page: Page, id: number) =>
  page.getByTestId('row-card').filter({ has: page.getByText(`#${id}`, { exact: true }) });

/** A signed-in page whose live stream is connected (the page root says so, lib/live/live-updates.tsx). */
async function openAs(browser: Browser, path: string, email?: string, password?: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pl-PL' });
  const page = await context.newPage();
  await signIn(page, email, password);
  await page.goto(path);
  await expect(page.locator('html[data-live="connected"]')).toBeAttached();
  return page;
}

/** Waits, looking every 50 ms, until the element of `#id` (a row or a card) shows `text`. */
async function shownEveryFrame(page: Page, selector: string, id: number, text: string) {
  await page.waitForFunction(
    ({ selector, id, text }) =>
      [...document.querySelectorAll(selector)].some(
        (element) => new RegExp(`#${id}(?!\\d)`).test(element.textContent ?? '') && element.textContent!.includes(text),
      ),
    { selector, id, text },
    { polling: 50, timeout: LIVE_MS },
  );
}

async function chooseStatus(page: Page, id: number, item: string) {
  await page.getByRole('button', { name: new RegExp(`zmień status transportu #${id}$`) }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test.describe
  .serial('live updates', () => {
    test.beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      api = await apiAs();
      seed = await seedLogistics(api, tag);
      colleague = await createActiveUser('USER');
    });

    test('a status changed on one logistics screen shows on a colleague’s within 2 s, marked there', async ({
      browser,
    }) => {
      const id = (await seedTransport(api, seed, { withDriver: true })).id;
      const mine = await openAs(browser, `/logistics/all?search=${tag}`);
      const theirs = await openAs(browser, `/logistics/all?search=${tag}`, colleague.email, colleague.password);
      await expect(rowOf(theirs, id)).toContainText('Nowy');

      // Timed from the moment the change is committed: the answer to the status call.
      const answered = mine.waitForResponse((response) => response.url().includes('/api/transport/update-status'));
      await chooseStatus(mine, id, 'Wyślij w drogę');
      await answered;
      const changedAt = Date.now();
      // Watched every 50 ms in the page (expect's own polling backs off to a second between looks).
      await shownEveryFrame(theirs, 'tr', id, 'W drodze');
      const shownAfterMs = Date.now() - changedAt;
      expect(shownAfterMs).toBeLessThan(LIVE_MS);
      await expect(rowOf(theirs, id)).toHaveAttribute('data-live-changed', 'true');
      await theirs.screenshot({ path: `${SHOTS}/logistics-marked-1440.png` });
      // The one who made the change sees it at once and unmarked; the mark on the other screen goes by itself.
      await expect(rowOf(mine, id)).toContainText('W drodze');
      await expect(rowOf(mine, id)).not.toHaveAttribute('data-live-changed', 'true');
      await expect(rowOf(theirs, id)).not.toHaveAttribute('data-live-changed', 'true', { timeout: 5_000 });
      test.info().annotations.push({ type: 'live delivery', description: `${shownAfterMs} ms` });

      // On a phone the row is a card, marked the same way.
      await theirs.setViewportSize({ width: 390, height: 844 });
      await expect(cardOf(theirs, id)).toBeVisible();
      await ok(await api.patch('/api/transport/update-status', { data: { transport_id: id, status: 'NEW' } }));
      await shownEveryFrame(theirs, '[data-testid="row-card"]', id, 'Nowy');
      await expect(cardOf(theirs, id)).toHaveAttribute('data-live-changed', 'true');
      await cardOf(theirs, id).scrollIntoViewIfNeeded();
      await theirs.screenshot({ path: `${SHOTS}/logistics-marked-390.png` });
      await mine.context().close();
      await theirs.context().close();
    });

    test('a dropped stream connects again and shows what changed while it was down', async ({ browser }) => {
      const id = (await seedTransport(api, seed, { withDriver: true })).id;
      const theirs = await openAs(browser, `/logistics/all?search=${tag}`, colleague.email, colleague.password);
      await expect(rowOf(theirs, id)).toContainText('Nowy');
      // An account change ends that user's streams on the server (they are authenticated anew).
      const profile = await ok<Record<string, unknown>>(await api.get(`/api/profile/get/${colleague.id}`));
      await ok(await api.post(`/api/profile/update/${colleague.id}`, { data: { ...profile, first_name: 'Janina' } }));
      await expect(theirs.locator('html[data-live="connecting"]')).toBeAttached();
      await ok(await api.patch('/api/transport/update-status', { data: { transport_id: id, status: 'ON_THE_WAY' } }));
      await expect(theirs.locator('html[data-live="connected"]')).toBeAttached({ timeout: 10_000 });
      await expect(rowOf(theirs, id)).toContainText('W drodze');
      await theirs.context().close();
    });

    test('an invoice entered on a statement row shows on a colleague’s statement within 2 s, marked', async ({
      browser,
    }) => {
      const delivered = await seedDeliveredTransport(api, { tag: `${tag}9` });
      const rows = await ok<{ list: { id: number; type: string }[] }>(
        await api.post('/api/settlement/transaction-list', {
          data: { limit: 10, offset: 0, search: delivered.registrationNumber },
        }),
      );
      const purchaseRow = rows.list.find((row) => row.type === 'PURCHASE')!.id;
      const theirs = await openAs(
        browser,
        `/transaction-statement/all?search=${encodeURIComponent(delivered.registrationNumber)}`,
        colleague.email,
        colleague.password,
      );
      const row = theirs
        .getByRole('row')
        .filter({ has: theirs.getByRole('button', { name: `Akcje transakcji #${purchaseRow}`, exact: true }) });
      await expect(row).toBeVisible();
      const invoice = `FV/${tag}/LIVE`;
      await ok(
        await api.post('/api/contract/settlement-set-purchase-invoice', {
          data: { transaction_id: purchaseRow, invoice_number: invoice, invoice_date: '2026-04-05' },
        }),
      );
      await expect(row).toHaveAttribute('data-live-changed', 'true', { timeout: LIVE_MS });
      await theirs.screenshot({ path: `${SHOTS}/statement-marked-1440.png` });
      await theirs.context().close();
    });
  });
