import cluster from 'node:cluster';
import { join } from 'node:path';
import type pg from 'pg';
import { buildApp, EXPORT_SHEET_MODULES, LOG_REDACT } from './app.js';
import { runPrimary } from './cluster.js';
import { type Config, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { seed } from './db/seed.js';
import { setDraining } from './lib/lifecycle.js';
import { prepareExportWorker } from './lib/xlsx/export.js';
import { startKsefWorker } from './modules/invoices/ksef-sender.js';
import { startMailWorker } from './modules/mail/sender.js';

const config = loadConfig();
const openConfiguredDatabase = () =>
  openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
const where = (kind: string) => (kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL');

/** Migrations and the first start's seed, before any process listens. */
async function prepareDatabase(database: Awaited<ReturnType<typeof openConfiguredDatabase>>, settings: Config) {
  await runMigrations(database, settings.migrationsFolder);
  await seed(database.db, settings);
}

/** One server process: the whole app on the port (alone, or as one of the cluster's workers). */
async function runServer(isClusterWorker: boolean) {
  const database = await openConfiguredDatabase();
  // The cluster's primary has prepared the database already.
  if (!isClusterWorker) await prepareDatabase(database, config);

  const app = await buildApp({
    db: database.db,
    config,
    pool: 'pool' in database ? (database.pool as pg.Pool) : null,
    dumpDataDir: database.dumpDataDir,
    logger: { level: config.logLevel, redact: LOG_REDACT },
  });
  const mailWorker = startMailWorker(database.db, config, app.log);
  // Reads the KSeF configuration on each pass (company settings, else KSEF_URL/KSEF_TOKEN); idle without one.
  const ksefWorker = startKsefWorker(database.db, config, app.log);

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainMs: config.drainMs }, 'draining, then shutting down');
    // Health answers 503 while requests are still served, so the balancer stops sending before the port closes.
    setDraining(true);
    const forceExit = setTimeout(() => process.exit(1), config.drainMs + 30_000);
    forceExit.unref();
    try {
      await new Promise((resolve) => setTimeout(resolve, config.drainMs));
      await app.close();
      await mailWorker.stop();
      await ksefWorker.stop();
      await database.close();
    } finally {
      process.exit(0);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A worker whose primary is gone (killed) stops too, instead of holding the port.
  if (isClusterWorker) process.on('disconnect', () => void shutdown('disconnect'));

  await app.listen({ port: config.port, host: config.host });
  prepareExportWorker(EXPORT_SHEET_MODULES);
  if (!isClusterWorker) app.log.info(`Grain back office on http://localhost:${config.port} (${where(database.kind)})`);
}

if (cluster.isPrimary && config.workers > 1) {
  await runPrimary(
    config.workers,
    async () => {
      const database = await openConfiguredDatabase();
      await prepareDatabase(database, config);
      await database.close();
    },
    `Grain back office on http://localhost:${config.port} (${config.workers} workers, PostgreSQL)`,
  );
} else {
  await runServer(cluster.isWorker);
}
