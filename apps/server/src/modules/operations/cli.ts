import { resolve } from 'node:path';
import { loadConfig } from '../../config.js';
import { takeBackup } from './backup.js';
import { restoreBackup } from './restore.js';

/**
 * `npm run backup` (BACKUP_DIR, by default DATA_DIR/backups; BACKUP_KEEP, 14) and `npm run restore -- FILE`, with
 * the server's own configuration (DATABASE_URL, DATA_DIR, PORT). docs/operations.md, Backups.
 */
const [command, file] = process.argv.slice(2);
const config = loadConfig();
try {
  if (command === 'backup') {
    const backupDir = resolve(process.env.BACKUP_DIR || `${config.dataDir}/backups`);
    const keep = Number(process.env.BACKUP_KEEP || 14);
    if (!Number.isInteger(keep) || keep < 1) throw new Error('BACKUP_KEEP must be an integer of at least 1');
    console.log(`Backup written: ${await takeBackup({ config, backupDir, keep })}`);
  } else if (command === 'restore' && file) {
    const manifest = await restoreBackup(resolve(file), config);
    console.log(`Restored the ${manifest.kind} backup of ${manifest.createdAt} (version ${manifest.appVersion}).`);
  } else {
    console.error('Usage: backup | restore FILE');
    process.exitCode = 2;
  }
} catch (error) {
  console.error(`${command} failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
