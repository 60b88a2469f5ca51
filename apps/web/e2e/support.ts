import AxeBuilder from '@axe-core/playwright';
import { addDaysIso, companyTodayIso } from '@grain/shared';
import { type APIRequestContext, expect, type Page, request } from '@playwright/test';

export const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;
/**
 * The fake KSeF of the e2e run (playwright.config.ts): E2E_PORT + 810, so parallel runs each have their own and the
 * default run (3910) stays clear of `npm run ksef:fake` on 3900. It takes KSEF_FAKE_TOKEN for any NIP.
 */
export const KSEF_FAKE_PORT = Number(process.env.E2E_PORT ?? 3100) + 810;
export const KSEF_FAKE_ORIGIN = `http://127.0.0.1:${KSEF_FAKE_PORT}`;
export const KSEF_FAKE_TOKEN = 'e2e-fake-ksef-token-0123456789abcdef';
export const ADMIN = { email: 'admin@example.com', password: 'E2eAdmin123!' };
export const DEFAULT_ADMIN_PASSWORD = 'Admin123!';
export const USER_PASSWORD = 'E2eUser123!';

export interface Tokens {
  token: string;
  refresh_token: string;
}

export async function apiLogin(email: string, password: string): Promise<Tokens> {
  const context = await request.newContext({ baseURL: BASE_URL });
  const response = await context.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  const tokens = (await response.json()) as Tokens;
  await context.dispose();
  return tokens;
}

/** An API context signed in as the user (seeding through the API, as a fixture). */
export async function apiAs(email = ADMIN.email, password = ADMIN.password): Promise<APIRequestContext> {
  const tokens = await apiLogin(email, password);
  return request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${tokens.token}` } });
}

let counter = Date.now() % 100000;
export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}.${counter}@example.com`;
}

/** Creates a user through the API and changes its first password, so it can sign in straight away. */
export async function createActiveUser(role: 'ADMIN' | 'USER', overrides: Record<string, unknown> = {}) {
  const admin = await apiAs();
  const email = (overrides.email as string | undefined) ?? uniqueEmail(role.toLowerCase());
  const first = `Tmp${USER_PASSWORD}`;
  const created = await admin.post('/api/profile/create', {
    data: { email, first_name: 'Jan', last_name: 'Kowalski', role, password: first, ...overrides },
  });
  expect(created.status(), await created.text()).toBe(200);
  const user = await apiAs(email, first);
  const changed = await user.post('/api/profile/change-password', {
    data: { old_password: first, new_password: USER_PASSWORD },
  });
  expect(changed.status()).toBe(200);
  return { email, password: USER_PASSWORD, id: (await created.json()).id as number };
}

/**
 * Signs the browser in by putting API tokens where the app keeps them. The tokens are stored on /api/health,
 * where the app does not run, so no half-started session can interfere with the next navigation.
 */
export async function signIn(page: Page, email = ADMIN.email, password = ADMIN.password) {
  const tokens = await apiLogin(email, password);
  await page.goto('/api/health');
  await page.evaluate((t) => {
    localStorage.setItem('grain.accessToken', t.token);
    localStorage.setItem('grain.refreshToken', t.refresh_token);
  }, tokens);
}

/** Reads the latest mail sent to an address from the server's mail folder (SMTP_URL unset in e2e). */
export async function latestMailTo(address: string): Promise<string> {
  const { readdirSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const folder = join(import.meta.dirname, '..', process.env.E2E_DATA_DIR ?? 'e2e/.data', 'mail');
  for (let attempt = 0; attempt < 40; attempt++) {
    let files: string[] = [];
    try {
      files = readdirSync(folder).sort().reverse();
    } catch {
      files = [];
    }
    for (const file of files) {
      const text = readFileSync(join(folder, file), 'utf8');
      if (text.includes(`To: ${address}`)) return decodeQuotedPrintable(text);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${address}`);
}

/** The .eml body is quoted-printable UTF-8 (nodemailer's composer). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Shows columns a list keeps hidden by default, through its column chooser. */
export async function showColumns(page: Page, names: string[]) {
  await page.getByRole('button', { name: 'Kolumny' }).click();
  for (const name of names) await page.getByRole('checkbox', { name, exact: true }).check();
  await page.keyboard.press('Escape');
}

/** The WCAG 2.1 A and AA rules axe checks. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * axe's WCAG violations of the page (or of what `include` selects) once it has settled: right after a filter or a
 * resize, a frame mid-transition can measure a contrast the page never keeps (seen on a slow machine: a row's link
 * and badge below contrast, gone a moment later). The page is analysed again for up to 5 s until it is clean; a
 * lasting violation still fails, as the last analysis is the one returned.
 */
export async function settledAxeViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  let violations: AxeViolation[] = [];
  const analyze = async () => {
    const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
    violations = (await (include ? builder.include(include) : builder).analyze()).violations;
    return violations.length;
  };
  await expect
    .poll(analyze, { timeout: 5_000 })
    .toBe(0)
    .catch(() => {});
  return violations;
}

/**
 * axe's WCAG violations inside the open dialogs, by rule id (none expected). Two frames let a resize reach the
 * components that follow the width; then the dialogs' transitions are waited for (their own end, not a time), so
 * axe measures the final colours, not a half-faded dialog.
 */
export async function dialogViolations(page: Page): Promise<string[]> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  const violations = await settledAxeViolations(page, '[role="dialog"]');
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} ${node.html.slice(0, 160)}`),
  );
}

/** The open dialogs' axe violations at 1440 px and at 390 px width; the page gets its own size back afterwards. */
export async function dialogViolationsAtBothWidths(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1440, height: 900 });
  const desktop = await dialogViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const phone = await dialogViolations(page);
  if (size) await page.setViewportSize(size);
  return { desktop, phone };
}

