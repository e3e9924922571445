import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../../lib/config-error.js';
import { privateFolder } from '../../lib/private-files.js';
import type { MediaStorage } from '../media/storage/storage-types.js';
import {
  appVersion,
  BACKUP_FORMAT,
  BACKUP_INFO,
  BackupError,
  CHECKSUMS,
  DATABASE_FILE,
  fsyncPath,
  MEDIA_MANIFEST,
  MEDIA_POOL,
  SECRETS_DIR,
  writeFileAtomic,
  type BackupInfo,
} from './backup-layout.js';
import { checksumLines, sha256Text } from './checksums.js';
import { copyMediaIntoPool, readManifest } from './media-copy.js';
import { dumpPostgres } from './postgres-dump.js';
import { backupSecrets } from './secrets.js';
import { snapshotSqlite } from './sqlite-snapshot.js';

/** What a backup folder may hold: anything else means DIR is not a backup folder and is left alone. */
const LAYOUT = new Set([BACKUP_INFO, CHECKSUMS, MEDIA_MANIFEST, MEDIA_POOL, SECRETS_DIR, ...Object.values(DATABASE_FILE)]);

export interface BackupReport {
  info: BackupInfo;
  databaseBytes: number;
  secretFiles: number;
  mediaCopied: number;
  mediaCopiedBytes: number;
  mediaVanished: number;
  seconds: number;
}

function checkBackupFolder(dir: string): void {
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new BackupError(`${dir} is not a folder`);
  // Paid pages, password hashes and secrets: the folder is the service's user's only.
  privateFolder(dir);
  const strangers = readdirSync(dir).filter((name) => !LAYOUT.has(name) && !name.endsWith('.partial'));
  if (strangers.length > 0) {
    throw new BackupError(
      `${dir} holds files that are not a backup's (${strangers.slice(0, 3).join(', ')}${strangers.length > 3 ? ', …' : ''}): back up into an empty folder or an earlier backup's`,
    );
  }
}

/**
 * One backup into `dir` while the site runs: the database first (one point in time), then the
 * secrets, the media every row of that copy can point to (stored before their rows were written),
 * the manifest and checksums, and backup.json last. Until backup.json is renamed into place the
 * folder is not a backup, so one interrupted at any step is never taken for complete.
 */
/** Where the site keeps its data, from the configuration (config.ts reads it; the CLI hands it in). */
export interface BackupSource {
  readonly databaseUrl: string | null;
  readonly sqlitePath: string;
  readonly dataDir: string;
}

export async function createBackup(options: { config: BackupSource; env: Env; storage: MediaStorage; dir: string }): Promise<BackupReport> {
  const started = Date.now();
  const { config, storage } = options;
  const dir = path.resolve(options.dir);
  checkBackupFolder(dir);
  // An earlier backup here stops being one now: a re-backup interrupted half way is incomplete too.
  rmSync(path.join(dir, BACKUP_INFO), { force: true });
  fsyncPath(dir);
  const previousManifest = readManifest(dir);

  const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
  const databaseFile = DATABASE_FILE[dialect];
  for (const other of Object.values(DATABASE_FILE)) if (other !== databaseFile) rmSync(path.join(dir, other), { force: true });
  const facts = config.databaseUrl
    ? await dumpPostgres(options.env, config.databaseUrl, path.join(dir, databaseFile))
    : snapshotSqlite(config.sqlitePath, path.join(dir, databaseFile));

  const secrets = backupSecrets(options.env, config.dataDir, dir);
  const media = await copyMediaIntoPool(storage, dir, previousManifest);
  fsyncPath(path.join(dir, MEDIA_POOL));
  writeFileAtomic(path.join(dir, MEDIA_MANIFEST), `${JSON.stringify({ format: BACKUP_FORMAT, files: media.entries }, null, 1)}\n`);

  const sums = await checksumLines(dir, [databaseFile, ...secrets.files, MEDIA_MANIFEST]);
  writeFileAtomic(path.join(dir, CHECKSUMS), sums);
  const info: BackupInfo = {
    format: BACKUP_FORMAT,
    created_at: new Date().toISOString(),
    dialect,
    database_file: databaseFile,
    latest_migration: facts.latestMigration,
    row_counts: facts.rowCounts,
    media: { files: media.entries.length, bytes: media.entries.reduce((sum, entry) => sum + entry.size, 0) },
    app_version: appVersion(),
    secrets_from_environment: secrets.fromEnvironment,
    checksums_sha256: sha256Text(sums),
  };
  writeFileAtomic(path.join(dir, BACKUP_INFO), `${JSON.stringify(info, null, 2)}\n`);
  return {
    info,
    databaseBytes: statSync(path.join(dir, databaseFile)).size,
    secretFiles: secrets.files.length - 1,
    mediaCopied: media.copied,
    mediaCopiedBytes: media.copiedBytes,
    mediaVanished: media.vanished,
    seconds: (Date.now() - started) / 1000,
  };
}
