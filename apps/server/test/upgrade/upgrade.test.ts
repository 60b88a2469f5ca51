import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../src/db/client.js';
import { readMigrations, runMigrations } from '../../src/db/migrate.js';
import { statementPage } from '../../src/modules/settlements/queries/statement.js';
import { assertDisposableDatabase } from '../harness.js';
import { FIXTURE_FOLDER, type UpgradeFigures, upgradeFigures } from './figures.js';

/**
 * Upgrades keep the data: the previous release's database (test/fixtures/upgrade, remade at each release by
 * `npm run fixture:upgrade`) is migrated by the current code, and the RULES.md invariants and the figures recorded
 * on it when it was made hold: the invariants find after the upgrade exactly what they found before (the previous
 * release's demo left a few EUR rows' PLN values a grosz or two off the settling rule; an upgrade must neither add a finding
 * nor hide one), and every figure is the same. On PostgreSQL (TEST_DATABASE_URL) it is loaded into a database of its own, created
 * and dropped here, since the run's test database holds the current schema.
 */
const recorded = JSON.parse(readFileSync(join(FIXTURE_FOLDER, 'figures.json'), 'utf8')) as UpgradeFigures & {
  release: { commit: string; version: string };
};
const dump = gunzipSync(readFileSync(join(FIXTURE_FOLDER, 'previous-release.sql.gz'))).toString('utf8');

let database: Database;
let dropDatabase = async () => {};

async function openFixtureDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL || null;
  if (!url) {
    const embedded = await openDatabase({ databaseUrl: null, pgliteDir: null });
    // biome-ignore lint/suspicious/noExplicitAny: the PGlite client runs a script of several statements
    const client = (embedded.db as any).$client as { exec: (text: string) => Promise<unknown> };
    await client.exec(dump);
    // The dump empties the session's search_path; the migrations and queries run as a server's session does.
    await client.exec('reset all');
    return embedded;
  }
  assertDisposableDatabase(url);
  const own = new URL(url);
  own.pathname = `/grain_upgrade_${process.pid}_test`;
  const name = own.pathname.slice(1);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  dropDatabase = async () => {
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  };
  const loader = new pg.Client({ connectionString: own.toString() });
  await loader.connect();
  await loader.query(dump).finally(() => loader.end());
  return openDatabase({ databaseUrl: own.toString(), pgliteDir: null, poolSize: 2 });
}

describe(`upgrade from the previous release (${recorded.release.version}, ${recorded.release.commit.slice(0, 10)})`, () => {
  beforeAll(async () => {
    database = await openFixtureDatabase();
  });
  afterAll(async () => {
    await database?.close();
    await dropDatabase();
  });

  it('loads the fixture as it was recorded, with migrations still to run', async () => {
    expect(await upgradeFigures(database.db)).toEqual({
      statementTotals: recorded.statementTotals,
      positions: recorded.positions,
      paidPositions: recorded.paidPositions,
      counts: recorded.counts,
      invariantViolations: recorded.invariantViolations,
    });
    const [applied] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    expect(applied?.n).toBeGreaterThan(0);
    expect(applied?.n).toBeLessThan(readMigrations().length);
  });

  it('migrates to the current schema with the invariants and the figures unchanged', async () => {
    await runMigrations(database);
    const [applied] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    expect(applied?.n).toBe(readMigrations().length);
    expect(await upgradeFigures(database.db)).toEqual({
      statementTotals: recorded.statementTotals,
      positions: recorded.positions,
      paidPositions: recorded.paidPositions,
      counts: recorded.counts,
      invariantViolations: recorded.invariantViolations,
    });
    // The statement as the current code reads it: its row counters were carried over with the rows.
    const page = await statementPage(database.db, { limit: 10, offset: 0 });
    expect(page.total).toBe(Number(recorded.counts.transactions));
    expect(page.list).toHaveLength(Math.min(10, page.total));
  });

  it('runs again without change', async () => {
    await runMigrations(database);
    const [applied] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    expect(applied?.n).toBe(readMigrations().length);
  });
});
