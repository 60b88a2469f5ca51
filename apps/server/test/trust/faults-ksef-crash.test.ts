import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { contractors, invoices } from '../../src/db/schema/index.js';
import { type FakeKsef, startFakeKsef } from '../../tools/ksef-fake/server.js';
import { COMPANY } from '../fixtures/settings.js';
import { insertDeliveredTransport } from '../fixtures/settlements.js';
import { freePort } from './own-postgres.js';
import { request, type ServerProcess, startServer, waitUntilHealthy } from './server-process.js';

/**
 * Faults: the real server process (embedded database in a temporary DATA_DIR) killed with SIGKILL while its KSeF
 * worker is in the middle of a send, then started again (RULES.md Invoices, VAT and KSeF; invoices/ksef-sender.ts).
 * Nothing is lost (every invoice ends ACCEPTED) and nothing is sent twice: the fake KSeF gave exactly one KSeF
 * number per invoice, the one stored.
 */
const PASSWORD = 'Crash-test1';
const KSEF_TOKEN = 'crash-test-ksef-token';
const COMPANY_NIP = '5260250274';
let dataDir: string;
let port: number;
let fake: FakeKsef;
const running: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'grain-ksef-crash-'));
  port = await freePort();
  fake = await startFakeKsef({ logViolations: false, ksefTokens: [{ nip: COMPANY_NIP, token: KSEF_TOKEN }] });
});
afterAll(async () => {
  for (const server of running) server.child.kill('SIGKILL');
  await Promise.all(running.map((server) => server.exited));
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const SERVER_ENV = {
  JWT_SECRET: 'ksef-crash-test-secret-long-enough-for-hs256',
  ADMIN_PASSWORD: PASSWORD,
  AUTH_RATE_LIMIT: '1000',
  SECRETS_KEY: randomBytes(32).toString('base64'),
  KSEF_ALLOW_CUSTOM_URL: 'true',
};

async function start(): Promise<ServerProcess> {
  const server = startServer({ ...SERVER_ENV, DATA_DIR: dataDir }, port);
  running.push(server);
  await waitUntilHealthy(server);
  return server;
}

async function kill(server: ServerProcess) {
  server.child.kill('SIGKILL');
  expect(await server.exited).toBe('SIGKILL');
}

/** The embedded database, opened while no server runs. */
async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const database = await openDatabase({ databaseUrl: null, pgliteDir: join(dataDir, 'pglite') });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** NIPs with a valid checksum that fit the FA(3) pattern. */
function invoiceableNip(serial: number): string {
  for (let n = serial; ; n += 1000) {
    const digits = `78${String(n).padStart(7, '0')}`;
    const sum = [6, 5, 7, 2, 3, 4, 5, 6, 7].reduce((acc, weight, i) => acc + weight * Number(digits[i]), 0) % 11;
    if (sum < 10) return `${digits}${sum}`;
  }
}

describe('the server killed while its KSeF worker sends', () => {
  it('loses no invoice and sends none twice: one KSeF number per invoice after the restart', async () => {
    // First start: migrations and reference data; then three delivered trucks written straight to the database.
    await kill(await start());
    const transactionIds = await withDatabase(async (db) => {
      const ids: number[] = [];
      for (let index = 0; index < 3; index++) {
        const d = await insertDeliveredTransport(db, {});
        await db
          .update(contractors)
          .set({ nip: invoiceableNip(index + 1) })
          .where(eq(contractors.id, d.sale.counterpartyId));
        ids.push(d.salesTx.id);
      }
      return ids;
    });

    const second = await start();
    const login = await request(second, 'POST', '/api/auth/login', {
      body: { email: 'admin@example.com', password: PASSWORD },
    });
    const token = login.body.token as string;
    const settings = await request(second, 'PUT', '/api/settings/company', {
      token,
      body: {
        ...COMPANY,
        invoice_series: 'FV/{RRRR}/{MM}/{NR}',
        bank_account: 'PL61109010140000071219812874',
        ksef_environment: 'TEST',
        ksef_token: KSEF_TOKEN,
        ksef_custom_url: fake.url,
      },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    // KSeF takes the first invoice but keeps answering "processing": the worker is mid-send when it dies.
    fake.control.setPendingPolls({ invoice: 1000 });
    for (const id of transactionIds) {
      const created = await request(second, 'POST', '/api/invoice/create', { token, body: { transaction_ids: [id] } });
      expect([created.status, created.body.status], JSON.stringify(created.body)).toEqual([200, 'QUEUED']);
    }
    await expect.poll(() => fake.control.sentInvoices().length, { timeout: 30_000, interval: 50 }).toBe(1);
    const statuses = async () =>
      ((await request(second, 'GET', '/api/invoice/list?limit=10', { token })).body.list as { status: string }[])
        .map((invoice) => invoice.status)
        .sort();
    // Killed while it polls KSeF for the answer: SENT is written, KSeF holds the invoice, no number is known yet.
    await expect.poll(statuses, { timeout: 20_000, interval: 50 }).toEqual(['QUEUED', 'QUEUED', 'SENT']);
    await kill(second);

    // Nothing lost: one invoice SENT (KSeF has it), the others still QUEUED; their leases run out (time passes).
    await withDatabase(async (db) => {
      const rows = await db.select({ status: invoices.status }).from(invoices).orderBy(invoices.id);
      expect(rows.map((row) => row.status).sort()).toEqual(['QUEUED', 'QUEUED', 'SENT']);
      await db.update(invoices).set({ ksefNextAttemptAt: new Date(Date.now() - 1000).toISOString() });
    });

    // Meanwhile KSeF finished with the invoice it holds.
    fake.control.setPendingPolls({ invoice: 0 });
    fake.control.finishProcessing();
    const third = await start();
    const thirdToken = (
      await request(third, 'POST', '/api/auth/login', { body: { email: 'admin@example.com', password: PASSWORD } })
    ).body.token as string;
    const listed = async () =>
      (await request(third, 'GET', '/api/invoice/list?limit=10', { token: thirdToken })).body.list as {
        number: string;
        status: string;
        ksef_number: string | null;
      }[];
    await expect
      .poll(async () => (await listed()).map((invoice) => invoice.status), { timeout: 60_000, interval: 500 })
      .toEqual(['ACCEPTED', 'ACCEPTED', 'ACCEPTED']);

    // Exactly one KSeF number per invoice at KSeF, and it is the one stored.
    const numbered = fake.control.sentInvoices().filter((invoice) => invoice.ksefNumber !== null);
    const byInvoice = new Map<string, Set<string>>();
    for (const invoice of numbered) {
      const set = byInvoice.get(invoice.invoiceNumber!) ?? new Set<string>();
      set.add(invoice.ksefNumber!);
      byInvoice.set(invoice.invoiceNumber!, set);
    }
    const stored = await listed();
    expect(byInvoice.size).toBe(3);
    for (const invoice of stored) expect([...(byInvoice.get(invoice.number) ?? [])]).toEqual([invoice.ksef_number]);
    await kill(third);
  }, 300_000);
});
