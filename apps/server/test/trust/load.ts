/**
 * Load: 50 simulated users with a mixed read/write workload for 60 s against the real server on
 * PostgreSQL, then p50/p95/p99 per operation, the error count and the RULES.md invariants on what was written.
 *
 *   npm run load                      # a private PostgreSQL server in a temporary folder (own-postgres.ts)
 *   DATABASE_URL=postgres://... npm run load   # an empty database of yours (its tables are replaced)
 *
 * LOAD_USERS (50), LOAD_SECONDS (60) and LOAD_THINK_MS (100, mean pause between a user's calls) adjust it.
 * The mix also renames contracts and edits contractors (the copies they rewrite race the transport
 * writes) and makes calls the rules refuse; a refusal with its expected code is counted, not an error.
 * The server runs with SERVER_TIMING_SPLIT: a second table splits each operation's server time into lock wait,
 * SQL, connection wait and Node (docs/performance.md, Reading the split).
 * Not part of CI; the result of a run is in docs/operations.md, section Load.
 */
import { nipFromSerial } from '@grain/shared';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.js';
import { invariantViolations } from './invariants.js';
import { freePort, type OwnPostgres, startOwnPostgres } from './own-postgres.js';
import { request, type ServerProcess, startServer, waitUntilHealthy } from './server-process.js';

const USERS = Number(process.env.LOAD_USERS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 100);
const ADMIN_PASSWORD = 'Load-admin1';
const SALES_COUNT = 10;

type Call = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: Record<string, unknown>; serverTiming: string }>;

interface Party {
  id: number;
  body: Record<string, unknown>;
}

interface Sale {
  id: number;
  recipient: Party;
}

interface User {
  index: number;
  call: Call;
  purchaseId: number;
  supplier: Party;
  sale: Sale;
  salesId: number;
  allocatedKg: number;
  committedKg: number;
  onTheWay: number[];
}

const timings = new Map<string, number[]>();
/** The server's own split of each call (Server-Timing app, lock, sql, pool, node), per operation. */
const PARTS = ['app', 'lock', 'sql', 'pool', 'node'] as const;
type Part = (typeof PARTS)[number];
const splits = new Map<string, Record<Part, number[]>>();

function recordSplit(operation: string, serverTiming: string) {
  const found = Object.fromEntries(
    [...serverTiming.matchAll(/([a-z-]+);dur=([\d.]+)/g)].map(([, name, ms]) => [name, Number(ms)]),
  );
  if (found.lock === undefined) return;
  const lists = splits.get(operation) ?? { app: [], lock: [], sql: [], pool: [], node: [] };
  for (const part of PARTS) lists[part].push(found[part] ?? 0);
  splits.set(operation, lists);
}

const errors: string[] = [];
const refusals = new Map<string, number>();
let renames = 0;