const inFlightByPage = new WeakMap<Page, Set<string>>();

/**
 * Starts counting the page's calls in flight (before the navigation that `waitForApiIdle` then waits on). The
 * live-update stream (GET /api/events) stays open while signed in by design, so Playwright's 'networkidle' never
 * comes; it is left out of the count.
 */
export function watchApiCalls(page: Page): void {
  if (inFlightByPage.has(page)) return;
  const inFlight = new Set<string>();
  inFlightByPage.set(page, inFlight);
  let next = 0;
  const ids = new WeakMap<object, string>();
  page.on('request', (call) => {
    if (call.url().includes('/api/events')) return;
    const id = String(next++);
    ids.set(call, id);
    inFlight.add(id);
  });
  const done = (call: object) => {
    const id = ids.get(call);
    if (id !== undefined) inFlight.delete(id);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** Waits until no call but the live stream has been in flight for `quietMs` (what 'networkidle' meant before it). */
export async function waitForApiIdle(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  watchApiCalls(page);
  const inFlight = inFlightByPage.get(page)!;
  await page.waitForLoadState('load');
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`calls still in flight after ${timeoutMs} ms`);
}

/**
 * Full-page screenshots at 1440 and 390 px into `dir` as `<name>-<width>.png`, each once the screen fits its width
 * (the menu folded away, nothing to scroll sideways); the page is left at 1440×900.
 */
export async function shootBothWidths(page: Page, dir: string, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The company settings an invoice needs (seller, numbering series, bank account, payment term), and `extra`. */
export async function saveInvoicingCompany(api: APIRequestContext, extra: Record<string, unknown> = {}) {
  const settings = await api.put('/api/settings/company', {
    data: {
      name: 'Zbożex Handel Zbożem sp. z o.o.',
      street: 'ul. Żytnia 7',
      post_code: '61-001',
      city: 'Poznań',
      nip: '5260250274',
      invoice_series: 'FV/{RRRR}/{MM}/{NR}',
      correction_series: 'FK/{RRRR}/{MM}/{NR}',
      bank_account: 'PL61109010140000071219812874',
      payment_term_days: 14,
      ...extra,
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);
}

/** Counts the user's own clicks on the page from now on (trusted events only; a client-side navigation keeps it). */
export async function startCountingClicks(page: Page) {
  await page.evaluate(() => {
    const counter = window as unknown as { userClicks: number };
    counter.userClicks = 0;
    document.addEventListener(
      'click',
      (event) => {
        if (event.isTrusted) counter.userClicks += 1;
      },
      true,
    );
  });
}

export const clicksSoFar = (page: Page) =>
  page.evaluate(() => (window as unknown as { userClicks: number }).userClicks);

/**
 * The date `days` from now on the browser's calendar (playwright.config.ts: timezoneId Europe/Warsaw), YYYY-MM-DD:
 * the test process keeps UTC, which near midnight is the day before.
 */
export function browserDayIso(days = 0): string {
  return addDaysIso(companyTodayIso(), days);
}

/** Waits until every toast has finished coming in (axe measures a half-faded text's contrast against the page). */
export async function toastsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.mantine-Notifications-root .mantine-Notification-root')].every((toast) => {
      for (
        let node: Element | null = toast;
        node && !node.classList.contains('mantine-Notifications-root');
        node = node.parentElement
      ) {
        if (getComputedStyle(node).opacity !== '1') return false;
      }
      return true;
    }),
  );
}
