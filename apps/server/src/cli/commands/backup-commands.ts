import { dataDirOf, loadConfig } from '../../config.js';
import type { Env } from '../../lib/config-error.js';
import { BackupError } from '../../modules/backup/backup-layout.js';
import { createBackup } from '../../modules/backup/create-backup.js';
import { restoreBackup } from '../../modules/backup/restore-backup.js';
import { createMediaStorage } from '../../modules/media/storage/create-media-storage.js';
import type { CliOutput } from '../cli-context.js';
import { CliError, requireArg } from '../cli-error.js';

export const BACKUP_HELP = [
  'Copies, while the site runs, everything needed to bring it back into DIR:',
  '  database.sqlite or database.pgdump  one consistent point in time (SQLite VACUUM INTO, or pg_dump)',
  '  secrets/                           the generated secrets of DATA_DIR/secrets; README.txt names those',
  '                                     taken from the environment (names only: keep their values yourself)',
  '  media/ + media-manifest.json       every stored page and cover (only the missing ones are copied',
  '                                     when DIR holds an earlier backup: keys never change their bytes)',
  '  SHA256SUMS, backup.json            checksums; backup.json is written last, so a folder without it',
  '                                     (an interrupted backup) is never restored',
  '',
  "PostgreSQL needs pg_dump of the server's major version or newer (Debian: apt-get install postgresql-client).",
  'Details: docs/OPERATIONS.md, "Backup and restore".',
].join('\n');

export const RESTORE_HELP = [
  'Checks the backup in DIR (backup.json, every checksum, every media file) before writing anything,',
  'then restores it into this environment: DATA_DIR (must be empty), the database (SQLite: the',
  'DATA_DIR file; PostgreSQL: DATABASE_URL, an empty database, restored in one transaction), the',
  'secrets into DATA_DIR/secrets and the media into the configured storage (local folder or S3).',
  'Stop the server first. Then `npm start` serves the restored site.',
  '',
  '  --force  restore into a non-empty DATA_DIR or database: overwrites the database and secrets,',
  '           replaces the PostgreSQL tables (pg_restore --clean), adds missing media',
].join('\n');

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** A backup or restore that cannot go on is one line and exit 1, never a stack trace. */
async function failingAsCli<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof BackupError) throw new CliError(error.message, 1);
    throw error;
  }
}

/** `backup DIR`: see BACKUP_HELP. Opens no services (no migration, no job): it only reads the site. */
export async function backupCommand(env: Env, output: CliOutput, args: string[]): Promise<void> {
  const dir = requireArg(args[0], 'DIR (the backup folder)');
  if (args.length > 1) throw new CliError(`backup takes one folder, got ${args.length}`);
  const config = loadConfig(env);
  const storage = createMediaStorage(config);
  try {
    const report = await failingAsCli(() => createBackup({ config, env, storage, dir }));
    const { info } = report;
    output.write(`database: ${info.dialect}, ${megabytes(report.databaseBytes)}, schema ${info.latest_migration ?? '(empty)'}`);
    output.write(
      `rows: ${Object.entries(info.row_counts)
        .map(([table, count]) => `${table} ${count}`)
        .join(', ')}`,
    );
    output.write(
      `secrets: ${report.secretFiles} file(s)` +
        (info.secrets_from_environment.length > 0
          ? `; from the environment, not copied (keep their values): ${info.secrets_from_environment.join(', ')}`
          : ''),
    );
    output.write(
      `media: ${info.media.files} file(s), ${megabytes(info.media.bytes)} from ${storage.location}; ` +
        `${report.mediaCopied} copied (${megabytes(report.mediaCopiedBytes)}), ${info.media.files - report.mediaCopied} already in the backup` +
        (report.mediaVanished > 0 ? `; ${report.mediaVanished} deleted while copying (not in the backup)` : ''),
    );
    output.write(`backup complete in ${report.seconds.toFixed(1)} s: ${dir}`);
  } finally {
    storage.close();
  }
}

/** `restore DIR [--force]`: see RESTORE_HELP. */
export async function restoreCommand(env: Env, output: CliOutput, args: string[], options: { force?: boolean }): Promise<void> {
  const dir = requireArg(args[0], 'DIR (the backup folder)');
  if (args.length > 1) throw new CliError(`restore takes one folder, got ${args.length}`);
  const report = await failingAsCli(() =>
    restoreBackup({ env, dir, force: options.force === true, target: { dataDirOf, load: loadConfig } }),
  );
  const { info } = report;
  output.write(
    `backup of ${info.created_at} (${info.dialect}, version ${info.app_version}, schema ${info.latest_migration ?? '(empty)'}) verified`,
  );
  output.write(
    `database restored: ${Object.entries(info.row_counts)
      .map(([table, count]) => `${table} ${count}`)
      .join(', ')}`,
  );
  output.write(`secrets: ${report.secretFiles.length} file(s) into ${report.dataDir}/secrets`);
  output.write(
    `media: ${report.mediaPut} file(s) put (${megabytes(report.mediaBytes)}), ${info.media.files - report.mediaPut} already there, into ${report.storage}`,
  );
  for (const note of report.notes) output.writeError(`note: ${note}`);
  output.write(`restore complete in ${report.seconds.toFixed(1)} s; start the server (npm start)`);
}
