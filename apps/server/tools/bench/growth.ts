import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { round, type Timing } from './stats.js';

/**
 * `npm run bench:growth [-- <small.json|scale> <large.json|scale>]`: cost flat with history (docs/performance.md,
 * Growth). Reads two full bench results (`npm run bench -- --scale small` and `-- --scale large`, by default the
 * newest of each in bench/results; `-- year large`: the large company with one year of history against four) and
 * prints, per list's first page, per typed search and for the positions, the large run's median server time over the
 * small run's. A row misses the target when it grows more than ×1.5 and its large median is
 * above 5 ms: below that a call is its fixed Node part and the clock's noise (a 1.6 → 2.5 ms change is ×1.56), and
 * no scan that grows with the data hides in it. Writes bench/results/<date>-growth-<database>.json.
 */
export const GROWTH_TARGET = 1.5;
export const GROWTH_FLOOR_MS = 5;

interface Row {
  name: string;
  server: Timing;
}
interface Result {
  date: string;
  database: string;
  scale: string;
  rows?: Record<string, number>;
  lists?: Row[];
  other?: Row[];
  searches?: Row[];
}
export interface GrowthRow {
  name: string;
  smallMs: number;
  largeMs: number;
  growth: number;
}

/** A row's name without its typed term: the demo's most common city differs between the scales. */
const keyOf = (name: string) => name.replace(/"[^"]*"/g, '"…"');

/** The rows whose cost should not grow with history: first pages, typed searches, positions. */
function comparable(result: Result): Map<string, Row> {
  const rows = [
    ...(result.lists ?? []).filter((row) => row.name.includes('first page')),
    ...(result.searches ?? []).filter((row) => row.name.startsWith('search ')),
    ...(result.other ?? []).filter((row) => row.name === 'positions'),
  ];
  return new Map(rows.map((row) => [keyOf(row.name), row]));
}

export function growthOf(small: Result, large: Result): { rows: GrowthRow[]; missed: string[] } {
  const smallRows = comparable(small);
  const rows: GrowthRow[] = [];
  for (const [key, row] of comparable(large)) {
    const before = smallRows.get(key);
    if (!before) continue;
    rows.push({
      name: key,
      smallMs: before.server.median,
      largeMs: row.server.median,
      growth: round(row.server.median / Math.max(before.server.median, 0.1), 2),
    });
  }
  const missed = rows
    .filter((row) => row.growth > GROWTH_TARGET && row.largeMs > GROWTH_FLOOR_MS)
    .map((row) => `${row.name}: ×${row.growth} (${row.smallMs} → ${row.largeMs} ms)`);
  return { rows, missed };
}

const resultsDir = join(dirname(fileURLToPath(import.meta.url)), '../../../../bench/results');

/** The newest full run of a scale (not a `--only` part's file, which holds no first pages). */
function newestFull(scale: string): string {
  const name = readdirSync(resultsDir)
    .filter((file) => new RegExp(`^\\d{4}-.*Z-(postgresql|pglite)-${scale}\\.json$`).test(file))
    .sort()
    .at(-1);
  if (!name) throw new Error(`no full bench result of the ${scale} scale in bench/results`);
  return join(resultsDir, name);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // A result file, or a scale's name for its newest full run: `-- year large` measures history alone.
  const fileOf = (arg: string | undefined, scale: string) =>
    arg === undefined ? newestFull(scale) : arg.endsWith('.json') ? arg : newestFull(arg);
  const [smallArg, largeArg] = process.argv.slice(2);
  const smallFile = fileOf(smallArg, 'small');
  const largeFile = fileOf(largeArg, 'large');
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Result;
  const small = read(smallFile);
  const large = read(largeFile);
  const { rows, missed } = growthOf(small, large);
  console.log(`Growth from ${smallFile} (${small.scale}) to ${largeFile} (${large.scale}), median server time`);
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(64)} ${String(row.smallMs).padStart(7)} → ${String(row.largeMs).padStart(7)} ms  ×${row.growth}`,
    );
  }
  console.log(missed.length ? `\nMissed targets:\n  ${missed.join('\n  ')}` : '\nEvery growth target met.');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = join(resultsDir, `${stamp}-growth-${large.database}.json`);
  const report = {
    date: new Date().toISOString(),
    small: { file: smallFile.split('/').at(-1), rows: small.rows },
    large: { file: largeFile.split('/').at(-1), rows: large.rows },
    target: `×${GROWTH_TARGET} where the large median is above ${GROWTH_FLOOR_MS} ms`,
    rows,
    missedTargets: missed,
  };
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWritten to bench/results/${out.split('/').at(-1)}`);
}
