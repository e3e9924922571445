import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_INFO, DATABASE_FILE, SECRETS_DIR, SECRETS_README } from '../src/modules/backup/backup-layout.js';
import { adminCliWithEnv } from './helpers/admin-cli.js';
import { copyMigratedSqlite, createMigratedTestDatabase, createTestDatabase, TEST_DIALECT } from './helpers/test-context.js';

/**
 * `restore` checks every byte it restores against the backup's checksums (issue 56, item 36;
 * docs/OPERATIONS.md "Backup and restore"): a database file or a secrets file that differs from its
 * checksum by a single byte (same size, same name) is refused before anything is written, and the
 * untouched backup restores. Runs the command line in this process, on the run's database.
 */
const scratch = mkdtempSync(path.join(tmpdir(), 'inkstream-backup-sums-'));
const cleanups: (() => Promise<unknown>)[] = [];
const siteEnv = (dataDir: string, databaseUrl: string | null): Record<string, string> => ({
  DATA_DIR: dataDir,
  DEMO_CATALOGUE: 'off',
  LOG_LEVEL: 'silent',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const backupDir = path.join(scratch, 'backup');
let databaseFile: string;
let secretFile: string;

beforeAll(async () => {
  const source = path.join(scratch, 'site');
  const database = await createMigratedTestDatabase();
  cleanups.push(database.drop);
  if (!database.databaseUrl) await copyMigratedSqlite(path.join(source, 'inkstream.sqlite'));
  const cli = adminCliWithEnv(siteEnv(source, database.databaseUrl));
  // A little data, and the secrets the site generates for itself on its first use.
  const created = await cli('user', 'create', 'sumsreader', '--password', 'correct horse battery');
  expect(created.code, created.err).toBe(0);
  const backup = await cli('backup', backupDir);
  expect(backup.code, backup.err).toBe(0);
  databaseFile = DATABASE_FILE[TEST_DIALECT];
  const secrets = readdirSync(path.join(backupDir, SECRETS_DIR)).filter((name) => name !== SECRETS_README);
  expect(secrets.length, 'the site generated secrets that the backup holds').toBeGreaterThan(0);
  secretFile = `${SECRETS_DIR}/${secrets.sort()[0]!}`;
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
});

/** A copy of the backup with one byte of `file` changed in its middle: same size, same name. */
function damagedCopy(file: string): string {
  const copy = mkdtempSync(path.join(scratch, 'damaged-'));
  cpSync(backupDir, copy, { recursive: true });
  const target = path.join(copy, file);
  const bytes = readFileSync(target);
  const at = Math.floor(bytes.length / 2);
  bytes[at] = bytes[at]! ^ 0x01;
  writeFileSync(target, bytes);
  expect(statSync(target).size).toBe(statSync(path.join(backupDir, file)).size);
  return copy;
}

/** Restores `from` into an empty folder (and, on PostgreSQL, an empty database). */
async function restore(from: string) {
  const target = path.join(mkdtempSync(path.join(scratch, 'target-')), 'data');
  const database = await createTestDatabase();
  cleanups.push(database.drop);
  const result = await adminCliWithEnv(siteEnv(target, database.databaseUrl))('restore', from);
  return { ...result, target };
}

describe(`restore checks every byte against the checksums (${TEST_DIALECT})`, () => {
  it('refuses a database file that differs by one byte, writing nothing', async () => {
    const refused = await restore(damagedCopy(databaseFile));
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      `error: this backup is incomplete: it was interrupted or damaged (${databaseFile} does not match its checksum)`,
    );
    expect(existsSync(refused.target)).toBe(false);
  });

  it('refuses a secrets file that differs by one byte, writing nothing', async () => {
    const refused = await restore(damagedCopy(secretFile));
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(`error: this backup is incomplete: it was interrupted or damaged (${secretFile} does not match its checksum)`);
    expect(existsSync(refused.target)).toBe(false);
  });

  it('restores the untouched backup (the refusals above are the byte, nothing else)', async () => {
    expect(existsSync(path.join(backupDir, BACKUP_INFO))).toBe(true);
    const restored = await restore(backupDir);
    expect(restored.code, restored.err).toBe(0);
    expect(existsSync(path.join(restored.target, 'secrets'))).toBe(true);
  });
});
