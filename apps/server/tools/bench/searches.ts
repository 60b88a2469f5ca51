import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { rowsOf } from '../../src/db/client.js';
import type { ListBench } from './lists.js';
import { round, type Timing } from './stats.js';
import { withServer } from './workers.js';

/** The search targets (speed, third round): p95 of every typed search, and the server against its SQL floor. */
export const SEARCH_P95_TARGET_MS = 150;
export const SEARCH_FLOOR_RATIO_TARGET = 1.3;
/** The 50-row compressed page: Node CPU per call. */
export const COMPRESSED_PAGE_CPU_TARGET_MS = 2;

export interface SearchRow {
  name: string;
  server: Timing;
  floor: Timing | null;
  ratio: number | null;
}

type Measure = (
  name: string,
  action: (i: number) => Promise<unknown>,
  floorOf?: () => Promise<(() => Promise<void>) | null>,
) => Promise<SearchRow>;

interface SearchDeps {
  db: Db;
  lists: ListBench[];
  measure: Measure;
  call: (method: string, path: string, body?: unknown) => Promise<unknown>;
  sqlFloor: (method: string, path: string, body: unknown) => Promise<(() => Promise<void>) | null>;
}

/**
 * What a person types, drawn from the demo data where it can be: one letter, two letters, the most common city of
 * the contracts (a "nowak"-like word that matches thousands of rows) and the list's own code prefix.
 */
async function typedTerms(db: Db, list: ListBench): Promise<{ label: string; term: string }[]> {
  const [common] = rowsOf<{ word: string }>(
    await db.execute(sql`select lower(city) as word from contracts where city is not null
      group by 1 order by count(*) desc, 1 limit 1`),
  );
  return [
    { label: 'one letter', term: 'a' },
    { label: 'two letters', term: 'an' },
    { label: 'common word', term: common?.word ?? 'nowak' },
    { label: 'code prefix', term: list.search },
  ];
}

/** One typed search to measure: its row's name, the list's path and the call's body. */
interface SearchCase {
  name: string;
  path: string;
  body: Record<string, unknown>;
}

/**
 * Every typed search per list, alone and with the list's narrowing filter, first page of 50 rows in the list's
 * default order; then the deepest page a capped count still reports (offset 9 950) of the broadest search.
 */
async function searchCases(db: Db, lists: ListBench[]): Promise<SearchCase[]> {
  const cases: SearchCase[] = [];
  for (const list of lists) {
    for (const { label, term } of await typedTerms(db, list)) {
      for (const withFilter of [false, true]) {
        const filter = withFilter ? { ...list.baseFilter, ...list.filter } : (list.baseFilter ?? {});
        cases.push({
          name: `search ${list.name}: ${label} "${term}"${withFilter ? ' + filter' : ''}`,
          path: list.path,
          body: { limit: 50, offset: 0, search: term, filter },
        });
      }
    }
  }
  for (const list of lists.filter((each) => each.path === '/transport/list' || each.name.includes('allocations'))) {
    cases.push({
      name: `deep page ${list.name}: "a" offset 9950`,
      path: list.path,
      body: { limit: 50, offset: 9_950, search: 'a', filter: list.baseFilter ?? {} },
    });
  }
  return cases;
}

/** Calls of every case before any is measured, so the first lists are not measured on code still being compiled. */
const WARM_UP_ROUNDS = 3;

export async function measureSearches({ db, lists, measure, call, sqlFloor }: SearchDeps) {
  const cases = await searchCases(db, lists);
  // A server runs warm all day: with `--only searches` the first lists' rows were measured right after start-up,
  // their Node time some milliseconds above what the same call costs a minute later (docs/performance.md, ninth pass).
  for (let round = 0; round < WARM_UP_ROUNDS; round++)
    for (const each of cases) await call('POST', each.path, each.body);
  const rows: SearchRow[] = [];
  for (const each of cases) {
    rows.push(
      await measure(
        each.name,
        () => call('POST', each.path, each.body),
        () => sqlFloor('POST', each.path, each.body),
      ),
    );
  }
  return rows;
}

/** The targets a row misses, in words (empty when it meets them). */
export function missedSearchTargets(rows: SearchRow[]): string[] {
  const missed: string[] = [];
  for (const row of rows) {
    if (row.server.p95 > SEARCH_P95_TARGET_MS) {
      missed.push(`${row.name}: p95 ${row.server.p95} ms > ${SEARCH_P95_TARGET_MS} ms`);
    }
    if (row.ratio !== null && row.ratio > SEARCH_FLOOR_RATIO_TARGET && row.server.median > 5) {
      missed.push(`${row.name}: ×${row.ratio} of its SQL floor > ×${SEARCH_FLOOR_RATIO_TARGET}`);
    }
  }
  return missed;
}

/** One call the page measurement sends: its path, body (a GET when none) and Accept-Encoding. */
interface PageCall {
  path: string;
  body: string | null;
  encoding: string;
}

const LOGISTICS_PAGE = JSON.stringify({ limit: 50, offset: 0, filter: { tab: 'all' } });

/**
 * The calls measured side by side: the logistics page as the browser asks for it (web early.ts: POST
 * /transport/list, 50 rows, tab "all", its Accept-Encoding), the same page in gzip and uncompressed, and two floors
 * read against it: the same list with one row (what the call costs before its rows) and GET /auth/me (an
 * authenticated call with one statement: the framework, the token and the session read).
 */
