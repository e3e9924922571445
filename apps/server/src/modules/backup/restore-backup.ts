import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { knownMigrationNames } from '../../db/migrator.js';
import { readUrl, type Env } from '../../lib/config-error.js';
import { createMediaStorage } from '../media/storage/create-media-storage.js';
import { readStorageConfig, type StorageConfig } from '../media/storage/storage-config.js';
import { BackupError, INCOMPLETE, MEDIA_MANIFEST, readBackupInfo, SECRETS_DIR, SECRETS_README, type BackupInfo } from './backup-layout.js';
import { verifyChecksums } from './checksums.js';
import { restoreMedia, verifyPool, type ManifestEntry } from './media-copy.js';
import { checkPostgresTarget, restorePostgres } from './postgres-dump.js';
import { DATA_SECRETS, restoreSecrets } from './secrets.js';
import { restoreSqlite } from './sqlite-snapshot.js';

export interface VerifiedBackup {
  info: BackupInfo;
  media: ManifestEntry[];
}

/**
 * Everything a restore relies on, checked before it writes anything: backup.json, every checksum,
 * every media file of the manifest (size and hash), and a schema this version knows.
 */
export async function verifyBackup(dir: string): Promise<VerifiedBackup> {
  const info = readBackupInfo(dir);
  const listed = new Set(await verifyChecksums(dir, info.checksums_sha256));
  for (const required of [info.database_file, MEDIA_MANIFEST, `${SECRETS_DIR}/${SECRETS_README}`]) {
    if (!listed.has(required)) throw new BackupError(`${INCOMPLETE} (${required} is not among its checksums)`);
  }
  const manifest = JSON.parse(readFileSync(path.join(dir, MEDIA_MANIFEST), 'utf8')) as { files?: ManifestEntry[] };
  const media = Array.isArray(manifest.files) ? manifest.files : [];
  await verifyPool(dir, media);
  if (info.latest_migration !== null && !knownMigrationNames().includes(info.latest_migration)) {
    throw new BackupError(
      `this backup's schema (${info.latest_migration}) is newer than this version of Inkstream knows: restore it with the version that made it (${info.app_version}) or later`,
    );
  }
  return { info, media };
}

/** Whether a folder holds no file at any depth (empty sub-folders are fine: `mkdir -p data/media`). */
function holdsNoFile(dir: string): boolean {
  if (!existsSync(dir)) return true;
  if (!statSync(dir).isDirectory()) return false;
  return readdirSync(dir).every((name) => holdsNoFile(path.join(dir, name)) && statSync(path.join(dir, name)).isDirectory());
}

export interface RestoreReport {
  info: BackupInfo;
  dataDir: string;
  secretFiles: string[];
  mediaPut: number;
  mediaBytes: number;
  storage: string;
  notes: string[];
  seconds: number;
}

/**
 * Restores a verified backup into this environment's DATA_DIR (empty unless `force`), database
 * (SQLite file or an empty PostgreSQL database) and media storage. Every refusal happens before the
 * first write; once writing starts, the database goes in whole (a file rename, or pg_restore in
 * one transaction) before the media, which are put only where missing.
 */
/**
 * How the site reads its configuration (config.ts, handed in by the CLI): where DATA_DIR is, and
 * the settings once the secrets are back in it.
 */
export interface RestoreTarget {
  dataDirOf(env: Env): string;
  load(env: Env): { readonly sqlitePath: string; readonly storage: StorageConfig };
}

export async function restoreBackup(options: { env: Env; dir: string; force: boolean; target: RestoreTarget }): Promise<RestoreReport> {
  const started = Date.now();
  const { env, force } = options;
  const dir = path.resolve(options.dir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new BackupError(`no backup folder at ${dir}`);
  const { info, media } = await verifyBackup(dir);

  const databaseUrl = readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const dialect = databaseUrl ? 'postgres' : 'sqlite';
  if (dialect !== info.dialect) {
    throw new BackupError(
      info.dialect === 'sqlite'
        ? 'this is a SQLite backup but DATABASE_URL names a PostgreSQL database: unset DATABASE_URL to restore it (moving between databases is not a restore)'
        : 'this is a PostgreSQL backup: set DATABASE_URL to an empty PostgreSQL database to restore it (moving between databases is not a restore)',
    );
  }
  const missing = info.secrets_from_environment.filter((name) => (DATA_SECRETS as readonly string[]).includes(name) && !env[name]);
  if (missing.length > 0) {
    throw new BackupError(
      `the backed-up site took ${missing.join(', ')} from its environment (see ${SECRETS_DIR}/${SECRETS_README} in the backup): set the same value(s) before restoring`,
    );
  }
  const dataDir = options.target.dataDirOf(env);
  if (!force && !holdsNoFile(dataDir)) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty: restore into an empty folder, or add --force to overwrite what the backup holds`,
    );
  }
  // The storage settings are checked before anything is written, so a mistake there costs nothing.
  readStorageConfig(env, path.join(dataDir, 'media'));
  if (databaseUrl) await checkPostgresTarget(env, databaseUrl, force);

  mkdirSync(dataDir, { recursive: true });
  const secretFiles = restoreSecrets(dir, dataDir);
  if (databaseUrl) await restorePostgres(env, databaseUrl, path.join(dir, info.database_file), force);
  // Reads the secrets just restored (so it generates none) and the storage the site is configured with.
  const config = options.target.load(env);
  if (!databaseUrl) restoreSqlite(path.join(dir, info.database_file), config.sqlitePath);
  const storage = createMediaStorage(config);
  try {
    await storage.verify();
    const put = await restoreMedia(storage, dir, media);
    const notes = info.secrets_from_environment
      .filter((name) => !(DATA_SECRETS as readonly string[]).includes(name) && !env[name])
      .map((name) => `${name} was set on the backed-up site and is not set here (payments need it)`);
    for (const name of secretFiles) {
      const variable = name === 'vapid.json' ? 'VAPID_PRIVATE_KEY' : name.replace(/\.txt$/, '').toUpperCase();
      if (env[variable]) notes.push(`${variable} is set in the environment: it is used, not the restored secrets/${name}`);
    }
    return {
      info,
      dataDir,
      secretFiles,
      mediaPut: put.put,
      mediaBytes: put.bytes,
      storage: storage.location,
      notes,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    storage.close();
  }
}
