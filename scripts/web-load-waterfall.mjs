// Cold loads of the logistics page as the bench does them (a fresh context each, the token in storage),
// with the median of every request's start and end, the paints and the moment 50 rows exist (Performance API).
// usage: node scripts/web-load-waterfall.mjs <base> <access token> [runs] [--waterfall]
import { createRequire } from 'node:module';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium-args.mjs';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const { chromium } = require('playwright-core');
const [base, token, runsArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 10);
const showAll = process.argv.includes('--waterfall');
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
const samples = [];
const perEntry = new Map();
const add = (k, v) => {
  if (!perEntry.has(k)) perEntry.set(k, []);
  perEntry.get(k).push(v);
};
for (let i = 0; i < runs; i++) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(`localStorage.setItem('grain.accessToken', ${JSON.stringify(token)});
    (() => { const mark = () => { if (!window.__rows && document.querySelectorAll('table tbody tr').length >= 50) window.__rows = performance.now(); };
      new MutationObserver(mark).observe(document, { childList: true, subtree: true }); })();`);
  const page = await context.newPage();
  const started = performance.now();
  await page.goto(`${base}/logistics/all?limit=50&offset=0`);
  await page.locator('table tbody tr').nth(49).waitFor({ timeout: 30_000 });
  const total = performance.now() - started;
  samples.push(total);
  const info = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const res = performance.getEntriesByType('resource').map((r) => ({
      name: r.name.replace(location.origin, ''),
      start: r.startTime,
      end: r.responseEnd,
      size: r.encodedBodySize,
      ttfb: r.responseStart,
    }));
    const paints = performance.getEntriesByType('paint').map((p) => ({ name: p.name, start: p.startTime }));
    return {
      nav: {
        ttfb: nav.responseStart,
        end: nav.responseEnd,
        dcl: nav.domContentLoadedEventEnd,
        load: nav.loadEventEnd,
        size: nav.encodedBodySize,
      },
      res,
      paints,
      rows: window.__rows,
    };
  });
  add('html', [0, info.nav.end, info.nav.size]);
  add('DOMContentLoaded', [info.nav.dcl, info.nav.dcl, 0]);
  for (const p of info.paints) add(p.name, [p.start, p.start, 0]);
  for (const r of info.res) {
    const key = r.name
      .replace(/-[A-Za-z0-9_-]{8}\.(js|css)$/, '.$1')
      .replace(/\?.*$/, (q) => (r.name.startsWith('/api') ? '?…' : q));
    add(key, [r.start, r.end, r.size]);
  }
  add('rows visible (in page)', [info.rows, info.rows, 0]);
  add('total (bench clock)', [total, total, 0]);
  await context.close();
}
await browser.close();
const med = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const p95 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)];
};
const rows = [...perEntry.entries()]
  .map(([k, v]) => [k, med(v.map((x) => x[0])), med(v.map((x) => x[1])), med(v.map((x) => x[2])), v.length])
  .sort((a, b) => a[1] - b[1]);
console.log('entry'.padEnd(48), 'start'.padStart(7), 'end'.padStart(7), 'bytes'.padStart(8), ' n');
for (const [k, s, e, b, n] of rows) {
  if (!showAll && k.includes('.svg')) continue;
  console.log(
    k.slice(0, 48).padEnd(48),
    s.toFixed(0).padStart(7),
    e.toFixed(0).padStart(7),
    String(Math.round(b)).padStart(8),
    n,
  );
}
console.log(`samples ${samples.map((x) => x.toFixed(0)).join(' ')}`);
console.log(`MEDIAN ${med(samples).toFixed(0)} ms  p95 ${p95(samples).toFixed(0)} ms`);
