import { nipFromSerial } from '@grain/shared';
import { expect, test } from '@playwright/test';
import { DEPLOY_PASSWORD, Topology } from './topology';

/**
 * deploy/ proven without containers (docs/operations.md, Stopping and rolling restarts): PostgreSQL, two server
 * processes, Caddy with its internal CA in front. A browser works through https://; one process is stopped with
 * SIGTERM under a load and no request fails; it comes back and takes traffic again.
 */
const topology = new Topology();
let token = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await topology.start();
  const login = await topology.call('POST', '/api/auth/login', {
    body: { email: 'admin@example.com', password: DEPLOY_PASSWORD },
  });
  expect(login.status, login.body).toBe(200);
  token = JSON.parse(login.body).token;
});
test.afterAll(async () => {
  await topology.stop();
});

test('a user signs in through https:// and works, served by both processes', async ({ browser }) => {
  // Chromium does not know Caddy's fresh root; the Node calls of this suite check the chain against it.
  const context = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: topology.url });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByLabel('E-mail').fill('admin@example.com');
  await page.getByLabel('Hasło').fill(DEPLOY_PASSWORD);
  await page.getByRole('button', { name: 'Zaloguj' }).click();
  await expect(page).toHaveURL(/https:\/\/localhost:\d+\//);
  await page.goto('/contractor-list');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const answer = await page.evaluate(async () => (await fetch('/api/health')).headers.get('strict-transport-security'));
  // Behind the proxy the app knows the request came over TLS (TRUST_PROXY) and asks browsers to stay on it.
  expect(answer).toContain('max-age=');
  await context.close();
  const before = topology.apps.map((app) => app.requestsLogged());
  for (let index = 0; index < 20; index += 1) await topology.call('GET', '/api/health');
  const after = topology.apps.map((app) => app.requestsLogged());
  expect(after.every((count, index) => count > before[index]!)).toBe(true);
});

test('a process stopped with SIGTERM under load drains: no request fails, and it takes traffic when back', async () => {
  test.setTimeout(240_000);
  const [stopping] = topology.apps;
  let running = true;
  let serial = 0;
  const outcomes = { answered: 0, failed: [] as string[] };
  const client = async (id: number) => {
    while (running) {
      serial += 1;
      const write = serial % 5 === 0;
      try {
        const response = write
          ? await topology.call('POST', '/api/dictionary/contractor/create', {
              token,
              body: {
                code: `D${id}-${serial}`,
                name: `Kontrahent ${serial}`,
                nip: nipFromSerial(61_000_000 + serial),
                accounting_method: 'VAT',
              },
            })
          : await topology.call('GET', '/api/dictionary/contractor/list?limit=10&offset=0', { token });
        if (response.status === 200) outcomes.answered += 1;
        else outcomes.failed.push(`${response.status} ${response.body.slice(0, 120)}`);
      } catch (error) {
        outcomes.failed.push(String(error));
      }
    }
  };
  const load = Promise.all([1, 2, 3, 4].map(client));
  await new Promise((done) => setTimeout(done, 3000));
  const stoppedAt = Date.now();
  stopping!.child.kill('SIGTERM');
  const exitCode = await stopping!.exited;
  const drainedMs = Date.now() - stoppedAt;
  await new Promise((done) => setTimeout(done, 2000));

  // Back on the same port: it starts, and the balancer sends it requests again.
  const back = topology.startApp(stopping!.port);
  await topology.waitHealthy(back.port);
  const servedBefore = back.requestsLogged();
  await new Promise((done) => setTimeout(done, 4000));
  running = false;
  await load;
  console.info(
    `rolling stop: ${outcomes.answered} requests answered, ${outcomes.failed.length} failed; ` +
      `drained and exited in ${drainedMs} ms; the restarted process served ${back.requestsLogged() - servedBefore}`,
  );
  expect(exitCode).toBe(0);
  expect(outcomes.failed).toEqual([]);
  expect(outcomes.answered).toBeGreaterThan(100);
  expect(back.requestsLogged()).toBeGreaterThan(servedBefore);
});
