import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Dialect } from '../../db/db-types.js';

/**
 * What a backup folder holds (docs/OPERATIONS.md, "Backup and restore"). `backup.json` is written
 * last, atomically: a folder without it, or whose checksums do not match, is not a backup.
 */
export const BACKUP_FORMAT = 1;
export const BACKUP_INFO = 'backup.json';
export const CHECKSUMS = 'SHA256SUMS';
export const MEDIA_MANIFEST = 'media-manifest.json';
export const MEDIA_POOL = 'media';
export const SECRETS_DIR = 'secrets';
export const SECRETS_README = 'README.txt';
export const DATABASE_FILE: Record<Dialect, string> = { sqlite: 'database.sqlite', postgres: 'database.pgdump' };

/** The tables whose row counts a backup records: what an operator compares after a restore. */
export const COUNTED_TABLES = ['users', 'books', 'chapters', 'chapter_pages', 'payment_orders', 'reading_progress', 'comments'] as const;

export interface BackupInfo {
  format: number;
  created_at: string;
  dialect: Dialect;
  database_file: string;
  latest_migration: string | null;
  row_counts: Record<string, number>;
  media: { files: number; bytes: number };
  app_version: string;
  /** Names (never values) of the secrets this site took from its environment: the restore needs the same values. */
  secrets_from_environment: string[];
  /** The SHA-256 of SHA256SUMS, so the list of checksums cannot change unnoticed either. */
  checksums_sha256: string;
}

/** Thrown for a backup or restore that cannot go on; its message is the one line the operator sees. */
export class BackupError extends Error {}

export const INCOMPLETE = 'this backup is incomplete: it was interrupted or damaged';

/** Writes a file so that it is either absent or whole: a temporary file, fsync, rename, fsync of the folder. */
export function writeFileAtomic(file: string, data: string | Buffer, mode = 0o600): void {
  const temporary = `${file}.partial`;
  rmSync(temporary, { force: true });
  writeFileSync(temporary, data, { mode });
  fsyncPath(temporary);
  renameSync(temporary, file);
  fsyncPath(path.dirname(file));
}

/** fsync of a file (its bytes reach the disk before it is renamed into place) or of a folder (a rename in it is durable). */
export function fsyncPath(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** backup.json of `dir`, or a BackupError saying the folder is not a (complete) backup. */
export function readBackupInfo(dir: string): BackupInfo {
  let text: string;
  try {
    text = readFileSync(path.join(dir, BACKUP_INFO), 'utf8');
  } catch {
    throw new BackupError(`${INCOMPLETE} (${BACKUP_INFO} is missing in ${dir})`);
  }
  let info: BackupInfo;
  try {
    info = JSON.parse(text) as BackupInfo;
  } catch {
    throw new BackupError(`${INCOMPLETE} (${BACKUP_INFO} is not JSON)`);
  }
  if (typeof info !== 'object' || info === null || typeof info.format !== 'number') {
    throw new BackupError(`${INCOMPLETE} (${BACKUP_INFO} has no format)`);
  }
  if (info.format > BACKUP_FORMAT) {
    throw new BackupError(`this backup has format ${info.format}, made by a newer Inkstream; upgrade before restoring it`);
  }
  if (
    (info.dialect !== 'sqlite' && info.dialect !== 'postgres') ||
    info.database_file !== DATABASE_FILE[info.dialect] ||
    typeof info.checksums_sha256 !== 'string' ||
    !Array.isArray(info.secrets_from_environment) ||
    !info.secrets_from_environment.every((name) => typeof name === 'string' && /^[A-Z0-9_]+$/.test(name))
  ) {
    throw new BackupError(`${INCOMPLETE} (${BACKUP_INFO} is not one this version wrote)`);
  }
  return info;
}

/** The server's version (apps/server/package.json), recorded in each backup. */
export function appVersion(): string {
  try {
    const file = path.resolve(import.meta.dirname, '../../../package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
