import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nipFromSerial } from '@grain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { contractorBody } from '../fixtures/contractors.js';
import { purchaseBody, salesBody } from '../fixtures/contracts.js';
import { invariantViolations } from './invariants.js';
import { freePort } from './own-postgres.js';
import { request, type ServerProcess, startServer, waitUntilHealthy } from './server-process.js';

/**
 * Faults: the real server process (embedded database in a temporary DATA_DIR) killed with SIGKILL in the
 * middle of a write load and started again. The lock file left behind names a dead process and must not stop the
 * restart; every write the server acknowledged is there afterwards, and nothing is half-written.
 */
const PASSWORD = 'Crash-test1';
let dataDir: string;
let port: number;
const running: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'grain-crash-'));
  port = await freePort();
});
afterAll(async () => {
  for (const server of running) server.child.kill('SIGKILL');
  await Promise.all(running.map((server) => server.exited));
  rmSync(dataDir, { recursive: true, force: true });
});

function start(): ServerProcess {
  const server = startServer(
    {
      DATA_DIR: dataDir,
      JWT_SECRET: 'crash-test-secret-long-enough-for-hs256',
      ADMIN_PASSWORD: PASSWORD,
      AUTH_RATE_LIMIT: '1000',
    },
    port,
  );
  running.push(server);
  return server;
}

async function login(server: ServerProcess): Promise<string> {
  const response = await request(server, 'POST', '/api/auth/login', {
    body: { email: 'admin@example.com', password: PASSWORD },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.token as string;
}

describe('the server killed during writes and started again', () => {
  it('restarts past the stale lock file, keeps every acknowledged write and leaves nothing half-written', async () => {
    const first = start();
    await waitUntilHealthy(first);
    let token = await login(first);
    const call = (method: string, path: string, body?: unknown) => request(first, method, path, { token, body });

    // A second server on the same data folder is refused while the first one lives.
    const second = startServer({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) }, await freePort());
    running.push(second);
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(/in use by process/);

    const ids: number[] = [];
    for (const [index, code] of ['SUP', 'REC', 'CAR'].entries()) {
      const created = await call(
        'POST',
        '/api/dictionary/contractor/create',
        contractorBody({ code, nip: nipFromSerial(52_602_502 + index) }),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      ids.push((created.body.result as { id: number }).id);
    }
    const [supplierId, recipientId, carrierId] = ids as [number, number, number];
    const purchase = await call(
      'POST',
      '/api/contract/create-purchase',
      purchaseBody(supplierId, { cargo_quantity: 1_000_000 }),
    );
    const sale = await call(
      'POST',
      '/api/contract/create-sales',
      salesBody(recipientId, { cargo_quantity: 1_000_000 }),
    );
    expect([purchase.status, sale.status], JSON.stringify([purchase.body, sale.body])).toEqual([200, 200]);
    const pair = {
      purchaseId: purchase.body.id as number,
      salesId: sale.body.id as number,
      carrierId,
      allocationId: 0,
    };
    const allocated = await call('POST', `/api/contract/allocate-contract/${pair.salesId}`, {
      purchase_id: pair.purchaseId,
      cargo_quantity: 900_000,
      confirmation_note: null,
    });
    expect(allocated.status, JSON.stringify(allocated.body)).toBe(200);

    // Write load from four clients: contractors, transports on the way and their deliveries; SIGKILL in its middle.
    const acknowledged = { contractors: [] as number[], transports: [] as number[], delivered: [] as number[] };
    let isRunning = true;
    let serial = 0;
    const transport = {
      purchase_id: pair.purchaseId,
      sales_id: pair.salesId,
      carrier_id: carrierId,
      registration_number: 'PO 1',
      driver_name: 'Jan',
      phone_number: '600',
      driver_document_id: 'D1',
      cargo_quantity: 1_000,
      price_per_ton: 15_000,
      currency: 'PLN',
      date_loading: '2026-03-02',
      date_unloading: '2026-03-04',
      is_gmp: false,
    };
    const client = async () => {
      while (isRunning) {
        serial += 1;
        try {
          const contractor = await call(
            'POST',
            '/api/dictionary/contractor/create',
            contractorBody({ code: `L${serial}`, nip: nipFromSerial(70_000_000 + serial) }),
          );
          if (contractor.status === 200) acknowledged.contractors.push((contractor.body.result as { id: number }).id);
          // Each its own truck and driver (RULES.md Transports: no truck in two places).
          const created = await call('POST', '/api/transport/in-progress-create', {
            ...transport,
            registration_number: `PO ${serial}`,
            driver_document_id: `D${serial}`,
          });
          if (created.status !== 200) continue;
          acknowledged.transports.push(created.body.id as number);
          const delivered = await call('PATCH', `/api/transport/set-status-delivered/${created.body.id}`, {
            unloading_date: '2026-03-05',
            real_cargo_quantity: 1_000,
            real_cargo_price: 101_000,
            real_cargo_quality_id: null,
            deductions: 0,
            details: null,
          });
          if (delivered.status === 200) acknowledged.delivered.push(created.body.id as number);
        } catch {
          return; // The server is gone.
        }
      }
    };
    const clients = Array.from({ length: 4 }, client);
    await new Promise((done) => setTimeout(done, 2_500));
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    isRunning = false;
    await Promise.all(clients);
    expect(acknowledged.delivered.length).toBeGreaterThan(0);

    const lockFile = join(dataDir, 'pglite.lock');
    expect(existsSync(lockFile)).toBe(true);
    expect(Number(readFileSync(lockFile, 'utf8'))).toBe(first.child.pid);

    const restarted = start();
    await waitUntilHealthy(restarted);
    token = await login(restarted);
    const again = (method: string, path: string, body?: unknown) => request(restarted, method, path, { token, body });
    for (const id of acknowledged.contractors)
      expect((await again('GET', `/api/dictionary/contractor/get-one/${id}`)).status).toBe(200);
    for (const id of acknowledged.transports)
      expect((await again('GET', `/api/transport/details/${id}`)).status).toBe(200);
    for (const id of acknowledged.delivered) {
      expect((await again('GET', `/api/transport/details/${id}`)).body.status).toBe('DELIVERED');
    }
    const written = await again('POST', '/api/transport/in-progress-create', transport);
    expect(written.status, JSON.stringify(written.body)).toBe(200);

    // Stopped cleanly, the data folder is opened here to check every rule on what the crash left.
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
    const database = await openDatabase({ databaseUrl: null, pgliteDir: join(dataDir, 'pglite') });
    try {
      expect(await invariantViolations(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 300_000);
});
