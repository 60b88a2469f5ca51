import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD, loadConfig } from '../../src/config.js';
import { openDatabase, rowsOf } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { seed } from '../../src/db/seed.js';
import { DEMO_STEPS, DEMO_TABLES } from './generate.js';
import { parseDemoArgs } from './scales.js';

/**
 * `npm run demo [-- --scale small|medium|large] [--reset] [--transports N ...]`: loads demo data into the
 * configured database (DATABASE_URL, else the embedded one in DATA_DIR — stop the server first).
 */
const { scale, scaleName, reset } = parseDemoArgs(process.argv.slice(2));
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: join(config.dataDir, 'pglite'),
  poolSize: 2,
});
try {
  await runMigrations(database);
  await seed(database.db, config);
  const [existing] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from contractors`));
  if ((existing?.n ?? 0) > 0) {
    if (!reset) {
      console.error('The database already has contractors. Run again with --reset to replace all trading data.');
      process.exitCode = 1;
    } else {
      await database.db.execute(sql.raw(`truncate ${DEMO_TABLES.join(', ')} restart identity cascade`));
    }
  }
  if (process.exitCode !== 1) {
    console.log(`Loading ${scaleName} demo data: ${JSON.stringify(scale)}`);
    const started = Date.now();
    for (const [name, step] of DEMO_STEPS) {
      const stepStarted = Date.now();
      await step(database.db, scale);
      console.log(`  ${name}: ${((Date.now() - stepStarted) / 1000).toFixed(1)} s`);
    }
    const counts = rowsOf<Record<string, number>>(
      await database.db.execute(sql`select
        (select count(*)::int from contractors) as contractors, (select count(*)::int from contracts) as contracts,
        (select count(*)::int from allocations) as allocations, (select count(*)::int from transports) as transports,
        (select count(*)::int from transactions) as transactions`),
    )[0];
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);
    console.log(`Demo users: handlowiec1@demo.pl … handlowiec8@demo.pl, password ${DEMO_PASSWORD}`);
  }
} finally {
  await database.close();
}
