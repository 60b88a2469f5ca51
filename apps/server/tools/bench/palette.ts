import { transportOrderNumber } from '@grain/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { rowsOf } from '../../src/db/client.js';
import type { SearchRow } from './searches.js';

/** The desk's third round: the command palette answers each keystroke within 100 ms at the large demo (p95). */
export const PALETTE_P95_TARGET_MS = 100;

type Measure = (
  name: string,
  action: (i: number) => Promise<unknown>,
  floorOf?: () => Promise<(() => Promise<void>) | null>,
) => Promise<SearchRow>;

interface PaletteDeps {
  db: Db;
  measure: Measure;
  call: (method: string, path: string, body?: unknown) => Promise<unknown>;
  sqlFloor: (method: string, path: string, body: unknown) => Promise<(() => Promise<void>) | null>;
}

/**
 * What a trader types into Ctrl+K, from the demo data: a transport's order number, three letters, the most common
 * city of the contracts (thousands of rows hold it), a contractor code's prefix and a contract's number.
 */
async function paletteTerms(db: Db): Promise<{ label: string; term: string }[]> {
  const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0];
  const transport = await one<{ id: number; created_at: string | Date }>(
    sql`select id, created_at from transports order by id desc limit 1`,
  );
  const city = await one<{ word: string }>(sql`select lower(city) as word from contracts where city is not null
    group by 1 order by count(*) desc, 1 limit 1`);
  const contractor = await one<{ code: string }>(sql`select code from contractors order by id limit 1`);
  const contract = await one<{ number: string }>(
    sql`select document_number as number from contracts order by id desc limit 1`,
  );
  const createdAt = transport ? new Date(transport.created_at).toISOString() : '';
  return [
    ...(transport ? [{ label: 'order number', term: transportOrderNumber(transport.id, createdAt) }] : []),
    { label: 'three letters', term: 'ana' },
    { label: 'common word', term: city?.word ?? 'poznań' },
    { label: 'contractor code prefix', term: (contractor?.code ?? 'K0001').slice(0, 4) },
    { label: 'contract number', term: contract?.number ?? 'ZK/1' },
  ];
}

/** GET /search per typed term, against the replay of its SQL. */
export async function measurePalette({ db, measure, call, sqlFloor }: PaletteDeps): Promise<SearchRow[]> {
  const rows: SearchRow[] = [];
  for (const { label, term } of await paletteTerms(db)) {
    const path = `/search?q=${encodeURIComponent(term)}`;
    rows.push(
      await measure(
        `palette: ${label} "${term}"`,
        () => call('GET', path),
        () => sqlFloor('GET', path, undefined),
      ),
    );
  }
  return rows;
}

export function missedPaletteTargets(rows: SearchRow[]): string[] {
  return rows
    .filter((row) => row.server.p95 > PALETTE_P95_TARGET_MS)
    .map((row) => `${row.name}: p95 ${row.server.p95} ms > ${PALETTE_P95_TARGET_MS} ms`);
}
