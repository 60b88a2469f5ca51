// Screenshots of screens at desktop (1440 px) and phone (390 px) width, for a person to look at.
// Run: node --import tsx e2e/screens.ts <baseUrl> <outDir> <email> <password> <path> [<path> ...]
// A path may end in steps after "#": "click=<name>" (a button, link, checkbox or menu item by accessible name) or
// "fill=<label>=<text>", separated by "|", to show a dialog or a form with its messages:
// "/contractor-list/form#click=Dodaj kontrahenta".
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/chromium-args.mjs';

const [baseUrl = 'http://localhost:3100', outDir = '../../.screens', email, password, ...paths] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
let tokens: { token: string; refresh_token: string } | null = null;
if (email && password) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  tokens = await response.json();
}
for (const [label, width, height] of [
  ['desktop', 1440, 900],
  ['phone', 390, 844],
] as const) {
  const page = await browser.newPage({ viewport: { width, height }, locale: 'pl-PL' });
  await page.goto(`${baseUrl}/login`);
  if (tokens) {
    await page.evaluate((t) => {
      localStorage.setItem('grain.accessToken', t.token);
      localStorage.setItem('grain.refreshToken', t.refresh_token);
    }, tokens);
  }
  for (const entry of paths) {
    const [path = '/', steps = ''] = entry.split('#');
    await page.goto(`${baseUrl}${path}`);
    await page.waitForLoadState('networkidle');
    for (const step of steps.split('|').filter(Boolean)) {
      const [kind, target = '', text = ''] = step.split('=');
      if (kind === 'fill') await page.getByLabel(target, { exact: true }).first().fill(text);
      else {
        const byName = (role: 'button' | 'link' | 'checkbox' | 'menuitem' | 'tab') =>
          page.getByRole(role, { name: target }).first();
        const candidates = [byName('button'), byName('checkbox'), byName('menuitem'), byName('tab'), byName('link')];
        const visible = await Promise.all(candidates.map((candidate) => candidate.isVisible()));
        await candidates[visible.indexOf(true)]?.click();
      }
      await page.waitForTimeout(500);
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    const name = `${entry.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}-${label}.png`;
    await page.screenshot({ path: join(outDir, name), fullPage: true });
    console.log(join(outDir, name));
  }
  await page.close();
}
await browser.close();
