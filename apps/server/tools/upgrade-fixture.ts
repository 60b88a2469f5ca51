/**
 * `npm run fixture:upgrade -- <commit of the previous release>`: remakes the upgrade test's fixture
 * (test/fixtures/upgrade/), a database made by the previous release, at each release.
 *
 * 1. checks the commit out into a temporary git worktree and installs it (`npm ci`);
 * 2. runs its own demo generator (`npm run demo` with small sizes) into a new PostgreSQL database
 *    (FIXTURE_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/upgrade_fixture_test; created and dropped);
 * 3. records the figures an upgrade must keep (test/upgrade/figures.ts) as figures.json;
 * 4. dumps it as plain SQL with INSERTs (`pg_dump --inserts`), which both PGlite and PostgreSQL load, without what
 *    PGlite lacks (pg_trgm and its indexes: migration search_indexes makes them only where the extension exists),
 *    gzipped as previous-release.sql.gz.
 *
 * The release is the commit given; pass the one the last version tag (or version bump) points at. `--checkout DIR`
 * uses an installed checkout of that commit instead of making one.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { openPostgres } from '../src/db/client.js';
import { FIXTURE_FOLDER, upgradeFigures } from '../test/upgrade/figures.js';

/** Small enough for a dump of well under 2 MB, large enough for every status and kind of row. */
const DEMO_SIZES = ['--contractors', '12', '--contracts', '40', '--allocations', '60', '--transports', '150'];

/** What PGlite cannot load: the pg_trgm extension and the GIN indexes built on it. */
function portableDump(dump: string): string {
  return dump
    .split('\n')
    .filter((line) => !/pg_trgm|gin_trgm_ops/.test(line) && !line.startsWith('\\'))
    .join('\n');
}

async function main() {
  const [commit, option, given] = process.argv.slice(2);
  if (!commit || (option !== undefined && (option !== '--checkout' || !given)))
    throw new Error('usage: npm run fixture:upgrade -- <commit of the previous release> [--checkout DIR]');
  const url = process.env.FIXTURE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/upgrade_fixture_test';
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name.endsWith('test')) throw new Error(`FIXTURE_DATABASE_URL: "${name}" is dropped, so it must end in "test"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const repo = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const fullCommit = execFileSync('git', ['rev-parse', commit], { encoding: 'utf8' }).trim();
  const checkout = given ? resolve(given) : join(mkdtempSync(join(tmpdir(), 'grain-previous-release-')), 'repo');
  const checkoutCommit = () => execFileSync('git', ['rev-parse', 'HEAD'], { cwd: checkout, encoding: 'utf8' }).trim();
  if (given && checkoutCommit() !== fullCommit) throw new Error(`${checkout} is not at ${fullCommit}`);

  const adminClient = new pg.Client({ connectionString: admin.toString() });
  await adminClient.connect();
  try {
    await adminClient.query(`drop database if exists "${name}"`);
    await adminClient.query(`create database "${name}"`);
    if (!given) {
      execFileSync('git', ['worktree', 'add', '--detach', checkout, fullCommit], { cwd: repo, stdio: 'inherit' });
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: checkout, stdio: 'inherit' });
    }
    execFileSync('npm', ['run', 'demo', '--', ...DEMO_SIZES], {
      cwd: checkout,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: url },
    });
    const version = JSON.parse(execFileSync('git', ['show', `${fullCommit}:package.json`], { encoding: 'utf8' }))
      .version as string;

    const database = openPostgres(url, { max: 1 });
    const figures = await upgradeFigures(database.db).finally(() => database.close());
    const dump = execFileSync(
      'pg_dump',
      ['--inserts', '--no-owner', '--no-privileges', '--no-comments', '--no-publications', '--no-subscriptions', url],
      { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 },
    );
    const gz = gzipSync(portableDump(dump), { level: 9 });
    writeFileSync(join(FIXTURE_FOLDER, 'previous-release.sql.gz'), gz);
    writeFileSync(
      join(FIXTURE_FOLDER, 'figures.json'),
      `${JSON.stringify({ release: { commit: fullCommit, version, demo: DEMO_SIZES.join(' ') }, ...figures }, null, 2)}\n`,
    );
    console.log(`fixture of ${fullCommit} (${version}): ${(gz.length / 1024).toFixed(0)} kB in ${FIXTURE_FOLDER}`);
  } finally {
    if (!given) execFileSync('git', ['worktree', 'remove', '--force', checkout], { cwd: repo, stdio: 'inherit' });
    await adminClient.query(`drop database if exists "${name}"`);
    await adminClient.end();
  }
}

await main();
