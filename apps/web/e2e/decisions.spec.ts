import { mkdirSync } from 'node:fs';
import { nipFromSerial } from '@grain/shared';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { allocate, contractBody, ok, sale, seedLogistics, seedTransport } from './logistics-seed';
import { apiAs, dialogViolations, shootBothWidths, signIn, waitForApiIdle } from './support';

/**
 * A lab result beyond the sale's rejection limit leaves the unloading "do decyzji": logistics filters and counts
 * such transports and a person decides — accept with a discount, or reject (the truck goes back to the client).
 */

const tag = String((Date.now() % 100_000) + 11);
const SHOTS = process.env.E2E_SHOTS ?? '../../.screens/decisions';
const moisture = {
  parameter: 'Wilgotność',
  unit: '%',
  rule: 'MOISTURE_SHRINK',
  direction: 'MAX',
  basis: 1500,
  rejection_limit: 2000,
  handling_percent: 0,
  is_stepped: false,
};

let api: APIRequestContext;
const ids: number[] = [];

async function toDecideCount(): Promise<number> {
  const answer = await ok<{ to_decide_count: number }>(await api.post('/api/transport/list', { data: {} }));
  return answer.to_decide_count;
}

async function openDecision(page: Page, id: number) {
  await page
    .getByRole('button', { name: `Zdecyduj o transporcie #${id}` })
    .first()
    .click();
  return page.getByRole('dialog', { name: `Decyzja o transporcie #${id}` });
}

test.describe
  .serial('decisions on rejected trucks', () => {
    test.beforeAll(async () => {
      api = await apiAs();
      const seed = await seedLogistics(api, tag);
      const me = await ok<{ id: number }>(await api.get('/api/auth/me'));
      const body = contractBody(me.id, seed.qualityId, `SP/${tag}/D`, 97_500, false);
      const recipient = await ok<{ result: { id: number } }>(
        await api.post('/api/dictionary/contractor/create', {
          data: {
            code: `ODD${tag}`,
            name: `Młyn Decyzja ${tag}`,
            nip: nipFromSerial(41_000_000 + Number(tag)),
            accounting_method: 'VAT',
          },
        }),
      );
      const saleId = await sale(
        api,
        { ...body, main_cargo_option: { ...body.main_cargo_option, quality_terms: [moisture] } },
        recipient.result.id,
      );
      await allocate(api, saleId, seed.purchaseId, 100_000);
      for (let n = 0; n < 2; n++) {
        const { id } = await seedTransport(api, seed, { salesId: saleId, onTheWay: true });
        await ok(
          await api.patch(`/api/transport/set-status-delivered/${id}`, {
            data: {
              unloading_date: '2026-04-04',
              real_cargo_quality_id: null,
              real_cargo_price: 85_000,
              real_cargo_quantity: 25_000,
              lab_results: [{ parameter: 'Wilgotność', value: 2150 }],
            },
          }),
        );
        ids.push(id);
      }
    });

    test.afterAll(async () => {
      await api.dispose();
    });

    test('filters the transports to decide, shows their count and accepts one with a discount', async ({ page }) => {
      const before = await toDecideCount();
      expect(before).toBeGreaterThanOrEqual(2);
      await signIn(page);
      await page.goto(`/logistics/all?search=${tag}`);
      const filter = page.getByTestId('to-decide-filter');
      await expect(filter).toContainText(String(before));
      await filter.click();
      await expect(page).toHaveURL(/filter_isToDecide=true/);
      await waitForApiIdle(page);
      await expect(page.getByTestId('to-decide-badge')).toHaveCount(2);
      mkdirSync(SHOTS, { recursive: true });
      await shootBothWidths(page, SHOTS, 'list');

      const dialog = await openDecision(page, ids[0]!);
      // The purchase keeps its quality's default terms (rejected above 19,5 %), the sale its own (above 20 %).
      await expect(dialog.getByTestId('lab-results-beyond')).toContainText('Zakup — Wilgotność: 21,5 % (limit 19,5 %)');
      await expect(dialog.getByTestId('lab-results-beyond')).toContainText(
        'Sprzedaż — Wilgotność: 21,5 % (limit 20 %)',
      );
      await dialog.getByLabel('Rabat za tonę (zł/t)').fill('12,50');
      await dialog.getByLabel('Notatka').fill('Przyjęte po rozmowie z odbiorcą');
      await page.screenshot({ path: `${SHOTS}/dialog-1440.png` });
      expect(await dialogViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/dialog-390.png` });
      await page.setViewportSize({ width: 1440, height: 900 });
      await dialog.getByRole('button', { name: 'Przyjmij', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Decyzja o rozładunku' })
        .getByRole('button', { name: 'Przyjmij' })
        .click();
      await expect(page.getByText(`Transport #${ids[0]}: rozładunek przyjęty`)).toBeVisible();
      await expect(page.getByTestId('to-decide-badge')).toHaveCount(1);
      await expect(filter).toContainText(String(before - 1));

      const statement = await ok<{ list: { type: string; deductions: number; real_quantity: number }[] }>(
        await api.post('/api/settlement/transaction-list', { data: { filter: { transportId: ids[0] } } }),
      );
      // Both sides' terms flagged it: 12,50 zł/t on each row's paid kg lands in its deductions; freight untouched.
      for (const row of statement.list) {
        const expected = row.type === 'TRANSPORT' ? 0 : Math.round((row.real_quantity * 1_250) / 1000);
        expect(row.deductions, row.type).toBe(expected);
      }
    });

    test('rejects the other: a reason is required, then the truck goes back to the client', async ({ page }) => {
      await signIn(page);
      await page.goto(`/logistics/all?filter_isToDecide=true&search=${tag}`);
      const dialog = await openDecision(page, ids[1]!);
      await dialog.getByLabel('Odrzuć — zwrot do klienta').check();
      await dialog.getByRole('button', { name: 'Odrzuć', exact: true }).click();
      await expect(dialog.getByText('Pole jest wymagane')).toBeVisible();
      await dialog.getByLabel('Powód decyzji').fill('Wilgotność 21,5 % — odbiorca nie przyjmie towaru');
      await dialog.getByRole('button', { name: 'Odrzuć', exact: true }).click();
      await page.getByRole('dialog', { name: 'Decyzja o rozładunku' }).getByRole('button', { name: 'Odrzuć' }).click();
      await expect(page.getByText(`Transport #${ids[1]}: zwrot do klienta`)).toBeVisible();
      await expect(page.getByTestId('to-decide-badge')).toHaveCount(0);
      const details = await ok<{ status: string; decision: string; history: { action: string }[] }>(
        await api.get(`/api/transport/details/${ids[1]}`),
      );
      expect(details).toMatchObject({ status: 'RETURN_TO_CLIENT', decision: 'REJECT' });
      expect(details.history[0]).toMatchObject({ action: 'decision' });
    });
  });
