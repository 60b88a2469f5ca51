import { request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { rowsOf } from '../../src/db/client.js';
import type { ListBench } from './lists.js';
import { round, type Timing } from './stats.js';

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

/**
 * Every typed search per list, alone and with the list's narrowing filter, first page of 50 rows in the list's
 * default order; then the deepest page a capped count still reports (offset 9 950) of the broadest search.
 */
export async function measureSearches({ db, lists, measure, call, sqlFloor }: SearchDeps) {
  const rows: SearchRow[] = [];
  for (const list of lists) {
    for (const { label, term } of await typedTerms(db, list)) {
      for (const withFilter of [false, true]) {
        const body = {
          limit: 50,
          offset: 0,
          search: term,
          filter: withFilter ? { ...list.baseFilter, ...list.filter } : (list.baseFilter ?? {}),
        };
        const name = `search ${list.name}: ${label} "${term}"${withFilter ? ' + filter' : ''}`;
        rows.push(
          await measure(
            name,
            () => call('POST', list.path, body),
            () => sqlFloor('POST', list.path, body),
          ),
        );
      }
    }
  }
  for (const list of lists.filter((each) => each.path === '/transport/list' || each.name.includes('allocations'))) {
    const body = { limit: 50, offset: 9_950, search: 'a', filter: list.baseFilter ?? {} };
    rows.push(
      await measure(
        `deep page ${list.name}: "a" offset 9950`,
        () => call('POST', list.path, body),
        () => sqlFloor('POST', list.path, body),
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

/**
 * The call the logistics page really makes (web early.ts): POST /transport/list, 50 rows, tab "all", with the
 * browser's Accept-Encoding. Sent over node:http, which neither decompresses nor parses the answer, so this
 * process's CPU per call is the server's (plus a few tens of microseconds of the bare client).
 */
export async function measureCompressedPage(address: string, token: string, calls: number) {
  const body = JSON.stringify({ limit: 50, offset: 0, filter: { tab: 'all' } });
  const url = new URL(`${address}/api/transport/list`);
  const send = (encoding: string) =>
    new Promise<{ bytes: number; encoding: string }>((resolveCall, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'accept-encoding': encoding,
          },
        },
        (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
          });
          response.on('end', () => {
            if (response.statusCode !== 200) reject(new Error(`transport list: ${response.statusCode}`));
            else resolveCall({ bytes, encoding: String(response.headers['content-encoding'] ?? 'identity') });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const result: Record<string, { cpuMsPerCall: number; rounds: number[]; bytes: number; contentEncoding: string }> = {};
  const encodings = [
    ['browser (gzip, deflate, br, zstd)', 'gzip, deflate, br, zstd'],
    ['gzip', 'gzip'],
    ['uncompressed', 'identity'],
  ] as const;
  for (const [, encoding] of encodings) for (let i = 0; i < 5; i++) await send(encoding); // warm-up
  // Five rounds, the encodings interleaved, the median round kept: on a shared machine the CPU a call costs
  // moves with what else runs, and interleaving gives every encoding the same share of that.
  const perRound = Math.ceil(Math.max(calls, 100) / 5);
  for (let pass = 0; pass < 5; pass++) {
    for (const [label, encoding] of encodings) {
      global.gc?.();
      const before = process.cpuUsage();
      let last = { bytes: 0, encoding: '' };
      for (let i = 0; i < perRound; i++) last = await send(encoding);
      const used = process.cpuUsage(before);
      result[label] ??= { cpuMsPerCall: 0, rounds: [], bytes: 0, contentEncoding: '' };
      const entry = result[label];
      entry.rounds.push(round2((used.user + used.system) / 1000 / perRound));
      Object.assign(entry, { bytes: last.bytes, contentEncoding: last.encoding });
    }
  }
  for (const entry of Object.values(result)) entry.cpuMsPerCall = [...entry.rounds].sort((a, b) => a - b)[2]!;
  return result;
}

const round2 = (value: number) => round(value, 2);