/** One timed call; a refusal whose message_code is in `expected` (a rule at work) is counted, not an error. */
async function timed(
  user: User,
  operation: string,
  method: string,
  path: string,
  body?: unknown,
  expected: string[] = [],
) {
  const started = performance.now();
  const response = await user.call(method, path, body);
  const list = timings.get(operation) ?? [];
  list.push(performance.now() - started);
  timings.set(operation, list);
  recordSplit(operation, response.serverTiming);
  const code = String(response.body.message_code ?? '');
  if (response.status !== 200 && response.status < 500 && expected.includes(code)) {
    refusals.set(code, (refusals.get(code) ?? 0) + 1);
  } else if (response.status !== 200) {
    errors.push(`${operation} ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
  }
  return response;
}

const mustBe200 = (what: string, response: { status: number; body: unknown }) => {
  if (response.status !== 200) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as Record<string, unknown>;
};

function contractBody(kind: 'purchase' | 'sales', counterpartyId: number, quantityKg: number, documentNumber?: string) {
  return {
    ...(documentNumber ? { document_number: documentNumber } : {}),
    [kind === 'purchase' ? 'purchase_supplier_id' : 'sales_recipient_id']: counterpartyId,
    user_id: 1,
    status: 'NEW',
    freight: kind === 'purchase' ? 'FCA' : 'CPT',
    date_of_receipt_from: '2026-01-01',
    date_of_receipt_to: '2026-12-31',
    address: { city: 'Poznań', country_code: 'PL' },
    raw_material_id: 1,
    cargo_quantity: quantityKg,
    main_cargo_option: { price: 100_000, raw_material_quality_id: 1, is_contractual_quality: false },
    email_notification_list: [],
  };
}

let vehicle = 0;
/** Each transport its own truck and driver document: the load is not about "no truck in two places". */
const transportBody = (user: User, carrierId: number) => ({
  purchase_id: user.purchaseId,
  sales_id: user.salesId,
  carrier_id: carrierId,
  registration_number: `PO ${10_000 + ++vehicle}`,
  driver_name: 'Jan Kierowca',
  phone_number: '600 700 800',
  driver_document_id: `ABC${100_000 + vehicle}`,
  cargo_quantity: 1_000,
  price_per_ton: 15_000,
  currency: 'PLN',
  date_loading: '2026-03-02',
  date_unloading: '2026-03-04',
  is_gmp: false,
});

/** Admin-side setup through the API: contractors, the shared sales, and per user an account and a purchase. */
async function setUp(server: ServerProcess): Promise<{ users: User[]; carrierId: number }> {
  const admin = mustBe200(
    'login',
    await request(server, 'POST', '/api/auth/login', {
      body: { email: 'admin@example.com', password: ADMIN_PASSWORD },
    }),
  );
  const adminCall: Call = (method, path, body) => request(server, method, path, { token: admin.token as string, body });
  let serial = 0;
  const contractor = async () => {
    serial += 1;
    const body = {
      code: `LOAD${serial}`,
      name: `Firma ${serial} sp. z o.o.`,
      nip: nipFromSerial(600_000 + serial),
      label: 'FIRMA',
      accounting_method: 'VAT',
      accounting_address: { city: 'Poznań', street: 'Polna', building_number: String(serial), post_code: '60-001' },
    };
    const created = mustBe200('contractor', await adminCall('POST', '/api/dictionary/contractor/create', body));
    return { id: (created.result as { id: number }).id, body } satisfies Party;
  };
  const carrierId = (await contractor()).id;
  const sales: Sale[] = [];
  for (let index = 0; index < SALES_COUNT; index += 1) {
    const recipient = await contractor();
    const created = mustBe200(
      'sale',
      await adminCall('POST', '/api/contract/create-sales', contractBody('sales', recipient.id, 900_000_000)),
    );
    sales.push({ id: created.id as number, recipient });
  }
  // The accounts one after another: each costs five password hashes, and the server hashes only a few at once and
  // refuses more than it lets wait (lib/passwords.ts, the hash gate).
  const sessionTokens: string[] = [];
  for (let index = 0; index < USERS; index += 1) {
    const email = `load${index}@example.com`;
    await adminCall('POST', '/api/profile/create', {
      email,
      first_name: 'Obciążenie',
      last_name: `Nr ${index}`,
      role: 'USER',
      password: 'Initial-pass1',
    });
    const first = mustBe200(
      'user login',
      await request(server, 'POST', '/api/auth/login', { body: { email, password: 'Initial-pass1' } }),
    );
    mustBe200(
      'change',
      await request(server, 'POST', '/api/profile/change-password', {
        token: first.token as string,
        body: { old_password: 'Initial-pass1', new_password: 'Load-user1' },
      }),
    );
    const session = mustBe200(
      'login',
      await request(server, 'POST', '/api/auth/login', { body: { email, password: 'Load-user1' } }),
    );
    sessionTokens.push(session.token as string);
  }
  const users = await Promise.all(
    Array.from({ length: USERS }, async (_, index) => {
      const call: Call = (method, path, body) => request(server, method, path, { token: sessionTokens[index], body });
      const supplier = await contractor();
      const purchaseId = mustBe200(
        'purchase',
        await adminCall('POST', '/api/contract/create-purchase', contractBody('purchase', supplier.id, 100_000_000)),
      ).id as number;
      const sale = sales[index % SALES_COUNT]!;
      const user: User = {
        index,
        call,
        purchaseId,
        supplier,
        sale,
        salesId: sale.id,
        allocatedKg: 0,
        committedKg: 0,
        onTheWay: [],
      };
      await allocate(user);
      return user;
    }),
  );
  return { users, carrierId };
}

async function allocate(user: User) {
  const next = user.allocatedKg + 20_000;
  const response = await timed(user, 'allocate', 'POST', `/api/contract/allocate-contract/${user.salesId}`, {
    purchase_id: user.purchaseId,
    cargo_quantity: next,
    confirmation_note: null,
  });
  if (response.status === 200) user.allocatedKg = next;
}

/**
 * Renames whose copies (allocations, transports, statement rows) race the transport writes: the user's
 * own purchase, the sale it shares with other users, and their contractors' code and name.
 */
async function rename(user: User) {
  renames += 1;
  const pick = Math.random();
  if (pick < 0.35) {
    return timed(
      user,
      'rename purchase',
      'PUT',
      `/api/contract/update-purchase/${user.purchaseId}`,
      contractBody('purchase', user.supplier.id, 100_000_000, `ZK/LOAD/${user.index}/${renames}`),
    );
  }
  if (pick < 0.6) {
    return timed(
      user,
      'rename sale',
      'PUT',
      `/api/contract/update-sales/${user.sale.id}`,
      contractBody('sales', user.sale.recipient.id, 900_000_000, `SP/LOAD/${user.sale.id}/${renames}`),
    );
  }
  const party = pick < 0.8 ? user.supplier : user.sale.recipient;
  const body = { ...party.body, code: `${party.body.code}-${renames % 7}`, name: `${party.body.name} ${renames % 7}` };
  // A shared recipient edited by two users at once: each sends a code of its own, never a duplicate.
  if (party === user.sale.recipient) body.code = `${party.body.code}-${user.index}-${renames % 3}`;
  return timed(user, 'edit contractor', 'PUT', `/api/dictionary/contractor/update/${party.id}`, body);
}

/** Calls the rules refuse: a transport above the allocation, a status change to the status it has. */
async function refusal(user: User, carrierId: number) {
  const onTheWay = user.onTheWay[0];
  if (onTheWay !== undefined && Math.random() < 0.5) {
    return timed(
      user,
      'refused status',
      'PATCH',
      '/api/transport/update-status',
      { transport_id: onTheWay, status: 'ON_THE_WAY' },
      ['WRONG_STATUS'],
    );
  }
  return timed(
    user,
    'refused transport',
    'POST',
    '/api/transport/create',
    { ...transportBody(user, carrierId), cargo_quantity: 50_000_000 },
    ['TRANSPORT_QUANTITY_IS_TO_BIG'],
  );
}

/**
 * One user's next step, drawn by weight: mostly reads; writes that fit the user's own allocation; renames of
 * contracts and contractors; calls the rules refuse.
 */
async function step(user: User, carrierId: number) {
  const pick = Math.random() * 100;
  if (pick < 12)
    return timed(user, 'purchase list', 'POST', '/api/contract/get-purchase-list', { limit: 25, offset: 0 });
  if (pick < 20)
    return timed(user, 'sales list', 'POST', '/api/contract/get-sales-list', { limit: 25, offset: 0, search: 'firma' });
  if (pick < 32) return timed(user, 'transport list', 'POST', '/api/transport/list', { limit: 25, offset: 0 });
  if (pick < 38)
    return timed(user, 'purchase dashboard', 'GET', `/api/contract/get-purchase-dashboard/${user.purchaseId}`);
  if (pick < 42) return timed(user, 'positions', 'POST', '/api/dashboard/position', {});
  if (pick < 46) return timed(user, 'statement', 'POST', '/api/settlement/transaction-list', { limit: 25, offset: 0 });
  if (pick < 52) return rename(user);
  if (pick < 56) return refusal(user, carrierId);
  if (pick < 64 || user.committedKg + 1_000 > user.allocatedKg) return allocate(user);
  if (pick < 84 || user.onTheWay.length === 0) {
    const response = await timed(
      user,
      'create transport',
      'POST',
      '/api/transport/in-progress-create',
      transportBody(user, carrierId),
    );
    if (response.status === 200) {
      user.onTheWay.push(response.body.id as number);
      user.committedKg += 1_000;
    }
    return response;
  }
  const id = user.onTheWay.shift()!;
  if (Math.random() < 0.3) {
    // Back to NEW and on the way again: two status changes.
    await timed(user, 'status change', 'PATCH', '/api/transport/update-status', { transport_id: id, status: 'NEW' });
    await timed(user, 'status change', 'PATCH', '/api/transport/update-status', {
      transport_id: id,
      status: 'ON_THE_WAY',
    });
    user.onTheWay.push(id);
    return;
  }
  return timed(user, 'deliver', 'PATCH', `/api/transport/set-status-delivered/${id}`, {
    unloading_date: '2026-03-05',
    real_cargo_quantity: 1_000,
    real_cargo_price: 101_000,
    real_cargo_quality_id: null,
    deductions: 0,
    details: null,
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * Per operation, p50 / p95 / p99 of the server's time (app) and of each of its parts: the parts' percentiles are
 * each taken on their own, so they do not add up across a row; a tail whose lock p99 is near app p99 waited on locks.
 */
function printSplit() {
  const rows = [...splits.entries()].sort(([a], [b]) => a.localeCompare(b));
  console.log(
    `\nServer time split, ms p50 / p95 / p99\n| operation | ${PARTS.join(' | ')} |\n|---|${PARTS.map(() => '---:').join('|')}|`,
  );
  for (const [operation, lists] of rows) {
    const cells = PARTS.map((part) => {
      const sorted = [...lists[part]].sort((a, b) => a - b);
      return [50, 95, 99].map((p) => percentile(sorted, p).toFixed(part === 'app' ? 0 : 1)).join(' / ');
    });
    console.log(`| ${operation} | ${cells.join(' | ')} |`);
  }
}

async function main() {
  let pg: OwnPostgres | null = null;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    pg = await startOwnPostgres();
    databaseUrl = pg.url;
  }
  const database = await openDatabase({ databaseUrl, pgliteDir: null, poolSize: 2 });
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`create schema public`);
  const server = startServer(
    {
      DATABASE_URL: databaseUrl,
      ADMIN_PASSWORD,
      JWT_SECRET: 'load-test-secret-long-enough-for-hs256',
      AUTH_RATE_LIMIT: '100000',
      DATA_DIR: '/tmp/grain-load',
      SERVER_TIMING_SPLIT: 'true',
    },
    await freePort(),
  );
  try {
    await waitUntilHealthy(server);
    const { users, carrierId } = await setUp(server);
    timings.clear();
    splits.clear();
    errors.length = 0;
    refusals.clear();
    console.log(`${users.length} users ready; ${SECONDS} s of load with ~${THINK_MS} ms between a user's calls…`);
    const deadline = Date.now() + SECONDS * 1000;
    // Each user starts after a pause of their own, as between two calls: 200 users all calling in the same
    // millisecond (set up together) is a burst no office makes, and it alone filled the p95 and p99 of every
    // operation with waits for the pool (the split's `pool`).
    const pause = () => new Promise((done) => setTimeout(done, Math.random() * 2 * THINK_MS));
    await Promise.all(
      users.map(async (user) => {
        await pause();
        while (Date.now() < deadline) {
          await step(user, carrierId);
          await pause();
        }
      }),
    );
    const rows = [...timings.entries()].sort(([a], [b]) => a.localeCompare(b));
    const total = rows.reduce((sum, [, list]) => sum + list.length, 0);
    console.log(`\n| operation | calls | p50 ms | p95 ms | p99 ms |\n|---|---:|---:|---:|---:|`);
    for (const [operation, list] of rows) {
      const sorted = [...list].sort((a, b) => a - b);
      const cell = (p: number) => percentile(sorted, p).toFixed(0);
      console.log(`| ${operation} | ${list.length} | ${cell(50)} | ${cell(95)} | ${cell(99)} |`);
    }
    const all = rows.flatMap(([, list]) => list).sort((a, b) => a - b);
    console.log(
      `| all | ${total} | ${percentile(all, 50).toFixed(0)} | ${percentile(all, 95).toFixed(0)} | ${percentile(all, 99).toFixed(0)} |`,
    );
    printSplit();
    console.log(`\n${total} calls in ${SECONDS} s (${(total / SECONDS).toFixed(0)}/s), ${errors.length} errors`);
    console.log(`Refusals by the rules (expected): ${JSON.stringify(Object.fromEntries(refusals))}`);
    for (const error of errors.slice(0, 10)) console.log(`  ${error}`);
    const violations = await invariantViolations(database.db);
    console.log(`RULES.md invariants after the run: ${violations.length ? violations.join('\n') : 'all hold'}`);
    process.exitCode = errors.length || violations.length ? 1 : 0;
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await database.close();
    pg?.stop();
  }
}

await main();
