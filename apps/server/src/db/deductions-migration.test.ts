import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from './client.js';

/**
 * Migration 0015 on books recorded before it: the unloading's one deductions figure becomes the purchase side's,
 * and since those deliveries took it off the sales row too, the sales side keeps it (RULES.md Invoices, VAT and
 * KSeF: from now on a deduction belongs to one side). Its own embedded database, migrated in two steps.
 */

const MIGRATION = '0015_deductions_per_side';
let database: Database;

/** The migrations folder as it was before `tag`: its files and a journal that ends just before it. */
function folderBefore(tag: string) {
  const source = resolve(import.meta.dirname, '../../drizzle');
  const folder = mkdtempSync(join(tmpdir(), 'grain-migrations-'));
  cpSync(source, folder, { recursive: true });
  const journalPath = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return { before: folder, all: source };
}

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, pgliteDir: null });
});
afterAll(() => database.close());

describe(`migration ${MIGRATION}`, () => {
  it('keeps what earlier deliveries took off each side: purchase and sales the old figure, transport none', async () => {
    const folders = folderBefore(MIGRATION);
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
    await migrate(database.db as any, { migrationsFolder: folders.before });
    // The unloadings alone: their transports and contracts do not matter to this migration.
    await database.db.execute(sql`set session_replication_role = replica`);
    await database.db.execute(sql`insert into unloadings (transport_id, unloading_date, real_cargo_quantity_kg,
        real_cargo_price, deductions) values (1, '2026-03-05', 24500, 101050, 1250), (2, '2026-03-05', 24500, 101050, null)`);
    await database.db.execute(sql`set session_replication_role = origin`);
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
    await migrate(database.db as any, { migrationsFolder: folders.all });
    const rows = rowsOf<Record<string, number | null>>(
      await database.db.execute(sql`select transport_id, purchase_deductions::int, sales_deductions::int,
        transport_deductions::int from unloadings order by transport_id`),
    );
    expect(rows).toEqual([
      { transport_id: 1, purchase_deductions: 1250, sales_deductions: 1250, transport_deductions: null },
      { transport_id: 2, purchase_deductions: null, sales_deductions: null, transport_deductions: null },
    ]);
    const refused = await database.db
      .execute(sql`update unloadings set transport_deductions = -1 where transport_id = 1`)
      .then(
        () => null,
        (error: { cause?: { constraint?: string }; constraint?: string }) =>
          error.cause?.constraint ?? error.constraint,
      );
    expect(refused).toBe('unloadings_figures_non_negative');
  });
});