const PAGE_CALLS: [string, PageCall][] = [
  [
    'browser (gzip, deflate, br, zstd)',
    { path: '/api/transport/list', body: LOGISTICS_PAGE, encoding: 'gzip, deflate, br, zstd' },
  ],
  ['gzip', { path: '/api/transport/list', body: LOGISTICS_PAGE, encoding: 'gzip' }],
  ['uncompressed', { path: '/api/transport/list', body: LOGISTICS_PAGE, encoding: 'identity' }],
  [
    'floor: the same list, 1 row',
    {
      path: '/api/transport/list',
      body: JSON.stringify({ limit: 1, offset: 0, filter: { tab: 'all' } }),
      encoding: 'identity',
    },
  ],
  ['floor: GET /auth/me', { path: '/api/auth/me', body: null, encoding: 'identity' }],
];

interface PageCallResult {
  cpuMsPerCall: number;
  /** The median round's user and system CPU and wall time per call. */
  userMs: number;
  systemMs: number;
  wallMs: number;
  rounds: number[];
  bytes: number;
  contentEncoding: string;
}

/** One call over node:http, which neither decompresses nor parses the answer: its bytes and encoding. */
function sendPageCall(address: string, token: string, call: PageCall) {
  const url = new URL(`${address}${call.path}`);
  return new Promise<{ bytes: number; encoding: string }>((resolveCall, reject) => {
    const headers: Record<string, string | number> = {
      authorization: `Bearer ${token}`,
      'accept-encoding': call.encoding,
    };
    if (call.body !== null) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(call.body);
    }
    const method = call.body === null ? 'GET' : 'POST';
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`${call.path}: ${response.statusCode}`));
        else resolveCall({ bytes, encoding: String(response.headers['content-encoding'] ?? 'identity') });
      });
    });
    req.on('error', reject);
    req.end(call.body ?? undefined);
  });
}

/** CPU used so far by the measured server, user and system, in microseconds. */
type CpuReader = () => { user: number; system: number };

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux this runs on). */
const PROC_TICKS_PER_SECOND = 100;

/** The CPU of another process, from /proc/<pid>/stat (utime and stime, the 14th and 15th fields). */
export function processCpuReader(pid: number): CpuReader {
  const microsPerTick = 1_000_000 / PROC_TICKS_PER_SECOND;
  return () => {
    // The command name (2nd field) may hold spaces; the fields after its closing parenthesis do not.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { user: Number(fields[11]) * microsPerTick, system: Number(fields[12]) * microsPerTick };
  };
}

/**
 * Node CPU per call of the page the browser really asks for, and of its floors (PAGE_CALLS). Read from this
 * process by default: the server's CPU plus the client's (0.1–0.7 ms a call on this machine) and, on a virtual
 * machine, a share of the time it waits (docs/performance.md, "Ninth pass" and "Tenth pass"). With `cpu` read from
 * a server in a process of its own (processCpuReader), the server's alone. The wall time per call is reported beside.
 */
export async function measureCompressedPage(address: string, token: string, calls: number, cpu?: CpuReader) {
  const cpuNow: CpuReader = cpu ?? (() => process.cpuUsage());
  for (const [, call] of PAGE_CALLS) for (let i = 0; i < 5; i++) await sendPageCall(address, token, call); // warm-up
  // Five rounds, the calls interleaved, the median round kept: on a shared machine the CPU a call costs moves
  // with what else runs, and interleaving gives every call the same share of that.
  const perRound = Math.ceil(Math.max(calls, 100) / 5);
  const rounds = new Map<string, { cpu: number; user: number; system: number; wall: number }[]>();
  const result: Record<string, PageCallResult> = {};
  for (let pass = 0; pass < 5; pass++) {
    for (const [label, call] of PAGE_CALLS) {
      global.gc?.();
      const before = cpuNow();
      const started = performance.now();
      let last = { bytes: 0, encoding: '' };
      for (let i = 0; i < perRound; i++) last = await sendPageCall(address, token, call);
      const after = cpuNow();
      const used = { user: after.user - before.user, system: after.system - before.system };
      const per = (micros: number) => micros / 1000 / perRound;
      const round = { cpu: per(used.user + used.system), user: per(used.user), system: per(used.system) };
      rounds.set(label, [...(rounds.get(label) ?? []), { ...round, wall: (performance.now() - started) / perRound }]);
      result[label] = { ...result[label]!, bytes: last.bytes, contentEncoding: last.encoding };
    }
  }
  for (const [label, measured] of rounds) {
    const median = [...measured].sort((a, b) => a.cpu - b.cpu)[2]!;
    result[label] = {
      cpuMsPerCall: round2(median.cpu),
      userMs: round2(median.user),
      systemMs: round2(median.system),
      wallMs: round2(median.wall),
      rounds: measured.map((entry) => round2(entry.cpu)),
      bytes: result[label]!.bytes,
      contentEncoding: result[label]!.contentEncoding,
    };
  }
  return result;
}

/**
 * The same calls against the real server (src/main.ts, one process, production mode) started apart, its CPU read
 * from /proc: what the target names, the server's Node CPU per call, without the client's. PostgreSQL only.
 */
export function measureCompressedPageOwnProcess(
  options: { databaseUrl: string; jwtSecret: string; email: string; password: string },
  calls: number,
) {
  return withServer(1, options, async (base, pid) => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: options.email, password: options.password }),
    });
    if (!login.ok) throw new Error(`page50 login failed: ${login.status}`);
    const { token } = (await login.json()) as { token: string };
    return measureCompressedPage(base, token, calls, processCpuReader(pid));
  });
}

const round2 = (value: number) => round(value, 2);
